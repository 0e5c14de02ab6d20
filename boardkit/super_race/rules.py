"""Super Race: roll five dice, pick a colour, draw every die of it on your
own track, and be the furthest past the finish line.

Rules (numbers: ``docs/rulings.md``, prefix ``SU``)::

    "When it's your go, roll all five dice. You can then roll up to twice
    more. [...] You only have to decide which colour (red, yellow or blue)
    you want to drive with after the third roll."

    "You must always drive (draw) all the possible squares for the colour
    you choose."

A go, as actions (the dice are the chance player's)::

    roll rc rs ys bc bc        chance: the faces of the dice just rolled
    keep rc rs                 keep these, roll the others again (SU-R2)
    drive red i12 j12 j11 north
                               draw every red die: one square each, in
                               order; the last word is the way the last
                               square is left when its die is a curve
    forfeit                    no colour shown can be drawn completely (SU-R4)

Faces are ``rs`` (red straight), ``rc`` (red curve), ``ys``, ``yc``,
``bs``, ``bc``. Squares are named like a spreadsheet (column letters, row
number from 1 at the top): ``i12``.

Geometry (SU-R3): a car is its last square and the side it left it by. The
next die is drawn in the square across that side; a straight die leaves by
the opposite side, a curve die by either side next to it.
"""
from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable
from functools import cache
from itertools import combinations, combinations_with_replacement
from math import factorial
from typing import Any

from ..core.errors import OptionError
from ..core.rules import (
    CHANCE,
    NULL_SINK,
    GameInfo,
    Player,
    Refusal,
    Rules,
    Sink,
    State,
    copy_json,
    normalize,
)
from .dice import DICE, FACE_WORDS, FACES, ROLLS
from .laps import LapGeometry
from .placements import LETTER, Placements
from .scoring import POSITION_POINTS, Scoring  # noqa: F401 (re-exported)
from .track import (
    BACK,
    BUILTIN,
    COLOURS,  # noqa: F401 (re-exported: bots)
    HEADINGS,
    LEFT,
    RIGHT,
    Track,
    builtin_track,
    read_track,
    track_from_data,
)


def multiset_probability(faces: tuple[str, ...]) -> float:
    """The chance that ``len(faces)`` fair dice show exactly these faces
    (in any order): n! / (c1! c2! …) / 6^n."""
    n = len(faces)
    ways = factorial(n)
    for k in Counter(faces).values():
        ways //= factorial(k)
    return ways / 6 ** n


ROLL_OUTCOMES = {n: [(c, multiset_probability(c)) for c in combinations_with_replacement(FACES, n)]
                 for n in range(DICE + 1)}
#: the chance actions of rolling n dice, in the order of ROLL_OUTCOMES
ROLL_ACTIONS = {n: tuple("roll " + " ".join(c) for c, _ in outs) for n, outs in ROLL_OUTCOMES.items()}
#: the chance outcomes of rolling n dice, as (action, probability)
ROLL_CHANCES = {n: tuple(zip(ROLL_ACTIONS[n], (p for _, p in ROLL_OUTCOMES[n])))
                for n in ROLL_OUTCOMES}


@cache
def _keeps(dice: tuple[str, ...]) -> tuple[str, ...]:
    """Every ``keep`` of a roll (sorted faces): each sub-multiset of fewer
    than five dice, smallest first, faces in FACES order."""
    idx = sorted(FACES.index(f) for f in dice)
    subs = {c for k in range(DICE) for c in combinations(idx, k)}
    return tuple("keep" + "".join(" " + FACES[i] for i in c)
                 for c in sorted(subs, key=lambda c: (len(c), c)))


@cache
def _keep_set(dice: tuple[str, ...]) -> frozenset[str]:
    return frozenset(_keeps(dice))


def n_dice(n: int, colour: str = "") -> str:
    """``3 red dice``, ``1 red die``."""
    return f"{n} {colour + ' ' if colour else ''}{'die' if n == 1 else 'dice'}"


def describe(faces: Iterable[str]) -> str:
    faces = list(faces)
    return ", ".join(FACE_WORDS[f] for f in faces) if faces else "no dice"


