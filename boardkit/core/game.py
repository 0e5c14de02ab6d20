"""The game protocol shared by every boardkit game.

A game is a pure transition system over a plain-JSON ``state`` dict. Each
game subclasses :class:`Game` and implements a handful of small hooks (the
OpenSpiel pattern); this base class does everything else, the same way for
all games:

* ``current_player`` — a seat number, :data:`CHANCE` (the dealer / dice), or
  ``None`` once the game is over;
* ``legal_actions`` — a lazy view: ``action in game.legal_actions`` means legal;
* ``apply(action)`` — validates first; an illegal action raises
  :class:`~boardkit.core.errors.IllegalActionError` naming the rule, and the
  state is untouched;
* chance — every shuffle or roll is an explicit action of the chance player,
  drawn from a seeded RNG (``seed`` + how many chance actions came before),
  or forced by a scenario with :meth:`Game.force`;
* a log of every action with the events it caused, :meth:`undo`, replay,
  and exact JSON save/load (:meth:`to_json` / :func:`boardkit.load`).

Actions are short strings that read like the rulebook (``"bet 1-3"``,
``"play red+5"``), so a learner can type them and a log reads as prose.
"""
from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from typing import Any, ClassVar, Iterator

from .errors import (GameOverError, IllegalActionError, InvalidActionError, NothingToUndoError,
                     OptionError, StateFileError)

CHANCE = "chance"
"""The pseudo-player who shuffles and rolls."""

FORMAT = "boardkit-game/1"


def copy_json(value: Any) -> Any:
    """Deep copy of plain JSON data (much faster than :func:`copy.deepcopy`)."""
    t = type(value)
    if t is dict:
        return {k: copy_json(v) for k, v in value.items()}
    if t is list:
        return [copy_json(v) for v in value]
    return value


def is_plain_json(value: Any) -> bool:
    """True when ``value`` survives a JSON round trip unchanged."""
    t = type(value)
    if t in (str, int, bool) or value is None:
        return True
    if t is float:
        return value == value and value not in (float("inf"), float("-inf"))
    if t is list:
        return all(is_plain_json(v) for v in value)
    if t is dict:
        return all(type(k) is str and is_plain_json(v) for k, v in value.items())
    return False


class Events(list):
    """The list of event texts an action caused; shows as a bullet list."""

    def __repr__(self) -> str:
        return "\n".join(f"• {e}" for e in self) if self else "(nothing happened)"

    def _repr_pretty_(self, p, cycle) -> None:
        p.text(repr(self))


@dataclass(frozen=True)
class Outcome:
    """How a finished game ended: the winning seats (several on a shared win)."""

    winners: tuple[int, ...]
    scores: tuple[int, ...]
    reason: str = ""

    def __str__(self) -> str:
        return self.reason


@dataclass
class LogEntry:
    """One applied action: who took it, what it was, and what it caused."""

    player: int | str
    action: str
    events: list[str] = field(default_factory=list)
    #: (caption, state) after each sub-step, for games whose automatic checks
    #: are worth watching one step at a time (see :meth:`Game._frame`).
    frames: list = field(default_factory=list, repr=False)

    def __str__(self) -> str:
        return f"{self.player}: {self.action}"


class LegalActions:
    """A lazy view of the legal actions (``in``, iteration, ``len``).

    At a chance node whose outcomes are too many to list (a 60-card shuffle)
    iteration is empty but ``in`` still answers correctly.
    """

    def __init__(self, game: "Game"):
        self._game = game

    def __contains__(self, action: object) -> bool:
        if not isinstance(action, str):
            return False
        g = self._game
        if g.current_player is None:
            return False
        return g._is_legal(g._state, normalize(action))

    def __iter__(self) -> Iterator[str]:
        g = self._game
        if g.current_player is None:
            return iter(())
        return iter(g._legal_actions(g._state))

    def __len__(self) -> int:
        return sum(1 for _ in self)

    def __bool__(self) -> bool:
        return self._game.current_player is not None

    def __repr__(self) -> str:
        return f"<LegalActions: {', '.join(self)}>"


