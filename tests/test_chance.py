"""The seeded chance stream (boardkit/core/chance.py): each chance event
starts its own stream from (seed, event number); draws are exactly uniform."""
from __future__ import annotations

import itertools
import math
from collections import Counter

import pytest

from boardkit import SlimeRace, games
from boardkit.core.chance import ChanceStream


def _chi2_p(counts: list[int]) -> float:
    """Upper tail of Pearson's chi-square for equal expected counts
    (Wilson–Hilferty normal approximation; fine for df ≥ 2 and large counts)."""
    n, k = sum(counts), len(counts)
    e = n / k
    x = sum((c - e) ** 2 / e for c in counts)
    df = k - 1
    z = ((x / df) ** (1 / 3) - (1 - 2 / (9 * df))) / math.sqrt(2 / (9 * df))
    return 0.5 * math.erfc(z / math.sqrt(2))


def test_an_event_is_drawn_the_same_way_every_time():
    a, b = ChanceStream(7, 3), ChanceStream(7)
    b.start(3)
    assert [a.getrandbits(64) for _ in range(5)] == [b.getrandbits(64) for _ in range(5)]
    a.start(3)
    b.start(4)
    assert a.getrandbits(64) != b.getrandbits(64)
    b = ChanceStream(8, 3)
    a.start(3)
    assert a.getrandbits(64) != b.getrandbits(64)
    b.seed(7)
    b.start(3)
    a.start(3)
    assert a.random() == b.random()


def test_any_whole_number_is_a_seed():
    seeds = (0, -1, 1, 2**64, -(2**200), 10**30, 2**256)
    firsts = {ChanceStream(seed, 0).getrandbits(64) for seed in seeds}
    assert len(firsts) == len(seeds)            # each seed its own stream
    for bad in ("a string", 1.5, None):
        with pytest.raises(TypeError):
            ChanceStream().seed(bad)
        with pytest.raises(TypeError):
            ChanceStream(bad)


def test_a_game_refuses_a_seed_too_large_to_save():
    from boardkit.core.errors import OptionError
    assert SlimeRace(players=2, seed=-(10**77 - 1)).seed == -(10**77 - 1)
    with pytest.raises(OptionError, match="at most 77 digits"):
        SlimeRace(players=2, seed=10**77)
    with pytest.raises(OptionError):
        SlimeRace(players=2, seed=10**5000)


def test_integers_are_exactly_uniform_even_over_wide_ranges():
    # n = 3 * 2**62: taking the top of x * n without Lemire's rejection
    # would make r % 3 == 0 half the time instead of a third
    r = ChanceStream(31)
    counts = Counter()
    for event in range(3_000):
        r.start(event)
        counts[r.randrange(3 * 2**62) % 3] += 1
    assert _chi2_p([counts[k] for k in range(3)]) > 1e-4


def test_first_draws_of_successive_events_are_uniform():
    # what a game does: a new event, one draw (a card out of 7 kinds)
    r = ChanceStream(12345)
    counts, low = Counter(), Counter()
    for event in range(21_000):
        r.start(event)
        counts[r.choice("abcdefg")] += 1          # ChanceStream.choice
        low[r.randrange(7)] += 1                  # random.Random's, through _randbelow
    assert len(counts) == len(low) == 7
    assert _chi2_p(list(counts.values())) > 1e-4
    assert _chi2_p(list(low.values())) > 1e-4
    with pytest.raises(IndexError):
        r.choice([])


def test_shuffles_are_uniform_over_permutations():
    r = ChanceStream(99)
    perms = {p: 0 for p in itertools.permutations(range(4))}
    for event in range(24_000):
        r.start(event)
        order = list(range(4))
        r.shuffle(order)
        perms[tuple(order)] += 1
    assert _chi2_p(list(perms.values())) > 1e-4


def test_bits_and_floats():
    r = ChanceStream(1, 1)
    assert r.getrandbits(0) == 0
    wide = [r.getrandbits(200) for _ in range(50)]
    assert all(0 <= w < 2**200 for w in wide) and max(wide) >= 2**190
    assert all(0 <= r.random() < 1 for _ in range(1000))
    assert all(0 <= r.randrange(10**30) < 10**30 for _ in range(100))
    with pytest.raises(ValueError):
        r.getrandbits(-1)


def test_state_round_trip_and_bad_state():
    r = ChanceStream(5, 5)
    s = r.getstate()
    x = [r.random() for _ in range(3)]
    r.setstate(s)
    assert [r.random() for _ in range(3)] == x
    for bad in (None, ("boardkit-chance", 1, -1, None), ("other", 1, 1, None), (3, 2, 1),
                ("boardkit-chance", 1, 1), ("boardkit-chance", 1, 1, "x")):
        with pytest.raises(ValueError):
            r.setstate(bad)
    # a spare normal value of random.gauss does not leak into the next event
    r.start(1)
    r.gauss(0.0, 1.0)
    r.start(2)
    after_gauss = r.gauss(0.0, 1.0)
    r.start(2)
    assert r.gauss(0.0, 1.0) == after_gauss


