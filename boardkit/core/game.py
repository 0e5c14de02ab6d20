"""A game session: the pure rules of a game plus a log, undo, chance and saves.

The rules (:class:`~boardkit.core.rules.Rules`) are pure functions of a
plain-JSON state and the game's components. A :class:`Game` is one session
on top of them, the same for every game:

* ``current_player`` — a seat number, :data:`CHANCE` (the dealer / dice), or
  ``None`` once the game is over;
* ``legal_actions`` — a lazy view: ``action in game.legal_actions`` means legal;
* ``apply(action)`` — parses and validates first; a malformed action raises
  :class:`~boardkit.core.errors.InvalidActionError`, an illegal one
  :class:`~boardkit.core.errors.IllegalActionError` with the rule id in
  ``.rule``; the state is untouched either way;
* chance — every shuffle, draw or roll is an explicit action of the chance
  player, drawn from a seeded RNG (``seed`` + how many chance actions came
  before), or forced by a scenario with :meth:`Game.force`;
* a log of every action with the events it caused, :meth:`undo`, replay,
  and exact JSON save/load (:meth:`to_json` / :func:`boardkit.load`).

Actions are short strings that read like the rulebook (``"bet 1-3"``,
``"play red+5"``), so a learner can type them and a log reads as prose.
"""
from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any, ClassVar

from . import rules as _rules
from . import saves
from .chance import EVENT_BLOCK, ChanceStream
from .errors import (
    GameOverError,
    IllegalActionError,
    InvalidActionError,
    NothingToUndoError,
    OptionError,
    StateFileError,
    with_rule,
)
from .log import Events, LogEntry
from .pictures import Pictures
from .record import Record
from .rules import (
    CHANCE,
    Components,
    Outcome,
    Player,
    Refusal,
    Sink,
    State,
    copy_json,
    is_plain_json,
    normalize,
)
from .saves import FORMAT, MAX_FORCED, MAX_LOG, MAX_SAVE_BYTES  # noqa: F401 (re-exported)

__all__ = ["CHANCE", "Game", "LegalActions", "LogEntry", "Outcome", "copy_json", "Events",
           "is_plain_json", "normalize"]

#: "not known yet" (the player to act, when a caller has not looked)
_UNKNOWN = object()

#: Undo keeps a compact copy of the position every this many log entries
#: and replays the rest.
CHECKPOINT_EVERY = 16
_new_tuple = tuple.__new__
#: seeds are whole numbers of at most 77 digits (saved as JSON numbers)
_SEED_LIMIT = 10**77
#: (rules class, built-in component set) -> its rules, made once and shared
#: by every game (as a copy shares its game's): only for rules classes that
#: say so (:attr:`Rules.shared`)
_BUILTIN_RULES: dict[tuple[type, str | None], _rules.Rules] = {}


def _builtin_rules(cls: type[_rules.Rules], name: str | None) -> _rules.Rules:
    rules = _BUILTIN_RULES.get((cls, name))
    if rules is None:
        rules = _BUILTIN_RULES[cls, name] = cls(cls.load_components(name))
    return rules


class LegalActions:
    """A lazy view of the legal actions (``in``, iteration, ``len``).

    At a chance node whose outcomes are too many to list (a full shuffle)
    iteration is empty but ``in`` still answers correctly.
    """

    def __init__(self, game: Game):
        self._game = game
        self._list: list[str] | None = None

    def _all(self) -> list[str]:
        if self._list is None:
            g = self._game
            self._list = g.rules.legal_actions(g._state)
        return self._list

    def __contains__(self, action: object) -> bool:
        if not isinstance(action, str):
            return False
        g = self._game
        return g.rules.is_legal(g._state, action)

    def __iter__(self) -> Iterator[str]:
        return iter(self._all())

    def __len__(self) -> int:
        return len(self._all())

    def __bool__(self) -> bool:
        return self._game.current_player is not None

    def __repr__(self) -> str:
        return f"<LegalActions: {', '.join(self)}>"


class _Info:
    """A class attribute read from the rules' :class:`GameInfo` (``name``,
    ``title``, ``min_players``…), so game metadata lives in one place."""

    def __init__(self, field: str):
        self.field = field

    def __get__(self, obj: Any, owner: type) -> Any:
        return getattr(owner.Rules.info, self.field)  # type: ignore[attr-defined]


