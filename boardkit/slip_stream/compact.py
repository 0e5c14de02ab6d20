"""Slip Stream's rules in compact form, for the search: a position in play
as a tuple of small integers, its legal moves and the position after a
move (SS-R2 … SS-R14: circle skipping, slipstream, wheel tokens, goal
points, ● turbo and ✹ crash marks, immobility). The test suite checks on
thousands of positions that it lists exactly the engine's legal actions and
reaches exactly the engine's next positions. The evaluation is added by
:class:`boardkit.slip_stream.evaluation.Fast`."""
from __future__ import annotations

from typing import Any

from ..core.rules import State
from .tiles import CIRCLE, COURSE_TILES, GOAL_POINTS, LANE_LETTERS, parse_place

__all__ = ["CompactRules", "RED", "BLUE", "COLOUR_NAMES", "place_code", "code_name", "mirror_code",
           "MIRROR"]

RED, BLUE = 0, 1
COLOUR_NAMES = ("red", "blue")

# a compact position (a tuple):
#   (red places, blue places, red score, blue score, wheel tokens taken (bit k:
#    course position k + 1), goal arrivals so far, colour to act, turbo?, the
#    colour whose normal turn it is)
# a place is row * 8 + lane - 1 (lanes 1..7; start spaces 1..8 on row 0); each
# colour's places are sorted.
# a compact move: (from, to) places; whether it is a turbo move comes from the
# position.
# the result of a move: a position, or ("won", colour) once the game is over.


def place_code(name: str) -> int:
    p = parse_place(name)
    assert p is not None
    return p[0] * 8 + p[1] - 1


def mirror_code(code: int) -> int:
    """A place's mirror image left to right: start space i ↔ 9 - i on row 0,
    lane i ↔ 8 - i (a ↔ g) on the other rows."""
    row, lane = code >> 3, (code & 7) + 1
    return row * 8 + ((9 if row == 0 else 8) - lane) - 1


#: :func:`mirror_code` of every place code (rows 0 … 99).
MIRROR = tuple(mirror_code(code) for code in range(800))


def code_name(code: int) -> str:
    row, lane = code >> 3, (code & 7) + 1
    return f"s{lane}" if row == 0 else f"{row}{LANE_LETTERS[lane - 1]}"