def test_a_copied_or_pickled_stream_keeps_its_seed():
    import copy
    import pickle
    r = ChanceStream(2024, 5)
    for how in (copy.deepcopy, lambda x: pickle.loads(pickle.dumps(x))):
        other = how(r)
        assert other.getstate() == r.getstate()
        other.start(9)
        r.start(9)
        assert other.random() == r.random()
    from boardkit import RandomBot
    g = SlimeRace(players=3, seed=77)
    bot = RandomBot(1)
    while g.state["phase"] != "race":
        g.apply(bot.choose(g))
    for how in (copy.deepcopy, lambda x: pickle.loads(pickle.dumps(x))):
        h = how(g)
        a = bot.choose(g)
        n = len(g.log)
        assert g.apply(a) == h.apply(a) and g.state == h.state
        assert any(e.action.startswith("draw ") for e in g.log[n:])   # a chance event came


@pytest.mark.parametrize("cls, kw", [(c, {"players": min(3, c.Rules.info.max_players)})
                                     for _, c in sorted(games().items()) if c.Rules.info.chance],
                         ids=lambda x: getattr(x, "__name__", ""))
def test_a_copy_without_history_goes_on_with_the_same_chance(cls, kw):
    """Chance depends on (seed, event number) only: a copy that keeps no
    history draws exactly what the original draws next."""
    from boardkit import RandomBot
    for seed in range(3, 40):   # a game still going after 8 actions
        g = cls(seed=seed, **kw)
        bots = [RandomBot(s) for s in range(g.players)]
        for _ in range(8):
            if not g.is_over():
                g.apply(bots[g.current_player].choose(g))
        if not g.is_over():
            break
    c = g.copy(history=False)
    moved = 0
    for _ in range(30):
        if g.is_over():
            break
        moved += 1
        a = bots[g.current_player].choose(g)
        assert g.apply(a) == c.apply(a)
    assert moved and g.state == c.state


def test_the_written_out_shuffle_is_random_shuffle_on_the_same_stream():
    """ChanceStream.shuffle draws exactly as random.Random.shuffle would
    through _randbelow (same orders, same stream position after)."""
    import random
    for seed in range(30):
        for n in (0, 1, 2, 3, 7, 60, 130):
            a, b = ChanceStream(seed, 4), ChanceStream(seed, 4)
            x, y = list(range(n)), list(range(n))
            a.shuffle(x)
            random.Random.shuffle(b, y)
            assert x == y and a.getstate() == b.getstate()


def test_numbers_worked_out_side_by_side_are_the_one_at_a_time_numbers():
    """The packed lanes (a shuffle's draws, the starts of the next events)
    give exactly SplitMix64's numbers, one by one."""
    import random

    from boardkit.core import chance
    from boardkit.core.chance import EVENT, GOLDEN, M64, event_starts, mix, outputs
    r = random.Random(5)
    for _ in range(100):
        s, k = r.getrandbits(64), r.randrange(1, 90)
        assert outputs(s, k) == tuple(mix((s + i * GOLDEN) & M64) for i in range(1, k + 1))
        key, event = r.getrandbits(64), r.randrange(10**6)
        starts, afters, firsts = event_starts(key, event, chance.EVENT_BLOCK)
        for i in range(chance.EVENT_BLOCK):
            a = mix((key + (event + i) * EVENT) & M64)
            assert (starts[i], afters[i], firsts[i]) == (a, (a + GOLDEN) & M64, mix((a + GOLDEN) & M64))
    # events in order (read from the table), jumps and repeats: the same
    # draws as the one-at-a-time formulas
    for seed in range(10):
        a, b = ChanceStream(seed), ChanceStream(seed)
        for event in [*range(70), 5, 6, 7, 300, 301, 0, 1, *range(40, 110)]:
            a.start(event)
            b._s = mix((b._key + event * EVENT) & M64)
            n = r.randrange(1, 70)
            assert a.choice(range(n)) == b._below(n) and a.getstate() == b.getstate()
            assert a.choice(range(n)) == b._below(n)


def test_a_shuffle_draw_rejected_by_lemire_hands_over_to_the_one_at_a_time_loop(monkeypatch):
    """A packed draw that Lemire rejects (about n in 2**64, so one is made
    up here) is drawn again from the next number of the stream."""
    import random

    from boardkit.core import chance
    from boardkit.core.chance import GOLDEN, M64, mix
    real = chance.outputs
    for t in (0, 1, 30, 57):      # n = 60, 59, 30, 3: none divides 2**64
        def made_up(s, k, t=t):
            out = list(real(s, k))
            out[t] = 0                      # 0 * n: the low part 0 is below 2**64 mod n
            return tuple(out)
        monkeypatch.setattr(chance, "outputs", made_up)
        a = ChanceStream(3, 1)
        s0 = a._s
        x = list(range(60))
        a.shuffle(x)
        # the same shuffle with number t skipped
        values = [mix((s0 + i * GOLDEN) & M64) for i in range(1, 61)]
        del values[t]
        y = list(range(60))
        for i, z in zip(range(59, 0, -1), values):
            j = (z * (i + 1)) >> 64
            y[i], y[j] = y[j], y[i]
        assert x == y and a._s == (s0 + 60 * GOLDEN) & M64
        assert random.Random(0).random() >= 0        # the module's own random untouched
