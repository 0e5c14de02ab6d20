"""The pure rules of a game, and the search interface every game supports.

A game's rules are a :class:`Rules` object: functions of a plain-JSON
``state`` and the game's immutable :class:`Components`. Nothing here reads
or writes a game session (:class:`~boardkit.core.game.Game`): the session
keeps the log, undo and the widget's needs; search, simulations and bots
work on bare states (the OpenSpiel pattern)::

    rules = game.rules
    state = rules.clone(game.state)          # cost proportional to the state
    while rules.current(state) is not None:
        if rules.current(state) is CHANCE:
            action = rules.sample_chance(state, rng)
        else:
            action = rng.choice(rules.legal_actions(state))
        rules.step(state, action)            # no re-validation, no log
    rules.outcome(state)

Each rule is written once. A game implements :meth:`Rules.refusal`, the one
legality function: it returns ``None`` for a legal action, else a
:class:`Refusal` with the rule id and the sentence a learner reads. The legal
list (:meth:`Rules.legal_actions`), the check (:meth:`Rules.is_legal`) and the
error message all come from it.
"""
from __future__ import annotations

import abc
import enum
import json
import random
from bisect import bisect_right
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from .errors import InvalidActionError, OptionError
from .plainjson import copy_json, freeze, is_plain_json, thaw  # noqa: F401  (the rules' state is plain JSON)
from .rulings import is_prefix

State = dict
"""A position: plain JSON (dicts, lists, str, int, bool, None)."""


class Chance(enum.Enum):
    """The pseudo-player who shuffles, deals and rolls."""

    CHANCE = "chance"

    def __repr__(self) -> str:
        return "CHANCE"

    def __str__(self) -> str:
        return "chance"


CHANCE = Chance.CHANCE
"""The chance player (``current`` returns it at a shuffle, draw or roll)."""

Player = int | Chance | None
"""Who acts: a seat number (0-based), :data:`CHANCE`, or ``None`` (nobody:
the game is over)."""


def player_to_json(p: Player) -> int | str | None:
    return "chance" if p is CHANCE else p


def player_from_json(p: Any) -> Player:
    return CHANCE if p == "chance" else p


#: how many parsed texts a game's rules keep (:meth:`Rules.parsed`)
PARSED_KEPT = 4096


def normalize(action: str) -> str:
    return " ".join(action.strip().split()).lower()


@dataclass(frozen=True)
class Outcome:
    """How a finished game ended: the winning seats (several on a shared
    win), or no winner at all: a draw (:meth:`drawn`)."""

    winners: tuple[int, ...]
    scores: tuple[int, ...]
    reason: str = ""

    @classmethod
    def drawn(cls, scores: tuple[int, ...], reason: str = "") -> Outcome:
        """A draw: nobody wins (each seat's return is an equal share)."""
        return cls((), tuple(scores), reason)

    @property
    def draw(self) -> bool:
        """The game ended with no winner."""
        return not self.winners

    def __str__(self) -> str:
        return self.reason


@dataclass(frozen=True)
class Refusal:
    """Why an action is not legal now: the rule id (listed in
    ``docs/rulings.md``) and one sentence for a learner."""

    rule: str
    reason: str

    def __str__(self) -> str:
        return f"{self.rule}: {self.reason}"

    def __repr__(self) -> str:
        return f"✗ refused — {self.rule}: {self.reason}"

    def _repr_pretty_(self, p: Any, cycle: bool) -> None:
        p.text(repr(self))


