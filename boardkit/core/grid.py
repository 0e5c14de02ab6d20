"""Boards drawn as text: one character per square, explained by a legend.

Some games (Super Race's tracks, Slip Stream's course tiles) are played on a
grid of squares. Their boards are plain text files, so that a teacher can
draw a new board in any text editor, without touching the code. This module
reads such a file into a :class:`Grid`; each game then gives the squares their
meaning (which colours exist, where the start line is, ...).

A board file
============

Here is a small, complete board file (a practice track)::

    ; A practice oval. Lines starting with ';' are comments.
    name: Practice oval
    direction: anticlockwise

    legend:
    . = off
    # = grey
    r = red
    y = yellow
    b = blue
    + = grey corner
    S = grey start

    grid:
    .+######+.
    +##rryy##+
    SS......#b
    ##......#b
    +##bbrr##+
    .+######+.

    checkpoints:
    ; in race order: squares across the track (see "Square names")
    1: E5-E6
    2: E1-E2

The file has these parts, in this order:

1. **Header** (optional): lines ``key: value``, e.g. ``name: Indianapolis``.
   A key starts with a letter and has only letters, digits, ``-`` and ``_``
   (upper and lower case are the same). The game decides which keys it reads.
2. **Sections**, each starting with its name and a colon alone on a line.
   ``legend:`` and ``grid:`` are required; the legend may come before or
   after the grid.

   * ``legend:`` -- one line per character: the character, ``=``, and what it
     means, e.g. ``r = red``. A meaning is one or more words: ``+ = grey
     corner`` is a grey square that is also a corner. The meaning ``off``
     (alone) marks squares that are not part of the board. A **space** is
     always off-board and is not listed. ``;`` and ``:`` cannot be legend
     characters (they mark comments and section names).
   * ``grid:`` -- the rows of the board, top row first, one character per
     square. The grid ends at the first empty line (or at the next section
     name): to draw an empty row inside the board, use the off-board
     character (``.`` above), not an empty line. Rows may be shorter than the
     longest row: the missing squares at the end are off-board. Column 1 of
     the file is the left edge of the board, so do not indent the rows.
   * any other section (e.g. ``checkpoints:``) -- free lines that the game
     reads, often ``name: squares``.

Comments are lines whose first non-space character is ``;``; they may appear
anywhere (also between grid rows) and are ignored. Empty lines are allowed
everywhere except inside the grid. Tabs are not allowed (a tab has no fixed
width, so rows would not line up): use spaces. The file must be UTF-8 text,
at most 1,000,000 bytes, and the grid at most 200 × 200 squares.

Squares and square names
========================

A square is a pair ``(x, y)``: ``x`` is the column counted from 0 at the
left, ``y`` the row counted from 0 at the top. People name squares like a
spreadsheet: the column as letters (``A`` is the first column, ``Z`` the 26th,
then ``AA``, ``AB``, ...) and the row as a number from 1 at the top. So ``E5``
is ``(4, 4)``. In section lines, ``E5-E6`` means every square from E5 to E6
along one row or one column. See :func:`square_name` and :func:`parse_square`.

Errors
======

Every problem raises :class:`GridError` (a ``ValueError``), whose message names
the file, the line and column (both counted from 1), what is wrong and what
was expected, e.g.::

    track.txt line 14, column 7: 'Z' (square G3) is not in the legend (legend: #, r, y, b, +, S, .)

Nothing in a file is ever executed, and loading takes time and memory
proportional to the (limited) size of the file.
"""
from __future__ import annotations

import os
import re
from collections.abc import Collection, Iterator, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from .grid_check import (  # noqa: F401 (re-exported)
    _HEADER_RE,
    _KEY_VALUE_RE,
    _LIMIT,
    _SECTIONS,
    COMMENT,
    MAX_BYTES,
    MAX_SIZE,
    OFF,
    GridError,
    Square,
    _bad_char,
    _Origin,
    _parse_square,
    _show,
    _validate,
    parse_square,
    square_name,
)

__all__ = ["Grid", "GridError", "load_grid", "load_grid_file", "square_name", "parse_square",
           "MAX_BYTES", "MAX_SIZE", "OFF", "COMMENT"]

# --------------------------------------------------------------------------
# The grid
# --------------------------------------------------------------------------