class SuperRaceRules(Placements, Scoring, LapGeometry, Rules):
    """The pure rules of Super Race for 1–4 players (SU-R1)."""

    info = GameInfo(
        name="super_race", title="Super Race", ruling_prefix="SU",
        min_players=1, max_players=4, perfect_information=True, chance=True,
        max_length=None,
        default_options={"clockwise": False, "laps": 1, "shortcut": "always", "oil": [],
                         "races": 1, "scoring": "squares"},
        rulebook="Super Race (Schmidt Spiele, 2013, per the component notes)",
        opens_at_chance=True, scenarios=True, component_files=True)
    near_misses = ("drive red z99", "drive green i12", "roll xx")
    builtin_components = BUILTIN
    #: one rules object per built-in track, shared by every game on it
    shared = True
    chance_words = ("roll",)
    chance_name = "Dice"

    def __init__(self, components):
        super().__init__(components)
        #: the track, shared by every game on the same track content (its
        #: lap tables with it): these rules keep nothing of their own
        self.track: Track = track_from_data(components.data, components.name)

    def chance_example(self) -> str:
        return "roll rc rs ys bc bc"

    # ----------------------------------------------------------- components
    @classmethod
    def _builtin_data(cls, name: str) -> Any:
        return builtin_track(name)

    @classmethod
    def _parse_component_file(cls, text: str, source: str) -> Any:
        if text.lstrip().startswith("{"):
            return super()._parse_component_file(text, source)
        return read_track(text, source)

    # -------------------------------------------------------------- options
    def check_options(self, options: dict) -> None:
        t = self.info.title
        if type(options["clockwise"]) is not bool:
            raise OptionError(f"{t}: SU-R10: clockwise must be True or False")
        if options["laps"] not in (1, 2) or type(options["laps"]) is not int:
            raise OptionError(f"{t}: SU-R10: laps must be 1 or 2 (the 24-hour race)")
        if options["shortcut"] not in ("always", "first lap", "never"):
            raise OptionError(f"{t}: SU-R17: shortcut must be 'always', 'first lap' or 'never'")
        oil = options["oil"]
        if not isinstance(oil, list) or len(oil) > 10:
            raise OptionError(f"{t}: SU-R9: oil is a list of at most ten squares")
        for sq in oil:
            if not isinstance(sq, str) or sq.lower() not in self.track.squares:
                raise OptionError(f"{t}: SU-R9: oil slick {sq!r} is not a square of the track")
        options["oil"] = sorted({s.lower() for s in oil})
        if type(options["races"]) is not int or not 1 <= options["races"] <= 20:
            raise OptionError(f"{t}: SU-R8: races must be a whole number from 1 to 20")
        if options["scoring"] not in ("squares", "positions"):
            raise OptionError(f"{t}: SU-R8: scoring must be 'squares' (plus and minus points) "
                              f"or 'positions' (10/6/3/1)")

    # ------------------------------------------------------------- geometry
    def heading(self, state: State) -> str:
        """The way the cars cross the start/finish line in this race."""
        h = self.track.start
        return BACK[h] if state["options"]["clockwise"] else h

    def checkpoints(self, state: State) -> list[frozenset[str]]:
        cps = self.track.checkpoints
        return list(reversed(cps)) if state["options"]["clockwise"] else list(cps)

    # ---------------------------------------------------------------- state
    def initial_state(self, options: dict) -> State:
        n = options["players"]
        return {"options": options, "race": 1, "starter": 0, "turn": 0, "phase": "roll",
                "dice": [], "kept": [], "rolls": 0, "extra": False,
                "cars": [self._new_car() for _ in range(n)],
                "finishing": False, "tiebreak": None,
                "points": [0] * n, "results": [], "winners": None}

    @staticmethod
    def _new_car() -> dict:
        return {"path": [], "colours": "", "ends": [], "exit": None, "cp": 0, "lap": 0,
                "past": None, "turns": 0, "goes": 0, "out": False}

    def current(self, state: State) -> Player:
        phase = state["phase"]
        if phase == "over":
            return None
        if phase == "roll":
            return CHANCE
        return state["turn"]

    def round_of(self, state: State) -> int:
        return state["race"] * 10_000 + sum(c["turns"] for c in state["cars"])

    def max_actions_per_round(self, options: dict) -> int:
        return 2 * (2 * ROLLS) + 4  # two goes of three rolls, keeps and the drive

    # -------------------------------------------------------------- parsing
    def parse(self, text: str) -> str:
        if not isinstance(text, str):
            raise self.invalid(f"an action is text, not {type(text).__name__}",
                               "drive red i12 j12")
        if len(text) > 400:
            raise self.invalid("that text is far too long for an action", "drive red i12 j12")
        words = normalize(text).split(" ")
        head = words[0]
        if head == "roll":
            if not 1 <= len(words) - 1 <= DICE or any(w not in FACES for w in words[1:]):
                raise self.invalid(f"{text!r}: a roll names one to five faces", "roll rc rs ys bc bc")
            return "roll " + " ".join(sorted(words[1:], key=FACES.index))
        if head == "keep":
            faces = []
            for w in words[1:]:
                face = w.rsplit("-", 1)[-1]     # the board's dice are "d1-rc", "d2-ys"…
                if face not in FACES:
                    raise self.invalid(f"{text!r}: {w!r} is not a die face "
                                       f"(rs, rc, ys, yc, bs, bc)", "keep rc rs")
                faces.append(face)
            return " ".join(["keep", *sorted(faces, key=FACES.index)])
        if head == "forfeit" and len(words) == 1:
            return "forfeit"
        if head == "drive":
            if len(words) < 2 or words[1] not in LETTER:
                raise self.invalid(f"{text!r}: drive names a colour (red, yellow or blue) and "
                                   f"then squares", "drive red i12 j12")
            rest = words[2:]
            for i, w in enumerate(rest):
                if w in HEADINGS and i == len(rest) - 1 and i > 0:
                    continue
                if not (w[:1].isalpha() and any(ch.isdigit() for ch in w) and w.isalnum()):
                    raise self.invalid(f"{text!r}: {w!r} is not a square name (like i12) or, "
                                       f"last, a heading (north, east, south, west)",
                                       "drive red i12 j12 j11 north")
            return " ".join(words)
        raise self.invalid(f"{text!r} is not a Super Race action", "drive red i12 j12")

    # ------------------------------------------------------------- legality
    def candidates(self, state: State, ctx: dict | None = None) -> Iterable[str]:
        phase = state["phase"]
        if phase == "over":
            return []
        if phase == "roll":
            return list(ROLL_ACTIONS[DICE - len(state["kept"])])
        out: list[str] = []
        keeps: frozenset[str] = frozenset()
        if state["rolls"] < ROLLS:
            dice = tuple(sorted(state["dice"]))
            out += _keeps(dice)
            keeps = _keep_set(dice)
        placements = self.placements
        drives = placements(state, "red") + placements(state, "yellow") \
            + placements(state, "blue")
        out += drives
        if not drives:
            out.append("forfeit")
        if ctx is not None:
            # what the candidates already know is legal (refusal reads it)
            ctx["drives"] = set(drives)
            ctx["keeps"] = keeps
        return out

    def refusal(self, state: State, action: str, ctx: dict | None = None) -> Refusal | None:
        cur = self.current(state) if ctx is None else ctx.get("current", self.current(state))
        head = action.split(" ", 1)[0]
        if cur is None:
            return Refusal("SU-over", "the race is over: " + self.situation(state))
        if head == "roll":
            if cur is not CHANCE:
                return Refusal("SU-chance", "the dice are rolled by chance (the dice), not "
                                            "chosen by a player; choose which dice to keep")
            n = DICE - len(state["kept"])
            if len(action.split()) - 1 != n:
                return Refusal("SU-R2", f"{n} dice are being rolled, not {len(action.split()) - 1}")
            return None
        if cur is CHANCE:
            return Refusal("SU-chance", "the dice are being rolled: wait for them")
        if head == "keep":
            if state["rolls"] >= ROLLS:
                return Refusal("SU-R2", "that was the third roll: no more rerolls; choose a colour")
            keeps = ctx.get("keeps") if ctx is not None else None
            if keeps is None:
                keeps = _keep_set(tuple(sorted(state["dice"])))
            if action in keeps:
                return None         # a candidate: fewer than five of the dice shown
            kept = action.split()[1:]
            extra = Counter(kept) - Counter(state["dice"])
            if extra:
                return Refusal("SU-R2", f"the dice show {describe(state['dice'])}: there is no "
                                        f"{describe(extra.elements())} to keep")
            if len(kept) == DICE:
                return Refusal("SU-R2", "keeping all five dice rolls nothing: keep fewer, or "
                                        "choose a colour to drive")
            return None
        if head == "forfeit":
            ok = self.drivable(state)
            if ok:
                return Refusal("SU-R13", f"the {ok[0]} dice can all be drawn, so you must "
                                         f"drive them (\"if it is possible to enter the dice of "
                                         f"the colour, they must be drawn in\")")
            return None
        if head == "drive":
            if ctx is not None and "drives" in ctx:
                if action in ctx["drives"]:
                    return None
            return self.drive_refusal(state, action)
        return Refusal("SU-actions", f"{action!r} is not a Super Race action")

    def drive_refusal(self, state: State, action: str, prefix: bool = False) -> Refusal | None:
        """Why ``drive <colour> <squares…> [heading]`` cannot be drawn — or,
        with ``prefix``, cannot be the start of a complete placement. The
        one place that checks a placement square by square."""
        words = action.split()
        colour = words[1]
        seat = state["turn"]
        letter = LETTER[colour]
        dice = [f for f in state["dice"] if f[0] == letter]
        if not dice:
            return Refusal("SU-R2", f"no die shows {colour}: the dice are "
                                    f"{describe(state['dice'])}")
        rest = words[2:]
        exit_word = rest.pop() if rest and rest[-1] in HEADINGS else None
        ns = sum(1 for f in dice if f[1] == "s")
        nc = len(dice) - ns
        car = state["cars"][seat]
        oil_ok = ns >= 2 or nc >= 2
        if len(rest) > len(dice):
            return Refusal("SU-R4", f"you have {n_dice(len(dice), colour)}: one square each, "
                                    f"not {len(rest)}")
        used: set[str] = set()
        heading = self.heading(state) if car["exit"] is None else car["exit"]
        prev = None if car["exit"] is None else car["path"][-1]
        left = {"s": ns, "c": nc}
        for i, name in enumerate(rest):
            if prev is None:
                if name not in self.track.squares or not self.track.squares[name].line:
                    return Refusal("SU-R5", f"the first go starts on the start/finish line "
                                            f"({', '.join(s.upper() for s in self.track.line)}), "
                                            f"entering it from behind the line")
            else:
                nxt = {h: self.track.next[prev][h] for h in (heading, LEFT[heading], RIGHT[heading])}
                if i == 0:
                    ahead = self.track.next[prev][heading]
                    if name != ahead:
                        return Refusal("SU-R3", f"you left {prev.upper()} heading {heading}: the "
                                                f"next square is "
                                                f"{ahead.upper() if ahead else 'off the track'}, "
                                                f"not {name.upper()}")
                elif name not in nxt.values():
                    return Refusal("SU-R3", f"{name.upper()} is not next to {prev.upper()} "
                                            f"straight ahead or round a curve")
                if i > 0:
                    kind = "s" if nxt[heading] == name else "c"
                    if left[kind] == 0:
                        word = "straight" if kind == "s" else "curve"
                        return Refusal("SU-R3", f"reaching {name.upper()} needs a {colour} "
                                                f"{word} in {prev.upper()}, and no {colour} "
                                                f"{word} die is left ({describe(dice)})")
                    left[kind] -= 1
                    heading = next(h for h, v in nxt.items() if v == name)
            why = self._square_refusal(state, car, name, colour, used, oil_ok, prev)
            if why:
                return Refusal("SU-R9" if "oil slick" in why else "SU-R3", why)
            used.add(name)
            prev = name
        if not self.placements(state, colour, limit=1):
            others = [c for c in self.drivable(state) if c != colour]
            then = f"you must drive {' or '.join(others)} instead (SU-R13)" if others \
                else "no colour can be drawn completely, so the go is forfeited"
            return Refusal("SU-R4", f"the {n_dice(len(dice), colour)} ({describe(dice)}) cannot "
                                    f"all be drawn from here, and a partial placement is never "
                                    f"allowed: {then}")
        complete = len(rest) == len(dice)
        if not complete:
            if exit_word is not None:
                return Refusal("SU-R4", f"all {n_dice(len(dice), colour)} must be drawn before the "
                                        f"last heading")
            ways = [p.split()[2 + len(rest)] for p in self.placements(state, colour)
                    if p.split()[2:2 + len(rest)] == rest]
            if not ways:
                return Refusal("SU-R4", f"from there the other {colour} dice cannot all be drawn "
                                        f"(\"you are not allowed to leave out any individual "
                                        f"dice\"): choose another square")
            if prefix:
                return None
            return Refusal("SU-R4", f"all {n_dice(len(dice), colour)} must be drawn (\"you are not "
                                    f"allowed to leave out any individual dice\"): this draws "
                                    f"{len(rest)}; go on with "
                                    f"{' or '.join(sorted({w.upper() for w in ways}))}")
        # the last die: a straight leaves straight on, a curve by a side
        kind_left = "s" if left["s"] else "c"
        if exit_word is None and kind_left == "c":
            return Refusal("SU-R3", f"the last die is a {colour} curve: say which way it leaves "
                                    f"{rest[-1].upper()} ({LEFT[heading]} or {RIGHT[heading]})")
        if exit_word is not None:
            if kind_left == "s":
                return Refusal("SU-R3", f"the last die is a {colour} straight: it leaves "
                                        f"{rest[-1].upper()} heading {heading}, so no heading "
                                        f"is given")
            if exit_word not in (LEFT[heading], RIGHT[heading]):
                return Refusal("SU-R3", f"a curve entering {rest[-1].upper()} heading {heading} "
                                        f"leaves {LEFT[heading]} or {RIGHT[heading]}, not "
                                        f"{exit_word}")
        return None

    # ----------------------------------------------------------------- apply
    def apply(self, state: State, action: str, sink: Sink = NULL_SINK) -> None:
        head = action.split(" ", 1)[0]
        getattr(self, "_do_" + head)(state, action.split()[1:], sink)

    def _do_roll(self, state: State, faces: list[str], emit: Sink) -> None:
        state["dice"] = sorted(state["kept"] + faces, key=FACES.index)
        state["kept"] = []
        state["rolls"] += 1
        state["phase"] = "choose"
        if emit is not NULL_SINK:       # (search and simulations keep no texts)
            emit(state, f"roll {state['rolls']}: {describe(state['dice'])}")

    def _do_keep(self, state: State, faces: list[str], emit: Sink) -> None:
        state["kept"] = faces
        state["phase"] = "roll"
        if emit is not NULL_SINK:
            who = self.seat_name(state["turn"])
            emit(state, f"{who} keeps {describe(faces)} and rolls {DICE - len(faces)} dice "
                        f"again")

    def _do_forfeit(self, state: State, args: list[str], emit: Sink) -> None:
        who = self.seat_name(state["turn"])
        emit(state, f"{who} cannot draw all the dice of any colour shown "
                    f"({describe(state['dice'])}): the whole go is forfeited (SU-R4)")
        self._end_go(state, emit, forfeited=True)

    def _do_drive(self, state: State, words: list[str], emit: Sink) -> None:
        colour, rest = words[0], words[1:]
        seat = state["turn"]
        car = state["cars"][seat]
        exit_word = rest.pop() if rest[-1] in HEADINGS else None
        heading = self.heading(state) if car["exit"] is None else car["exit"]
        prev = car["path"][-1] if car["path"] else None
        cps = self.checkpoints(state)
        laps = state["options"]["laps"]
        drawn = []
        for i, name in enumerate(rest):
            if i > 0:
                for h in (heading, LEFT[heading], RIGHT[heading]):
                    if self.track.next[prev][h] == name:  # type: ignore[index]
                        heading = h
                        break
            drawn.append(name)
            car["path"].append(name)
            car["colours"] += LETTER[colour]
            if car["past"] is not None:
                car["past"] += 1
            elif car["cp"] < len(cps) and name in cps[car["cp"]]:
                car["cp"] += 1
            elif car["cp"] == len(cps) and self.track.squares[name].line:
                car["lap"] += 1
                if car["lap"] >= laps:
                    car["past"] = 0
                    emit(state, f"{self.seat_name(seat)} reaches the finish line at "
                                f"{name.upper()}!")
                else:
                    car["cp"] = 0
                    emit(state, f"{self.seat_name(seat)} completes lap {car['lap']} at "
                                f"{name.upper()}")
            prev = name
        car["exit"] = exit_word or heading
        car["ends"].append(len(car["path"]))
        if emit is not NULL_SINK:
            emit(state, f"{self.seat_name(seat)} drives {colour}: "
                        f"{' '.join(s.upper() for s in drawn)}"
                        + (f" ({car['past']} past the line)" if car["past"] else ""))
        if car["past"] is not None and not state["finishing"] and state["tiebreak"] is None:
            state["finishing"] = True
            if self.players(state) > 1:
                emit(state, "the round is completed so that every player has had the same "
                            "number of goes (SU-R7)")
        self._end_go(state, emit, forfeited=False)

    def _end_go(self, state: State, emit: Sink, forfeited: bool) -> None:
        seat = state["turn"]
        car = state["cars"][seat]
        car["goes"] += 1
        state["dice"], state["kept"], state["rolls"] = [], [], 0
        last = car["path"][-1] if car["path"] else None
        if not forfeited and last and self.track.squares[last].corner:
            if not state["extra"] and not (self.players(state) == 1 and car["past"] is not None):
                state["extra"] = True
                state["phase"] = "roll"
                emit(state, f"{self.seat_name(seat)} ends on a tight corner ({last.upper()}): "
                            f"another go at once (SU-R6)")
                return
            if state["extra"]:
                emit(state, f"another tight corner ({last.upper()}), but the extra go is used "
                            f"once per go (SU-R6)")
        state["extra"] = False
        car["turns"] += 1
        self._next_turn(state, emit)

    def _eligible(self, state: State, seat: int, emit: Sink) -> bool:
        car = state["cars"][seat]
        if car["out"]:
            return False
        tb = state["tiebreak"]
        if tb is None and state["finishing"] and car["past"] is not None:
            return False
        if not self.can_move(state, seat):
            car["out"] = True
            emit(state, f"{self.seat_name(seat)}'s car can no longer move (no roll can draw "
                        f"the square ahead): out of the race (SU-R16)")
            return False
        return True

    def _next_turn(self, state: State, emit: Sink) -> None:
        n = self.players(state)
        seat = state["turn"]
        tb = state["tiebreak"]
        if tb is not None:
            while tb["left"]:
                s = tb["left"].pop(0)
                if self._eligible(state, s, emit):
                    self._begin(state, s)
                    return
            self._resolve_tiebreak(state, emit)
            return
        last = (state["starter"] - 1) % n
        for _ in range(n):
            if state["finishing"] and seat == last:
                self._resolve_round(state, emit)
                return
            seat = (seat + 1) % n
            if self._eligible(state, seat, emit):
                self._begin(state, seat)
                return
        if state["finishing"]:
            self._resolve_round(state, emit)
        else:
            emit(state, "no car can move any more: the race ends (SU-R16)")
            self._end_race(state, emit, winners=None)

    def _begin(self, state: State, seat: int) -> None:
        state["turn"] = seat
        state["phase"] = "roll"
        state["extra"] = False

    def _resolve_round(self, state: State, emit: Sink) -> None:
        cars = state["cars"]
        past = {s: c["past"] for s, c in enumerate(cars) if c["past"] is not None}
        if not past:
            self._end_race(state, emit, winners=None)
            return
        best = max(past.values())
        top = sorted(s for s, p in past.items() if p == best)
        if len(top) == 1:
            self._end_race(state, emit, winners=top)
            return
        emit(state, f"{' and '.join(self.seat_name(s) for s in top)} are equally far past the "
                    f"line ({best}): they play another turn (SU-R7)")
        self._start_tiebreak(state, top, emit)

    def _start_tiebreak(self, state: State, seats: list[int], emit: Sink) -> None:
        n = self.players(state)
        seats = sorted(seats, key=lambda s: (s - state["starter"]) % n)   # in turn order
        before = [state["cars"][s]["past"] for s in seats]
        state["tiebreak"] = {"seats": seats, "left": list(seats), "before": before}
        self._next_turn(state, emit)

    def _resolve_tiebreak(self, state: State, emit: Sink) -> None:
        tb = state["tiebreak"]
        seats = tb["seats"]
        totals = {s: state["cars"][s]["past"] for s in seats}
        best = max(totals.values())
        top = sorted(s for s, p in totals.items() if p == best)
        if len(top) == 1:
            self._end_race(state, emit, winners=top)
            return
        unchanged = [totals[s] for s in seats] == tb["before"]
        if unchanged and not any(self.can_move(state, s) for s in top):
            emit(state, "the tie-break changed nothing and no tied car can move: they share "
                        "the win (SU-R15)")
            self._end_race(state, emit, winners=top)
            return
        emit(state, f"still equal ({best} past the line): another tie-break turn (SU-R15)")
        self._start_tiebreak(state, top, emit)

    # ----------------------------------------------------------------- search
    @staticmethod
    def fork(state: State) -> State:
        """An independent copy of ``state``, made by its known shape (every
        list and dict of it copied, the texts and numbers shared): several
        times cheaper than a general deep copy. The base of :meth:`child`,
        :meth:`observation` and :meth:`determinize`."""
        tb = state["tiebreak"]
        winners = state["winners"]
        options = state["options"]
        results = state["results"]
        return {**state,
                "options": {**options, "oil": options["oil"][:]},
                "dice": state["dice"][:], "kept": state["kept"][:],
                "cars": [{**car, "path": car["path"][:], "ends": car["ends"][:]}
                         for car in state["cars"]],
                "points": state["points"][:],
                "results": [copy_json(r) for r in results] if results else [],
                "tiebreak": None if tb is None else
                {"seats": tb["seats"][:], "left": tb["left"][:], "before": tb["before"][:]},
                "winners": None if winners is None else winners[:]}

    def child(self, state: State, action: str) -> State:
        """A new state: ``state`` after ``action`` (``state`` is unchanged;
        a :meth:`fork`)."""
        new = self.fork(state)
        self.apply(new, action, NULL_SINK)
        return new

    def observation(self, state: State, seat: int) -> State:
        """Everything (no hidden information), as a :meth:`fork`."""
        return self.fork(state)

    def determinize(self, observation: State, seat: int, rng: random.Random) -> State:
        """Nothing is hidden: the observation itself, as a :meth:`fork`."""
        return self.fork(observation)

    # ----------------------------------------------------------------- chance
    def chance_outcomes(self, state: State) -> list[tuple[str, float]] | None:
        if state["phase"] != "roll":
            return None
        return list(ROLL_CHANCES[DICE - len(state["kept"])])

    def sample_chance(self, state: State, rng: random.Random) -> str:
        n = DICE - len(state["kept"])
        faces = sorted((rng.choice(FACES) for _ in range(n)), key=FACES.index)
        return "roll " + " ".join(faces)

    # ----------------------------------------------------------------- words
    def situation(self, state: State) -> str:
        if state["phase"] == "over":
            out = self.outcome(state)
            return str(out)
        seat = state["turn"]
        who = self.seat_name(seat)
        go = "extra go" if state["extra"] else "go"
        if state["phase"] == "roll":
            return f"{who}'s {go}: rolling {DICE - len(state['kept'])} dice"
        rolls = state["rolls"]
        return f"{who}'s {go}: roll {rolls} of 3 shows {describe(state['dice'])}"

    def text(self, state: State) -> str:
        rows = [list(r) for r in self.track.grid.rows]
        marks = "abcd"
        for seat, car in enumerate(state["cars"]):
            for name in car["path"]:
                sq = self.track.squares[name]
                rows[sq.y][sq.x] = str(seat + 1) if len(state["cars"]) > 1 else "o"
            if car["path"]:
                sq = self.track.squares[car["path"][-1]]
                rows[sq.y][sq.x] = marks[seat]
        lines = ["".join(r) for r in rows]
        lines.append(self.situation(state))
        return "\n".join(lines)

    def seat_name(self, seat: int) -> str:
        return f"Player {seat + 1}"

    def heuristic(self, state: State, seat: int) -> float:
        """Closer to the line is better; past it, further past is better."""
        car = state["cars"][seat]
        if car["past"] is not None:
            return 1.0 + car["past"] / 100
        left = self.remaining(state, seat)
        return -(len(self.track.squares) if left is None else left) / 100

    def step_problems(self, before: State, after: State) -> list[str]:
        out = []
        for s, (a, b) in enumerate(zip(before["cars"], after["cars"])):
            if after["race"] == before["race"]:
                if b["path"][:len(a["path"])] != a["path"]:
                    out.append(f"car {s}: its drawn path changed")
                if b["turns"] < a["turns"]:
                    out.append(f"car {s}: turns went down")
                if not 0 <= b["goes"] - a["goes"] <= 1:
                    out.append(f"car {s}: goes must go up by at most one per action")
                if len(b["path"]) - len(a["path"]) > DICE:
                    out.append(f"car {s}: more than five squares in one go")
            if not b["turns"] <= b["goes"] <= 2 * b["turns"] + 2:
                out.append(f"car {s}: {b['goes']} goes in {b['turns']} turns (an extra go at most "
                           f"once per turn)")
            if len(set(b["path"])) != len(b["path"]):
                out.append(f"car {s}: a square crossed twice")
        if after["phase"] == "choose" and len(after["dice"]) != DICE:
            out.append("not five dice after a roll")
        return out

    def validate_state(self, state: State) -> None:
        from .validate import validate_state
        validate_state(self, state)


__all__ = ["SuperRaceRules", "FACES", "FACE_WORDS"]