@dataclass(frozen=True)
class GameInfo:
    """A game's metadata, in one place, and what the generic tests hold it
    to (``docs/adding-a-game.md``)."""

    name: str                      #: registry name, ``"slime_race"``
    title: str                     #: ``"Slime Race"``
    #: ``"SR"``: the prefix of the game's rule ids in docs/rulings.md
    #: (``SR-R1`` …, and the generic ``SR-actions``, ``SR-chance``,
    #: ``SR-over``, ``SR-options``, ``SR-files`` every game cites)
    ruling_prefix: str
    min_players: int
    max_players: int
    perfect_information: bool      #: False: some seat cannot see something (hands, deck)
    chance: bool                   #: shuffles, draws or dice
    #: The longest possible game in actions (chance included), or None when
    #: the rules set no bound (a match to a target nobody may reach; moves
    #: that use up nothing). The conformance test checks every game it
    #: plays against it; a game may bound each round instead
    #: (:meth:`Rules.max_actions_per_round`), or neither.
    max_length: int | None = None
    default_options: Mapping[str, Any] = field(default_factory=dict)
    #: The rulebook: title, publisher, year (as the rulebook states them).
    rulebook: str = ""
    #: Options that make a short game (a lower target), used by the generic
    #: tests for the games they play to the end.
    test_options: Mapping[str, Any] = field(default_factory=dict)
    #: The position before the first action is a chance node (who goes
    #: first, a deal); False: a seat acts first.
    opens_at_chance: bool = False
    #: The game's class has a ``scenario`` constructor (the generic tests
    #: throw odd arguments at it).
    scenarios: bool = False
    #: A component set may be given as a file or plain data (the generic
    #: tests throw odd component sets at it).
    component_files: bool = False
    #: A rulings document of the game's own, a file in its folder (e.g.
    #: ``"rulings.md"``, headings as in docs/rulings.md), for a game kept
    #: outside boardkit; "" for a game whose rulings are in docs/rulings.md.
    rulings: str = ""

    def __post_init__(self) -> None:
        if not is_prefix(self.ruling_prefix):
            raise ValueError(f"GameInfo {self.name!r}: ruling_prefix is a capital letter then up to five "
                             f"capitals or digits (SR, SCC, C4), not {self.ruling_prefix!r}.")


@dataclass(frozen=True)
class Components:
    """A game's component set (cards, tiles, odds, tracks…): a name and the
    plain-JSON data it was built from, so a save can embed it."""

    name: str
    data: Any


def position(i: int, n: int, what: str) -> int:
    """Index ``i`` of a sequence of ``n`` items as 0..n-1 (negative counts
    from the end), or IndexError naming ``what``."""
    if i < 0:
        i += n
    if not 0 <= i < n:
        raise IndexError(f"{what} index out of range")
    return i


class Grouped(Sequence):
    """A read-only sequence made of groups whose items are found only when
    read: ``_ends[g]`` counts the items up to the end of group ``g``, and
    :meth:`_item` gives item ``k`` of group ``g``."""

    __slots__ = ("_ends",)
    _ends: list[int]

    def __len__(self) -> int:
        return self._ends[-1] if self._ends else 0

    def __getitem__(self, i: Any) -> Any:
        if isinstance(i, slice):
            return list(self)[i]
        i = position(i, len(self), "item")
        g = bisect_right(self._ends, i)
        return self._item(g, i - (self._ends[g - 1] if g else 0))

    def _item(self, g: int, k: int) -> Any:
        raise NotImplementedError


class Candidates(Grouped):
    """A list of candidate actions that is not written out: groups of
    actions ``prefix + word`` (``"move c4 "`` + each of ``["c5", "d4"]``),
    in order. ``len`` and ``candidates[i]`` are cheap, so a random pick
    builds one string; iterating gives the same actions, in the same order,
    as the written-out list."""

    __slots__ = ("_groups",)

    def __init__(self) -> None:
        self._groups: list[tuple[str, Sequence[str]]] = []
        self._ends: list[int] = []  # how many actions up to the end of each group

    def add(self, prefix: str, words: Sequence[str]) -> None:
        """Append the actions ``prefix + w`` for each ``w`` of ``words``."""
        n = len(words)
        if n:
            self._groups.append((prefix, words))
            self._ends.append(self._ends[-1] + n if self._ends else n)

    def _item(self, g: int, k: int) -> str:
        prefix, words = self._groups[g]
        return prefix + words[k]

    def __iter__(self) -> Iterator[str]:
        for prefix, words in self._groups:
            for w in words:
                yield prefix + w


class Sink:
    """Where rules report what happened: event texts and, for games whose
    automatic checks are worth watching step by step, a frame (a snapshot of
    the position, see :func:`freeze`) after each sub-step. Search passes
    :data:`NULL_SINK`."""

    __slots__ = ("events", "frames", "record_frames")

    def __init__(self, record_frames: bool = True):
        #: the event texts, in order (rules may append a text that needs
        #: no frame here directly: the same as calling the sink without one)
        self.events: list[str] = []
        #: (caption, frozen position) after each sub-step
        self.frames: list[tuple[str, bytes]] = []
        self.record_frames = record_frames

    def __call__(self, state: State, text: str, frame: bool = False) -> None:
        """Report ``text``; with ``frame``, also keep the position it left.
        (A game's frames are only asked for if its rules say they have
        sub-steps: :attr:`Rules.sub_steps`.)"""
        self.events.append(text)
        if frame and self.record_frames:
            self.frames.append((text, freeze(state)))


