"""Board geometry: squares, neighbours, slimes and cancer groups.

Squares are named like ``c4``: column a–h from the left, row 1–8 from the
**top**, so "reading order" (top row first, left to right — SCC-R4/R5) is
simply sorting by (row, column).

A board is a dict ``square -> content`` holding only occupied squares:
``"red"`` (a face-up slime tile), ``"x:red"`` (a face-down, cancer-infected
tile that was red) or ``"cancer:2"`` (the cancer tile of seat 2).
"""
from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from ..core.rules import Grouped, position
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


# ------------------------------------------------------------ square sets
# A set of squares can also be one whole number: bit i is SQUARES[i], so
# "the squares next to these" is a few shifts and the lowest bit is the
# first square in reading order. The rules below use this where they look
# at many squares at once.

#: square -> its bit
BIT: dict[str, int] = {sq: 1 << i for i, sq in enumerate(SQUARES)}
ALL = (1 << (SIZE * SIZE)) - 1
_NOT_LEFT = ALL & ~sum(1 << (r * SIZE) for r in range(SIZE))            # no square in column a
_NOT_RIGHT = ALL & ~sum(1 << (r * SIZE + SIZE - 1) for r in range(SIZE))  # none in column h
#: squares on the edge of the board (fewer than four neighbours)
RIM = sum(BIT[sq] for sq in SQUARES if len(_neighbours_of(sq)) < 4)
#: square index -> the squares next to it (a mask)
NEAR: tuple[int, ...] = tuple(sum(BIT[n] for n in NEIGHBOURS[sq]) for sq in SQUARES)
#: row r -> byte -> the squares of that row whose bits are set, left to right
_ROWS = tuple(tuple(tuple(SQUARES[r * SIZE + i] for i in range(SIZE) if byte >> i & 1)
                    for byte in range(1 << SIZE)) for r in range(SIZE))


def spread(mask: int) -> int:
    """``mask`` and every square orthogonally next to it."""
    return (mask | (mask << 1 & _NOT_LEFT) | (mask >> 1 & _NOT_RIGHT)
            | (mask << SIZE & ALL) | mask >> SIZE)


def flood(seed: int, within: int) -> int:
    """The squares of ``within`` connected to ``seed`` (orthogonally)."""
    mask = seed
    while True:  # spread(mask) & within, written out: this is the innermost loop
        grown = (mask | (mask << 1 & _NOT_LEFT) | (mask >> 1 & _NOT_RIGHT)
                 | (mask << SIZE & ALL) | mask >> SIZE) & within
        if grown == mask:
            return mask
        mask = grown


def squares_of(mask: int) -> list[str]:
    """The squares of ``mask`` in reading order."""
    out: list[str] = []
    row = 0
    while mask:
        byte = mask & 0xFF
        if byte:
            out += _ROWS[row][byte]
        mask >>= SIZE
        row += 1
    return out


_COUNT = tuple(bin(b).count("1") for b in range(1 << SIZE))


class SquareSet(Sequence):
    """The squares of a mask as a read-only list in reading order, written
    out only when read: ``len`` is a bit count and ``[i]`` finds one square,
    so a random pick among many candidate actions lists none of them."""

    __slots__ = ("mask", "_n")

    def __init__(self, mask: int):
        self.mask = mask
        self._n = mask.bit_count()

    def __len__(self) -> int:
        return self._n

    def __getitem__(self, i):
        if isinstance(i, slice):
            return squares_of(self.mask)[i]
        i = position(i, self._n, "square")
        mask, row = self.mask, 0
        while True:
            byte = mask & 0xFF
            k = _COUNT[byte]
            if i < k:
                return _ROWS[row][byte][i]
            i -= k
            mask >>= SIZE
            row += 1

    def __iter__(self):
        return iter(squares_of(self.mask))

    def __contains__(self, square) -> bool:
        return bool(self.mask & BIT.get(square, 0))

    def __eq__(self, other) -> bool:
        return list(self) == list(other) if isinstance(other, Sequence) else NotImplemented

    def __repr__(self) -> str:
        return f"SquareSet({squares_of(self.mask)})"