def normalize(action: str) -> str:
    return " ".join(action.strip().split()).lower()


class Game:
    """Base class of every boardkit game. Subclasses implement the hooks."""

    #: Registry name (``"slime_race"``) and human title.
    name: ClassVar[str] = ""
    title: ClassVar[str] = ""
    #: Prefix of this game's ruling ids in RULINGS.md (``"SR"``).
    ruling_prefix: ClassVar[str] = ""
    min_players: ClassVar[int] = 1
    max_players: ClassVar[int] = 1
    #: Options and their defaults (``players`` is always one).
    default_options: ClassVar[dict[str, Any]] = {}
    #: Keep a copy of the position after every sub-step (switch off for
    #: long simulations).
    record_frames: bool = True

    def __init__(self, players: int | None = None, seed: int = 0, *,
                 chance: list[str] | tuple[str, ...] = (), **options: Any):
        """``chance`` fixes the first chance outcomes (see :meth:`force`)."""
        opts = self.make_options(players=players, **options)
        self.seed = self._check_seed(seed)
        self._state: dict = self._initial_state(opts)
        self._start: dict | None = None
        self._reset_log()
        self.force(*chance)

    # ------------------------------------------------------------------ hooks
    def _initial_state(self, options: dict) -> dict:
        raise NotImplementedError

    def _current(self, state: dict) -> int | str | None:
        """Seat to act, :data:`CHANCE`, or None when the game is over."""
        raise NotImplementedError

    def _legal_actions(self, state: dict) -> list[str]:
        raise NotImplementedError

    def _is_legal(self, state: dict, action: str) -> bool:
        return action in self._legal_actions(state)

    def _why_illegal(self, state: dict, action: str) -> str:
        """A sentence naming the rule that forbids ``action`` here."""
        legal = ", ".join(self._legal_actions(state)) or "none"
        return f"'{action}' is not a legal action here (legal: {legal})"

    def _apply(self, state: dict, action: str) -> list[str]:
        """Apply a *legal* action to ``state`` in place; return event texts."""
        raise NotImplementedError

    def _sample_chance(self, state: dict, rng: random.Random) -> str:
        raise NotImplementedError

    def _outcome(self, state: dict) -> Outcome | None:
        raise NotImplementedError

    def _observation(self, state: dict, seat: int) -> dict:
        return copy_json(state)

    def _validate_state(self, state: dict) -> None:
        """Raise :class:`StateFileError` when ``state`` breaks an invariant."""

    def _step_problems(self, before: dict, after: dict) -> list[str]:
        """Invariants of one transition (e.g. "positions never decrease"),
        checked by the generic conformance test; return what is wrong."""
        return []

    def _max_actions_per_round(self, options: dict) -> int:
        """An upper bound on the actions of one round/race (conformance test)."""
        return 10_000

    def _round(self, state: dict) -> int:
        """Which round (race, hand…) the state is in; resets step invariants."""
        return 0

    def _situation(self, state: dict) -> str:
        """One line: where the game stands (used in error messages)."""
        return ""

    def _text(self, state: dict) -> str:
        return json.dumps(state, indent=1)

    def seat_name(self, seat: int) -> str:
        return f"Player {seat + 1}"

    def heuristic(self, state: dict, seat: int) -> float:
        """How good ``state`` looks for ``seat`` (used by the greedy bot)."""
        return 0.0

    def render(self, seat: int | None = None, pending: str = "", hide_hands: bool = False,
               all_hands: bool = False, state: dict | None = None, caption: str = "") -> str:
        """The SVG picture of the current state (each game's view).

        ``seat``: whose private cards to show (default: the player to move);
        ``pending``: words of a multi-click action chosen so far;
        ``hide_hands``: show card backs only; ``all_hands``: teacher view;
        ``state``: draw this (past) state instead, with nothing clickable;
        ``caption``: a line to show with it."""
        raise NotImplementedError

    # ---------------------------------------------------------------- options
    @classmethod
    def make_options(cls, players: int | None = None, **options: Any) -> dict:
        unknown = sorted(set(options) - set(cls.default_options))
        if unknown:
            raise OptionError(
                f"{cls.title}: unknown option(s) {', '.join(unknown)}; "
                f"known: players, {', '.join(cls.default_options)}")
        opts = {"players": cls.min_players if players is None else players}
        opts.update(copy_json(cls.default_options))
        opts.update(options)
        p = opts["players"]
        if type(p) is not int or not cls.min_players <= p <= cls.max_players:
            rule = f"{cls.ruling_prefix}-R1: " if cls.ruling_prefix else ""
            raise OptionError(f"{cls.title}: {rule}players must be a whole number from "
                              f"{cls.min_players} to {cls.max_players}, not {p!r}")
        cls._check_options(opts)
        if not is_plain_json(opts):
            raise OptionError(f"{cls.title}: options must be plain JSON values: {opts!r}")
        return opts

    @classmethod
    def _check_options(cls, options: dict) -> None:
        """Raise :class:`OptionError` for a bad option value."""

    @staticmethod
    def _check_seed(seed: Any) -> int:
        if type(seed) is not int:
            raise OptionError(f"seed must be a whole number, not {seed!r}")
        return seed

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
    def current_player(self) -> int | str | None:
        return self._current(self._state)

    @property
    def legal_actions(self) -> LegalActions:
        return LegalActions(self)

    def is_over(self) -> bool:
        return self.current_player is None

    def outcome(self) -> Outcome | None:
        """The :class:`Outcome` once the game is over, else None."""
        return self._outcome(self._state) if self.is_over() else None

    def observation(self, seat: int) -> dict:
        """What ``seat`` may see: other players' hidden cards are replaced by counts."""
        if type(seat) is not int or not 0 <= seat < self.players:
            raise InvalidActionError(f"seat must be 0..{self.players - 1}, not {seat!r}")
        return self._observation(self._state, seat)

    def situation(self) -> str:
        return self._situation(self._state)

    @property
    def log(self) -> list[LogEntry]:
        """Every action so far (chance included), oldest first."""
        return [LogEntry(e.player, e.action, list(e.events), list(e.frames)) for e in self._log]

    def _frame(self, state: dict, text: str) -> None:
        """Record the position right after a sub-step (a bite, an infection)."""
        if self.record_frames:
            self._frames.append((text, copy_json(state)))

    def frames(self, since: int = 0) -> list[tuple[str, dict]]:
        """(caption, state) of every recorded sub-step in log entries ``since``…"""
        out = []
        for e in self._log[since:]:
            out.extend(e.frames)
        return out

    @property
    def actions(self) -> list[str]:
        """The players' actions only (replay them with the same seed)."""
        return [e.action for e in self._log if e.player != CHANCE]

    # ------------------------------------------------------------- transitions
    def apply(self, action: str) -> "Events":
        """Take ``action`` for the player to move; return the events it caused.

        Chance actions that follow are resolved at once (seeded, or forced
        with :meth:`force`), and their events are included.

        :raises InvalidActionError: ``action`` is not a string.
        :raises IllegalActionError: the rules forbid it now (state unchanged).
        """
        who = self.current_player
        if who == CHANCE:
            raise IllegalActionError(
                f"{self.title}: it is the chance player's turn; use force(...) to fix "
                "a chance outcome", action=str(action))
        n0, before = len(self._log), len(self._snapshots)
        events = self._step(action)
        n = len(self._log)
        try:
            self._advance()
        except IllegalActionError:
            # a forced chance outcome did not fit: take the whole action back
            self._state = self._snapshots[before]
            del self._log[n0:]
            del self._snapshots[before:]
            raise
        for entry in self._log[n:]:
            events.extend(entry.events)
        return Events(events)

    def force(self, *outcomes: str) -> None:
        """Fix the next chance outcome(s): "suppose the dice showed …".

        Each queued outcome is checked when its chance node comes; an outcome
        that is not possible there raises :class:`IllegalActionError` and the
        queue is cleared. If the game is waiting on chance now, it resolves.
        """
        for o in outcomes:
            if not isinstance(o, str):
                raise InvalidActionError(f"a chance outcome is a string, not {o!r}")
        self._forced.extend(normalize(o) for o in outcomes)
        n0 = len(self._log)
        try:
            self._advance()
        except IllegalActionError:
            if n0 < len(self._log):
                self._state = self._snapshots[n0]
                del self._log[n0:]
                del self._snapshots[n0:]
            raise

    def undo(self, *, to_seat: int | None = None) -> LogEntry:
        """Take back the last player action (and the chance that followed it).

        With ``to_seat``, keep taking back until the last action of that seat
        is undone (a human undoing past the bots' replies).
        """
        idx = [i for i, e in enumerate(self._log) if e.player != CHANCE
               and (to_seat is None or e.player == to_seat)]
        if not idx:
            raise NothingToUndoError(f"{self.title}: nothing to undo")
        i = idx[-1]
        entry = self._log[i]
        self._state = self._snapshots[i]
        del self._log[i:]
        del self._snapshots[i:]
        return entry

    def preview(self, action: str) -> dict:
        """The state right after ``action`` (before any chance), game unchanged."""
        action = self._check_action(action)
        state = copy_json(self._state)
        saved = getattr(self, "_frames", None)
        self._frames = []  # a preview records no sub-steps in the log
        try:
            self._apply(state, action)
        finally:
            self._frames = saved
        return state

    def copy(self) -> "Game":
        other = object.__new__(type(self))
        other.seed = self.seed
        other._state = copy_json(self._state)
        other._start = copy_json(self._start)
        other._log = [LogEntry(e.player, e.action, list(e.events), list(e.frames))
                      for e in self._log]
        other._snapshots = [copy_json(s) for s in self._snapshots]
        other._forced = list(self._forced)
        return other

    # ---------------------------------------------------------------- internal
    def _reset_log(self) -> None:
        self._log: list[LogEntry] = []
        self._snapshots: list[dict] = []
        self._forced: list[str] = []

    def _check_action(self, action: Any, who: int | str | None = None) -> str:
        if not isinstance(action, str):
            raise InvalidActionError(
                f"{self.title}: an action is a string such as "
                f"{next(iter(self.legal_actions), 'a legal action')!r}, not {action!r}")
        action = normalize(action)
        if who is None:
            who = self.current_player
        if who is None:
            out = self._outcome(self._state)
            raise GameOverError(f"{self.title}: the game is over ({out}); "
                                f"'{action}' cannot be played", action=action)
        if not self._is_legal(self._state, action):
            msg = self._why_illegal(self._state, action)
            where = self._situation(self._state)
            raise IllegalActionError(
                f"{self.title}: illegal '{action}': {msg}" + (f" [{where}]" if where else ""),
                rule=_rule_in(msg), action=action)
        return action

    def _step(self, action: Any) -> list[str]:
        who = self.current_player
        action = self._check_action(action, who)
        before = copy_json(self._state)
        self._frames: list = []
        events = self._apply(self._state, action)
        self._snapshots.append(before)
        self._log.append(LogEntry(who, action, list(events), self._frames))
        return list(events)

    def _chance_count(self) -> int:
        return sum(1 for e in self._log if e.player == CHANCE)

    def _advance(self) -> None:
        guard = 0
        while self.current_player == CHANCE:
            guard += 1
            if guard > 10_000:
                raise RuntimeError("chance loop does not end")
            if self._forced:
                outcome = self._forced[0]
                try:
                    self._step(outcome)
                except IllegalActionError as exc:
                    self._forced.clear()
                    raise IllegalActionError(f"forced chance outcome does not fit: {exc}",
                                             rule=exc.rule, action=outcome) from None
                self._forced.pop(0)
            else:
                rng = random.Random(f"{self.seed}/{self._chance_count()}")
                self._step(self._sample_chance(self._state, rng))

    # ------------------------------------------------------------ save / load
    def to_dict(self) -> dict:
        """Everything needed to rebuild this game exactly (plain JSON)."""
        return {
            "format": FORMAT,
            "game": self.name,
            "seed": self.seed,
            "options": self.options if self._start is None else None,
            "start": copy_json(self._start),
            "log": [[e.player, e.action] for e in self._log],
            "state": self.state,
        }

    def to_json(self, indent: int | None = None) -> str:
        return json.dumps(self.to_dict(), indent=indent, ensure_ascii=False)

    @classmethod
    def from_state(cls, state: dict, seed: int = 0) -> "Game":
        """Start a game (a scenario) from a position given as a state dict.

        The state is validated (every card and coin accounted for, etc.);
        chance then continues from ``seed``.
        """
        if not isinstance(state, dict) or not is_plain_json(state):
            raise StateFileError(f"{cls.title}: a state must be a plain JSON object")
        if not isinstance(state.get("options"), dict):
            raise StateFileError(f"{cls.title}: the state has no 'options' object")
        opts = dict(state["options"])
        cls.make_options(**opts)
        game = object.__new__(cls)
        game.seed = cls._check_seed(seed)
        game._state = copy_json(state)
        game._validate_state(game._state)
        game._start = copy_json(game._state)
        game._reset_log()
        game._advance()
        return game

    @classmethod
    def from_dict(cls, data: Any) -> "Game":
        """Rebuild a saved game by replaying its log; the result must match.

        Nothing in the file is executed: it is plain data, checked field by
        field, and every logged action must be legal when replayed.
        """
        if not isinstance(data, dict):
            raise StateFileError("a saved game is a JSON object")
        missing = {"format", "game", "seed", "options", "start", "log", "state"} - set(data)
        if missing:
            raise StateFileError(f"saved game lacks {', '.join(sorted(missing))}")
        if data["format"] != FORMAT:
            raise StateFileError(f"unknown format {data['format']!r} (expected {FORMAT!r})")
        if data["game"] != cls.name:
            raise StateFileError(f"this file is a {data['game']!r} game, not {cls.name!r}")
        log = data["log"]
        if not isinstance(log, list) or not all(
                isinstance(e, list) and len(e) == 2 and isinstance(e[1], str)
                and (e[0] == CHANCE or type(e[0]) is int) for e in log):
            raise StateFileError("'log' must be a list of [player, action] pairs")
        seed = cls._check_seed(data["seed"])
        game = object.__new__(cls)
        game.seed = seed
        if data["start"] is None:
            if not isinstance(data["options"], dict):
                raise StateFileError("'options' must be an object")
            try:
                opts = cls.make_options(**data["options"])
            except OptionError as exc:
                raise StateFileError(f"bad options in saved game: {exc}") from None
            game._state = game._initial_state(opts)
            game._start = None
        else:
            if not isinstance(data["start"], dict) or not is_plain_json(data["start"]):
                raise StateFileError("'start' must be a plain JSON object")
            game._state = copy_json(data["start"])
            game._validate_state(game._state)
            game._start = copy_json(data["start"])
        game._reset_log()
        for k, (player, action) in enumerate(log):
            if game.current_player != player:
                raise StateFileError(
                    f"log entry {k} is by {player!r} but {game.current_player!r} was to act")
            try:
                game._step(action)
            except (IllegalActionError, InvalidActionError) as exc:
                raise StateFileError(f"log entry {k} ({action!r}) does not replay: {exc}") from None
        if game._state != data["state"]:
            raise StateFileError("the saved state does not match the replayed log")
        return game

    @classmethod
    def replay(cls, actions: list[str], seed: int = 0, **options: Any) -> "Game":
        """Rebuild a game from its options, seed and player actions."""
        game = cls(seed=seed, **options)
        for a in actions:
            game.apply(a)
        return game

    # --------------------------------------------------------------- display
    def __str__(self) -> str:
        return self._text(self._state)

    def __repr__(self) -> str:
        where = self._situation(self._state)
        return f"<{type(self).__name__} seed={self.seed}: {where}>"

    def _repr_svg_(self) -> str:
        return self.render()

    def _repr_html_(self) -> str:
        return f'<div class="boardkit-static">{self.render()}</div>'

    def svg(self, **kwargs: Any):
        from .svg import SVG
        return SVG(self.render(**kwargs))


def _rule_in(message: str) -> str | None:
    import re
    m = re.search(r"\b([A-Z]{2,3}-R\d+)\b", message)
    return m.group(1) if m else None
