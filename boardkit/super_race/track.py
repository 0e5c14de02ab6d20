"""Super Race tracks: plain-text board files, checked square by square.

The published boards are not public, so boardkit's two tracks are designed
(see ``tracks/indianapolis.txt`` and ``tracks/monza.txt``). A teacher can
draw a new one in any text editor: the file format is the core's board
file (:mod:`boardkit.core.grid`), with these meanings.

Legend words
    ``grey``, ``red``, ``yellow`` or ``blue`` (exactly one per square: "Grey
    fields can be crossed using any colour. Coloured fields can only be
    crossed using the same colour."), plus optionally ``corner`` (a tight
    corner, printed "+1": "If a turn ends on a tight corner square, the
    player may take another turn"), ``line`` (the start/finish line) and
    ``pit`` (the pit lane: Indianapolis's shortcut).

Header
    ``name: …``, ``start: east`` (the direction in which the cars cross the
    start/finish line in the normal, anticlockwise race; racing clockwise
    drives the same file the other way), optionally ``fast-lap: 13``.

``checkpoints:`` section
    Ordered lines of squares across the track, at least two. "A lap counts
    only when the car has really driven round the circuit": a car must enter
    checkpoint 1, then 2, …, and only then does a line square finish the lap
    (SU-R11). A pit lane's squares join the checkpoint they bypass.

Every problem is a :class:`~boardkit.core.grid.GridError` naming the file's
line and column.

A track is read and checked once per content: :func:`read_track` and
:func:`track_from_data` keep the last few tracks they made (keyed by the
file's text and by the board's data), and every game on the same track
shares one :class:`Track`. A track never changes after it is made; what the
rules work out from it once (the lap tables of :mod:`.laps`, the squares
open to each colour) is kept with it in :attr:`Track.tables`.
"""
from __future__ import annotations

import json
from collections import OrderedDict
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType
from typing import Any

from ..core.grid import Grid, load_grid, square_name
from ..core.rules import copy_json

COLOURS = ("red", "yellow", "blue")
#: Letters of the compass, as a car's heading (x grows east, y grows south).
HEADINGS = {"north": (0, -1), "east": (1, 0), "south": (0, 1), "west": (-1, 0)}
LEFT = {"north": "west", "west": "south", "south": "east", "east": "north"}
RIGHT = {v: k for k, v in LEFT.items()}
BACK = {"north": "south", "south": "north", "east": "west", "west": "east"}
WORDS = frozenset({"grey", *COLOURS, "corner", "line", "pit"})
TRACKS = Path(__file__).with_name("tracks")
BUILTIN = ("indianapolis", "monza")
#: Limits of a track file (bounded time and memory: a race end measures every
#: car's way round over squares × headings × laps × checkpoints positions).
#: The built-in tracks have about 200 squares and 2 or 4 checkpoints.
MAX_TRACK_SQUARES = 800
MAX_CHECKPOINTS = 6
MAX_TRACK_SIDE = 60
#: How many tracks (and file texts) are kept, most recently used first.
MAX_KEPT_TRACKS = 16
#: How many derived tables one track keeps (per options and bot costs).
MAX_TABLES = 64


@dataclass(frozen=True)
class Square:
    name: str          #: "e5" (lower case: actions are lower case)
    x: int
    y: int
    colour: str        #: "grey", "red", "yellow" or "blue"
    corner: bool
    line: bool
    pit: bool


