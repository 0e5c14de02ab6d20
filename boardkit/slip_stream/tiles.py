"""Slip Stream's tiles: reading, checking and laying them out as a course.

The rulebook's components: a start tile, 7 different course tiles, a goal
tile and 6 different score tiles. No public layout of the printed tiles
exists, so boardkit's tiles are *designed*; they keep every published fact:

* the start tile has 8 start spaces offset between the 7 lanes and one row
  of circular spaces in front of them ("at both ends, only one circular
  space lies in front");
* every course tile is made of rows of 7 spaces, one per lane, elongated
  ("spaces") or circular; every lane has an elongated space on every tile;
* "only two course tiles have this mark": exactly two course tiles carry
  lane-change prohibition lines (SS-R11);
* the goal tile has one goal space per lane (a goal space counts as an
  elongated space, SS-R12);
* each score tile has a track to ◎ with ● (turbo) and ✹ (crash) marks and
  the points of the 7 wheel tokens, one per course position counted from the
  start tile; "with any score tile, at least one player is always able to
  reach the ◎".

The files live in ``boardkit/slip_stream/data/``: ``start.txt``,
``course_1.txt`` … ``course_7.txt`` and ``goal.txt`` are board files read by
:mod:`boardkit.core.grid` (a legend, then the rows; forward is *up*: the
bottom row is the one nearest the start), ``score_tiles.json`` holds the
score tiles. A course tile's prohibition lines are a section of its file::

    prohibitions:
    1: B4 A3

meaning: the diagonal step from square B4 (lane b) to square A3 (lane a, one
row forward) is forbidden. Every problem in a file raises
:class:`~boardkit.core.grid.GridError` naming the file, line and column.

Geometry of a laid-out course (:class:`Layout`): row 0 holds the start
spaces ``s1`` … ``s8``; row 1 the start tile's circles; then the course
tiles' rows in course order; the last row is the goal. A space is named by
its row and lane letter, ``"12c"`` = row 12, lane c (lanes a–g, a on the
left looking forward).
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Any

from ..core.errors import OptionError
from ..core.grid import Grid, load_grid, square_name

DATA = Path(__file__).resolve().parent / "data"

LANES = 7
LANE_LETTERS = "abcdefg"
START_SPACES = 8
COURSE_TILES = 7
#: "the first machine to arrive scores 7 points, the second 5 points, the
#: third 3 points, and the fourth 2 points" (SS-R7).
GOAL_POINTS = (7, 5, 3, 2)
#: Rows a course tile may have (the designed tiles have 5).
MIN_ROWS, MAX_ROWS = 2, 12

SPACE, CIRCLE, GOAL = "space", "circle", "goal"

Square = tuple[int, int]
#: A place on the course: (row, lane); on row 0, (0, i) is start space i (1..8).
Place = tuple[int, int]

_NAME = re.compile(r"(?:s([1-8])|([0-9]{1,3})([a-g]))\Z")


# ---------------------------------------------------------------- names
def place_name(place: Place) -> str:
    """``(12, 3)`` → ``"12c"``; ``(0, 4)`` → ``"s4"`` (start space 4)."""
    name = _NAMES.get(place)
    if name is not None:
        return name
    row, lane = place
    return f"s{lane}" if row == 0 else f"{row}{LANE_LETTERS[lane - 1]}"


def parse_place(name: str) -> Place | None:
    """``"12c"`` → ``(12, 3)``, ``"s4"`` → ``(0, 4)``; None if not a space name."""
    if type(name) is str:
        place = _PLACES.get(name)
        if place is not None:
            return place
    m = _NAME.match(name) if isinstance(name, str) else None
    if m is None:
        return None
    if m.group(1):
        return 0, int(m.group(1))
    row = int(m.group(2))
    if row < 1 or m.group(2) != str(row):
        return None
    return row, LANE_LETTERS.index(m.group(3)) + 1


#: every place of the longest course the tiles allow, named once (names
#: and places are read and written at every step)
_NAMES: dict[Place, str] = {(0, i): f"s{i}" for i in range(1, START_SPACES + 1)}
_NAMES.update({(row, lane): f"{row}{LANE_LETTERS[lane - 1]}"
               for row in range(1, 3 + COURSE_TILES * MAX_ROWS) for lane in range(1, LANES + 1)})
_PLACES: dict[str, Place] = {name: place for place, name in _NAMES.items()}


# ---------------------------------------------------------------- tiles
@dataclass(frozen=True)
class CourseTile:
    """One course tile: ``kinds[r][lane - 1]`` is ``"space"`` or ``"circle"``
    for the tile's row r counted from 0 at the start end; ``prohibited`` holds
    the forbidden diagonal steps ``(r, from_lane, to_lane)`` from row r to
    row r + 1."""

    number: int
    name: str
    kinds: tuple[tuple[str, ...], ...]
    prohibited: frozenset[tuple[int, int, int]]


@dataclass(frozen=True)
class ScoreTile:
    """A score tile: ◎ at position ``goal`` of the track (the start circle is
    0), ● marks at ``turbo``, ✹ marks at ``crash``, and ``wheels[k]`` the
    points of the wheel token of course position k + 1."""

    number: int
    name: str
    goal: int
    turbo: frozenset[int]
    crash: frozenset[int]
    wheels: tuple[int, ...]

    @property
    def label(self) -> str:
        return f"#{self.number} {self.name}"

    def total_points(self) -> int:
        """Every point a full game hands out: all 7 wheel tokens and the four
        goal arrivals."""
        return sum(self.wheels) + sum(GOAL_POINTS)


def course_tile_from_grid(grid: Grid) -> CourseTile:
    """Check a course tile's board file (7 lanes, spaces and circles only,
    an elongated space in every lane, prohibition lines along one diagonal
    step inside the tile) and read it."""
    number = grid.meta.get("number", "")
    if not (number.isascii() and number.isdigit() and 1 <= int(number) <= 99):
        raise grid.error(f"a course tile needs a header line 'number: N' (1 to 99), not {number!r}",
                         meta="number" if "number" in grid.meta else None)
    for y in range(grid.height):
        for x in range(max(grid.width, LANES)):
            on = x < grid.width and grid.on_board((x, y))
            if x >= LANES and on:
                raise grid.error(f"row {y + 1} has more than {LANES} lanes: square "
                                 f"{square_name((x, y))} is lane {x + 1}; expected exactly "
                                 f"{LANES} squares a row (lanes a to g)", square=(x, y))
            if x < LANES and not on:
                at = (x, y) if x < grid.width else (grid.width - 1, y)
                raise grid.error(f"row {y + 1} has no space in lane {LANE_LETTERS[x]} (square "
                                 f"{square_name((x, y))}); expected exactly {LANES} squares a "
                                 f"row, each a space or a circle", square=at)
            if on and grid.cell(x, y) not in (SPACE, CIRCLE):
                raise grid.error(f"square {square_name((x, y))} is {grid.cell(x, y)!r}; a course "
                                 f"tile has only 'space' and 'circle' squares", square=(x, y))
    if not MIN_ROWS <= grid.height <= MAX_ROWS:
        raise grid.error(f"a course tile has {MIN_ROWS} to {MAX_ROWS} rows, not {grid.height}")
    for x in range(LANES):
        if all(grid.cell(x, y) != SPACE for y in range(grid.height)):
            raise grid.error(f"lane {LANE_LETTERS[x]} (column {square_name((x, 0))[:-1]}) has no "
                             f"elongated space on this tile; every lane needs at least one",
                             square=(x, grid.height - 1))
    h = grid.height
    # the file is drawn forward-up: file row y is tile row h - 1 - y
    kinds = tuple(tuple(grid.cell(x, h - 1 - r) or "" for x in range(LANES)) for r in range(h))
    prohibited = set()
    if "prohibitions" in grid.sections:
        lines = grid.sections["prohibitions"]
        for i, (key, squares) in enumerate(grid.squares("prohibitions")):
            col = len(lines[i]) - len(lines[i].partition(":")[2].lstrip(" ")) + 1
            if len(squares) != 2:
                raise grid.error(f"prohibition line {key!r} names {len(squares)} square(s); "
                                 f"expected two squares, from and to, e.g. '1: B4 A3'",
                                 section="prohibitions", entry=i, column=col)
            (x1, y1), (x2, y2) = squares
            if y2 != y1 - 1 or abs(x2 - x1) != 1:
                raise grid.error(f"prohibition line {key!r} from {square_name((x1, y1))} to "
                                 f"{square_name((x2, y2))} is not one diagonal step forward; "
                                 f"expected the second square one row up (forward) in a "
                                 f"neighbouring lane, e.g. '1: B4 A3'",
                                 section="prohibitions", entry=i, column=col)
            step = (h - 1 - y1, x1 + 1, x2 + 1)
            if step in prohibited:
                raise grid.error(f"prohibition line {key!r} repeats an earlier line",
                                 section="prohibitions", entry=i, column=col)
            prohibited.add(step)
    return CourseTile(int(number), grid.meta.get("name", f"Course tile {number}"), kinds,
                      frozenset(prohibited))


def start_tile_from_grid(grid: Grid) -> tuple[tuple[int, ...], ...]:
    """The lanes each start space leads to (start spaces from the left).

    The start tile's file has a row of 7 circles (lanes a–g from the left)
    and, below it, 8 start spaces; a start space leads to the circles
    diagonally in front of it (one column left or right, one row up)."""
    starts = grid.find("start")
    circles = grid.find("circle")
    if len(starts) != START_SPACES:
        raise grid.error(f"the start tile has {START_SPACES} start spaces, not {len(starts)}")
    if len(circles) != LANES:
        raise grid.error(f"the start tile has one circle per lane ({LANES}), not {len(circles)}")
    if len({y for _, y in circles}) != 1 or len({y for _, y in starts}) != 1 \
            or starts[0][1] != circles[0][1] + 1:
        raise grid.error("the start tile is one row of circles with the start spaces in the row "
                         "below it (forward is up)")
    lanes = {x: i + 1 for i, (x, _) in enumerate(sorted(circles))}
    sees = []
    for i, (x, y) in enumerate(sorted(starts)):
        seen = tuple(lanes[c] for c in (x - 1, x + 1) if c in lanes)
        want = 1 if i in (0, START_SPACES - 1) else 2
        if len(seen) != want:
            raise grid.error(f"start space {i + 1} leads to {len(seen)} circle(s); the start "
                             f"spaces sit between the lanes: each leads to the two circles "
                             f"diagonally in front of it, the two end ones to one",
                             square=(x, y))
        sees.append(seen)
    return tuple(sees)


def goal_tile_from_grid(grid: Grid) -> None:
    """The goal tile: one row of 7 goal spaces."""
    goals = grid.find("goal")
    if grid.height != 1 or len(goals) != LANES or len(list(grid.cells())) != LANES:
        raise grid.error(f"the goal tile is one row of {LANES} goal spaces, one per lane")


def score_tile_from_data(d: Any, where: str) -> ScoreTile:
    """Check one score tile (``where`` names it in messages)."""
    fields = {"number", "name", "goal", "turbo", "crash", "wheels"}
    if not isinstance(d, dict) or set(d) != fields:
        raise OptionError(f"{where}: a score tile has exactly the fields {', '.join(sorted(fields))}")
    ok = (type(d["number"]) is int and 1 <= d["number"] <= 99
          and isinstance(d["name"], str) and 0 < len(d["name"]) <= 40 and d["name"].isprintable()
          and type(d["goal"]) is int and 2 <= d["goal"] <= 200)
    if not ok:
        raise OptionError(f"{where}: number 1..99, a name (1 to 40 characters) and goal (the "
                          f"position of ◎) 2..200")
    for key in ("turbo", "crash"):
        marks = d[key]
        if not (isinstance(marks, list) and all(type(m) is int and 1 <= m < d["goal"] for m in marks)
                and len(set(marks)) == len(marks)):
            raise OptionError(f"{where}: {key} marks are distinct positions between the start "
                              f"circle and ◎ (1..{d['goal'] - 1})")
    if set(d["turbo"]) & set(d["crash"]):
        raise OptionError(f"{where}: a circle holds one mark, not both ● and ✹")
    w = d["wheels"]
    if not (isinstance(w, list) and len(w) == COURSE_TILES and all(type(v) is int and 0 <= v <= 50
                                                                   for v in w)):
        raise OptionError(f"{where}: wheels are the points (0..50) of the {COURSE_TILES} wheel "
                          f"tokens, by course position from the start tile")
    tile = ScoreTile(d["number"], d["name"], d["goal"], frozenset(d["turbo"]), frozenset(d["crash"]),
                     tuple(w))
    # split the points of a full game in any way a + b: max(a, b) >= ceil(total / 2)
    half = -(-tile.total_points() // 2)
    if tile.goal > half:
        raise OptionError(f"{where}: ◎ at {tile.goal} could be out of everyone's reach: a full game "
                          f"hands out {tile.total_points()} points, and a split of them can leave "
                          f"both players at {half} or less (the rulebook: 'at least one player is "
                          f"always able to reach the ◎')")
    return tile


# -------------------------------------------------------------- the set
@dataclass(frozen=True)
class Tiles:
    """A checked set of Slip Stream tiles."""

    start: tuple[tuple[int, ...], ...]
    course: dict[int, CourseTile]
    score: tuple[ScoreTile, ...]

    def score_tile(self, number: int) -> ScoreTile:
        return next(t for t in self.score if t.number == number)

    def find_score_tile(self, spec: Any) -> ScoreTile | None:
        """A score tile by number (``1``, ``"1"``, ``"#1"``) or name
        (``"standard"``, ``"#1 STANDARD"``), else None."""
        if type(spec) is int:
            return next((t for t in self.score if t.number == spec), None)
        if not isinstance(spec, str):
            return None
        s = " ".join(spec.split()).lower()
        for t in self.score:
            if s in (str(t.number), f"#{t.number}", t.name.lower(), t.label.lower()):
                return t
        return None


def _grid_from_json(data: Any, source: str) -> Grid:
    return Grid.from_json(data, source=source)


def tiles_from_data(data: Any) -> Tiles:
    """Check a component set's data (see :func:`builtin_data`) and read it."""
    if not isinstance(data, dict):
        raise OptionError("Slip Stream components: a JSON object with start, goal, course_tiles "
                          "and score_tiles")
    missing = {"start", "goal", "course_tiles", "score_tiles"} - set(data)
    if missing:
        raise OptionError(f"Slip Stream components: missing {', '.join(sorted(missing))}")
    start = start_tile_from_grid(_grid_from_json(data["start"], "start tile"))
    goal_tile_from_grid(_grid_from_json(data["goal"], "goal tile"))
    tiles = data["course_tiles"]
    if not isinstance(tiles, list) or len(tiles) != COURSE_TILES:
        raise OptionError(f"Slip Stream components: course_tiles holds the {COURSE_TILES} course tiles")
    course: dict[int, CourseTile] = {}
    for i, g in enumerate(tiles):
        tile = course_tile_from_grid(_grid_from_json(g, f"course_tiles[{i}]"))
        if tile.number in course:
            raise OptionError(f"Slip Stream components: course tile number {tile.number} appears twice")
        course[tile.number] = tile
    if sorted(course) != list(range(1, COURSE_TILES + 1)):
        raise OptionError(f"Slip Stream components: the course tiles are numbered 1 to {COURSE_TILES}")
    kinds = [t.kinds for t in course.values()]
    if len(set(kinds)) != len(kinds):
        raise OptionError("Slip Stream components: the 7 course tiles must all be different")
    marked = [n for n, t in course.items() if t.prohibited]
    if len(marked) != 2:
        raise OptionError(f"Slip Stream components: exactly two course tiles carry prohibition "
                          f"lines ('only two course tiles have this mark'), not {len(marked)} "
                          f"({', '.join(map(str, marked)) or 'none'})")
    scores = data["score_tiles"]
    if not isinstance(scores, list) or not 1 <= len(scores) <= 20:
        raise OptionError("Slip Stream components: score_tiles is a list of 1 to 20 score tiles")
    score = tuple(score_tile_from_data(d, f"score_tiles[{i}]") for i, d in enumerate(scores))
    if len({t.number for t in score}) != len(score) or \
            len({t.name.lower() for t in score}) != len(score):
        raise OptionError("Slip Stream components: score tile numbers and names are all different")
    return Tiles(start, course, score)


