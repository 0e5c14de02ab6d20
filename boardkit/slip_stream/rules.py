"""Slip Stream — the rules, pure Python.

Rulebook: *Slip Stream*; rulings SS-R1 … SS-R15 and the rule ids
``SS-actions``, ``SS-move``, ``SS-chance``, ``SS-over`` in
``docs/rulings.md``. Two players race 8 machine tokens (4 red, 4 blue) up a
course of 7 lanes: "On your turn, you move one of your machine tokens …
forward towards the goal tile". Points come from wheel tokens and goal
arrivals; the first score token on ◎ wins.

Space names
-----------
A space is named by its row along the course and its lane letter:
``"12c"`` is row 12, lane c. Lanes are a–g, lane a (lane 1) on the left
looking forward. Row 0 is the start tile's 8 start spaces, named ``s1`` …
``s8`` from the left (start space i sits between lanes i-1 and i); row 1
is the start tile's row of circular spaces; then come the 7 course tiles'
rows in course order (5 rows each for the built-in tiles: rows 2–36); the
last row is the goal tile (row 37 with the built-in tiles).

Actions (lower case)
--------------------
* ``"move 3c 5d"`` — move the machine on 3c; it ends on 5d (the space
  where the whole move ends, after circle skipping and slipstream). All
  moves of one machine start with ``"move 3c "``.
* ``"colour red"`` / ``"colour blue"`` — the pie rule's choice (SS-R10),
  made by the player who did not make the first move.
* ``"turbo 3c 4d"`` — the one-space turbo move (SS-R8) of the deciding seat.
* chance: ``"first 0"`` (the first-move player, 1/2 each) and
  ``"course 3 1 7 2 5 4 6"`` (the order of the course tiles, one of 7!).

Seats are 0 and 1; colours are assigned by the pie rule and shown by
:meth:`SlipStreamRules.player_name`.
"""
from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Any

from ..core.errors import OptionError
from ..core.first import draw_first, first_candidates, first_outcomes, first_seat, is_first
from ..core.rules import CHANCE, NULL_SINK, GameInfo, Outcome, Player, Refusal, Rules, Sink, State, normalize
from .moves import COLOURS, MACHINES, START, MachineMoves, place_key
from .tiles import (
    CIRCLE,
    COURSE_TILES,
    GOAL_POINTS,
    LANE_LETTERS,
    LANES,
    MAX_ROWS,
    START_SPACES,
    Layout,
    Place,
    ScoreTile,
    Tiles,
    builtin_data,
    parse_place,
    place_name,
    tiles_from_data,
)

ACTION_WORDS = ("move", "turbo", "colour")
EXAMPLES = {"move": "move 3c 5d", "turbo": "turbo 3c 4d", "colour": "colour red",
            "first": "first 0", "course": "course 3 1 7 2 5 4 6"}


def other(colour: str) -> str:
    return COLOURS[1 - COLOURS.index(colour)]