@dataclass(frozen=True, kw_only=True)
class Grid:
    """A board read from a board file (see the module documentation).

    Build one with :func:`load_grid`, :func:`load_grid_file` or
    :meth:`Grid.from_json`. Constructing ``Grid(legend=..., rows=..., ...)``
    directly runs the same checks as :meth:`from_json`.

    * ``meta`` -- the header, e.g. ``{"name": "Indianapolis"}`` (keys lowercase);
    * ``legend`` -- character -> meaning, e.g. ``{"#": "grey", "+": "grey corner"}``;
    * ``rows`` -- the rows as drawn, top first, all padded with spaces to ``width``;
    * ``sections`` -- every other section: name -> its lines (comments and
      empty lines left out, spaces around each line removed);
    * ``width``, ``height`` -- the size in squares.

    Two grids are equal when these parts are equal (where they were read
    from does not matter).
    """

    meta: Mapping[str, str] = field(default_factory=dict)
    legend: Mapping[str, str]
    rows: tuple[str, ...]
    sections: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    # set by __post_init__ (never None afterwards)
    _origin: _Origin = field(default=None, compare=False, repr=False)  # type: ignore[assignment]
    _words: Mapping[str, frozenset[str]] = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        origin = self._origin or _Origin(source="Grid(...)", text=False)
        meta, legend, rows, sections = _validate(self.meta, self.legend, self.rows,
                                                 self.sections, origin)
        setattr_ = object.__setattr__
        setattr_(self, "meta", MappingProxyType(meta))
        setattr_(self, "legend", MappingProxyType(legend))
        setattr_(self, "rows", rows)
        setattr_(self, "sections", MappingProxyType(sections))
        setattr_(self, "_origin", origin)
        setattr_(self, "_words", {ch: frozenset(m.split(" ")) for ch, m in legend.items()
                                  if m != OFF})

    # A grid never changes: copies are the grid itself; pickling goes through JSON.
    def __copy__(self) -> Grid:
        return self

    def __deepcopy__(self, memo: dict) -> Grid:
        return self

    def __reduce__(self):
        return _unpickle, (self.to_json(), self.source)

    def __hash__(self) -> int:
        return hash((self.rows, frozenset(self.legend.items()), frozenset(self.meta.items()),
                     frozenset(self.sections.items())))

    def __repr__(self) -> str:
        name = f" {self.meta['name']!r}" if "name" in self.meta else ""
        return f"<Grid{name} {self.width}×{self.height} from {self.source}>"

    # --- size and squares --------------------------------------------------

    @property
    def width(self) -> int:
        """Number of columns."""
        return len(self.rows[0])

    @property
    def height(self) -> int:
        """Number of rows."""
        return len(self.rows)

    @property
    def source(self) -> str:
        """Where the grid was read from (a file name, ``"<text>"``, ...)."""
        return self._origin.source

    def _char(self, x: int, y: int) -> str | None:
        if 0 <= x < self.width and 0 <= y < self.height:
            ch = self.rows[y][x]
            if ch in self._words:
                return ch
        return None

    def cell(self, x: int, y: int) -> str | None:
        """What square ``(x, y)`` is (its legend meaning, e.g. ``"grey corner"``).

        ``None`` if the square is off the board: outside the grid, a space, or
        a character whose meaning is ``off``.
        """
        ch = self._char(x, y)
        return None if ch is None else self.legend[ch]

    def words(self, x: int, y: int) -> frozenset[str]:
        """The words of the meaning of ``(x, y)``: ``{"grey", "corner"}``; empty off the board."""
        ch = self._char(x, y)
        return frozenset() if ch is None else self._words[ch]

    def on_board(self, square: Square) -> bool:
        """Whether the square is part of the board."""
        return self._char(*square) is not None

    def cells(self) -> Iterator[tuple[Square, str]]:
        """Every square on the board with its meaning, top row first, left to right."""
        for y, row in enumerate(self.rows):
            for x, ch in enumerate(row):
                if ch in self._words:
                    yield (x, y), self.legend[ch]

    def find(self, name: str) -> list[Square]:
        """The squares whose meaning has every word of ``name``, in reading order.

        With ``+ = grey corner``: ``find("corner")`` and ``find("grey corner")``
        both find the ``+`` squares, and ``find("grey")`` finds them too.
        """
        wanted = frozenset(name.split())
        if not wanted:
            raise ValueError("find() needs a name, e.g. find('grey')")
        chars = {ch for ch, words in self._words.items() if wanted <= words}
        return [(x, y) for y, row in enumerate(self.rows) for x, ch in enumerate(row)
                if ch in chars]

    def neighbours4(self, square: Square) -> list[Square]:
        """The board squares next to ``square``: up, right, down, left (those on the board)."""
        x, y = square
        return [s for s in ((x, y - 1), (x + 1, y), (x, y + 1), (x - 1, y)) if self.on_board(s)]

    def neighbours8(self, square: Square) -> list[Square]:
        """The board squares around ``square`` (also diagonally), clockwise from up."""
        x, y = square
        around = ((x, y - 1), (x + 1, y - 1), (x + 1, y), (x + 1, y + 1),
                  (x, y + 1), (x - 1, y + 1), (x - 1, y), (x - 1, y - 1))
        return [s for s in around if self.on_board(s)]

    # --- other sections ------------------------------------------------------

    def entries(self, section: str) -> tuple[tuple[str, str], ...]:
        """The lines ``name: value`` of a section, as ``(name, value)`` pairs in order.

        Raises :class:`GridError` (with the line) if the section is missing, a
        line has no ``:`` or a name appears twice.
        """
        lines = self._section(section)
        out: list[tuple[str, str]] = []
        seen: dict[str, int] = {}
        for i, line in enumerate(lines):
            key, colon, value = line.partition(":")
            key = key.strip(" ")
            if not colon or not key:
                raise self._origin.error(self._origin.entry_at(section, i),
                                         f"expected 'name: value' in the '{section}' section, "
                                         f"e.g. '1: E5-E6'; found {line!r:.40}")
            if key in seen:
                raise self._origin.error(self._origin.entry_at(section, i),
                                         f"'{key}' appears twice in the '{section}' section "
                                         f"(first as line {seen[key] + 1} of it); expected "
                                         f"each name once")
            seen[key] = i
            out.append((key, value.strip(" ")))
        return tuple(out)

    def squares(self, section: str, *,
                on_board: bool = True) -> tuple[tuple[str, tuple[Square, ...]], ...]:
        """The lines ``name: squares`` of a section, with the squares read.

        Squares are separated by spaces or commas; ``E5-E8`` is every square
        from E5 to E8 along one column (or one row), in that order. With
        ``on_board=True`` every square must be on the board. Example:
        ``1: E5-E6 J2`` gives ``("1", ((4, 4), (4, 5), (9, 1)))``.
        """
        out = []
        lines = self._section(section)
        for i, (key, value) in enumerate(self.entries(section)):
            start = lines[i].index(":") + 1
            start += len(lines[i][start:]) - len(lines[i][start:].lstrip(" "))
            found: list[Square] = []
            for m in re.finditer(r"[^ ,]+", value):
                at = self._origin.entry_at(section, i, start + m.start())
                first, dash, last = m.group().partition("-")
                a, b = _parse_square(first), _parse_square(last) if dash else None
                if a is None or (dash and b is None):
                    raise self._origin.error(at, f"{m.group()!r:.40} is not a square or a range "
                                                 f"of squares; expected e.g. 'E5' or 'E5-E8'")
                if dash and b is not None and a[0] != b[0] and a[1] != b[1]:
                    raise self._origin.error(at, f"the range {m.group()} is not along one row or "
                                                 f"one column; expected e.g. 'E5-E8' or 'E5-H5'")
                run = [a]
                if b is not None:
                    dx, dy = (b[0] > a[0]) - (b[0] < a[0]), (b[1] > a[1]) - (b[1] < a[1])
                    steps = max(abs(b[0] - a[0]), abs(b[1] - a[1]))
                    run = [(a[0] + k * dx, a[1] + k * dy) for k in range(steps + 1)]
                for sq in run:
                    if not (0 <= sq[0] < self.width and 0 <= sq[1] < self.height):
                        raise self._origin.error(at, f"square {square_name(sq)} is outside the "
                                                     f"grid; expected columns A to "
                                                     f"{square_name((self.width - 1, 0))[:-1]} "
                                                     f"and rows 1 to {self.height}")
                    if on_board and not self.on_board(sq):
                        raise self._origin.error(at, f"square {square_name(sq)} is off the board "
                                                     f"({_show(self.rows[sq[1]][sq[0]])}); "
                                                     f"expected a square of the board")
                found.extend(run)
            out.append((key, tuple(found)))
        return tuple(out)

    def _section(self, section: str) -> tuple[str, ...]:
        if section not in self.sections:
            have = ", ".join(f"'{s}:'" for s in self.sections) or "none"
            raise self._origin.error(self._origin.end(), f"there is no '{section}:' section "
                                                         f"(sections: {have}); expected one")
        return self.sections[section]

    def error(self, problem: str, *, square: Square | None = None, legend: str | None = None,
              meta: str | None = None, section: str | None = None, entry: int | None = None,
              column: int = 1) -> GridError:
        """A :class:`GridError` that points into the board file, for a game's own checks.

        Give the place: a ``square``, a ``legend`` character, a ``meta`` key,
        or a ``section`` (with ``entry``, the index of one of its lines, and
        optionally the ``column`` in that line). The caller raises it::

            raise grid.error("checkpoint 2 does not cross the track",
                             section="checkpoints", entry=1)
        """
        o = self._origin
        if square is not None:
            at = o.row_at(square[1], square[0])
        elif legend is not None:
            at = o.legend_char_at(legend)
        elif meta is not None:
            at = o.meta_at(meta)
        elif section is not None:
            at = o.section_at(section) if entry is None else o.entry_at(section, entry, column - 1)
        else:
            at = o.end()
        return o.error(at, problem)

    # --- text and JSON ---------------------------------------------------------

    def to_text(self) -> str:
        """The grid as a board file; ``load_grid(g.to_text()) == g``."""
        out = [f"{key}: {value}" for key, value in self.meta.items()]
        if out:
            out.append("")
        out.append("legend:")
        out += [f"{ch} = {meaning}" for ch, meaning in self.legend.items()]
        out += ["", "grid:"]
        out += [row.rstrip(" ") for row in self.rows]
        for name, lines in self.sections.items():
            out += ["", f"{name}:", *lines]
        return "\n".join(out) + "\n"

    def to_json(self) -> dict[str, Any]:
        """The grid as plain JSON data (dicts, lists, strings), e.g. for a save file."""
        return {"meta": dict(self.meta), "legend": dict(self.legend), "rows": list(self.rows),
                "sections": {name: list(lines) for name, lines in self.sections.items()}}

    @classmethod
    def from_json(cls, data: Any, *, source: str = "<json>", allowed: Collection[str] | None = None,
                  require: Collection[str] = frozenset()) -> Grid:
        """The grid that :meth:`to_json` gave; every check of :func:`load_grid` applies.

        Positions in error messages are JSON paths, e.g. ``at rows[3], character 7``.
        """
        origin = _Origin(source=str(source), text=False)
        if not isinstance(data, Mapping):
            raise origin.error(origin.end(), f"expected a JSON object with 'legend' and 'rows'; "
                                             f"found {type(data).__name__}")
        for key in data:
            if key not in ("meta", "legend", "rows", "sections"):
                raise origin.error(origin.end(), f"unknown key {key!r:.40}; expected only 'meta', "
                                                 f"'legend', 'rows' and 'sections'")
        for key in ("legend", "rows"):
            if key not in data:
                raise origin.error(origin.end(), f"'{key}' is missing; expected a JSON object "
                                                 f"with 'legend' and 'rows'")
        grid = cls(meta=data.get("meta", {}), legend=data["legend"], rows=data["rows"],
                   sections=data.get("sections", {}), _origin=origin)
        _check_names(grid, allowed, require)
        return grid