class CompactRules:
    """The compact rules of one laid-out course and score tile."""

    def __init__(self, rules: Any, state: State):
        lay = rules.layout(state)
        tile = rules.score_tile(state)
        self.goal_row = g = lay.goal_row
        self.goal_code = g * 8          # any code >= this is on the goal row
        n = (g + 1) * 8 + 8
        self.steps: list[tuple[int, ...]] = [()] * n
        self.chain: list[tuple[int, ...]] = [()] * n
        for row in range(g):
            for lane in range(1, 9):
                if row > 0 and lane > 7:
                    continue
                if row == 0:
                    src = (0, lane)
                    if lane > len(lay.sees):
                        continue
                else:
                    src = (row, lane)
                st = [s for s in lay.steps(src) if not lay.prohibited(src, s)]
                self.steps[row * 8 + lane - 1] = tuple(sorted(s[0] * 8 + s[1] - 1 for s in st))
        # Moves are listed in an order that treats the colours alike: red's
        # by place code (machine, then step), blue's by the mirror images'
        # codes (lane g first), so the mirror image of a position (lanes
        # a <-> g on mirrored tiles, the colours swapped) lists the mirror
        # images of its moves in the same order, and every search that breaks
        # ties by that order breaks them alike for both colours.
        self.steps_blue = [tuple(sorted(st, key=MIRROR.__getitem__)) for st in self.steps]
        for row in range(1, g + 1):
            for lane in range(1, 8):
                if lay.kind((row, lane)) != CIRCLE:
                    continue
                out = []
                r = row
                while True:
                    r += 1
                    out.append(r * 8 + lane - 1)
                    if lay.kind((r, lane)) != CIRCLE:
                        break
                self.chain[row * 8 + lane - 1] = tuple(out)
        self.last_row = list(lay.last_row)
        self.tile_numbers = tuple(lay.order)     # the tile laid at each course position
        # wheel tokens a colour whose lowest machine is on row r has moved beyond
        self.beyond = [sum(1 << k for k, last in enumerate(self.last_row) if r > last)
                       for r in range(g + 1)]
        self.wheels = tuple(tile.wheels)
        self.wheel_points = [sum(self.wheels[k] for k in range(COURSE_TILES) if m >> k & 1)
                             for m in range(1 << COURSE_TILES)]
        self.target = tile.goal
        self.turbo_marks = frozenset(tile.turbo)
        self.crash_marks = frozenset(tile.crash)
        self.crash_list = tuple(sorted(tile.crash))

    # ------------------------------------------------------------ positions
    @staticmethod
    def from_state(state: State) -> tuple | None:
        """The compact position of an engine state in play (None before the
        colours are settled or once the game is over)."""
        if state["phase"] != "play":
            return None
        m = state["machines"]
        red = tuple(sorted(place_code(x) for x in m["red"]))
        blue = tuple(sorted(place_code(x) for x in m["blue"]))
        cols = state["colours"]
        turn = COLOUR_NAMES.index(cols[state["turn"]])
        turbo = state["turbo"] is not None
        tomove = COLOUR_NAMES.index(cols[state["turbo"]]) if turbo else turn
        wheels = sum(1 << k for k, w in enumerate(state["wheels"]) if w is not None)
        s = state["scores"]
        return (red, blue, s["red"], s["blue"], wheels, len(state["goal"]), tomove, turbo, turn)

    def moves(self, pos: tuple) -> list[tuple[int, int]]:
        """The legal moves (or turbo moves) of the colour to act."""
        red, blue = pos[0], pos[1]
        allp = red + blue
        gc = self.goal_code
        if pos[6] == RED:
            mine = red
            steps = self.steps
        else:
            mine = sorted(blue, key=MIRROR.__getitem__)
            steps = self.steps_blue
        out = []
        if pos[7]:
            for m in mine:
                if m < gc:
                    for s in steps[m]:
                        if s not in allp:
                            out.append((m, s))
            return out
        chain = self.chain
        for m in mine:
            if m >= gc:
                continue
            for s in steps[m]:
                if s in allp:
                    continue
                r = s
                for q in chain[s]:
                    if q in allp:
                        break
                    r = q
                if r < gc:
                    lane = r & 7
                    best = gc
                    for q in allp:
                        if r < q < best and q & 7 == lane:
                            best = q
                    if best < gc:
                        r = best - 8
                out.append((m, r))
        return out

    def can_move(self, mine: tuple, allp: tuple) -> bool:
        gc = self.goal_code
        steps = self.steps
        for m in mine:
            if m < gc:
                for s in steps[m]:
                    if s not in allp:
                        return True
        return False

    def play(self, pos: tuple, move: tuple[int, int]) -> tuple:
        """The position after ``move`` (SS-R6 … SS-R14), or ("won", colour)."""
        red, blue, sr, sb, wheels, ngoal, c, turbo, turn = pos
        src, dst = move
        mine = red if c == RED else blue
        mine = tuple(sorted([dst if x == src else x for x in mine]))
        points = 0
        if dst >= self.goal_code:
            if ngoal < 4:
                points = GOAL_POINTS[ngoal]
            ngoal += 1
        new = self.beyond[mine[0] >> 3] & ~wheels
        if new:
            wheels |= new
            points += self.wheel_points[new]
        if c == RED:
            red = mine
        else:
            blue = mine
        o = 1 - c
        if points:
            if c == RED:
                sr += points
                p, q = sr, sb
            else:
                sb += points
                p, q = sb, sr
            if p >= self.target:
                return ("won", c)
            if p > q:
                if p in self.turbo_marks:
                    theirs = blue if c == RED else red
                    if not self.can_move(theirs, red + blue):
                        return ("won", c)
                    return (red, blue, sr, sb, wheels, ngoal, o, True, turn)
                if p in self.crash_marks:
                    return ("won", o)
        # the turn passes (after a turbo, from the player who was moving)
        nxt = 1 - turn
        if not self.can_move(red if nxt == RED else blue, red + blue):
            return ("won", 1 - nxt)
        return (red, blue, sr, sb, wheels, ngoal, nxt, False, nxt)

    def action(self, pos: tuple, move: tuple[int, int]) -> str:
        word = "turbo" if pos[7] else "move"
        return f"{word} {code_name(move[0])} {code_name(move[1])}"