class Track:
    """A track read from a board file, with the facts the rules need
    precomputed: each square's colour and marks, its neighbours by
    heading, the start/finish line and the checkpoints.

    Immutable and shared: every game on the same track content uses the
    same object (see :func:`track_from_data`), so its parts are read-only
    (mappings, tuples) and setting an attribute raises. :attr:`tables`
    keeps what is worked out from the track once (never the state of a
    game)."""

    squares: Mapping[str, Square]
    #: square -> heading -> the square next to it that way (or None)
    next: Mapping[str, Mapping[str, str | None]]
    #: the start/finish line's squares, top to bottom, left to right
    line: tuple[str, ...]
    checkpoints: tuple[frozenset[str], ...]
    #: checkpoint index of each square (in file order)
    checkpoint_of: Mapping[str, int]
    #: colour -> the squares a die of that colour may be drawn in (grey or
    #: that colour: "coloured fields can only be crossed using the same colour")
    open_to: Mapping[str, frozenset[str]]
    #: the squares of the pit lane
    pit: frozenset[str]
    #: derived tables, worked out once when first asked (see :meth:`table`)
    tables: dict
    _made: bool

    def __init__(self, grid: Grid):
        object.__setattr__(self, "_made", False)
        self.grid = grid
        self.name = grid.meta.get("name", "custom track")
        by_name: dict[str, Square] = {}
        self.squares = by_name
        for ch, meaning in grid.legend.items():
            if meaning == "off":
                continue
            words = frozenset(meaning.split())
            unknown = sorted(words - WORDS)
            if unknown:
                raise grid.error(f"{ch!r} means {meaning!r}: unknown word(s) {', '.join(unknown)}; "
                                 f"a square is one of grey, red, yellow, blue, optionally with "
                                 f"corner, line or pit", legend=ch)
            colours = [c for c in ("grey", *COLOURS) if c in words]
            if len(colours) != 1:
                raise grid.error(f"{ch!r} means {meaning!r}: a square needs exactly one colour "
                                 f"(grey, red, yellow or blue), not {' '.join(colours) or 'none'}",
                                 legend=ch)
        if grid.width > MAX_TRACK_SIDE or grid.height > MAX_TRACK_SIDE:
            raise grid.error(f"a Super Race track is at most {MAX_TRACK_SIDE} × {MAX_TRACK_SIDE} "
                             f"squares, not {grid.width} × {grid.height}")
        cells = list(grid.cells())
        if len(cells) > MAX_TRACK_SQUARES:
            raise grid.error(f"a Super Race track has at most {MAX_TRACK_SQUARES} squares, "
                             f"not {len(cells)}")
        for (x, y), _meaning in cells:
            words = grid.words(x, y)
            if "line" in words and "pit" in words:
                raise grid.error(f"square {square_name((x, y))} is both on the start/finish line "
                                 f"and in the pit lane; the pit lane leaves the track after the "
                                 f"line and joins it before")
            colours = [c for c in ("grey", *COLOURS) if c in words]
            name = square_name((x, y)).lower()
            by_name[name] = Square(name, x, y, colours[0], "corner" in words,
                                   "line" in words, "pit" in words)
        at = {(s.x, s.y): s.name for s in self.squares.values()}
        self.next = {
            s.name: {h: at.get((s.x + dx, s.y + dy)) for h, (dx, dy) in HEADINGS.items()}
            for s in self.squares.values()}
        start = grid.meta.get("start", "").strip().lower()
        if start not in HEADINGS:
            raise grid.error(f"'start' must be north, east, south or west (the direction the "
                             f"cars cross the start/finish line), not {start!r}", meta="start")
        self.start = start
        self.line = tuple(s.name for s in sorted(self.squares.values(), key=lambda s: (s.y, s.x))
                          if s.line)
        if not self.line:
            raise grid.error("the track has no start/finish line: mark its squares with a "
                             "legend character meaning e.g. 'grey line'")
        entries = grid.squares("checkpoints")
        if not 2 <= len(entries) <= MAX_CHECKPOINTS:
            raise grid.error(f"a track needs two to {MAX_CHECKPOINTS} checkpoints besides the "
                             f"line (SU-R11), in race order, not {len(entries)}",
                             section="checkpoints")
        checkpoints: list[frozenset[str]] = []
        seen: dict[str, str] = {}
        for i, (label, squares) in enumerate(entries):
            names = [square_name(sq).lower() for sq in squares]
            if not names:
                raise grid.error(f"checkpoint {label} lists no squares", section="checkpoints",
                                 entry=i)
            for n in names:
                if n in seen:
                    raise grid.error(f"square {n.upper()} is in checkpoints {seen[n]} and {label}; "
                                     f"a square belongs to one checkpoint", section="checkpoints",
                                     entry=i)
                if self.squares[n].line:
                    raise grid.error(f"square {n.upper()} is on the start/finish line; a "
                                     f"checkpoint lies elsewhere on the lap",
                                     section="checkpoints", entry=i)
                seen[n] = label
            checkpoints.append(frozenset(names))
        self.checkpoints = tuple(checkpoints)
        self._check_cuts(entries)
        pit = grid.meta.get("pit", "shortcut").strip().lower()
        if pit not in ("shortcut", "ordinary"):
            raise grid.error(f"'pit' is 'shortcut' (the race's shortcut option applies to the pit "
                             f"lane) or 'ordinary' (it is ordinary track), not {pit!r}", meta="pit")
        #: "shortcut": the shortcut option opens and closes the pit lane;
        #: "ordinary": the pit lane is ordinary track (SU-R12, Monza)
        self.pit_lane = pit
        fast = grid.meta.get("fast-lap")
        if fast is not None and not (fast.isascii() and fast.isdigit() and 0 < int(fast) < 1000):
            raise grid.error(f"'fast-lap' must be a number of goes, not {fast!r}", meta="fast-lap")
        self.fast_lap = int(fast) if fast else None
        self.checkpoint_of = MappingProxyType(
            {n: i for i, cp in enumerate(self.checkpoints) for n in cp})
        self.open_to = MappingProxyType({c: frozenset(n for n, s in by_name.items()
                                                      if s.colour in ("grey", c))
                                         for c in COLOURS})
        self.pit = frozenset(n for n, s in by_name.items() if s.pit)
        self.tables = {}
        # read-only from here on (the track is shared by every game on it)
        self.squares = MappingProxyType(by_name)
        self.next = MappingProxyType({n: MappingProxyType(dict(v)) for n, v in self.next.items()})
        object.__setattr__(self, "_made", True)

    def __setattr__(self, name: str, value: Any) -> None:
        if self._made:
            raise AttributeError(f"a Track is shared by every game on it and never changes "
                                 f"(cannot set {name!r})")
        object.__setattr__(self, name, value)

    # one object per content: copies are the track itself; pickling goes
    # through the board's data (and finds the kept track, if any)
    def __copy__(self) -> Track:
        return self

    def __deepcopy__(self, memo: dict) -> Track:
        return self

    def __reduce__(self):
        return _track_from_grid_data, (self.grid.to_json(), self.grid.source)

    def table(self, key: Any, make: Any) -> Any:
        """The derived table ``key`` (made by ``make()`` the first time)."""
        found = self.tables.get(key)
        if found is None:
            if len(self.tables) >= MAX_TABLES:
                self.tables.clear()
            found = self.tables[key] = make()
        return found

    def _check_cuts(self, entries) -> None:
        """Each checkpoint must reach across the track: with its squares and
        the start/finish line taken away, the track falls apart (a circuit
        cut twice is two pieces). Otherwise a car could drive round it and
        a real lap would not count."""
        nxt = self.next
        line = set(self.line)
        for i, cp in enumerate(self.checkpoints):
            gone = line | cp
            left = [n for n in self.squares if n not in gone]
            if not left:
                continue
            seen = {left[0]}
            todo = [left[0]]
            while todo:
                n = todo.pop()
                for m in nxt[n].values():
                    if m is not None and m not in gone and m not in seen:
                        seen.add(m)
                        todo.append(m)
            if len(seen) == len(left):
                label = entries[i][0]
                raise self.grid.error(
                    f"checkpoint {label} does not reach across the track: with it and the "
                    f"start/finish line taken away the track is still in one piece, so a car "
                    f"could drive round it; extend it from edge to edge", section="checkpoints",
                    entry=i)

    def __repr__(self) -> str:
        return f"<Track {self.name!r}: {len(self.squares)} squares, " \
               f"{len(self.checkpoints)} checkpoints>"

    @property
    def width(self) -> int:
        return self.grid.width

    @property
    def height(self) -> int:
        return self.grid.height


