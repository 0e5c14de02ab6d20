"""The seeded chance stream: where a game's shuffles, draws and dice come from.

Every chance event of a game (the first player, a deal, a draw, a roll) is
drawn from its own short stream, started from the game's seed and the
event's number (0 for the game's first chance event, 1 for the next …).
So an event's outcome depends only on ``(seed, event number)`` and the
position: a copy, an undo or a loaded game goes on with exactly the chance
the original would have had, and nothing needs to be carried along.

The stream is SplitMix64 (Steele, Lea & Flood, "Fast splittable
pseudorandom number generators", OOPSLA 2014): a 64-bit counter stepped by
an odd constant and passed through a mixing function. It is small, fast to
start (a few integer operations, where starting Python's Mersenne Twister
costs about 3.5 µs) and statistically sound for games (it passes BigCrush).
It is not for cryptography. :class:`ChanceStream` is a
:class:`random.Random`, so a game's ``sample_chance`` uses ``choice``,
``shuffle``, ``randrange`` and ``random`` as usual, all exactly uniform
(integers by Lemire's multiply-and-reject, almost always one draw each).

Python's integers have no 64-bit wrap-around, so each step of the mixing
function is a few operations on integers of up to 128 bits. Where many
numbers are wanted at once (a shuffle; the starts of the next chance events
while a game goes on), they are worked out side by side: many 64-bit lanes
packed into one integer, 128 bits apart, each operation done once for all
of them (a product of two 64-bit numbers fits in its lane; the bits a shift
brings into a lane from the next are masked off). The numbers are exactly
those of the one-at-a-time formulas (a test compares them).
"""
from __future__ import annotations

import random
import struct
from functools import lru_cache
from hashlib import blake2b

M64 = (1 << 64) - 1
GOLDEN = 0x9E3779B97F4A7C15        # SplitMix64's step: 2**64 / golden ratio, odd
EVENT = 0xD1B54A32D192ED03         # spreads event numbers over the 64-bit states
MIX1 = 0xBF58476D1CE4E5B9
MIX2 = 0x94D049BB133111EB

#: the starts of this many chance events are worked out together
EVENT_BLOCK = 32


def mix(z: int) -> int:
    """SplitMix64's mixing function of a 64-bit number."""
    z = ((z ^ (z >> 30)) * MIX1) & M64
    z = ((z ^ (z >> 27)) * MIX2) & M64
    return z ^ (z >> 31)


@lru_cache(maxsize=64)
def _lanes(k: int) -> tuple[int, int, struct.Struct]:
    """For ``k`` lanes of 128 bits: the mask of every lane's low 64 bits,
    a 1 at the bottom of every lane, and the unpacker of 64-bit words."""
    one = sum(1 << (128 * i) for i in range(k))
    return M64 * one, one, struct.Struct(f"<{2 * k}Q")


@lru_cache(maxsize=64)
def _steps(k: int, step: int) -> int:
    """``i * step`` in lane ``i`` (for i = 1 … k, lane 0 first)."""
    return sum(((i + 1) * step) << (128 * i) for i in range(k))


def _mix_lanes(z: int, mask: int) -> int:
    """:func:`mix` of every lane of ``z`` (each below 2**64); the bits above
    each lane's 64 are left unmasked at the end (unpacking skips them)."""
    z = (z ^ (z >> 30)) & mask
    z = (z * MIX1) & mask
    z = (z ^ (z >> 27)) & mask
    z = (z * MIX2) & mask
    return z ^ (z >> 31)


def _unpack(z: int, k: int, unpacker: struct.Struct) -> tuple[int, ...]:
    """The low 64 bits of each of ``k`` lanes."""
    return unpacker.unpack(z.to_bytes(16 * k, "little"))[::2]


def outputs(s: int, k: int) -> tuple[int, ...]:
    """The next ``k`` outputs of the stream whose state is ``s``: the
    ``i``-th is ``mix((s + i * GOLDEN) mod 2**64)`` (i = 1 … k)."""
    mask, one, unpacker = _lanes(k)
    return _unpack(_mix_lanes((s * one + _steps(k, GOLDEN)) & mask, mask), k, unpacker)


def event_starts(key: int, event: int, k: int) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    """For chance events ``event`` … ``event + k - 1`` of the stream ``key``:
    each one's starting state, the state after its first draw, and that
    draw's 64-bit output."""
    mask, one, unpacker = _lanes(k)
    # lane i: key + (event + i) * EVENT (i = 0 … k-1)
    z = (((key + (event - 1) * EVENT) & M64) * one + _steps(k, EVENT)) & mask
    starts = _mix_lanes(z, mask)
    z = ((starts & mask) + GOLDEN * one) & mask
    return _unpack(starts, k, unpacker), _unpack(z, k, unpacker), _unpack(_mix_lanes(z, mask), k, unpacker)


@lru_cache(maxsize=4096)
def seed_key(seed: int) -> int:
    """A 64-bit key for a game's seed (a whole number; a game takes seeds of
    up to 77 digits)."""
    return int.from_bytes(blake2b(f"boardkit-chance/{seed}".encode(), digest_size=8).digest(), "little")


