"""Reading a board file's parts safely (see :mod:`boardkit.core.grid`): the
limits, square names, where each part of a grid was read from (so an error
names its line and column, or its JSON path), and the checks every part
passes before a :class:`~boardkit.core.grid.Grid` is made of it.
"""
from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from .errors import OptionError

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