def load_course_tile(text: str, source: str = "<course tile>") -> CourseTile:
    """A course tile from its board file text (errors name line and column)."""
    return course_tile_from_grid(load_grid(text, source=source, allowed={SPACE, CIRCLE}))


def builtin_data() -> dict:
    """The designed tiles from ``data/`` as plain JSON (a component set)."""
    def grid(name: str, allowed: set[str]) -> dict:
        path = DATA / name
        return load_grid(path.read_text(encoding="utf-8"), source=path.name,
                         allowed=allowed).to_json()
    scores = json.loads((DATA / "score_tiles.json").read_text(encoding="utf-8"))
    return {
        "name": "standard",
        "start": grid("start.txt", {"start", CIRCLE}),
        "goal": grid("goal.txt", {GOAL}),
        "course_tiles": [grid(f"course_{n}.txt", {SPACE, CIRCLE})
                         for n in range(1, COURSE_TILES + 1)],
        "score_tiles": scores["tiles"],
    }


# ---------------------------------------------------------------- layout
class Layout:
    """The course laid out in one order: what every row is made of.

    Row 0: the start spaces; row 1: the start tile's circles; then the
    course tiles' rows in ``order``; last (:attr:`goal_row`): the goal."""

    def __init__(self, tiles: Tiles, order: tuple[int, ...]):
        self.order = tuple(order)
        self.sees = tiles.start
        rows: list[tuple[str, ...]] = [("start",) * LANES, (CIRCLE,) * LANES]
        self.tile_of_row: dict[int, int] = {}       # row -> course position 1..7
        self.last_row: list[int] = []               # course position k -> its last row (k - 1)
        forbidden: set[tuple[int, int, int]] = set()
        for k, number in enumerate(self.order, start=1):
            tile = tiles.course[number]
            base = len(rows)
            for r, kinds in enumerate(tile.kinds):
                self.tile_of_row[base + r] = k
                rows.append(kinds)
            for r, a, b in tile.prohibited:
                forbidden.add((base + r, a, b))
            self.last_row.append(len(rows) - 1)
        rows.append((GOAL,) * LANES)
        self.rows = tuple(rows)
        self.goal_row = len(rows) - 1
        self.forbidden = frozenset(forbidden)

    @cached_property
    def names(self) -> frozenset[str]:
        """Every space name of this course."""
        out = {place_name((0, i)) for i in range(1, START_SPACES + 1)}
        out |= {place_name((r, lane)) for r in range(1, self.goal_row + 1)
                for lane in range(1, LANES + 1)}
        return frozenset(out)

    def kind(self, place: Place) -> str:
        row, lane = place
        return "start" if row == 0 else self.rows[row][lane - 1]

    def on_course(self, place: Place) -> bool:
        row, lane = place
        if row == 0:
            return 1 <= lane <= START_SPACES
        return 1 <= row <= self.goal_row and 1 <= lane <= LANES

    def steps(self, place: Place) -> list[Place]:
        """The spaces one step forward (SS-R2: straight or to a neighbouring
        lane; SS-R5: from a start space, the circles in front of it),
        without lines or machines considered; SS-R11 lines are separate."""
        row, lane = place
        if row == 0:
            return [(1, seen) for seen in self.sees[lane - 1]]
        if row >= self.goal_row:
            return []
        return [(row + 1, x) for x in (lane - 1, lane, lane + 1) if 1 <= x <= LANES]

    def prohibited(self, src: Place, dst: Place) -> bool:
        """SS-R11: the step lies along a lane-change prohibition line."""
        return src[0] > 0 and (src[0], src[1], dst[1]) in self.forbidden

    def tile_label(self, row: int) -> str:
        if row == 0:
            return "start"
        if row == 1:
            return "start"
        if row == self.goal_row:
            return "goal"
        k = self.tile_of_row[row]
        return f"tile {self.order[k - 1]} (position {k})"