#: board data (as JSON text) -> its Track; file text -> its board data
_TRACKS: OrderedDict[str, Track] = OrderedDict()
_TEXTS: OrderedDict[str, dict[str, Any]] = OrderedDict()


def _keep(kept: OrderedDict, key: str, value: Any) -> None:
    kept[key] = value
    kept.move_to_end(key)
    while len(kept) > MAX_KEPT_TRACKS:
        kept.popitem(last=False)


def _data_key(board: Any) -> str | None:
    """The board data as compact JSON text (None when it is not JSON data:
    then :meth:`Grid.from_json` says what is wrong)."""
    try:
        return json.dumps(board, separators=(",", ":"), ensure_ascii=False)
    except (TypeError, ValueError):
        return None


def _track_from_grid_data(board: Any, source: str) -> Track:
    key = _data_key(board)
    found = _TRACKS.get(key) if key is not None else None
    if found is not None:
        _TRACKS.move_to_end(key)        # type: ignore[arg-type]
        return found
    track = Track(Grid.from_json(board, source=source))
    if key is not None:
        _keep(_TRACKS, key, track)
    return track


def read_track(text: str, source: str = "<text>") -> dict[str, Any]:
    """The plain data of a track file's text (checked: a bad file raises
    :class:`~boardkit.core.grid.GridError` with its line and column).
    A text read before is not read or checked again."""
    board = _TEXTS.get(text)
    if board is None:
        grid = load_grid(text, source=source)
        track = Track(grid)
        board = grid.to_json()
        key = _data_key(board)
        assert key is not None
        _keep(_TRACKS, key, track)
        _keep(_TEXTS, text, board)
    else:
        _TEXTS.move_to_end(text)
    return {"track": copy_json(board)}


def builtin_track(name: str) -> dict[str, Any]:
    path = TRACKS / f"{name}.txt"
    return read_track(path.read_text(encoding="utf-8"), source=path.name)


def track_from_data(data: Any, source: str = "<track>") -> Track:
    """The :class:`Track` of components data ``{"track": <board>}``: the one
    already made for the same board, if any, else read and checked."""
    if not isinstance(data, dict) or set(data) != {"track"}:
        from ..core.errors import OptionError
        raise OptionError(f"{source}: Super Race components are {{'track': <board>}}, a track "
                          f"file's text, or one of the built-in tracks {', '.join(BUILTIN)}")
    return _track_from_grid_data(data["track"], source)