class _NullSink(Sink):
    __slots__ = ()

    def __call__(self, state: State, text: str, frame: bool = False) -> None:
        return None


NULL_SINK: Sink = _NullSink(record_frames=False)
"""A sink that keeps nothing (search and simulations)."""


class Rules(abc.ABC):
    """Base class of a game's pure rules. Subclasses implement the required
    hooks (abstract: :meth:`initial_state`, :meth:`current`,
    :meth:`candidates`, :meth:`refusal`, :meth:`apply`, :meth:`outcome`) and
    may override the optional ones marked *hook* (each has a default);
    everything else is derived, the same for every game. See
    ``docs/adding-a-game.md``."""

    info: ClassVar[GameInfo]
    #: Built-in component sets by name (the first is the default).
    builtin_components: ClassVar[tuple[str, ...]] = ("standard",)
    #: The rules of a built-in component set may be made once and shared by
    #: every game. Only for rules that keep nothing of their own beyond what
    #: the components give (no caches that grow with the games played — the
    #: bounded memory of parsed texts, :meth:`parsed`, is the same for every
    #: game — and nothing a bot keys on ``id(rules)``).
    shared: ClassVar[bool] = False
    #: The rules report sub-steps worth watching one at a time (a frame after
    #: each, see :class:`Sink`); :meth:`Game.entry_frames` works them out.
    #: Frames of rules that do not say so are never asked for.
    sub_steps: ClassVar[bool] = False
    #: Each sub-step is a moment a board holds until the player goes on (a
    #: race's finish, before the next race is set up); a board that plays
    #: the steps back stops there with a "Continue" button.
    hold_frames: ClassVar[bool] = False
    #: First words of the chance player's outcomes (``"first"``, ``"draw"``…).
    chance_words: ClassVar[tuple[str, ...]] = ()
    #: What the chance player is called in a move log ("Dealer", "Dice").
    chance_name: ClassVar[str] = "Chance"
    #: Actions that read almost like this game's (a word wrong, a target
    #: that is not on the board), for the generic tests: each one, and each
    #: mix of its words with a legal action's, must be refused naming a
    #: rule listed in docs/rulings.md.
    near_misses: ClassVar[tuple[str, ...]] = ()

    def __init__(self, components: Components):
        self.components = components
        #: text -> its canonical action (:meth:`parsed`)
        self._parsed: dict[str, str] = {}

    # ----------------------------------------------------------- components
    @classmethod
    def load_components(cls, spec: Any = None) -> Components:
        """A component set from a built-in name, a file path, or plain data
        (*hook* :meth:`_components_from_data` checks the data)."""
        from pathlib import Path
        if spec is None:
            spec = cls.builtin_components[0]
        if isinstance(spec, Components):
            return spec
        if isinstance(spec, str) and spec in cls.builtin_components:
            return Components(spec, cls._builtin_data(spec))
        if isinstance(spec, (str, Path)):
            path = Path(spec)
            try:
                is_file = len(str(spec)) <= 4096 and path.is_file()
            except (OSError, ValueError):      # a name too long, a NUL character
                is_file = False
            if not is_file:
                raise OptionError(f"{cls.info.title}: no built-in component set {str(spec)!r} "
                                  f"(built in: {', '.join(cls.builtin_components)}) and no such file")
            if path.stat().st_size > 1_000_000:
                raise OptionError(f"{path}: a component file is at most 1 MB")
            text = path.read_text(encoding="utf-8")
            data = cls._parse_component_file(text, str(path))
            if not is_plain_json(data):
                raise OptionError(f"{path}: component data must be plain JSON (finite numbers, "
                                  "text, lists and objects)")
            return Components(path.stem, data)
        if isinstance(spec, dict):
            if not is_plain_json(spec):
                raise OptionError(f"{cls.info.title}: component data must be plain JSON")
            return Components(str(spec.get("name", "custom")), copy_json(spec))
        raise OptionError(f"{cls.info.title}: components must be a built-in name "
                          f"({', '.join(cls.builtin_components)}), a file path or a dict, not "
                          f"{type(spec).__name__}")

    @classmethod
    def _builtin_data(cls, name: str) -> Any:
        """*hook*: the plain data of the built-in component set ``name``
        (one of :attr:`builtin_components`); a game without components
        keeps the default, none."""
        return {}

    @classmethod
    def _parse_component_file(cls, text: str, source: str) -> Any:
        """Plain data from a component file's text (JSON by default)."""
        try:
            return json.loads(text)
        except ValueError as exc:
            raise OptionError(f"{source}: not valid JSON: {exc}") from None

    # -------------------------------------------------------------- options
    def make_options(self, players: int | None = None, **options: Any) -> dict:
        """Check ``options`` (unknown names, types, ranges) and add defaults."""
        info = self.info
        unknown = sorted(set(options) - set(info.default_options))
        if unknown:
            raise OptionError(
                f"{info.title}: unknown option(s) {', '.join(map(str, unknown))}; "
                f"known: players, {', '.join(info.default_options) or '(none)'}")
        opts: dict = {"players": info.min_players if players is None else players}
        opts.update(copy_json(dict(info.default_options)))
        opts.update(options)
        p = opts["players"]
        if type(p) is not int or not info.min_players <= p <= info.max_players:
            raise OptionError(f"{info.title}: {info.ruling_prefix}-R1: players must be a whole "
                              f"number from {info.min_players} to {info.max_players}, not {p!r}")
        self.check_options(opts)
        if not is_plain_json(opts):
            raise OptionError(f"{info.title}: options must be plain JSON values: {opts!r}")
        return opts

    def check_options(self, options: dict) -> None:
        """*hook*: raise :class:`OptionError` for a bad option value."""
        return None

    # ---------------------------------------------------------------- hooks
    @abc.abstractmethod
    def initial_state(self, options: dict) -> State:
        """*required*: the position before the first action."""
        raise NotImplementedError

    @abc.abstractmethod
    def current(self, state: State) -> Player:
        """*required*: the seat to act, :data:`CHANCE`, or None (game over)."""
        raise NotImplementedError

    @abc.abstractmethod
    def candidates(self, state: State, ctx: dict | None = None) -> Iterable[str]:
        """*required*: actions that may be legal now (a superset of the legal
        player actions); :meth:`refusal` decides. At a chance node: the
        outcomes that can be listed (none for a full shuffle). ``ctx`` is
        the scratch dict then handed to :meth:`refusal` (facts found while
        listing, such as a slime's extent, need not be found again)."""
        raise NotImplementedError

    def parse(self, text: str) -> str:
        """*hook*: the canonical action for ``text`` (lower case, single
        spaces), or :class:`InvalidActionError` with an example of the right
        form when the words do not make an action of this game at all."""
        return normalize(text)

    def parsed(self, text: str) -> str:
        """:meth:`parse`, remembered: a game's actions are a few hundred
        texts said again and again, and parsing depends on nothing but the
        text and the components (at most :data:`PARSED_KEPT` texts are
        kept; the words that make no action are never kept)."""
        try:
            kept = self._parsed
        except AttributeError:      # rules made without Rules.__init__
            kept = self._parsed = {}
        hit = kept.get(text) if type(text) is str else None
        if hit is None:
            hit = self.parse(text)
            if type(text) is str and len(text) <= 200:
                if len(kept) >= PARSED_KEPT:
                    kept.clear()
                kept[text] = hit
        return hit

    @abc.abstractmethod
    def refusal(self, state: State, action: str, ctx: dict | None = None) -> Refusal | None:
        """*required*: THE legality function — None when ``action`` (already
        parsed) is legal now, else the rule that forbids it and why.
        ``ctx`` is a scratch dict shared by the calls of one legal-list
        computation (a game may cache facts about the position there)."""
        raise NotImplementedError

    def why_not(self, state: State, words: str) -> Refusal | None:
        """Why no legal action starts with ``words`` (the first clicks of an
        action: ``"grow"``, ``"grow red"``, ``"move c4"``), or None when that
        is not known. The default asks :meth:`refusal` of each candidate that
        starts with them and gives the first reason; a game overrides it for
        the words its candidates never list (an action button whose every
        use is impossible now), in the rule's words, never in the syntax of
        an action."""
        prefix = words + " "
        for action in self.candidates(state):
            if action.startswith(prefix):
                why = self.refusal(state, action)
                if why is not None:
                    return why
        return None

    @abc.abstractmethod
    def apply(self, state: State, action: str, sink: Sink = NULL_SINK) -> None:
        """*required*: apply a legal action to ``state`` in place, reporting
        events (and sub-step frames) to ``sink``."""
        raise NotImplementedError

    def chance_outcomes(self, state: State) -> list[tuple[str, float]] | None:
        """*hook*: the chance outcomes here with their probabilities, or None
        when there are too many to list (a full shuffle): then sample."""
        return None

    def sample_chance(self, state: State, rng: random.Random) -> str:
        """A chance outcome drawn with ``rng`` (from :meth:`chance_outcomes`
        unless the game overrides it for a shuffle)."""
        outcomes = self.chance_outcomes(state)
        if not outcomes:
            raise NotImplementedError(f"{self.info.title}: no way to sample chance here")
        x = rng.random()
        acc = 0.0
        for o, p in outcomes:
            acc += p
            if x < acc:
                return o
        return outcomes[-1][0]

    @abc.abstractmethod
    def outcome(self, state: State) -> Outcome | None:
        """*required*: the :class:`Outcome` of a finished game, else None."""
        raise NotImplementedError

    def observation(self, state: State, seat: int) -> State:
        """*hook*: what ``seat`` may see (hidden cards replaced by ``"?"``).
        Perfect-information games return a copy of the state."""
        return copy_json(state)

    def determinize(self, observation: State, seat: int, rng: random.Random) -> State:
        """*hook*: a full state consistent with ``seat``'s observation, hidden
        parts filled in at random (for bots that search). Perfect-information
        games return a copy."""
        return copy_json(observation)

    def validate_state(self, state: State) -> None:
        """*hook*: raise :class:`StateFileError` (naming the field) when
        ``state`` breaks an invariant of the game."""
        return None

    def seat_name(self, seat: int) -> str:
        return f"Player {seat + 1}"

    def situation(self, state: State) -> str:
        """*hook*: one line, where the game stands (used in messages)."""
        return ""

    def text(self, state: State) -> str:
        """*hook*: a text picture of the position."""
        return json.dumps(state, indent=1)

    def heuristic(self, state: State, seat: int) -> float:
        """*hook*: how good a position (an observation is enough) looks for
        ``seat``; used by the greedy bot and to cut search short."""
        return 0.0

    #: How far apart :meth:`heuristic` values are when one position is
    #: clearly better than another, in the heuristic's own units (points,
    #: tiles): the search bot compares seats on this scale (its
    #: ``temperature``). 1.0 suits a heuristic in "wins".
    heuristic_scale: ClassVar[float] = 1.0

    def search_settings(self) -> dict[str, Any]:
        """*hook*: the search bot's settings for this game
        (:class:`boardkit.core.mcts.MCTSBot`: horizon, rounds, evaluation,
        exploration …), overriding its generic ones; a bot's own arguments
        override these. The default: none (the generic settings, with the
        temperature read from :attr:`heuristic_scale`)."""
        return {}

    def step_problems(self, before: State, after: State) -> list[str]:
        """*hook*: invariants of one transition (checked by the conformance test)."""
        return []

    def round_of(self, state: State) -> int:
        """*hook*: which round (race, turn…) a state is in."""
        return 0

    def max_actions_per_round(self, options: dict) -> int | None:
        """*hook*: an upper bound on the actions of one round
        (:meth:`round_of`), checked by the conformance test; None: no bound
        per round (then :attr:`GameInfo.max_length`, if set, bounds the
        whole game)."""
        return None

    def accounts(self, state: State) -> dict[str, Any]:
        """*hook*: where each counted component is now, by kind: ``{kind:
        {place: count}}`` (or ``{kind: {colour: {place: count}}}``), e.g.
        ``{"cards": {"deck": 20, "hands": 10}}``. The conformance test checks
        after every action that each kind adds up to
        :meth:`component_totals` and that no count is negative."""
        return {}

    def component_totals(self) -> dict[str, Any]:
        """*hook*: what each kind of :meth:`accounts` adds up to (a number,
        or ``{colour: number}``), from the components."""
        return {}

    # ------------------------------------------------------------- derived
    def is_chance_word(self, action: str) -> bool:
        return action.split(" ", 1)[0] in self.chance_words

    def forced_problem(self, options: dict, outcome: str) -> str | None:
        """*hook*: why ``outcome`` (a parsed chance outcome) can never come
        in a game with ``options``, or None; :meth:`Game.force` asks when it
        is queued. Here: ``first <seat>`` must name a seat."""
        word, _, arg = outcome.partition(" ")
        if word == "first" and "first" in self.chance_words:
            n = options["players"]
            if not (arg.isascii() and arg.isdigit() and int(arg) < n):
                return f"'first' names the seat that goes first, 0 to {n - 1}, not {arg!r}"
        return None

    def chance_example(self) -> str:
        return f"{self.chance_words[0]} 0" if self.chance_words else "(this game has no chance)"

    def rule_id(self, name: str) -> str:
        """``"actions"`` → ``"SR-actions"``: a rule id of this game."""
        return f"{self.info.ruling_prefix}-{name}"

    def invalid(self, text: str, example: str) -> InvalidActionError:
        """The error for words that make no action of this game."""
        return InvalidActionError(
            f"{self.info.title}: {text}; an action looks like {example!r}",
            rule=self.rule_id("actions"), action=None)

    def players(self, state: State) -> int:
        return state["options"]["players"]

    def legal_actions(self, state: State) -> list[str]:
        """The legal actions now: the candidates :meth:`refusal` accepts."""
        if self.current(state) is None:
            return []
        refusal = self.refusal
        # ctx["legal"]: how many candidates were accepted so far (a game
        # whose last candidate is "pass only if nothing else" reads it);
        # ctx["current"]: who acts (the same for every candidate)
        ctx: dict = {"legal": 0, "current": self.current(state)}
        out = []
        for a in self.candidates(state, ctx):
            if refusal(state, a, ctx) is None:
                out.append(a)
                ctx["legal"] += 1
        return out

    def random_legal(self, state: State, rng: random.Random) -> str:
        """A uniformly random legal action, usually without listing them all:
        random candidates are checked until one is legal (each legal action
        is a candidate exactly once, so the choice is uniform), falling back
        to the full list after a few misses."""
        # the tries share one ctx: what a refusal learns there is a fact of
        # this position (no "legal" count: these are not listed in order)
        ctx: dict = {"current": self.current(state)}
        cands = self.candidates(state, ctx)
        if type(cands) is not list and type(cands) is not tuple and not isinstance(cands, Sequence):
            cands = list(cands)
        if not cands:
            raise ValueError("no candidate actions")
        refusal = self.refusal
        for _ in range(8):
            a = rng.choice(cands)       # = cands[rng.randrange(len(cands))]
            if refusal(state, a, ctx) is None:
                return a
        return rng.choice(self.legal_actions(state))

    def is_legal(self, state: State, action: str) -> bool:
        try:
            action = self.parsed(action)
        except InvalidActionError:
            return False
        return self.current(state) is not None and self.refusal(state, action) is None

    def clone(self, state: State) -> State:
        """A copy of a position (cost proportional to the state)."""
        return copy_json(state)

    def snapshot(self, state: State) -> Any:
        """A snapshot of a position that later steps cannot change (a game's
        undo checkpoints): by default compact frozen bytes (:func:`freeze`)."""
        return freeze(state)

    def restore(self, snapshot: Any) -> State:
        """A new, independent position from a :meth:`snapshot`."""
        return thaw(snapshot)

    def step(self, state: State, action: str) -> State:
        """Apply ``action`` (taken from :meth:`legal_actions` or a chance
        outcome) to ``state`` in place without re-validating; returns it."""
        self.apply(state, action, NULL_SINK)
        return state

    def child(self, state: State, action: str) -> State:
        """A new state: ``state`` after ``action`` (``state`` is unchanged).
        A game may let a child share with ``state`` the parts the action did
        not change (its steps then replace what they change rather than
        change it in place): go on from a child with :meth:`step` or
        :meth:`child`, and change one by hand only after :meth:`clone`."""
        return self.step(self.clone(state), action)

    def key(self, state: State) -> str:
        """A hashable key of a position (transposition tables)."""
        return json.dumps(state, sort_keys=True, separators=(",", ":"))

    def returns(self, state: State) -> list[float]:
        """Per seat: 1 for a win, shared equally on a shared win, 0 for a
        loss; a draw gives every seat an equal share (1/n)."""
        out = self.outcome(state)
        n = self.players(state)
        if out is None:
            return [0.0] * n
        if out.draw:
            return [1.0 / n] * n
        share = 1.0 / len(out.winners)
        return [share if s in out.winners else 0.0 for s in range(n)]


# --------------------------------------------------------------- validation
def whole(value: Any, lo: int, hi: int) -> bool:
    """``value`` is a whole number (not a bool, not a float) in lo..hi."""
    return type(value) is int and lo <= value <= hi


def check_fields(title: str, state: State, fields: set[str]) -> None:
    """A state has exactly ``fields``: else a :class:`StateFileError`
    naming what is missing and what is unknown."""
    from .errors import StateFileError
    if set(state) != fields:
        missing, extra = sorted(fields - set(state)), sorted(set(state) - fields)
        raise StateFileError(f"{title} state: " + "; ".join(
            ([f"lacks {', '.join(missing)}"] if missing else [])
            + ([f"unknown field(s) {', '.join(map(str, extra))}"] if extra else [])))

