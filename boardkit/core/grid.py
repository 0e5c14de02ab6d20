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
import unicodedata
from collections.abc import Collection, Iterator, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from .errors import OptionError

__all__ = ["Grid", "GridError", "load_grid", "load_grid_file", "square_name", "parse_square",
           "MAX_BYTES", "MAX_SIZE", "OFF", "COMMENT"]

#: Largest board file, in bytes (UTF-8).
MAX_BYTES = 1_000_000
#: Largest grid: at most this many rows and this many columns.
MAX_SIZE = 200
#: The legend meaning of off-board squares (a space is always off-board too).
OFF = "off"
#: A line whose first non-space character is this is a comment.
COMMENT = ";"
#: Characters that cannot be legend characters.
RESERVED = frozenset(" ;:")

Square = tuple[int, int]

_NAME_RE = re.compile(r"[A-Za-z][A-Za-z0-9_-]*\Z")
_HEADER_RE = re.compile(r" *([A-Za-z][A-Za-z0-9_-]*) *: *\Z")
_KEY_VALUE_RE = re.compile(r" *([A-Za-z][A-Za-z0-9_-]*) *:(.*)\Z")
_SQUARE_RE = re.compile(r"([A-Za-z]{1,3})([0-9]{1,4})\Z")
_SECTIONS = ("legend", "grid")
_LIMIT = f"a board may be at most {MAX_SIZE} × {MAX_SIZE} squares"


class GridError(OptionError):
    """A board file (or its JSON form) is not valid.

    The message reads ``<source> line L, column C: <problem>``. The parts are
    also attributes: :attr:`source`, :attr:`line` and :attr:`column` (1-based;
    ``None`` for a grid that came from JSON, whose position is then given as a
    path in :attr:`where`), and :attr:`problem`.
    """

    def __init__(self, source: str, line: int | None, column: int | None, problem: str,
                 where: str | None = None):
        self.source = source
        self.line = line
        self.column = column
        self.problem = problem
        self.where = where if where is not None else f"line {line}, column {column}"
        super().__init__(f"{source} {self.where}: {problem}")


# --------------------------------------------------------------------------
# Square names
# --------------------------------------------------------------------------

def square_name(square: Square) -> str:
    """The human name of a square: ``square_name((4, 4)) == "E5"``.

    Columns are letters (A..Z, AA, AB, ...), rows are numbers from 1 at the top.
    """
    x, y = square
    if not (isinstance(x, int) and isinstance(y, int)) or x < 0 or y < 0:
        raise ValueError(f"a square is a pair of whole numbers (x, y) >= 0, not {square!r}")
    letters = ""
    n = x + 1
    while n:
        n, rest = divmod(n - 1, 26)
        letters = chr(ord("A") + rest) + letters
    return f"{letters}{y + 1}"


def _parse_square(name: str) -> Square | None:
    m = _SQUARE_RE.match(name)
    if not m or int(m.group(2)) < 1:
        return None
    x = 0
    for letter in m.group(1).upper():
        x = x * 26 + (ord(letter) - ord("A") + 1)
    return x - 1, int(m.group(2)) - 1


def parse_square(name: str) -> Square:
    """The square ``(x, y)`` named e.g. ``"E5"`` (or ``"e5"``): ``(4, 4)``."""
    square = _parse_square(name) if isinstance(name, str) else None
    if square is None:
        raise ValueError(f"{name!r} is not a square name; expected column letters and a row "
                         f"number from 1, e.g. 'E5'")
    return square


# --------------------------------------------------------------------------
# Where things are (for error messages)
# --------------------------------------------------------------------------

def _show(ch: str) -> str:
    """A character as an error message shows it."""
    if ch.isascii() and ch.isprintable():
        return f"'{ch}'"
    if ch.isprintable() and not unicodedata.category(ch).startswith("M"):
        return f"'{ch}' (U+{ord(ch):04X})"
    return f"U+{ord(ch):04X}"


def _q(text: Any) -> str:
    """A JSON-path component."""
    return '"' + str(text).replace("\\", "\\\\").replace('"', '\\"') + '"'