def _unpickle(data: dict[str, Any], source: str) -> Grid:
    return Grid.from_json(data, source=source)


def _check_names(grid: Grid, allowed: Collection[str] | None, require: Collection[str]) -> None:
    """The ``allowed`` and ``require`` checks of :func:`load_grid`."""
    o = grid._origin
    if isinstance(allowed, str) or isinstance(require, str):
        raise TypeError("allowed and require are collections of names, e.g. {'grey', 'red'}")
    if allowed is not None:
        known = {word for name in allowed for word in name.split()}
        for ch, meaning in grid.legend.items():
            for word, offset in zip(meaning.split(" "), o.words[ch]):
                if word != OFF and word not in known:
                    raise o.error(o.legend_meaning_at(ch, offset),
                                  f"{word!r} (the meaning of {_show(ch)}) is not a kind of "
                                  f"square this board can have; expected one of: "
                                  f"{', '.join(sorted(known))} (or '{OFF}')")
    for name in sorted(require):
        if not name.split():
            raise ValueError("require holds names, e.g. {'start'}; found an empty name")
        if grid.find(name):
            continue
        wanted = set(name.split())
        chars = [ch for ch, m in grid.legend.items() if wanted <= set(m.split(" "))]
        if not chars:
            raise o.error(o.legend_header_at(),
                          f"the legend has no character meaning {name!r}; this board needs at "
                          f"least one {name!r} square (legend: {', '.join(grid.legend)})")
        raise o.error(o.grid_header_at(),
                      f"no square of the grid is {name!r} "
                      f"({', '.join(_show(c) for c in chars)} in the legend); this board needs "
                      f"at least one")


