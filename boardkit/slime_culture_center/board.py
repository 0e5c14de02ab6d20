"""Board geometry: squares, neighbours, slimes and cancer groups.

Squares are named like ``c4``: column a–h from the left, row 1–8 from the
**top**, so "reading order" (top row first, left to right — SCC-R4/R5) is
simply sorting by (row, column).

A board is a dict ``square -> content`` holding only occupied squares:
``"red"`` (a face-up slime tile), ``"x:red"`` (a face-down, cancer-infected
tile that was red) or ``"cancer:2"`` (the cancer tile of seat 2).
"""
from __future__ import annotations

from .components import COLUMNS, SIZE

#: every square, in reading order
SQUARES = tuple(f"{c}{r}" for r in range(1, SIZE + 1) for c in COLUMNS)

_KEYS = {f"{c}{r}": (r, i) for r in range(1, SIZE + 1) for i, c in enumerate(COLUMNS)}
#: a square's place in reading order (0 = a1): the same order as
#: :func:`reading_key`, as one number that sorts faster
_ORDER = {sq: i for i, sq in enumerate(SQUARES)}


def reading_key(square: str) -> tuple[int, int]:
    """Reading order: top row first, left to right (a cached table)."""
    return _KEYS[square]


def in_reading_order(squares) -> list[str]:
    return sorted(squares, key=_ORDER.__getitem__)


def _neighbours_of(square: str) -> tuple[str, ...]:
    c, r = COLUMNS.index(square[0]), int(square[1:])
    out = []
    for dc, dr in ((0, -1), (-1, 0), (1, 0), (0, 1)):
        cc, rr = c + dc, r + dr
        if 0 <= cc < SIZE and 1 <= rr <= SIZE:
            out.append(f"{COLUMNS[cc]}{rr}")
    return tuple(out)


#: square -> its orthogonal neighbours (up, left, right, down), worked out once
NEIGHBOURS: dict[str, tuple[str, ...]] = {sq: _neighbours_of(sq) for sq in SQUARES}


def neighbours(square: str) -> tuple[str, ...]:
    """Orthogonal neighbours on the board (diagonals are not adjacent)."""
    return NEIGHBOURS[square]


def is_square(square: str) -> bool:
    return square in _SQUARE_SET


_SQUARE_SET = frozenset(SQUARES)


def is_slime(content: str | None) -> bool:
    return content is not None and ":" not in content


def is_cancerous(content: str | None) -> bool:
    """A cancer tile or an infected (face-down) tile: part of a cancer group."""
    return content is not None and ":" in content


def slime_at(board: dict, square: str) -> frozenset[str]:
    """The slime (SCC-R2: maximal orthogonally connected same-colour face-up
    tiles) that contains ``square``."""
    colour = board.get(square)
    if not is_slime(colour):
        return frozenset()
    seen = {square}
    stack = [square]
    while stack:
        for n in NEIGHBOURS[stack.pop()]:
            if n not in seen and board.get(n) == colour:
                seen.add(n)
                stack.append(n)
    return frozenset(seen)


def slimes(board: dict, colour: str | None = None) -> list[frozenset[str]]:
    """All slimes (of ``colour``), in reading order of their first tile."""
    done: set[str] = set()
    out = []
    squares = board if not colour else [sq for sq, v in board.items() if v == colour]
    for sq in in_reading_order(squares):
        if sq in done or not is_slime(board[sq]):
            continue
        s = slime_at(board, sq)
        done |= s
        out.append(s)
    return out


def first(tiles) -> str:
    """The first of ``tiles`` in reading order."""
    return min(tiles, key=_ORDER.__getitem__)


def touching(a, b) -> bool:
    b = set(b)
    return any(n in b for sq in a for n in neighbours(sq))


def contact(tiles, other) -> list[str]:
    """The tiles of ``tiles`` orthogonally adjacent to ``other`` (reading order)."""
    other = set(other)
    return in_reading_order(sq for sq in tiles if any(n in other for n in neighbours(sq)))


def cancer_groups(board: dict) -> list[frozenset[str]]:
    """Cancer groups (癌細胞群): connected cancer and infected tiles."""
    done: set[str] = set()
    out = []
    for sq in in_reading_order(board):
        if sq in done or not is_cancerous(board[sq]):
            continue
        seen = {sq}
        stack = [sq]
        while stack:
            cur = stack.pop()
            for n in NEIGHBOURS[cur]:
                if n not in seen and is_cancerous(board.get(n)):
                    seen.add(n)
                    stack.append(n)
        done |= seen
        out.append(frozenset(seen))
    return out


def group_containing(board: dict, cells) -> frozenset[str]:
    """The current cancer group that contains any of ``cells`` (merged groups)."""
    for g in cancer_groups(board):
        if g & set(cells):
            return g
    return frozenset()


def colours_on_board(board: dict) -> set[str]:
    """SCC-R2: "a colour on the board" means at least one face-up tile of it."""
    return {v for v in board.values() if is_slime(v)}