class ChanceStream(random.Random):
    """The generator a game's chance events draw from. ``start(event)`` puts
    it at the beginning of that event's stream for the seed it was made
    with (well under a microsecond, so every event starts afresh)."""

    def __new__(cls, *args, **kwargs):
        # random.Random.__new__ takes at most one argument before Python 3.11
        return super().__new__(cls)

    def __init__(self, seed: int = 0, event: int = 0) -> None:
        if type(seed) is not int:
            raise TypeError("a chance stream is started from a whole-number seed")
        super().__init__(0)
        self.gauss_next: float | None = None
        self._key = seed_key(seed)
        self._forget()
        self.start(event)

    def _forget(self) -> None:
        #: the starts of events _base … _base + EVENT_BLOCK - 1 (see
        #: event_starts), worked out once events are taken in order (none yet:
        #: a base no event number comes near)
        self._base = -(1 << 80)
        self._starts: tuple[int, ...] = ()
        self._afters: tuple[int, ...] = ()
        self._firsts: tuple[int, ...] = ()
        #: the event started last, and its start state (while the stream
        #: is still there, its first draw is the table's: see choice)
        self._event = -2
        self._at: int | None = None

    def start(self, event: int) -> None:
        """Go to the beginning of chance event number ``event``'s stream."""
        self.gauss_next = None      # random.Random.gauss keeps a spare value
        i = event - self._base
        if not 0 <= i < EVENT_BLOCK:
            if event != self._event + 1 or type(event) is not int or event < 0:
                # a jump (a new stream, a copy, an undo): this event alone
                self._event = event
                self._s = mix((self._key + event * EVENT) & M64)
                self._at = None
                return
            self._base = event
            self._starts, self._afters, self._firsts = event_starts(self._key, event, EVENT_BLOCK)
            i = 0
        self._event = event
        self._s = self._at = self._starts[i]

    def seed(self, a=None, version: int = 2) -> None:  # noqa: D102 (random.Random's)
        # random.Random.__init__ calls this before the key is set; later, a
        # whole-number seed starts that seed's event 0, anything else is refused
        if hasattr(self, "_key"):
            if type(a) is not int:
                raise TypeError("a chance stream is started from a whole-number seed")
            self._key = seed_key(a)
            self._forget()
            self.start(0)

    def _next(self) -> int:
        s = self._s = (self._s + GOLDEN) & M64
        z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & M64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & M64
        return z ^ (z >> 31)

    def _below(self, n: int) -> int:
        """Exactly uniform on 0..n-1 (n < 2**64), almost always from one
        64-bit draw: Lemire's multiply-and-reject ("Fast random integer
        generation in an interval", ACM TOMACS 2019)."""
        m = self._next() * n
        low = m & M64
        if low < n:
            floor = (M64 + 1 - n) % n
            while low < floor:
                m = self._next() * n
                low = m & M64
        return m >> 64

    def shuffle(self, x, random=None):
        # random.Random.shuffle (Fisher–Yates from the end), its draws
        # written out in one loop: a deal shuffles a whole deck
        if random is not None:     # Python 3.10's deprecated argument
            return super().shuffle(x, random)
        s = self._s
        last = len(x) - 1
        if 1 < last <= 256:
            # every draw worked out at once; a draw that Lemire rejects
            # (about n in 2**64) hands over to the loop below
            i = last
            for z in outputs(s, last):
                n = i + 1
                m = z * n
                if m & M64 < n and m & M64 < (M64 + 1 - n) % n:
                    break
                j = m >> 64
                x[i], x[j] = x[j], x[i]
                i -= 1
            else:
                self._s = (s + last * GOLDEN) & M64
                return
            # the draws taken, the rejected one too; position i is drawn again
            s = (s + (last - i + 1) * GOLDEN) & M64
            last = i
        for i in range(last, 0, -1):
            n = i + 1
            while True:
                s = (s + GOLDEN) & M64
                z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & M64
                z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & M64
                m = (z ^ (z >> 31)) * n
                low = m & M64
                if low >= n or low >= (M64 + 1 - n) % n:     # Lemire, as in _below
                    break
            j = m >> 64
            x[i], x[j] = x[j], x[i]
        self._s = s

    def choice(self, seq):
        n = len(seq)
        if not n:
            raise IndexError("Cannot choose from an empty sequence")
        if n > M64:
            return seq[self._randbelow(n)]
        # _below(n) and its _next() written out (a draw from a deck is the
        # commonest chance event): the same numbers, fewer calls; an
        # event's first draw is read from the table of event starts
        s = self._s
        if s is self._at:
            i = self._event - self._base
            self._s = self._afters[i]
            m = self._firsts[i] * n
        else:
            s = self._s = (s + GOLDEN) & M64
            z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & M64
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & M64
            m = (z ^ (z >> 31)) * n
        if m & M64 < n:
            floor = (M64 + 1 - n) % n
            while m & M64 < floor:
                m = self._next() * n
        return seq[m >> 64]

    def getrandbits(self, k: int) -> int:
        if k <= 64:
            if k <= 0:
                if k < 0:
                    raise ValueError("number of bits must be non-negative")
                return 0
            return self._next() >> (64 - k)
        out, have = 0, 0
        while have < k:
            out |= self._next() << have
            have += 64
        return out & ((1 << k) - 1)

    def random(self) -> float:
        return (self._next() >> 11) * (1.0 / (1 << 53))

    def _randbelow(self, n: int) -> int:
        # random.Random's integers (randrange, shuffle, sample …) come here
        if n <= M64:
            return self._below(n)
        k = n.bit_length()
        r = self.getrandbits(k)
        while r >= n:
            r = self.getrandbits(k)
        return r

    def getstate(self):
        return ("boardkit-chance", self._key, self._s, self.gauss_next)

    def setstate(self, state) -> None:
        if not (isinstance(state, tuple) and len(state) == 4 and state[0] == "boardkit-chance"
                and all(type(v) is int and 0 <= v <= M64 for v in state[1:3])
                and (state[3] is None or type(state[3]) is float)):
            raise ValueError("not a chance stream's state")
        self._key, self._s, self.gauss_next = state[1], state[2], state[3]
        self._forget()