@dataclass(eq=False)
class _Origin:
    """Where each part of a grid was read from (text lines or JSON paths)."""

    source: str
    text: bool
    end_line: int = 1
    meta: dict[str, tuple[int, int]] = field(default_factory=dict)    # key -> line, value column
    legend: dict[str, tuple[int, int, int]] = field(default_factory=dict)  # char -> line, col, meaning col
    legend_header: int = 1
    grid_header: int = 1
    rows: list[int] = field(default_factory=list)
    sections: dict[str, tuple[int, list[tuple[int, int]]]] = field(default_factory=dict)
    words: dict[str, list[int]] = field(default_factory=dict)  # char -> offset of each meaning word

    def error(self, where: tuple[int | None, int | None, str], problem: str) -> GridError:
        return GridError(self.source, where[0], where[1], problem, where[2])

    def _at(self, line: int, column: int) -> tuple[int, int, str]:
        return line, column, f"line {line}, column {column}"

    def end(self):
        return self._at(self.end_line, 1) if self.text else (None, None, "at the top level")

    def meta_at(self, key: str, offset: int = 0):
        if self.text and key in self.meta:
            line, col = self.meta[key]
            return self._at(line, col + offset)
        return None, None, f"at meta[{_q(key)}], character {offset + 1}"

    def legend_char_at(self, ch: str):
        if self.text and ch in self.legend:
            line, col, _ = self.legend[ch]
            return self._at(line, col)
        return None, None, f"at legend[{_q(ch)}]"

    def legend_meaning_at(self, ch: str, offset: int = 0):
        if self.text and ch in self.legend:
            line, _, col = self.legend[ch]
            return self._at(line, col + offset)
        return None, None, f"at legend[{_q(ch)}], character {offset + 1}"

    def legend_header_at(self):
        return self._at(self.legend_header, 1) if self.text else (None, None, "at legend")

    def grid_header_at(self):
        return self._at(self.grid_header, 1) if self.text else (None, None, "at rows")

    def row_at(self, y: int, x: int = 0):
        if self.text and y < len(self.rows):
            return self._at(self.rows[y], x + 1)
        return None, None, f"at rows[{y}], character {x + 1}"

    def section_at(self, name: str):
        if self.text and name in self.sections:
            return self._at(self.sections[name][0], 1)
        return None, None, f"at sections[{_q(name)}]"

    def entry_at(self, name: str, index: int, offset: int = 0):
        if self.text and name in self.sections and index < len(self.sections[name][1]):
            line, indent = self.sections[name][1][index]
            return self._at(line, indent + offset + 1)
        return None, None, f"at sections[{_q(name)}][{index}], character {offset + 1}"


# --------------------------------------------------------------------------
# Checks shared by text files and JSON
# --------------------------------------------------------------------------

def _bad_char(text: str) -> tuple[int, str] | None:
    """The first character that may not appear in a board file, and why."""
    if text.isprintable():
        return None
    for i, ch in enumerate(text):
        if ch.isprintable():
            continue
        if ch == "\t":
            return i, ("a tab character; expected spaces instead (a tab has no fixed width, so "
                       "the rows of the board would not line up)")
        if ch == "\n":
            return i, "a line break inside one value; expected a single line of text"
        if ch == "\r":
            return i, ("a carriage return (U+000D) that does not end a line; expected lines "
                       "ending in a line feed (save the file with Unix or Windows line ends)")
        return i, (f"a non-printable character {_show(ch)}; expected ordinary printable text "
                   f"(letters, digits, punctuation, spaces)")
    return None  # pragma: no cover (isprintable() was False, so some character is not)


def _check_string(value: Any, what: str, origin: _Origin, at) -> str:
    """``value`` must be a one-line printable string; ``at(offset)`` locates it."""
    if not isinstance(value, str):
        raise origin.error(at(0), f"{what} is {type(value).__name__} {value!r:.40}; expected a string")
    bad = _bad_char(value)
    if bad:
        raise origin.error(at(bad[0]), bad[1])
    return value


def _check_name(name: Any, what: str, origin: _Origin, at) -> str:
    if not isinstance(name, str) or not _NAME_RE.match(name):
        raise origin.error(at, f"{name!r:.40} is not a usable {what}: it must start with a letter "
                               f"and have only letters, digits, '-' and '_' (e.g. 'name')")
    return name.lower()


