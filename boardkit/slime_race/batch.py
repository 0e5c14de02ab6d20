"""A numpy batch simulator of Slime Race races (many races at once, as arrays).

:func:`simulate_batch` answers the same question as
:func:`boardkit.slime_race.analysis.simulate_races` — which pair of slimes
wins when every player plays a random card — but plays thousands of races in
parallel with numpy arrays instead of one race at a time through the engine,
which makes it more than a hundred times faster. It implements the same rules
(SR-R4 … SR-R10 in ``docs/rulings.md``); ``tests/test_batch.py`` checks it card
by card against the engine's :func:`~boardkit.slime_race.cards.resolve_card`
and statistically against whole engine races.

How a batch of ``N`` races is stored:

* ``pos`` — an ``(5, N)`` array: the position of each racing slime (start-line
  order, red first), and ``-1`` for a slime that has crossed the goal (SR-R8);
* ``order`` — an ``(D, N)`` array: each race's shuffled deck of ``D`` cards (as
  card-name ids). The first ``players × hand_size`` cards are the deal, the
  rest are drawn from the front. The engine draws a uniformly random card of
  the remaining deck at every turn, which is the same thing, in distribution,
  as drawing the top card of a deck shuffled once;
* ``hands`` — a ``(players, N, hand_size + 1)`` array of card-name ids.

Every race follows the same turn schedule: each turn draws a card while the
deck lasts and plays one card, so the number of cards in each hand does not
depend on which cards are played. The races therefore advance in lock step
(turn ``t`` of every race at once) and only the cards differ. Seats are
numbered from the player who goes first (SR-R2): with random players, who
starts changes nothing in how the slimes move, so no first player is drawn.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from ..core.errors import OptionError
from .components import RANKS, card_kind

__all__ = ["simulate_batch", "resolve_batch", "POLICIES"]

POLICIES = ("card", "name")

# card kinds in the lookup tables
_SLIME, _RANK, _DASH1, _DASH2 = 0, 1, 2, 3

# a sorting network for five values (9 compare-exchanges), front first
_NETWORK = ((0, 3), (1, 4), (0, 2), (1, 3), (0, 1), (2, 4), (1, 2), (3, 4), (2, 3))


class _Tables:
    """The components turned into arrays indexed by card-name id."""

    def __init__(self, comps):
        self.c = comps
        self.slimes = tuple(comps.slimes)
        # distinct card names: the rank and dash cards first, so "is it a
        # rank or dash card" is a comparison of ids (id < self.special)
        names = sorted(set(comps.deck))
        self.names = tuple([n for n in names if card_kind(n)[0] != "slime"]
                           + [n for n in names if card_kind(n)[0] == "slime"])
        self.special = sum(card_kind(n)[0] != "slime" for n in names)
        ids = {name: i for i, name in enumerate(self.names)}
        self.deck = np.array([ids[x] for x in comps.deck], dtype=np.int16)
        k = len(self.names)
        self.kind = np.zeros(k, np.int8)
        self.slime = np.zeros(k, np.intp)    # the slime a slime card moves
        self.value = np.zeros(k, np.int16)   # spaces of a slime or rank card
        self.slot = np.zeros(k, np.int16)    # the slot a rank/dash card aims at; 0 = "last"
        for i, name in enumerate(self.names):
            kind, what, value = card_kind(name)
            if kind == "slime":
                self.kind[i], self.slime[i], self.value[i] = _SLIME, self.slimes.index(what), value
            elif kind == "rank":
                self.kind[i], self.value[i] = _RANK, value
                self.slot[i] = 0 if what == "last" else RANKS.index(what) + 1
            else:
                self.kind[i] = _DASH1 if name == "dash1" else _DASH2
                self.slot[i] = 1 if name == "dash1" else 2       # SR-R7
        self.track = int(comps.track)
        # positions fit in int16 unless a teacher's track is very long
        self.dtype = np.int16 if self.track + 2 * int(self.value.max()) < 30_000 else np.int64
        self.hand_size = int(comps.hand_size)
        self.pairs = tuple(sorted(comps.odds))
        pair_index = np.zeros((5, 5), np.int64)
        for a in range(5):
            for b in range(5):
                if a != b:
                    pair_index[a, b] = self.pairs.index(comps.pair_of(self.slimes[a], self.slimes[b]))
        self.pair_index = pair_index


def _tables(components: Any) -> _Tables:
    from .rules import SlimeRaceRules
    return _Tables(SlimeRaceRules(SlimeRaceRules.load_components(components)).c)


# ------------------------------------------------------------ card effects
def _resolve(pos: np.ndarray, card: np.ndarray, T: _Tables, ar: np.ndarray):
    """Where each card's slime stands and how far the card moves it.

    ``pos`` is ``(5, N)`` (``-1`` = finished), ``card`` the ``N`` card-name
    ids played, ``ar`` is ``arange(N)``. Nothing is changed; returns
    ``(at, before, spaces)``: the index in ``pos.ravel()`` of the slime the
    card acts on (``slime * N + race``), its position, and the spaces it
    moves (0 = the card has no effect).

    * slime card: its slime, unless that slime has finished (SR-R8);
    * rank and dash cards: the racing slimes are sorted front first; the card
      aims at slot ``q`` ("last" = slot ``n``, the number still racing;
      1 DASH = slot 1, 2 DASH = slot 2). The slot holds a single slime
      exactly when the sorted position in slot ``q`` differs from both of its
      neighbours — otherwise it belongs to a tied group and the card does
      nothing (SR-R5, SR-R6). Finished slimes sort behind everyone (-1), so
      they take no slot;
    * 1 DASH moves the leader by the number of empty spaces to slot 2;
      2 DASH moves slot 2 to the space behind the leader; both distances
      are (1st position) - (2nd position) - 1 (SR-R7).
    """
    n = card.shape[0]
    slime = T.slime[card]
    spaces = T.value[card]
    idx = np.flatnonzero(card < T.special)        # rank and dash cards
    if idx.size:
        m = idx.size
        c = card[idx]
        sub = pos[:, idx]
        col = [sub[i] for i in range(5)]
        for i, j in _NETWORK:                      # sort descending
            hi = np.maximum(col[i], col[j])
            col[j] = np.minimum(col[i], col[j])
            col[i] = hi
        srt = np.empty((7, m), pos.dtype)         # in front of all, 1st … 5th, -2
        srt[0] = np.iinfo(pos.dtype).max
        srt[1:6] = col
        srt[6] = -2
        q = T.slot[c]
        last = q == 0
        if last.any():                             # "last" = slot n (SR-R6)
            racing = (srt[1:6] >= 0).sum(axis=0)
            q = np.where(last, racing, q)
        flat = srt.ravel()
        at = flat[q * m + np.arange(m)]
        alone = (flat[(q - 1) * m + np.arange(m)] != at) & (flat[(q + 1) * m + np.arange(m)] != at)
        who = (sub == at).argmax(axis=0)
        dash = srt[1] - srt[2] - 1
        amount = np.where(T.kind[c] >= _DASH1, dash, spaces[idx])
        slime[idx] = who
        spaces[idx] = np.where(alone, amount, 0)
    at = slime * n + ar
    before = pos.ravel()[at]
    # a slime card for a finished slime does nothing (SR-R8)
    spaces = np.where(before < 0, 0, spaces).astype(pos.dtype)
    return at, before, spaces


def resolve_batch(positions, cards: Sequence[str], finished: Sequence[Sequence[str]] | None = None,
                  components: Any = None) -> tuple[np.ndarray, list[list[str]]]:
    """Play one card in each of many positions at once (the batch simulator's
    own card code, for checking it against the engine's ``resolve_card``).

    ``positions`` is ``(N, 5)`` (start-line order); ``finished[i]`` the
    slimes that have already finished in position ``i``, in order (their
    positions are then past the goal). Returns the new positions ``(N, 5)``
    and the finishing orders — what ``resolve_card`` leaves in
    ``state["positions"]`` and ``state["finished"]``.
    """
    T = _tables(components)
    before = np.array(positions, dtype=np.int64).reshape(-1, 5)
    n = before.shape[0]
    fin = [list(f) for f in (finished or [[] for _ in range(n)])]
    ids = {name: i for i, name in enumerate(T.names)}
    card = np.array([ids[c] for c in cards], dtype=np.int16)
    pos = np.ascontiguousarray(before.T.astype(T.dtype))
    for i, f in enumerate(fin):
        for s in f:
            pos[T.slimes.index(s), i] = -1
    ar = np.arange(n)
    at, _, spaces = _resolve(pos, card, T, ar)
    slime = at // n
    after = before.copy()
    after[ar, slime] += spaces
    for k in np.flatnonzero((after[ar, slime] > T.track) & (spaces > 0)).tolist():
        fin[k].append(T.slimes[slime[k]])
    return after, fin


# ------------------------------------------------------------ the races
def _pick(hand: np.ndarray, count: int, policy: str, rng: np.random.Generator) -> np.ndarray:
    """The slot (0 … count-1) of the card each player plays.

    ``"card"``: a uniformly random slot. ``"name"``: a uniformly random
    distinct card name, by rejection — a uniformly random slot is kept with
    probability 1/(copies of its card in the hand), so every name is kept
    with probability 1/count and the kept name is uniform among the names
    held. One uniform number gives both the slot (its integer part times
    ``count``) and the acceptance test (the fractional part)."""
    n = int(hand.shape[0])
    u = rng.random(size=n) * count
    slot = u.astype(np.intp)
    if policy == "card":
        return slot
    todo = np.arange(n)
    h = hand
    while True:
        w = h.shape[1]
        picked = h.ravel()[np.arange(todo.size) * w + slot[todo]]
        copies = np.zeros(todo.size, np.int8)
        for k in range(count):
            copies += h[:, k] == picked
        frac = u[todo] - slot[todo]
        again = frac * copies >= 1.0
        if not again.any():
            return slot
        todo = todo[again]
        h = hand[todo]
        u[todo] = rng.random(size=int(todo.size)) * count
        slot[todo] = u[todo].astype(np.intp)


def _leaders(pos: np.ndarray, first: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """1st and 2nd place when the cards run out (SR-R10): a slime that has
    finished (``first``, or -1) comes first, then the racing slimes furthest
    along; on the same space the start-line order decides, Red first.
    ``pos`` is ``(5, N)`` with -1 for a finished slime."""
    key = pos.astype(np.int64) * 8 + (7 - np.arange(5))[:, None]
    lead = key.argmax(axis=0)
    key[lead, np.arange(key.shape[1])] = -1 << 20
    runner = key.argmax(axis=0)
    none = first < 0
    return np.where(none, lead, first), np.where(none, runner, lead)


def _settle(order: np.ndarray, p: int, rng: np.random.Generator, ar: np.ndarray) -> None:
    """One Fisher–Yates step in every column: card ``p`` becomes a uniformly
    random one of the cards from ``p`` down (all of them still unseen)."""
    d, n = order.shape
    at = (p + rng.integers(0, d - p, size=n)) * n + ar    # (row j, column) in the flat array
    assert order.flags.c_contiguous       # so ravel() is a view, written through
    flat = order.ravel()
    top = order[p].copy()
    order[p] = flat[at]
    flat[at] = top


def _play_chunk(n: int, players: int, policy: str, T: _Tables, rng: np.random.Generator):
    """Play ``n`` races; return (first, second, length, exhausted) arrays."""
    H = T.hand_size
    W = H + 1
    D = T.deck.size
    # the deal and the draw pile: one shuffle per race, by Fisher–Yates from
    # the top, done only as far as cards are dealt and drawn (a race often
    # ends with half the deck unseen): row p of ``order`` is settled when
    # card p is taken; the rows below it still hold the unseen cards
    order = np.empty((D, n), np.int16)                    # (D, n)
    order[:] = T.deck[:, None]
    ar = np.arange(n)
    for p in range(players * H):
        _settle(order, p, rng, ar)
    hands = np.empty((players, n, W), np.int16)
    for s in range(players):
        hands[s, :, :H] = order[s * H:(s + 1) * H].T
    order = order[players * H:]
    counts = [H] * players      # cards in each hand: the same in every race
    ptr = 0                     # next card of the draw pile

    out_first = np.empty(n, np.intp)
    out_second = np.empty(n, np.intp)
    length = np.zeros(n, np.int64)
    exhausted = np.zeros(n, bool)

    pos = np.zeros((5, n), T.dtype)
    first = np.full(n, -1, np.intp)
    alive = np.ones(n, bool)    # rows whose race is still running
    live = n
    rows = np.arange(n)         # the race each row plays
    seat, played = 0, 0
    while True:
        m = rows.size
        hand = hands[seat]
        # SR-R4: draw the top card, if the deck has one
        if ptr < order.shape[0]:
            _settle(order, ptr, rng, ar)
            hand[:, counts[seat]] = order[ptr]
            ptr += 1
            counts[seat] += 1
        c = counts[seat]
        at = ar * W + _pick(hand, c, policy, rng)
        flat = hand.ravel()
        card = flat[at]
        flat[at] = hand[:, c - 1]
        counts[seat] -= 1
        played += 1
        # the card's effect (SR-R5 … SR-R8)
        at, before, spaces = _resolve(pos, card, T, ar)
        new = before + spaces
        crossed = new > T.track
        pos.ravel()[at] = np.where(crossed, -1, new)
        hit = np.flatnonzero(crossed)
        hit = hit[alive[hit]]
        if hit.size:
            slime = at[hit] // m
            one = first[hit] < 0
            first[hit[one]] = slime[one]
            # the race ends the moment the second slime finishes (SR-R9)
            end = hit[~one]
            r = rows[end]
            out_first[r] = first[end]
            out_second[r] = slime[~one]
            length[r] = played
            alive[end] = False
            live -= end.size
        if ptr == order.shape[0] and not any(counts):
            # every card has been played: leaders by position (SR-R10)
            ex = np.flatnonzero(alive)
            if ex.size:
                r = rows[ex]
                out_first[r], out_second[r] = _leaders(pos[:, ex], first[ex])
                length[r] = played
                exhausted[r] = True
            break
        if not live:
            break
        if live < 0.75 * m:      # drop finished races from the arrays
            keep = np.flatnonzero(alive)
            rows, first, alive = rows[keep], first[keep], alive[keep]
            ar = np.arange(rows.size)
            pos = np.ascontiguousarray(pos[:, keep])
            hands = np.ascontiguousarray(hands[:, keep])
            order = np.ascontiguousarray(order[ptr:, keep])
            ptr = 0
        # next seat, skipping players with no card left once the deck is empty
        seat = (seat + 1) % players
        while counts[seat] == 0 and ptr == order.shape[0]:
            seat = (seat + 1) % players
    return out_first, out_second, length, exhausted


def simulate_batch(races: int = 10_000, players: int = 3, seed: int = 0, policy: str = "card",
                   components: Any = None, batch: int | None = None) -> dict:
    """Play ``races`` races of random players at once, with numpy arrays.

    The result has the shape of
    :func:`~boardkit.slime_race.analysis.simulate_races`: ``races``,
    ``players``, ``pairs`` (count of each winning odds space, ``"1-2"`` …),
    ``winners`` (count of each winning slime), ``exhausted`` (races in which
    every card was played before two slimes finished, SR-R10) and
    ``lengths`` (cards played in each race). Betting is skipped: it does not
    move slimes.

    ``policy`` says how a player picks the card to play:

    * ``"card"`` — a uniformly random **card** of the hand: each card
      equally likely, so a card held twice is twice as likely (as
      ``simulate_races``);
    * ``"name"`` — a uniformly random distinct card **name** in the hand, as
      :class:`boardkit.RandomBot` picks among the ``play <card>`` actions.

    ``components`` is any component set the game accepts (a file, plain
    data; default the built-in one); ``batch`` is how many races share the
    arrays at once (default 32768; it changes speed and memory, and which
    races the seed draws, never their distribution).

    Randomness comes from ``numpy.random.default_rng(seed)``: the same
    ``seed`` and ``batch`` give the same result, but the races are not the
    ones ``simulate_races`` (or the engine) plays for that seed — they
    differ race by race, not in distribution.

    >>> r = simulate_batch(1_000, players=3, seed=1)
    >>> sum(r["pairs"].values())
    1000
    """
    if policy not in POLICIES:
        raise OptionError(f"Slime Race: policy must be one of {', '.join(POLICIES)}, not {policy!r}")
    if type(races) is not int or races < 0:
        raise OptionError(f"Slime Race: races must be a whole number ≥ 0, not {races!r}")
    if batch is None:
        batch = 32_768
    if type(batch) is not int or batch < 1:
        raise OptionError(f"Slime Race: batch must be a whole number ≥ 1, not {batch!r}")
    from .rules import SlimeRaceRules
    rules = SlimeRaceRules(SlimeRaceRules.load_components(components))
    rules.make_options(players=players)          # 2–5 players (SR-R1)
    T = _Tables(rules.c)
    rng = np.random.default_rng(seed)
    pairs = np.zeros(len(T.pairs), np.int64)
    winners = np.zeros(5, np.int64)
    lengths, exhausted = [], 0
    done = 0
    while done < races:
        n = min(batch, races - done)
        first, second, length, ex = _play_chunk(n, players, policy, T, rng)
        pairs += np.bincount(T.pair_index[first, second], minlength=len(T.pairs))
        winners += np.bincount(first, minlength=5)
        lengths.append(length)
        exhausted += int(ex.sum())
        done += n
    return {"races": races, "players": players,
            "pairs": {p: int(k) for p, k in zip(T.pairs, pairs) if k},
            "winners": {s: int(k) for s, k in zip(T.slimes, winners) if k},
            "exhausted": exhausted,
            "lengths": np.concatenate(lengths).tolist() if lengths else []}