class SquarePairs(Grouped):
    """Words ``"<from> <to>"`` for (square, mask of squares) pairs, in
    order, written out only when read (like :class:`SquareSet`)."""

    __slots__ = ("_pairs",)

    def __init__(self, pairs: list[tuple[str, int]]):
        self._pairs = pairs
        ends, n = [], 0
        for _, mask in pairs:
            n += mask.bit_count()
            ends.append(n)
        self._ends = ends

    def _item(self, g: int, k: int) -> str:
        square, mask = self._pairs[g]
        return f"{square} {SquareSet(mask)[k]}"

    def __iter__(self):
        for square, mask in self._pairs:
            for to in squares_of(mask):
                yield f"{square} {to}"


def mask_of(squares) -> int:
    m = 0
    for sq in squares:
        m |= BIT[sq]
    return m


def colour_masks(board: dict) -> tuple[int, dict[str, int]]:
    """(every occupied square, colour -> its face-up tiles)."""
    occupied = 0
    colours: dict[str, int] = {}
    for sq, v in board.items():
        b = BIT[sq]
        occupied |= b
        if ":" not in v:
            colours[v] = colours.get(v, 0) | b
    return occupied, colours


@lru_cache(maxsize=8192)
def slimes_of(colour: int) -> tuple[int, ...]:
    """Every slime of one colour (``colour``: its face-up tiles), in reading
    order of its first tile. Remembered: an action changes one or two
    colours, and the others' slimes are asked for again and again."""
    left = colour
    out = []
    while left:
        # flooding from the lowest tile left finds the slimes in order
        s = flood(left & -left, colour)
        out.append(s)
        left &= ~s
    return tuple(out)


@lru_cache(maxsize=8192)
def edge_reach(slime: int) -> tuple[tuple[str, int], ...]:
    """SCC-R3's geometry of one slime, before looking at what is empty:
    (edge tile, the squares next to the rest of the slime — next to the
    square it left, for a lone tile — other than its own). Remembered: most
    slimes are the same from one action to the next."""
    if not slime:
        return ()
    if not slime & (slime - 1):  # a lone tile
        i = slime.bit_length() - 1
        return ((SQUARES[i], NEAR[i]),)
    inner = slime & ~RIM & slime >> 1 & slime << 1 & slime >> SIZE & slime << SIZE
    return tuple((t, spread(slime & ~BIT[t]) & ~slime) for t in squares_of(slime & ~inner))


def slimes_holding(tiles: int, colour: int) -> list[int]:
    """The slimes of one colour (``colour``: its face-up tiles) that hold
    any of ``tiles``, in reading order of their first tile."""
    return [s for s in slimes_of(colour) if s & tiles]


def slime_masks(colours: dict[str, int]) -> list[int]:
    """Every slime (SCC-R2) of the given colour masks, in reading order of
    its first tile."""
    out = [s for m in colours.values() for s in slimes_of(m)]
    out.sort(key=lambda s: s & -s)
    return out


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
    if colour:
        if not is_slime(colour):  # an infected tile or a cancer tile is no slime
            return []
        colours = {colour: mask_of(sq for sq, v in board.items() if v == colour)}
    else:
        _, colours = colour_masks(board)
    return [frozenset(squares_of(m)) for m in slime_masks(colours)]


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
    """Cancer groups (癌細胞群): connected cancer and infected tiles, in
    reading order of their first tile."""
    cells = mask_of([sq for sq, v in board.items() if ":" in v])
    out = []
    while cells:
        # flooding from the lowest tile left finds the groups in order
        group = flood(cells & -cells, cells)
        out.append(frozenset(squares_of(group)))
        cells &= ~group
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