def _validate(meta: Any, legend: Any, rows: Any, sections: Any, origin: _Origin):
    """Check and normalise the parts of a grid; returns them as plain data."""
    # --- header
    if not isinstance(meta, Mapping):
        raise origin.error((None, None, "at meta"), f"meta is {type(meta).__name__}; expected an "
                                                    f"object of 'key': 'value' pairs")
    out_meta: dict[str, str] = {}
    for key, value in meta.items():
        name = _check_name(key, "header key", origin, origin.meta_at(str(key)))
        if name in _SECTIONS:
            raise origin.error(origin.meta_at(key), f"'{name}' cannot be a header key: "
                               f"'{name}:' starts a section and must be alone on its line")
        if name in out_meta:
            raise origin.error(origin.meta_at(key), f"the header key '{name}' appears twice; "
                                                    f"expected each key once")
        value = _check_string(value, f"the value of '{name}'", origin,
                              lambda i, k=key: origin.meta_at(k, i))
        if not value.strip(" "):
            raise origin.error(origin.meta_at(key), f"the header key '{name}' has no value; "
                                                    f"expected e.g. 'name: Indianapolis'")
        out_meta[name] = value.strip(" ")

    # --- legend
    if not isinstance(legend, Mapping):
        raise origin.error(origin.legend_header_at(),
                           f"the legend is {type(legend).__name__}; expected an object of "
                           f"'character': 'meaning' pairs")
    if not legend:
        raise origin.error(origin.legend_header_at(),
                           "the legend is empty; expected lines like '# = grey' after 'legend:'")
    out_legend: dict[str, str] = {}
    for ch, meaning in legend.items():
        at = origin.legend_char_at(str(ch))
        if not isinstance(ch, str) or len(ch) != 1:
            raise origin.error(at, f"{ch!r:.40} is not a single character; a legend entry is one "
                                   f"character, '=', and its meaning, e.g. '# = grey'")
        if ch in RESERVED:
            raise origin.error(at, f"{_show(ch)} cannot be a legend character (a space is always "
                                   f"off-board, ';' starts a comment, ':' ends a section name); "
                                   f"expected any other printable character")
        if not ch.isprintable() or unicodedata.category(ch).startswith("M"):
            raise origin.error(at, f"{_show(ch)} cannot be a legend character; expected a "
                                   f"visible character that takes a square of its own")
        meaning = _check_string(meaning, f"the meaning of {_show(ch)}", origin,
                                lambda i, c=ch: origin.legend_meaning_at(c, i))
        found = list(re.finditer(r"[^ ]+", meaning))
        if not found:
            raise origin.error(origin.legend_meaning_at(ch),
                               f"{_show(ch)} has no meaning; expected e.g. '{ch} = grey'")
        words = [m.group() for m in found]
        if OFF in words and len(words) > 1:
            raise origin.error(origin.legend_meaning_at(ch, found[words.index(OFF)].start()),
                               f"'{OFF}' (off-board) cannot be combined with other words "
                               f"(the meaning of {_show(ch)} is {' '.join(words)!r}); expected "
                               f"'{ch} = {OFF}' alone")
        origin.words[ch] = [m.start() for m in found]
        out_legend[ch] = " ".join(words)

    # --- grid
    if not isinstance(rows, (list, tuple)):
        raise origin.error(origin.grid_header_at(), f"rows is {type(rows).__name__}; expected a "
                                                    f"list of strings, one per row")
    if not rows:
        raise origin.error(origin.grid_header_at(), "the grid is empty; expected the rows of the "
                                                    "board on the lines after 'grid:'")
    if len(rows) > MAX_SIZE:
        raise origin.error(origin.row_at(MAX_SIZE),
                           f"the grid has more than {MAX_SIZE} rows; expected fewer "
                           f"rows ({_LIMIT})")
    known = ", ".join(out_legend)
    out_rows: list[str] = []
    for y, row in enumerate(rows):
        row = _check_string(row, f"row {y + 1}", origin, lambda i, y=y: origin.row_at(y, i))
        row = row.rstrip(" ")
        if not row:
            raise origin.error(origin.row_at(y), f"row {y + 1} is empty; expected at least one "
                               f"square (draw an empty row with the off-board character)")
        if len(row) > MAX_SIZE:
            raise origin.error(origin.row_at(y, MAX_SIZE),
                               f"this row is longer than {MAX_SIZE} squares; expected a "
                               f"shorter row ({_LIMIT})")
        for x, ch in enumerate(row):
            if ch == " " or ch in out_legend:
                continue
            where = f"{_show(ch)} (square {square_name((x, y))})"
            if ch in RESERVED:
                raise origin.error(origin.row_at(y, x), f"{where} cannot be a square: ':' only "
                                   f"ends a section name and ';' starts a comment line; expected "
                                   f"a character from the legend ({known})")
            raise origin.error(origin.row_at(y, x),
                               f"{where} is not in the legend (legend: {known}); expected "
                               f"a legend character, or a space for off-board")
        out_rows.append(row)
    width = max(len(r) for r in out_rows)

    # --- other sections
    if not isinstance(sections, Mapping):
        raise origin.error((None, None, "at sections"), f"sections is {type(sections).__name__}; "
                           f"expected an object of 'name': [lines]")
    out_sections: dict[str, tuple[str, ...]] = {}
    for name, lines in sections.items():
        at = origin.section_at(str(name))
        lower = _check_name(name, "section name", origin, at)
        if lower in _SECTIONS:
            raise origin.error(at, f"'{lower}' cannot be the name of another section (it is "
                                   f"the board's own {lower}); expected a different name")
        if lower in out_sections:
            raise origin.error(at, f"the section '{lower}:' appears twice; expected each section "
                                   f"once")
        if not isinstance(lines, (list, tuple)):
            raise origin.error(at, f"the section '{lower}' is {type(lines).__name__}; expected a "
                                   f"list of lines")
        kept = []
        for i, line in enumerate(lines):
            line = _check_string(line, f"line {i + 1} of '{lower}'", origin,
                                 lambda o, n=name, i=i: origin.entry_at(n, i, o))
            text = line.strip(" ")
            if not text:
                raise origin.error(origin.entry_at(name, i), f"line {i + 1} of '{lower}' is "
                                   f"empty; expected some text (empty lines are not kept)")
            if text.startswith(COMMENT) or _HEADER_RE.match(text):
                raise origin.error(origin.entry_at(name, i),
                                   f"{text!r:.40} would read as a comment or a section name in a "
                                   f"board file; expected a line with some text after ':'")
            kept.append(text)
        out_sections[lower] = tuple(kept)
    return out_meta, out_legend, tuple(r.ljust(width) for r in out_rows), out_sections


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