class SlipStreamRules(MachineMoves, Rules):
    """The pure rules of Slip Stream for exactly two players (SS-R1)."""

    info = GameInfo(
        name="slip_stream", title="Slip Stream", ruling_prefix="SS",
        min_players=2, max_players=2, perfect_information=True, chance=True,
        # every action but the colour choice moves a machine at least one row
        max_length=2 + 1 + 2 * MACHINES * (2 + COURSE_TILES * MAX_ROWS + 1),
        default_options={"score_tile": 1, "course": None, "pie_rule": True},
        rulebook="Slip Stream (English rulebook; publisher and year not stated)",
        opens_at_chance=True, scenarios=True, component_files=True,
    )
    near_misses = ("move s1 z9", "move a1", "turbo c4 d4", "colour green")
    chance_words = ("first", "course")
    chance_name = "Set-up"

    def __init__(self, components):
        super().__init__(components)
        self.tiles: Tiles = tiles_from_data(components.data)
        self._layouts: dict[tuple[int, ...], Layout] = {}

    @classmethod
    def _builtin_data(cls, name: str) -> Any:
        return builtin_data()

    # -------------------------------------------------------------- options
    def check_options(self, options: dict) -> None:
        """``score_tile``: a number or name ("#1 STANDARD", the rulebook's
        recommendation for a first game, is the default); ``course``: a fixed
        order of the 7 course tiles, or None to shuffle them ("Choose the
        order of the 7 course tiles at random"); ``pie_rule``: False lets the
        first-move player keep the colour they moved (an experiment)."""
        tile = self.tiles.find_score_tile(options["score_tile"])
        if tile is None:
            raise OptionError("Slip Stream: score_tile is one of " + ", ".join(
                f"{t.number} ({t.label})" for t in self.tiles.score)
                + f", not {options['score_tile']!r}")
        options["score_tile"] = tile.number
        course = options["course"]
        if course is not None:
            # the items' types first: a list of mixed types cannot be sorted
            if not (isinstance(course, (list, tuple)) and all(type(n) is int for n in course)
                    and sorted(course) == list(range(1, COURSE_TILES + 1))):
                raise OptionError(f"Slip Stream: course is None (shuffled) or an order of the "
                                  f"course tiles 1..{COURSE_TILES}, each once, such as "
                                  f"[3, 1, 7, 2, 5, 4, 6]; not {course!r}")
            options["course"] = list(course)
        if type(options["pie_rule"]) is not bool:
            raise OptionError(f"Slip Stream: SS-R10: pie_rule is True or False, not "
                              f"{options['pie_rule']!r}")

    def score_tile(self, state: State) -> ScoreTile:
        return self.tiles.score_tile(state["options"]["score_tile"])

    def layout(self, state: State) -> Layout:
        """The course of this game (its tiles in course order)."""
        order = tuple(state["course"] or range(1, COURSE_TILES + 1))
        lay = self._layouts.get(order)
        if lay is None:
            lay = self._layouts[order] = Layout(self.tiles, order)
        return lay

    # -------------------------------------------------------------- set-up
    def initial_state(self, options: dict) -> State:
        return {
            "options": options,
            "phase": "setup",
            "first": None,
            "course": list(options["course"]) if options["course"] else None,
            "colours": None,
            "first_colour": None,
            "pending": 0,
            "machines": {c: list(START[c]) for c in COLOURS},
            "scores": {c: 0 for c in COLOURS},
            "wheels": [None] * COURSE_TILES,
            "goal": [],
            "turn": None,
            "turbo": None,
            "moves": 0,
            "winner": None,
            "result": "",
        }

    def current(self, state: State) -> Player:
        phase = state["phase"]
        if phase == "over":
            return None
        if phase == "setup":
            return CHANCE
        if phase == "pie":
            return state["first"]
        if phase == "colour":
            return 1 - state["first"]
        return state["turbo"] if state["turbo"] is not None else state["turn"]

    # ------------------------------------------------------------- names
    def seat_of(self, state: State, colour: str) -> int | None:
        cols = state["colours"]
        return None if cols is None else cols.index(colour)

    def player_name(self, state: State, seat: int) -> str:
        """"Player 1 (red)" once the colours are chosen, else "Player 1"."""
        cols = state["colours"]
        return f"Player {seat + 1}" + (f" ({cols[seat]})" if cols else "")

    def situation(self, state: State) -> str:
        phase = state["phase"]
        if phase == "setup":
            return "setting up"
        if phase == "over":
            return state["result"]
        who = self.current(state)
        assert isinstance(who, int)
        name = self.player_name(state, who)
        if phase == "pie":
            return f"{name} makes the first move, with a machine of either colour (SS-R10)"
        if phase == "colour":
            return f"{name} chooses a colour after the first move (SS-R10)"
        s = state["scores"]
        score = f"red {s['red']}, blue {s['blue']} (◎ at {self.score_tile(state).goal})"
        if state["turbo"] is not None:
            return f"{name} makes a turbo move (SS-R8); {score}"
        return f"{name} to move; {score}"

    # ------------------------------------------------------------ actions
    def parse(self, text: str) -> str:
        words = normalize(text).split(" ")
        word, n = words[0], len(words)
        if word == "color":
            word = words[0] = "colour"
        if word in ("move", "turbo"):
            if n == 2 and parse_place(words[1]) is not None:
                raise self.invalid(f"'{word} {words[1]}' names the machine; add the space where "
                                   f"the {'turbo ' if word == 'turbo' else ''}move ends",
                                   f"{word} {words[1]} {self._example_to(words[1])}")
            if n != 3 or parse_place(words[1]) is None or parse_place(words[2]) is None:
                raise self.invalid(f"write '{word} <from> <to>' with spaces named by row and lane "
                                   f"(such as 3c: row 3, lane c; lanes a to g) or s1 to s8 for "
                                   f"the start spaces", EXAMPLES[word])
        elif word == "colour":
            if n != 2 or words[1] not in COLOURS:
                raise self.invalid("the pie rule's choice is 'colour red' or 'colour blue'",
                                   "colour red")
        elif word == "first":
            if n != 2:
                raise self.invalid("the first-move player is a seat, 0 or 1", "first 0")
        elif word == "course":
            if n < 2:
                raise self.invalid("the course order names the 7 course tiles", EXAMPLES["course"])
        elif n == 1 and parse_place(word) is not None:
            # what a click on a space of the board says before a machine is chosen
            raise self.invalid(f"'{word}' names a space; a move takes two clicks: first the machine "
                               f"to move, then the space where its move ends", EXAMPLES["move"])
        else:
            raise self.invalid(f"unknown action {text.strip()[:40]!r}; a player moves a machine "
                               "('move <from> <to>'), makes a turbo move ('turbo <from> <to>') or "
                               "chooses a colour ('colour red')", EXAMPLES["move"])
        return " ".join(words)

    @staticmethod
    def _example_to(space: str) -> str:
        p = parse_place(space)
        assert p is not None
        if p[0] == 0:
            return f"1{LANE_LETTERS[min(p[1], LANES) - 1]}"
        return place_name((p[0] + 1, p[1]))

    def candidates(self, state: State, ctx: dict | None = None) -> Iterable[str]:
        cur = self.current(state)
        if cur is None:
            return []
        if cur is CHANCE:
            return first_candidates(2) if state["first"] is None else []
        if state["phase"] == "colour":
            return [f"colour {c}" for c in COLOURS]
        lay = self.layout(state)
        occ = self.occupancy(state)
        if ctx is not None:
            ctx["occ"] = occ
        out = []
        if state["turbo"] is not None:
            for m in state["machines"][state["colours"][cur]]:
                p = parse_place(m)
                assert p is not None
                out += [f"turbo {m} {place_name(s)}" for s in lay.steps(p)]
            return out
        for colour in self.movers(state):
            for m in state["machines"][colour]:
                p = parse_place(m)
                assert p is not None
                if p[0] >= lay.goal_row:
                    continue
                dests = self.destinations(state, m, occ)
                if ctx is not None:
                    ctx["dest " + m] = dests
                out += [f"move {m} {d}" for d in dests]
                # the blocked directions too: their refusal says why
                out += [f"move {m} {place_name(s)}" for s in lay.steps(p)
                        if s in occ or lay.prohibited(p, s)]
        return out

    def refusal(self, state: State, action: str, ctx: dict | None = None) -> Refusal | None:
        """THE legality check of Slip Stream: None when ``action`` is legal
        now, else the rule that forbids it and why."""
        words = action.split(" ")
        word = words[0]
        cur = ctx["current"] if ctx is not None and "current" in ctx else self.current(state)
        if word in self.chance_words:
            if cur is CHANCE:
                return self._chance_refusal(state, words)
            return Refusal("SS-chance", "choosing the first-move player and the order of the "
                                        "course tiles is chance's; fix them with force(...) or "
                                        "chance=[...]")
        if cur is None:
            return Refusal("SS-over", f"the game is over ({state['result']})")
        if cur is CHANCE:
            return Refusal("SS-chance", "chance is still setting up the game (first-move player, "
                                        "course order)")
        if word not in ACTION_WORDS or len(words) != (2 if word == "colour" else 3) or (
                word == "colour" and words[1] not in COLOURS):
            return Refusal("SS-actions", f"not an action of this game; an action looks like "
                                         f"'{EXAMPLES['move']}' or 'colour red'")
        phase = state["phase"]
        name = self.player_name(state, cur)
        if word == "colour":
            if phase != "colour":
                return Refusal("SS-R10", "the colours are chosen once, right after the first move, "
                                         "by the player who did not make it")
            return None
        if phase == "colour":
            return Refusal("SS-R10", f"{name} must first choose a colour, having seen the first "
                                     f"move: 'colour red' or 'colour blue'")
        if word == "turbo":
            if state["turbo"] is None:
                return Refusal("SS-R8", "there is no turbo move to make: a turbo comes only when "
                                        "the opponent's score token stops exactly on a ● while "
                                        "ahead")
            return self._turbo_refusal(state, words[1], words[2], cur)
        if state["turbo"] is not None:
            return Refusal("SS-R13", f"{name} must first make the turbo move (SS-R8): "
                                     f"'turbo <from> <to>', one space, no circle skipping, "
                                     f"no slipstream")
        return self._move_refusal(state, words[1], words[2], cur, ctx)

    def legal_actions(self, state: State) -> list[str]:
        """The legal actions written out from the moves themselves, not by
        asking :meth:`refusal` of each candidate (the candidates include
        the blocked steps, for their reasons): every end of a move of a
        machine the player may move (SS-R2, SS-R3, SS-R10), every one-space
        step of a turbo move (SS-R8), or the two colours (SS-R10). The same
        list, in the same order, as the candidates :meth:`refusal` accepts
        (a conformance test compares them)."""
        cur = self.current(state)
        if cur is None or cur is CHANCE:
            return super().legal_actions(state)
        if state["phase"] == "colour":
            return [f"colour {c}" for c in COLOURS]
        lay = self.layout(state)
        occ = self.occupancy(state)
        goal = lay.goal_row
        out: list[str] = []
        if state["turbo"] is not None:
            for m in state["machines"][state["colours"][cur]]:
                p = parse_place(m)
                if p is not None and p[0] < goal:
                    out += [f"turbo {m} {place_name(s)}" for s in self._open_steps(lay, occ, p)]
            return out
        for colour in self.movers(state):
            for m in state["machines"][colour]:
                p = parse_place(m)
                if p is not None and p[0] < goal:
                    out += [f"move {m} {d}" for d in self.destinations(state, m, occ)]
        return out

    def _chance_refusal(self, state: State, words: list[str]) -> Refusal | None:
        if state["first"] is None:
            if not is_first(" ".join(words), 2):
                return Refusal("SS-chance", "chance first chooses the first-move player: "
                                            "'first 0' or 'first 1'")
            return None
        want = [str(n) for n in range(1, COURSE_TILES + 1)]
        if words[0] != "course" or sorted(words[1:]) != want:
            return Refusal("SS-chance", f"chance now chooses the order of the course tiles: "
                                        f"'course' and the numbers 1 to {COURSE_TILES}, each once, "
                                        f"e.g. '{EXAMPLES['course']}'")
        return None

    def _place_refusal(self, state: State, lay: Layout, *names: str) -> Refusal | None:
        for s in names:
            p = parse_place(s)
            if p is None or not lay.on_course(p):
                return Refusal("SS-move", f"there is no space {s} on this course (start spaces "
                                          f"s1 to s{START_SPACES}; rows 1 to {lay.goal_row}, "
                                          f"lanes a to g)")
        return None

    def _machine_refusal(self, state: State, src: str, colours: tuple[str, ...],
                         occ: dict, seat: int) -> Refusal | None:
        lay = self.layout(state)
        sp = parse_place(src)
        if sp not in occ:
            return Refusal("SS-move", f"there is no machine on {src}")
        if occ[sp] not in colours:
            return Refusal("SS-move", f"the machine on {src} is {occ[sp]}; "
                                      f"{self.player_name(state, seat)} moves a "
                                      f"{' or '.join(colours)} machine")
        if sp is not None and sp[0] == lay.goal_row:
            return Refusal("SS-R7", f"the machine on {src} has reached the goal: a goaled machine "
                                    "never moves again")
        return None

    def _step_refusal(self, lay: Layout, occ: dict, src: str, dst: str) -> tuple[Refusal | None, Place]:
        """The one-step part shared by moves and turbo moves: (refusal, the
        step toward ``dst``'s lane)."""
        sp, dp = parse_place(src), parse_place(dst)
        assert sp is not None and dp is not None
        if dp[0] <= sp[0]:
            return Refusal("SS-move", "machines move forward only: never sideways or backwards "
                                      f"(from {src}, a move ends on a later row)"), sp
        steps = lay.steps(sp)
        step = next((s for s in steps if s[1] == dp[1]), None)
        if step is None:
            seen = ", ".join(place_name(s) for s in steps)
            if sp[0] == 0:
                return Refusal("SS-R5", f"start space {src} sits between lanes; its machine can "
                                        f"only go to the circle(s) in front of it: {seen}"), sp
            there = f" ({dst} holds a {occ[dp]} machine)" if dp in occ else ""
            return Refusal("SS-R2", f"a machine goes straight on or into a neighbouring lane, "
                                    f"never further and never off the course: from {src} the "
                                    f"next spaces are {seen}{there}"), sp
        if lay.prohibited(sp, step):
            return Refusal("SS-R11", f"a lane-change prohibition line lies along the step from "
                                     f"{src} to {place_name(step)}: that lane change is "
                                     f"forbidden"), step
        if step in occ:
            hint = "" if self._open_steps(lay, occ, sp) else \
                " (this machine cannot move at all now)"
            return Refusal("SS-R2", f"{place_name(step)} is occupied by a {occ[step]} machine; a "
                                    f"machine cannot enter an occupied space{hint}"), step
        return None, step

    def _move_refusal(self, state: State, src: str, dst: str, seat: int,
                      ctx: dict | None) -> Refusal | None:
        lay = self.layout(state)
        why = self._place_refusal(state, lay, src, dst)
        if why is not None:
            return why
        occ = ctx["occ"] if ctx is not None and "occ" in ctx else self.occupancy(state)
        why = self._machine_refusal(state, src, self.movers(state), occ, seat)
        if why is not None:
            return why
        key = "dest " + src
        if ctx is not None and key in ctx:
            dests = ctx[key]
        else:
            dests = self.destinations(state, src, occ)
            if ctx is not None:
                ctx[key] = dests
        if dst in dests:
            return None
        why, step = self._step_refusal(lay, occ, src, dst)
        if why is not None and why.rule == "SS-R5" and dests:
            # (the circles are passed over: say where the move ends too)
            ends = sorted(dests, key=lambda d: parse_place(d) or (0, 0))
            return Refusal(why.rule, f"{why.reason}, and on over the circle(s) to {', '.join(ends)}")
        if why is not None:
            return why
        sp = parse_place(src)
        without = {p: c for p, c in occ.items() if p != sp}
        path, skipped = self._run(lay, without, step)
        end = place_name(path[-1])
        names = [place_name(p) for p in path]
        if dst in names:        # it would pass dst without stopping
            i = names.index(dst)
            if i < skipped - 1:
                return Refusal("SS-R2", f"{dst} is a circular space: a machine does not stop on it "
                                        f"but goes on to the nearest elongated space; this move "
                                        f"ends on {end} ('move {src} {end}')")
            return Refusal("SS-R3", f"the slipstream is mandatory: a machine ahead in the lane "
                                    f"carries this machine on to {end}, directly behind it "
                                    f"('move {src} {end}')")
        stop = path[skipped - 1]
        blocked = (stop[0] + 1, stop[1]) in without
        if len(path) > skipped:
            reason = (f"the slipstream stops it directly behind the machine on "
                      f"{place_name((path[-1][0] + 1, path[-1][1]))}")
            rule = "SS-R3"
        elif blocked:
            reason = (f"the machine on {place_name((stop[0] + 1, stop[1]))} blocks the lane, so it "
                      f"ends one space before it")
            rule = "SS-R2"
        else:
            reason = "it stops on the first elongated space it reaches"
            rule = "SS-R2"
        return Refusal(rule, f"a machine from {src} in lane {LANE_LETTERS[step[1] - 1]} ends on "
                             f"{end}, not {dst}: {reason} ('move {src} {end}')")

    def _turbo_refusal(self, state: State, src: str, dst: str, seat: int) -> Refusal | None:
        lay = self.layout(state)
        why = self._place_refusal(state, lay, src, dst)
        if why is not None:
            return why
        occ = self.occupancy(state)
        why = self._machine_refusal(state, src, (state["colours"][seat],), occ, seat)
        if why is not None:
            return why
        why, step = self._step_refusal(lay, occ, src, dst)
        if why is not None:
            return why
        if place_name(step) != dst:
            return Refusal("SS-R8", f"a turbo move goes one space only, without circle skipping "
                                    f"or slipstream: from {src} in that lane it ends on "
                                    f"{place_name(step)}")
        return None

    # ------------------------------------------------------------ applying
    def apply(self, state: State, action: str, sink: Sink = NULL_SINK) -> None:
        emit = sink
        words = action.split(" ")
        word = words[0]
        if word == "first":
            state["first"] = first_seat(action)
            if emit is not NULL_SINK:
                emit(state, f"Chance: Player {state['first'] + 1} is the first-move player (SS-R10)")
            self._after_setup(state, emit)
        elif word == "course":
            state["course"] = [int(w) for w in words[1:]]
            if emit is not NULL_SINK:
                emit(state, "Chance: the course tiles are laid in the order "
                            + ", ".join(map(str, state["course"])))
            self._after_setup(state, emit)
        elif word == "colour":
            self._choose(state, words[1], emit)
        elif word == "move":
            self._do_move(state, words[1], words[2], emit)
        elif word == "turbo":
            self._do_turbo(state, words[1], words[2], emit)
        else:  # pragma: no cover (refusal() lets nothing else through)
            raise ValueError(f"Slip Stream: cannot apply {action!r}")

    def _after_setup(self, state: State, emit: Sink) -> None:
        if state["first"] is not None and state["course"] is not None:
            state["phase"] = "pie"
            if emit is not NULL_SINK:
                emit(state, f"Player {state['first'] + 1} makes the first move with a machine of "
                            f"either colour (the pie rule, SS-R10)")

    def _relocate(self, state: State, colour: str, src: str, dst: str) -> None:
        ms = state["machines"][colour]
        ms.remove(src)
        ms.append(dst)
        ms.sort(key=place_key)

    def clone(self, state: State) -> State:
        """A copy whose every part may be changed in place, made by the
        state's known shape."""
        new = state.copy()
        options = new["options"] = state["options"].copy()
        if options["course"] is not None:
            options["course"] = options["course"][:]
        if state["course"] is not None:
            new["course"] = state["course"][:]
        if state["colours"] is not None:
            new["colours"] = state["colours"][:]
        new["machines"] = {c: m[:] for c, m in state["machines"].items()}
        new["scores"] = state["scores"].copy()
        new["wheels"] = state["wheels"][:]
        new["goal"] = state["goal"][:]
        return new

    def _gains(self, state: State, colour: str, dst: str) -> tuple[int, list[str]]:
        """Points a move of a ``colour`` machine to ``dst`` earns: a goal
        arrival (SS-R7: 7, 5, 3, 2, then 0) and every wheel token of a
        course tile that all ``colour`` machines are now beyond (SS-R6: "they
        take the wheel token on the tile they left"), summed."""
        lay = self.layout(state)
        tile = self.score_tile(state)
        points, parts = 0, []
        if place_key(dst)[0] == lay.goal_row:
            n = len(state["goal"])
            state["goal"].append(colour)
            got = GOAL_POINTS[n] if n < len(GOAL_POINTS) else 0
            points += got
            parts.append(f"goal arrival no. {n + 1}: {got}")
        low = min(place_key(m)[0] for m in state["machines"][colour])
        for k, last in enumerate(lay.last_row):
            if state["wheels"][k] is None and low > last:
                state["wheels"][k] = colour
                points += tile.wheels[k]
                parts.append(f"wheel token of course position {k + 1}: {tile.wheels[k]}")
        return points, parts

    def _do_move(self, state: State, src: str, dst: str, emit: Sink) -> None:
        colour = "red" if src in state["machines"]["red"] else "blue"
        if emit is not NULL_SINK:   # the way the move went, for its sentence only
            occ = self.occupancy(state)
            trail = self.destinations(state, src, occ)[dst]
            how = self._describe(state, occ, src, trail)
        self._relocate(state, colour, src, dst)
        state["moves"] += 1
        if emit is not NULL_SINK:
            seat = self.current(state)
            assert isinstance(seat, int)
            emit(state, f"{self.player_name(state, seat)} moves the {colour} machine {src} → {dst}{how}")
        points, parts = self._gains(state, colour, dst)
        if state["phase"] == "pie":
            state["first_colour"] = colour
            state["pending"] = points
            if points:
                if emit is not NULL_SINK:
                    emit(state, f"The first move earns {colour} {points} ({'; '.join(parts)}); it is "
                                f"scored once the colours are settled (SS-R15)")
            if state["options"]["pie_rule"]:
                state["phase"] = "colour"
                if emit is not NULL_SINK:
                    emit(state, f"{colour} is the first colour; Player {2 - state['first']} now "
                                f"chooses a colour (SS-R10)")
            else:
                first = state["first"]
                state["colours"] = [colour, other(colour)] if first == 0 else [other(colour), colour]
                if emit is not NULL_SINK:
                    emit(state, f"Without the pie rule, Player {first + 1} plays {colour}, the colour "
                                f"they moved")
                self._start_play(state, emit)
            return
        self._score(state, colour, points, parts, emit)
        if state["phase"] == "play" and state["turbo"] is None:
            self._end_turn(state, emit)

    def _describe(self, state: State, occ: dict, src: str, trail: list[str]) -> str:
        """The note after a move in its event, e.g. " (5 spaces: slipstream)"."""
        lay = self.layout(state)
        sp = parse_place(src)
        without = {p: c for p, c in occ.items() if p != sp}
        path, skipped = self._run(lay, without, parse_place(trail[1]))  # type: ignore[arg-type]
        notes = []
        if skipped > 1:
            notes.append("circle skipping")
        if lay.kind(path[skipped - 1]) == CIRCLE:
            notes.append("stopped on a circle behind a machine")
        if len(path) > skipped:
            notes.append("slipstream")
        n = len(path)
        return f" ({n} space{'s' if n > 1 else ''}" + (f": {', '.join(notes)}" if notes else "") + ")"

    def _choose(self, state: State, colour: str, emit: Sink) -> None:
        """SS-R10: "The other player then looks at this move and chooses
        their colour … The remaining colour goes to the first-move player."
        """
        chooser = 1 - state["first"]
        cols = [other(colour), other(colour)]
        cols[chooser] = colour
        state["colours"] = cols
        if emit is not NULL_SINK:
            emit(state, f"Player {chooser + 1} chooses {colour}; Player {state['first'] + 1} plays "
                        f"{other(colour)}")
        self._start_play(state, emit)

    def _start_play(self, state: State, emit: Sink) -> None:
        """"The game then begins with the player who ended up as the second
        player": the owner of the colour that did not move. The first move's
        points are scored now, for its colour (SS-R15)."""
        state["phase"] = "play"
        fc = state["first_colour"]
        state["turn"] = self.seat_of(state, fc)
        points, state["pending"] = state["pending"], 0
        self._score(state, fc, points, [f"the first move: {points}"] if points else [], emit)
        if state["phase"] == "play" and state["turbo"] is None:
            self._end_turn(state, emit)

    def _do_turbo(self, state: State, src: str, dst: str, emit: Sink) -> None:
        """SS-R8: "The opponent moves one of their machines forward by one
        space … a slipstream is not triggered. Even if the destination is a
        circular space, the machine moves only one space"; SS-R13: afterwards
        the turn passes as if no turbo had happened."""
        seat = state["turbo"]
        colour = state["colours"][seat]
        self._relocate(state, colour, src, dst)
        state["moves"] += 1
        state["turbo"] = None
        if emit is not NULL_SINK:
            emit(state, f"{self.player_name(state, seat)} makes the turbo move {src} → {dst} "
                        f"(SS-R8)")
        points, parts = self._gains(state, colour, dst)
        self._score(state, colour, points, parts, emit)
        if state["phase"] == "play" and state["turbo"] is None:
            self._end_turn(state, emit)

    def _score(self, state: State, colour: str, points: int, parts: list[str], emit: Sink) -> None:
        """Move ``colour``'s score token once by the move's total (SS-R6),
        then ◎ (SS-R9) and the marks (SS-R8). "A move that scores 0 points
        does not move the score token and triggers no mark" (SS-R14)."""
        if points == 0:
            return
        tile = self.score_tile(state)
        scores = state["scores"]
        scores[colour] += points
        p, q = scores[colour], scores[other(colour)]
        seat = self.seat_of(state, colour)
        assert seat is not None
        name = self.player_name(state, seat)
        if emit is not NULL_SINK:
            emit(state, f"{colour} scores {points} ({'; '.join(parts)}): score token on {p}")
        if p >= tile.goal:
            self._end(state, seat, f"{name} reaches ◎ with {p} points and wins (SS-R9)", emit)
            return
        mark = "●" if p in tile.turbo else "✹" if p in tile.crash else None
        if mark is None:
            return
        if p <= q:
            if emit is not NULL_SINK:
                emit(state, f"{colour} stops on {mark} but is not ahead ({p} to {q}): nothing happens "
                            f"(SS-R8)")
            return
        if mark == "✹":
            self._end(state, 1 - seat, f"{name} stops on ✹ (crash) while ahead and loses "
                                       f"(SS-R8)", emit)
            return
        opp = 1 - seat
        if emit is not NULL_SINK:
            emit(state, f"{colour} stops on ● (turbo) while ahead: "
                        f"{self.player_name(state, opp)} moves one machine one space (SS-R8)")
        if not self.can_move(state, other(colour)):
            self._end(state, seat, f"{self.player_name(state, opp)} has no machine that can make "
                                   f"the turbo move and loses (SS-R8)", emit)
            return
        state["turbo"] = opp

    def _end_turn(self, state: State, emit: Sink) -> None:
        """The turn passes; "If none of your machines can move, you lose the
        game immediately" (SS-R4, SS-R14)."""
        nxt = 1 - state["turn"]
        state["turn"] = nxt
        colour = state["colours"][nxt]
        if not self.can_move(state, colour):
            lay = self.layout(state)
            home = all(place_key(m)[0] == lay.goal_row for m in state["machines"][colour])
            why = "all its machines are at the goal (SS-R14)" if home else \
                "none of its machines can move (SS-R4)"
            self._end(state, 1 - nxt, f"{self.player_name(state, nxt)} loses: {why}", emit)

    def _end(self, state: State, winner: int, result: str, emit: Sink) -> None:
        state["phase"] = "over"
        state["winner"] = winner
        state["turbo"] = None
        state["result"] = result
        if emit is not NULL_SINK:
            emit(state, result)

    # ------------------------------------------------------------- chance
    def chance_outcomes(self, state: State) -> list[tuple[str, float]] | None:
        if state["phase"] != "setup":
            return []
        if state["first"] is None:
            return first_outcomes(2)
        return None  # 7! course orders: sampled

    def sample_chance(self, state: State, rng: random.Random) -> str:
        if state["first"] is None:
            return draw_first(2, rng)
        order = list(range(1, COURSE_TILES + 1))
        rng.shuffle(order)
        return "course " + " ".join(map(str, order))

    # ------------------------------------------------------------- outcome
    def outcome(self, state: State) -> Outcome | None:
        if state["phase"] != "over":
            return None
        cols = state["colours"] or list(COLOURS)
        scores = tuple(state["scores"][c] for c in cols)
        return Outcome((state["winner"],), scores, state["result"])

    def round_of(self, state: State) -> int:
        """The number of machine moves made (turbo moves included)."""
        return state["moves"]

    def max_actions_per_round(self, options: dict) -> int:
        return 2   # a move, or the first move and then the colour choice

    def step_problems(self, before: State, after: State) -> list[str]:
        """8 machines, never two on one space, none moving backward, scores
        never decreasing, wheel tokens and goal arrivals never taken back."""
        out = []
        spaces = [m for c in COLOURS for m in after["machines"][c]]
        if len(spaces) != 2 * MACHINES or any(len(after["machines"][c]) != MACHINES for c in COLOURS):
            out.append("there are not 4 machines of each colour")
        if len(set(spaces)) != len(spaces):
            out.append("two machines share a space")
        for c in COLOURS:
            rb = sorted(place_key(m)[0] for m in before["machines"][c])
            ra = sorted(place_key(m)[0] for m in after["machines"][c])
            if len(ra) == len(rb) and any(a < b for a, b in zip(ra, rb)):
                out.append(f"a {c} machine moved backward")
            if after["scores"][c] < before["scores"][c]:
                out.append(f"the {c} score went down")
        if any(b is not None and a != b for a, b in zip(after["wheels"], before["wheels"])):
            out.append("a wheel token changed hands")
        if after["goal"][:len(before["goal"])] != before["goal"]:
            out.append("the goal arrivals changed")
        return out

    def validate_state(self, state: State) -> None:
        from .validate import validate
        validate(self, state)

    # --------------------------------------------------------------- views
    def heuristic(self, state: State, seat: int) -> float:
        """Score difference, plus a little for progress along the course."""
        if state["phase"] == "over":
            return 1000.0 if state["winner"] == seat else -1000.0
        if state["colours"] is None:
            return 0.0
        mine = state["colours"][seat]
        rows = {c: sum(place_key(m)[0] for m in state["machines"][c]) for c in COLOURS}
        s = state["scores"]
        return (s[mine] - s[other(mine)]) + 0.05 * (rows[mine] - rows[other(mine)])

    def text(self, state: State) -> str:
        """The course as text, goal at the top: ``R``/``B`` machines, ``|``
        elongated spaces, ``o`` circles, ``G`` goal spaces, ``x`` where a
        prohibition line starts."""
        lay = self.layout(state)
        occ = self.occupancy(state)
        tile = self.score_tile(state)
        lines = [f"Slip Stream — {self.situation(state)}"]
        course = "" if state["course"] else " (course order not drawn yet)"
        lines.append(f"Score tile {tile.label}: ◎ at {tile.goal}; ● at "
                     f"{', '.join(map(str, sorted(tile.turbo))) or '—'}; ✹ at "
                     f"{', '.join(map(str, sorted(tile.crash))) or '—'}{course}")
        lines.append("Scores: " + ", ".join(f"{c} {state['scores'][c]}" for c in COLOURS)
                     + "; goal arrivals: " + (" ".join(state["goal"]) or "—"))
        lines.append("         " + " ".join(LANE_LETTERS))
        marks = {"space": "|", "circle": "o", "goal": "G"}
        for row in range(lay.goal_row, 0, -1):
            cells = []
            for lane in range(1, LANES + 1):
                c = occ.get((row, lane))
                cells.append(c[0].upper() if c else marks[lay.kind((row, lane))])
            note = ""
            if row in lay.tile_of_row and row == lay.last_row[lay.tile_of_row[row] - 1]:
                k = lay.tile_of_row[row]
                w = state["wheels"][k - 1]
                note = f"  tile {lay.order[k - 1]}, wheel {tile.wheels[k - 1]}" + (
                    f" (taken by {w})" if w else "")
            bans = sorted(f"{place_name((row, a))}→{place_name((row + 1, b))}"
                          for r, a, b in lay.forbidden if r == row)
            if bans:
                note += "  no " + ", ".join(bans)
            lines.append(f"  {row:>3}    " + " ".join(cells) + note)
        start = "".join((occ.get((0, i)) or ".")[0].upper() + " " for i in range(1, START_SPACES + 1))
        lines.append("  s1-s8 " + start.rstrip())
        return "\n".join(lines)