class Game(Record, Pictures):
    """One session of a game. Subclasses set :attr:`Rules` and :attr:`draw`.

    Its parts: :class:`~.record.Record` reads the log (past positions,
    play-back frames), :class:`~.pictures.Pictures` draws it; the session
    itself plays, checks, undoes, forces chance and saves."""

    Rules: ClassVar[type[_rules.Rules]]
    name = _Info("name")
    title = _Info("title")
    ruling_prefix = _Info("ruling_prefix")
    min_players = _Info("min_players")
    max_players = _Info("max_players")
    default_options = _Info("default_options")
    def __init__(self, players: int | None = None, seed: int = 0, *,
                 chance: list[str] | tuple[str, ...] = (), components: Any = None,
                 history: bool = True, **options: Any):
        """``chance`` fixes the first chance outcomes (see :meth:`force`);
        ``components`` a built-in set's name, a file or plain data;
        ``history=False`` keeps no log or undo (fast simulations)."""
        prefix = self.Rules.info.ruling_prefix
        try:
            if isinstance(components, _rules.Rules):
                rules = components
            elif self.Rules.shared and (components is None or (
                    isinstance(components, str) and components in self.Rules.builtin_components)):
                rules = _builtin_rules(self.Rules, components)
            else:
                rules = self.Rules(self.Rules.load_components(components))
        except OptionError as exc:
            raise with_rule(exc, f"{prefix}-files") from None
        try:
            if isinstance(chance, str) or not isinstance(chance, (list, tuple)):
                raise OptionError(f"{self.Rules.info.title}: chance is a list of chance outcomes "
                                  f"(such as {rules.chance_example()!r}), not "
                                  f"{type(chance).__name__}")
            opts = rules.make_options(players=players, **options)
            self._assemble(rules, seed, rules.initial_state(opts), start=None, history=history)
        except OptionError as exc:
            raise with_rule(exc, f"{prefix}-options") from None
        self.force(*chance)

    # ----------------------------------------------------------- the factory
    def _assemble(self, rules: _rules.Rules, seed: Any, state: State, *, start: State | None,
                  history: bool = True, log: list | None = None,
                  checkpoints: dict | None = None, forced: list | None = None,
                  chance_base: int = 0) -> None:
        """THE one way a game object is put together (``__init__``, ``copy``,
        ``from_state`` and ``from_dict`` all come here)."""
        self.rules = rules
        self.seed = self._check_seed(seed)
        self._state = state
        self._start = start
        self.history = bool(history)
        self._log: list[LogEntry] = list(log or [])
        #: log index -> the position before that entry (see :meth:`Rules.snapshot`)
        self._checkpoints: dict[int, Any] = dict(checkpoints or {})
        self._forced: list[str] = list(forced or [])
        #: chance events before the log starts (a copy made without history
        #: goes on drawing from the same seeded stream)
        self._chance_base = chance_base
        self._chance_count = chance_base + sum(1 for e in self._log if e.player is CHANCE)
        #: log index -> (its entry, its sub-steps): worked out when asked
        self._frames: dict[int, tuple[LogEntry, tuple[tuple[str, bytes], ...]]] = {}
        #: counts every change of the position (a transition or a rewind)
        self._changes = 0
        #: (changes, action): an action drawn from the legal ones at that
        #: position by :meth:`random_action`, so apply need not check it again
        self._drawn: tuple[int, str] | None = None
        #: (changes, the player to act then): found at the end of an action
        self._next: tuple[int, Player] = (-1, None)
        #: the chance stream's generator, started afresh for every chance
        #: event from (seed, event number): see :mod:`.chance`
        self._rng = ChanceStream(self.seed)
        #: the sink every action reports to (a new list of events each time)
        self._sink = Sink(False)

    @classmethod
    def _new(cls, rules: _rules.Rules, seed: Any, state: State, *, start: State | None, **kw: Any) -> Game:
        game = cls.__new__(cls)
        game._assemble(rules, seed, state, start=start, **kw)
        return game

    @staticmethod
    def _check_seed(seed: Any) -> int:
        if type(seed) is not int:
            raise OptionError(f"seed must be a whole number, not {seed!r}")
        if not -_SEED_LIMIT < seed < _SEED_LIMIT:
            raise OptionError(f"seed must be a whole number of at most 77 digits, "
                              f"not one of about {int(seed.bit_length() * 0.30103) + 1}")
        return seed

    # ------------------------------------------------------------- metadata
    @property
    def components(self) -> Components:
        """The component set (a copy: the game's own cannot be changed)."""
        c = self.rules.components
        return Components(c.name, copy_json(c.data))

    @classmethod
    def make_options(cls, players: int | None = None, **options: Any) -> dict:
        try:
            return cls.Rules(cls.Rules.load_components()).make_options(players=players, **options)
        except OptionError as exc:
            raise with_rule(exc, f"{cls.Rules.info.ruling_prefix}-options") from None

    def seat_name(self, seat: int) -> str:
        return self.rules.seat_name(seat)

    # ------------------------------------------------------------- the state
    @property
    def state(self) -> dict:
        """A copy of the full state (plain JSON). Changing it changes nothing."""
        return copy_json(self._state)

    @property
    def options(self) -> dict:
        return copy_json(self._state["options"])

    @property
    def players(self) -> int:
        return self._state["options"]["players"]

    @property
    def current_player(self) -> Player:
        return self.rules.current(self._state)

    @property
    def legal_actions(self) -> LegalActions:
        return LegalActions(self)

    def is_over(self) -> bool:
        return self.current_player is None

    def outcome(self) -> Outcome | None:
        """The :class:`Outcome` once the game is over, else None."""
        return self.rules.outcome(self._state)

    def observation(self, seat: int) -> dict:
        """What ``seat`` may see: other players' hidden cards and the deck's
        order are replaced by ``"?"``."""
        if type(seat) is not int or not 0 <= seat < self.players:
            raise InvalidActionError(f"seat must be 0..{self.players - 1}, not {seat!r}")
        return self.rules.observation(self._state, seat)

    def chance_outcomes(self) -> list[tuple[str, float]] | None:
        """At a chance node: the outcomes with their probabilities (None when
        too many to list, like a full shuffle)."""
        if self.current_player is not CHANCE:
            return []
        return self.rules.chance_outcomes(self._state)

    def situation(self) -> str:
        return self.rules.situation(self._state)

    def refusal(self, action: str) -> Refusal | None:
        """Why ``action`` is refused now (a :class:`Refusal`: the rule id and
        one sentence), or None if it is legal. Nothing changes."""
        try:
            self._check_action(action)
        except (IllegalActionError, InvalidActionError) as exc:
            return Refusal(exc.rule or "", _reason(exc))
        return None

    def attempt(self, action: str) -> Events | Refusal:
        """"What happens if I try …?": apply ``action`` if it is legal and
        return what happened; otherwise return the refusal (the rule id and
        its one-line reason) instead of raising, with nothing changed. In a
        notebook a refusal shows as ``✗ refused — SR-R4: …``."""
        why = self.refusal(action)
        return why if why is not None else self.apply(action)

    # ------------------------------------------------------------- transitions
    def apply(self, action: str) -> Events:
        """Take ``action`` for the player to move; return the events it caused.

        Chance actions that follow are resolved at once (seeded, or forced
        with :meth:`force`), and their events are included.

        :raises InvalidActionError: ``action`` is not an action of this game.
        :raises IllegalActionError: the rules forbid it now (state unchanged);
            ``.rule`` names the rule.
        """
        rules = self.rules
        known = self._next
        # the player to act, as the last action found it (if nothing changed since)
        who = known[1] if known[0] == self._changes else rules.current(self._state)
        if who is CHANCE:
            raise IllegalActionError(
                f"{self.info.title}: it is the chance player's turn; use force(...) to fix "
                "a chance outcome", rule=f"{self.info.ruling_prefix}-chance", action=str(action))
        drawn = self._drawn
        if drawn is None or drawn[0] != self._changes or drawn[1] != action:
            # the common case first: a text parsed before (so a well-formed
            # action of this game), which the rules allow here; anything
            # else is checked in full, which also says why it is refused
            try:
                parsed = rules._parsed.get(action) if type(action) is str else None
            except AttributeError:      # rules made without Rules.__init__
                parsed = None
            if (parsed is None or who is None
                    or rules.refusal(self._state, parsed, {"current": who}) is not None):
                parsed = self._check_action(action, who)
            action = parsed
        # one sink for the action and the chance that follows: the events
        # as they come, each log entry taking its own
        sink = self._sink
        sink.events = events = Events()
        if not self._forced:
            return self._play(action, who, sink)
        # only a forced outcome can fail at the chance node that follows
        mark = self._mark()
        n0 = len(self._log)
        try:
            self._step(action, who, sink)
            self._advance(sink)
        except BoardkitErrors:
            if mark is not None:
                self._rewind(mark)
                # the forced outcomes were for another course of events:
                # drop them, so the game is never stuck on one that cannot fit
                self._forced = []
            raise
        except Exception:
            self._restore(mark, n0)
            raise
        return events

    def _play(self, action: str, who: Player, sink: Sink) -> Events:
        """:meth:`apply` when no chance outcome is forced (nothing can then
        be refused on the way): :meth:`_step` for the action, then for each
        chance event drawn from the seeded stream (:meth:`_advance`, with
        :meth:`ChanceStream.start` written out), in one loop, since every
        action of every game comes here."""
        rules, state, log = self.rules, self._state, self._log
        step, current = rules.apply, rules.current
        events = sink.events
        history = self.history
        n0 = len(log)
        count = self._chance_count
        # one change of position for the whole action (a drawn action is
        # only taken where it was drawn)
        self._changes += 1
        try:
            if history:
                if not n0 % CHECKPOINT_EVERY:
                    self._checkpoints[n0] = rules.snapshot(state)
                step(state, action, sink)
                log.append(_new_tuple(LogEntry, (who, action, tuple(events), ())))
            else:
                step(state, action, sink)
            nxt = current(state)
            if nxt is CHANCE:
                rng = self._rng
                sample = rules.sample_chance
                for _ in range(100_000):
                    # rng.start(count), its commonest case written out: the
                    # event's start read from the stream's table
                    i = count - rng._base
                    if 0 <= i < EVENT_BLOCK:
                        rng.gauss_next = None
                        rng._event = count
                        rng._s = rng._at = rng._starts[i]
                    else:
                        rng.start(count)
                    outcome = sample(state, rng)
                    if history:
                        n = len(log)
                        if not n % CHECKPOINT_EVERY:
                            self._checkpoints[n] = rules.snapshot(state)
                        k = len(events)
                        step(state, outcome, sink)
                        log.append(_new_tuple(LogEntry, (CHANCE, outcome, tuple(events[k:]), ())))
                    else:
                        step(state, outcome, sink)
                    count += 1
                    nxt = current(state)
                    if nxt is not CHANCE:
                        break
                else:
                    raise RuntimeError("chance loop does not end")
        except Exception:
            self._chance_count = count
            self._restore(None, n0)
            raise
        self._chance_count = count
        self._next = (self._changes, nxt)
        return events  # type: ignore[return-value]

    def _restore(self, mark: tuple | None, n0: int) -> None:
        """Put the game back as it was before an action whose rules failed
        unexpectedly (nothing is left half applied)."""
        if mark is not None:
            self._rewind(mark)
        elif self.history and n0 in self._checkpoints:
            self._rewind((n0, None, list(self._forced)), self.rules.restore(self._checkpoints[n0]))
        elif self.history:
            self._rewind((n0, None, list(self._forced)), self.state_before(n0))

    def force(self, *outcomes: str) -> None:
        """Fix the next chance outcome(s): "suppose the dice showed …".

        Each outcome is checked when it is queued: it must read as a chance
        outcome of this game and fit its options (a seat that exists…);
        otherwise :class:`InvalidActionError` (``.rule``: the game's
        ``-chance`` id) and nothing is queued. It is checked again when its
        chance node comes, and one that is not possible there raises
        :class:`IllegalActionError` with everything taken back. Forced
        outcomes still waiting are saved with the game and undone by undo.
        """
        words = []
        rule = self.rules.rule_id("chance")
        if len(outcomes) + len(self._forced) > MAX_FORCED:
            raise InvalidActionError(f"{self.info.title}: at most {MAX_FORCED:,} chance outcomes "
                                     f"can wait to be forced", rule=rule)
        for o in outcomes:
            if not isinstance(o, str) or len(o) > 2000:
                raise InvalidActionError(
                    f"{self.info.title}: a chance outcome is a few words such as "
                    f"{self.rules.chance_example()!r}, not "
                    + (f"{len(o):,} characters" if isinstance(o, str) else type(o).__name__),
                    rule=rule)
            w = self.rules.parse(o)
            if not self.rules.is_chance_word(w):
                raise InvalidActionError(
                    f"{self.info.title}: {o[:60]!r} is not a chance outcome; chance outcomes "
                    f"look like {self.rules.chance_example()!r}", rule=rule, action=w)
            why = self.rules.forced_problem(self._state["options"], w)
            if why is not None:
                raise InvalidActionError(f"{self.info.title}: forced chance outcome {w[:80]!r}: "
                                         f"{why}", rule=rule, action=w)
            words.append(w)
        if not words and not self._forced:
            # nothing forced: the seeded chance that comes next cannot be refused
            self._advance()
            return
        mark = self._mark()
        self._forced.extend(words)
        try:
            self._advance()
        except BoardkitErrors:
            self._rewind(mark)  # the outcomes that did not fit are not queued
            raise

    def undo(self, *, to_seat: int | None = None) -> LogEntry:
        """Take back the last player action (and the chance that followed it).

        With ``to_seat``, keep taking back until the last action of that seat
        is undone (a human undoing past the bots' replies).
        """
        log = self._log
        # the last such action: searched from the end (a long game's log is
        # not walked for the usual one-step undo)
        i = next((i for i in range(len(log) - 1, -1, -1) if log[i].player is not CHANCE
                  and (to_seat is None or log[i].player == to_seat)), None)
        if i is None or not self.history:
            raise NothingToUndoError(f"{self.info.title}: nothing to undo"
                                     + ("" if self.history else " (this game keeps no history)"))
        entry = log[i]
        state = self.state_before(i)
        # the forced outcomes queued before that action come back too
        self._rewind((i, None, list(entry.forced_before)), state)
        return entry

    def random_action(self, rng: random.Random) -> str:
        """A uniformly random legal action for the player to move
        (:meth:`Rules.random_legal`: usually without listing them all). It
        was drawn from the legal ones here, so :meth:`apply` takes it at
        this position without checking it again."""
        action = self.rules.random_legal(self._state, rng)
        self._drawn = (self._changes, action)
        return action

    def preview(self, action: str) -> dict:
        """The state right after ``action`` (before any chance), game unchanged.

        This is the full state; a bot must look only at
        ``rules.observation(preview, seat)``."""
        action = self._check_action(action)
        # a child may share what the action did not change with the game's
        # own position (Rules.child): the caller gets a copy of its own
        return copy_json(self.rules.child(self._state, action))

    def copy(self, history: bool | None = None) -> Game:
        """An independent game at the same position. The log entries and
        checkpoints are immutable and shared, so this costs the state plus
        a list of references."""
        h = self.history if history is None else history
        if h and self.history:
            return type(self)._new(self.rules, self.seed, copy_json(self._state),
                                   start=self._start, history=True, log=self._log,
                                   checkpoints=self._checkpoints, forced=self._forced,
                                   chance_base=self._chance_base)
        # no history to share: the copy starts its own log at this position
        # and goes on with the same seeded chance stream
        return type(self)._new(self.rules, self.seed, copy_json(self._state),
                               start=copy_json(self._state), history=h, forced=self._forced,
                               chance_base=self._chance_count)

    # ---------------------------------------------------------------- internal
    def _mark(self) -> tuple:
        return (len(self._log), copy_json(self._state), list(self._forced), self._chance_count)

    def _rewind(self, mark: tuple, state: dict | None = None) -> None:
        self._changes += 1
        if state is not None:  # undo: (index, _, forced)
            i, _, forced = mark
            # the chance events taken back are drawn again, from the same stream
            self._chance_count -= sum(1 for e in self._log[i:] if e.player is CHANCE)
            del self._log[i:]
            for k in [k for k in self._checkpoints if k > i]:
                del self._checkpoints[k]
            self._state = state
            self._forced = forced
            return
        n, st, forced, chances = mark
        del self._log[n:]
        for k in [k for k in self._checkpoints if k > n]:
            del self._checkpoints[k]
        self._state, self._forced, self._chance_count = st, forced, chances

    def _check_action(self, action: Any, who: Any = _UNKNOWN) -> str:
        """The parsed ``action`` if it is legal now, else the error that says
        why. ``who``: the player to act, when the caller knows it already."""
        rules = self.rules
        if not isinstance(action, str) or len(action) > 500:
            title, rule = self.info.title, rules.rule_id("actions")
            if not isinstance(action, str):
                raise InvalidActionError(
                    f"{title}: an action is a string such as "
                    f"{next(iter(self.legal_actions), 'a legal action')!r}, not {type(action).__name__}",
                    rule=rule)
            raise InvalidActionError(f"{title}: an action is a few words, not {len(action)} characters",
                                     rule=rule)
        try:
            action = rules._parsed.get(action) or rules.parsed(action)
        except AttributeError:      # rules made without Rules.__init__
            action = rules.parsed(action)
        if who is _UNKNOWN:
            who = rules.current(self._state)
        if who is None:
            out = rules.outcome(self._state)
            raise GameOverError(f"{self.info.title}: the game is over ({out}); "
                                f"'{action}' cannot be played", rule=f"{self.info.ruling_prefix}-over",
                                action=action)
        why = rules.refusal(self._state, action, {"current": who})
        if why is not None:
            where = rules.situation(self._state)
            raise IllegalActionError(
                f"{self.info.title}: illegal '{action}': {why.rule}: {why.reason}"
                + (f" [{where}]" if where else ""), rule=why.rule, action=action)
        return action

    def _step(self, action: str, who: Player, sink: Sink | None = None) -> list[str]:
        """Apply an already checked action of ``who`` (the player to act) and
        log it. Its events go to ``sink`` (a new one if None), after those
        already there; returns the sink's list of events."""
        if sink is None:
            sink = Sink(False)
        events = sink.events
        self._changes += 1
        state = self._state
        if self.history:
            log = self._log
            n = len(log)
            if not n % CHECKPOINT_EVERY:
                self._checkpoints[n] = self.rules.snapshot(state)
            forced = self._forced
            forced_before = tuple(forced) if forced and who is not CHANCE else ()
            k = len(events)
            # no pictures of sub-steps: they are worked out again when asked (log.sub_steps)
            self.rules.apply(state, action, sink)
            # = LogEntry(who, action, …) without the named tuple's Python-level __new__
            log.append(_new_tuple(LogEntry, (who, action, tuple(events[k:] if k else events),
                                             forced_before)))
        else:
            self.rules.apply(state, action, sink)
        if who is CHANCE:
            self._chance_count += 1
        return events

    def _advance(self, sink: Sink | None = None) -> list[str]:
        """Resolve the chance events that follow (forced ones first); their
        events go to ``sink`` (a new one if None), whose list is returned."""
        if sink is None:
            sink = Sink(False)
        rules, state = self.rules, self._state
        current = rules.current
        guard = 0
        while current(state) is CHANCE:
            guard += 1
            if guard > 100_000:
                raise RuntimeError("chance loop does not end")
            if self._forced:
                outcome = self._forced[0]
                why = rules.refusal(state, outcome)
                if why is not None:
                    raise IllegalActionError(
                        f"{self.info.title}: forced chance outcome {outcome[:80]!r} does not fit: "
                        f"{why}", rule=why.rule, action=outcome)
                self._forced.pop(0)
                self._step(outcome, CHANCE, sink)
            else:
                rng = self._rng
                rng.start(self._chance_count)
                self._step(rules.sample_chance(state, rng), CHANCE, sink)
        return sink.events

    # ------------------------------------------------------------ save / load
    def to_dict(self) -> dict:
        """Everything needed to rebuild this game exactly (plain JSON)."""
        return saves.to_dict(self)

    def to_json(self, indent: int | None = None) -> str:
        return saves.to_json(self, indent)

    @classmethod
    def from_state(cls, state: dict, seed: int = 0, components: Any = None) -> Game:
        """Start a game (a scenario) from a position given as a state dict;
        it is checked like a saved one, then chance continues from ``seed``."""
        try:
            return saves.from_state(cls, state, seed, components)
        except (OptionError, StateFileError) as exc:
            raise with_rule(exc, f"{cls.Rules.info.ruling_prefix}-files") from None

    @classmethod
    def from_dict(cls, data: Any) -> Game:
        """Rebuild a saved game by replaying its log (see :mod:`.saves`)."""
        try:
            return saves.from_dict(cls, data)
        except StateFileError as exc:
            raise with_rule(exc, f"{cls.Rules.info.ruling_prefix}-files") from None

    @classmethod
    def replay(cls, actions: list[str], seed: int = 0, **options: Any) -> Game:
        """Rebuild a game from its options, seed and player actions."""
        return saves.replay(cls, actions, seed, **options)

    # --------------------------------------------------------------- display
    def __str__(self) -> str:
        return self.rules.text(self._state)

    def __repr__(self) -> str:
        return f"<{type(self).__name__} seed={self.seed}: {self.situation()}>"

BoardkitErrors = (IllegalActionError, InvalidActionError)


def _reason(exc: Exception) -> str:
    """The sentence of an error without the game's title, the action
    repeated and the situation in brackets."""
    text = str(exc)
    text = text.split(": ", 1)[1] if ": " in text else text
    if text.startswith("illegal '") and "': " in text:
        text = text.split("': ", 1)[1]
    rule = getattr(exc, "rule", None)
    if rule and text.startswith(rule + ": "):
        text = text[len(rule) + 2:]
    return text