# --------------------------------------------------------------------------
# Reading board files
# --------------------------------------------------------------------------

def _too_big(source: str, data: bytes) -> GridError:
    """The error for a file over MAX_BYTES; ``data`` holds its bytes up to past the limit."""
    line = data.count(b"\n", 0, MAX_BYTES) + 1
    start = data.rfind(b"\n", 0, MAX_BYTES) + 1
    cut = MAX_BYTES  # back to the first byte of the character that crosses the limit
    while cut > start and data[cut] & 0xC0 == 0x80:
        cut -= 1
    column = len(data[start:cut].decode("utf-8", "replace")) + 1
    return GridError(source, line, column,
                     f"the file is larger than {MAX_BYTES:,} bytes (1 MB) and goes past that "
                     f"limit here; expected a board file of at most {MAX_BYTES:,} bytes "
                     f"({_LIMIT})")


def load_grid(text: str, *, source: str = "<text>", allowed: Collection[str] | None = None,
              require: Collection[str] = frozenset()) -> Grid:
    """Read a board file's text (see the module documentation) into a :class:`Grid`.

    ``source`` names the text in error messages (e.g. the file name).
    ``allowed``: if given, every word of every legend meaning must be one of
    these (``off`` is always allowed). ``require``: names that at least one
    square of the grid must have (as :meth:`Grid.find` matches them).
    Raises :class:`GridError` for any problem.
    """
    if not isinstance(text, str):
        raise TypeError(f"load_grid() reads a str; got {type(text).__name__} "
                        f"(use load_grid_file() for a file)")
    source = str(source)
    if len(text) > MAX_BYTES or len(text.encode("utf-8", "surrogatepass")) > MAX_BYTES:
        raise _too_big(source, text[:MAX_BYTES + 1].encode("utf-8", "surrogatepass"))
    if text.startswith("\ufeff"):  # a byte order mark, as some editors write
        text = text[1:]
    lines = text.split("\n")
    origin = _Origin(source=source, text=True,
                     end_line=len(lines) - (len(lines) > 1 and lines[-1] == ""))
    meta: dict[str, str] = {}
    legend: dict[str, str] = {}
    rows: list[str] = []
    sections: dict[str, list[str]] = {}
    state, current, grid_end = "header", "", 0
    seen: dict[str, int] = {}

    def fail(n: int, column: int, problem: str) -> GridError:
        return GridError(source, n, column, problem)

    for n, line in enumerate(lines, 1):
        if line.endswith("\r"):  # Windows line ends
            line = line[:-1]
        bad = _bad_char(line)
        if bad:
            raise fail(n, bad[0] + 1, bad[1])
        text_ = line.strip(" ")
        indent = len(line) - len(line.lstrip(" "))
        if text_.startswith(COMMENT):
            continue
        if not text_:
            if state == "grid":
                state, grid_end = "after grid", n
            continue
        header = _HEADER_RE.match(line)
        if header:
            name = header.group(1).lower()
            if name in seen:
                raise fail(n, indent + 1, f"a second '{name}:' section (the first is on line "
                                          f"{seen[name]}); expected each section once")
            seen[name] = n
            if name == "legend":
                state, origin.legend_header = "legend", n
            elif name == "grid":
                state, origin.grid_header = "grid", n
            else:
                state, current = "section", name
                sections[name] = []
                origin.sections[name] = (n, [])
            continue
        if state == "header":
            key_value = _KEY_VALUE_RE.match(line)
            if key_value is None:
                if len(text_) > 1 and text_[1:].lstrip(" ").startswith("="):
                    problem = ("this looks like a legend entry; expected a line 'legend:' "
                               "before the legend entries")
                elif ":" in text_:
                    problem = (f"{text_.partition(':')[0].strip(' ')!r:.40} is not a usable key: "
                               f"a key starts with a letter and has only letters, digits, '-' "
                               f"and '_'; expected e.g. 'name: Indianapolis'")
                else:
                    problem = ("expected a header line 'key: value' (e.g. 'name: Indianapolis') "
                               "or a section name alone on its line, such as 'legend:' or "
                               "'grid:'")
                raise fail(n, indent + 1, problem)
            key = key_value.group(1).lower()
            value = key_value.group(2)
            if key in _SECTIONS:
                raise fail(n, indent + 1, f"'{key}:' starts a section and must be alone on its "
                                          f"line; expected its entries on the following lines")
            if key in meta:
                raise fail(n, indent + 1, f"the header key '{key}' is already set on line "
                                          f"{origin.meta[key][0]}; expected each key once")
            meta[key] = value.strip(" ")
            origin.meta[key] = (n, key_value.start(2) + len(value) - len(value.lstrip(" ")) + 1)
        elif state == "legend":
            ch, rest = line[indent], line[indent + 1:]
            equals = re.match(r" *= *", rest)
            if equals is None:
                if "=" in rest:
                    problem = (f"a legend entry starts with one character, but "
                               f"{(ch + rest).partition('=')[0].rstrip(' ')!r:.40} comes before "
                               f"'='; expected e.g. '# = grey'")
                else:
                    problem = (f"{text_!r:.40} is not a legend entry; expected one character, "
                               f"'=', and its meaning, e.g. '# = grey' (or is the line "
                               f"'grid:' missing before the rows?)")
                raise fail(n, indent + 2, problem)
            meaning = rest[equals.end():].rstrip(" ")
            if not meaning:
                raise fail(n, indent + 2 + rest.index("="),
                           f"nothing after '=': expected what {_show(ch)} "
                                             f"means, e.g. '{ch} = grey'")
            if ch in legend:
                first = origin.legend[ch][0]
                raise fail(n, indent + 1, f"{_show(ch)} is already in the legend on line {first} "
                                          f"('{ch} = {legend[ch]}'); expected each character "
                                          f"once")
            legend[ch] = meaning
            origin.legend[ch] = (n, indent + 1, indent + 1 + equals.end() + 1)
        elif state == "grid":
            rows.append(line.rstrip(" "))
            origin.rows.append(n)
        elif state == "after grid":
            raise fail(n, indent + 1, f"more rows after the empty line {grid_end} that ended the "
                                      f"grid; expected a section name such as 'checkpoints:' "
                                      f"(to draw an empty row, use the off-board character)")
        else:
            sections[current].append(text_)
            origin.sections[current][1].append((n, indent))

    if "grid" not in seen:
        raise fail(origin.end_line, 1, "there is no 'grid:' line; expected a line 'grid:' "
                                       "followed by the rows of the board")
    if "legend" not in seen:
        raise fail(origin.grid_header, 1, "there is no 'legend:' section; expected a line "
                                          "'legend:' followed by lines like '# = grey'")
    grid = Grid(meta=meta, legend=legend, rows=tuple(rows),
                sections={k: tuple(v) for k, v in sections.items()}, _origin=origin)
    _check_names(grid, allowed, require)
    return grid


def load_grid_file(path: str | os.PathLike, *, allowed: Collection[str] | None = None,
                   require: Collection[str] = frozenset()) -> Grid:
    """Read a board file (UTF-8 text). Errors name the file as it was given.

    A missing or unreadable file raises the usual ``OSError``; everything
    about its contents raises :class:`GridError`.
    """
    source = os.fspath(path)
    with open(path, "rb") as f:
        data = f.read(MAX_BYTES + 1)
    if len(data) > MAX_BYTES:
        raise _too_big(str(source), data)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        start = data.rfind(b"\n", 0, exc.start) + 1
        before = data[start:exc.start].decode("utf-8", "replace")
        if line == 1 and before.startswith("\ufeff"):
            before = before[1:]
        raise GridError(str(source), line, len(before) + 1,
                        f"byte 0x{data[exc.start]:02X} is not UTF-8 text; expected a file "
                        f"saved as UTF-8 (in most editors: 'Save as', encoding UTF-8)") from None
    return load_grid(text, source=str(source), allowed=allowed, require=require)
