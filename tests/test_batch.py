"""The numpy batch simulator of Slime Race (boardkit.slime_race.batch) against
the engine: card by card (resolve_card), and race by race in distribution
(the winning pair and the race length, for both random policies)."""
from __future__ import annotations

import copy
import math
import random

import numpy as np
import pytest

from boardkit.core.errors import OptionError
from boardkit.core.rules import CHANCE, NULL_SINK, copy_json
from boardkit.slime_race import COMPONENTS, SLIMES, SlimeRace
from boardkit.slime_race.analysis import simulate_races
from boardkit.slime_race.batch import _leaders, _pick, _tables, resolve_batch, simulate_batch
from boardkit.slime_race.cards import resolve_card, standings
from boardkit.slime_race.components import DATA_FILE

# 3,000 engine races per policy (about 2 s each) against 200,000 batch races:
# a rank card that ignores ties, or a "last" card that stops working after
# the first finisher, moves the chi-square of the winning pairs by 60-80
# (the p = 0.001 line is 27.9) and the mean length by 35-90 standard errors.
# Subtle slips (a dash one space too far) are caught card by card, below.
ENGINE_RACES = 3_000
BATCH_RACES = 200_000


# ------------------------------------------------------------------ helpers
def chi2_sf(x: float, df: int) -> float:
    """P(chi-square with ``df`` degrees of freedom > x), exact for whole df."""
    if x <= 0:
        return 1.0
    h = x / 2
    if df % 2 == 0:
        term, total = 1.0, 1.0
        for i in range(1, df // 2):
            term *= h / i
            total += term
        return math.exp(-h) * total
    total = math.erfc(math.sqrt(h))
    term = math.sqrt(h) / math.gamma(1.5)        # h^(i-1/2) / Γ(i+1/2), i = 1
    for i in range(1, (df - 1) // 2 + 1):
        if i > 1:
            term *= h / (i - 0.5)
        total += math.exp(-h) * term
    return total


def test_chi2_helper_matches_tables():
    # textbook critical values
    assert chi2_sf(3.841, 1) == pytest.approx(0.05, abs=2e-4)
    assert chi2_sf(5.991, 2) == pytest.approx(0.05, abs=2e-4)
    assert chi2_sf(16.919, 9) == pytest.approx(0.05, abs=2e-4)
    assert chi2_sf(27.877, 9) == pytest.approx(0.001, abs=2e-5)
    assert chi2_sf(21.666, 9) == pytest.approx(0.01, abs=1e-4)


def homogeneity(a: dict, b: dict) -> tuple[float, int, float]:
    """Chi-square test that two samples of counts come from one distribution
    (categories with an expected count below 5 are pooled)."""
    keys = sorted(set(a) | set(b))
    table = np.array([[a.get(k, 0) for k in keys], [b.get(k, 0) for k in keys]], float)
    expected = table.sum(1, keepdims=True) * table.sum(0, keepdims=True) / table.sum()
    small = expected.min(0) < 5
    if small.any():
        table = np.column_stack([table[:, ~small], table[:, small].sum(1)])
        expected = table.sum(1, keepdims=True) * table.sum(0, keepdims=True) / table.sum()
    stat = float(((table - expected) ** 2 / expected).sum())
    df = table.shape[1] - 1
    return stat, df, chi2_sf(stat, df)


def engine_races(races: int, players: int, seed: int, policy: str, components=None) -> dict:
    """Races played by the pure rules, as ``simulate_races`` does, with the
    player picking a random card ("card") or a random distinct card name as
    RandomBot does among the ``play <card>`` actions ("name")."""
    rules = SlimeRace(players=players, seed=seed, components=components).rules
    pairs: dict = {}
    winners: dict = {}
    lengths, exhausted = [], 0
    blank = rules.initial_state(rules.make_options(players=players))
    for r in range(races):
        rng = random.Random(f"{seed}/{policy}/{r}")
        state = copy_json(blank)
        rules.step(state, rules.sample_chance(state, rng))   # first player
        rules.step(state, rules.sample_chance(state, rng))   # the deal
        state["coins"] = [0] * players
        state["phase"], state["turn"] = "race", state["first"]
        rules._start_turn(state, NULL_SINK)
        played = 0
        while state["race"] == 1:
            if rules.current(state) is CHANCE:
                rules.step(state, rules.sample_chance(state, rng))
                continue
            hand = state["hands"][state["turn"]]
            card = rng.choice(hand) if policy == "card" else rng.choice(sorted(set(hand)))
            rules.step(state, "play " + card)
            played += 1
        last = state["last_race"]
        pairs[last["pair"]] = pairs.get(last["pair"], 0) + 1
        winners[last["first"]] = winners.get(last["first"], 0) + 1
        exhausted += last["exhausted"]
        lengths.append(played)
    return {"races": races, "players": players, "pairs": pairs, "winners": winners,
            "exhausted": exhausted, "lengths": lengths}


def assert_same_distribution(engine: dict, batch: dict, what: str) -> None:
    stat, df, p = homogeneity(engine["pairs"], batch["pairs"])
    assert p > 0.001, f"{what}: winning pairs differ (chi2={stat:.1f}, df={df}, p={p:.2g})"
    stat, df, p = homogeneity(engine["winners"], batch["winners"])
    assert p > 0.001, f"{what}: winners differ (chi2={stat:.1f}, df={df}, p={p:.2g})"
    le, lb = np.array(engine["lengths"], float), np.array(batch["lengths"], float)
    se = math.sqrt(le.var() / le.size + lb.var() / lb.size)
    assert abs(le.mean() - lb.mean()) < 4 * se, \
        f"{what}: mean race length {le.mean():.3f} (engine) vs {lb.mean():.3f} (batch), se {se:.3f}"
    # SR-R10: races that run out of cards, as a two-proportion z test
    pe, pb = engine["exhausted"] / engine["races"], batch["exhausted"] / batch["races"]
    pool = (engine["exhausted"] + batch["exhausted"]) / (engine["races"] + batch["races"])
    se = math.sqrt(pool * (1 - pool) * (1 / engine["races"] + 1 / batch["races"])) or 1.0
    assert abs(pe - pb) < 4 * se, f"{what}: exhausted {pe:.4f} (engine) vs {pb:.4f} (batch)"


@pytest.fixture(scope="module")
def batch_card():
    return simulate_batch(BATCH_RACES, players=3, seed=1, policy="card")


@pytest.fixture(scope="module")
def batch_name():
    return simulate_batch(BATCH_RACES, players=3, seed=2, policy="name")


# ------------------------------------------------- (1) agreement with the engine
def test_batch_card_policy_matches_simulate_races(batch_card):
    engine = simulate_races(ENGINE_RACES, players=3, seed=5)
    assert_same_distribution(engine, batch_card, "policy 'card'")


def test_batch_name_policy_matches_engine_random_names(batch_name):
    engine = engine_races(ENGINE_RACES, players=3, seed=6, policy="name")
    assert_same_distribution(engine, batch_name, "policy 'name'")


def test_teacher_components_and_sr_r10_match_the_engine():
    """A teacher's component set with a long track: most races run out of
    cards, so the winners come from SR-R10 (leaders by position, Red first
    in a tie) — checked against the engine on the same components."""
    raw = copy.deepcopy(COMPONENTS.raw)
    raw["track"]["spaces"] = 120
    raw["slime_cards"][4]["values"] = [6, 7, 8]          # a faster purple
    raw["rank_cards"][4]["values"] = [20]                # a weaker "last" card
    engine = engine_races(600, players=4, seed=7, policy="card", components=raw)
    batch = simulate_batch(30_000, players=4, seed=7, policy="card", components=raw)
    assert engine["exhausted"] > 100 and batch["exhausted"] > 5_000   # SR-R10 matters here
    assert_same_distribution(engine, batch, "long-track components")


# --------------------------------------------- (2) the two policies really differ
def test_card_and_name_policies_give_different_odds(batch_card, batch_name):
    n = BATCH_RACES
    stat, df, p = homogeneity(batch_card["pairs"], batch_name["pairs"])
    assert p < 0.001, f"the policies' pair distributions do not differ (chi2={stat:.1f}, p={p:.2g})"
    # the fastest slime wins more often when a player picks a card, not a name
    # (slime cards come in copies, rank and dash cards are single)
    a, b = batch_card["winners"]["red"] / n, batch_name["winners"]["red"] / n
    z = (a - b) / math.sqrt(a * (1 - a) / n + b * (1 - b) / n)
    assert z > 4, f"P(red wins): card {a:.4f}, name {b:.4f} (z={z:.1f})"
    la, lb = np.array(batch_card["lengths"], float), np.array(batch_name["lengths"], float)
    z = (la.mean() - lb.mean()) / math.sqrt(la.var() / n + lb.var() / n)
    assert z > 4, f"mean length: card {la.mean():.3f}, name {lb.mean():.3f} (z={z:.1f})"


def test_policy_pick_frequencies():
    """The choice itself: with the hand [A, A, A, B, C], "card" plays A 3/5 of
    the time and "name" 1/3 of the time."""
    n = 60_000
    hand = np.tile(np.array([4, 4, 4, 9, 2, 0], np.int16), (n, 1))
    rng = np.random.default_rng(0)
    for policy, p_a in (("card", 3 / 5), ("name", 1 / 3)):
        slot = _pick(hand, 5, policy, rng)
        assert slot.min() >= 0 and slot.max() <= 4
        cards = hand[np.arange(n), slot]
        for card, p in ((4, p_a), (9, (1 - p_a) / 2), (2, (1 - p_a) / 2)):
            f = (cards == card).mean()
            assert abs(f - p) < 5 * math.sqrt(p * (1 - p) / n), (policy, card, f, p)


# ------------------------------------------- (3) card by card against resolve_card
def random_positions(rng: random.Random, count: int, track: int):
    """Positions full of ties: on the start line, bunched, near the goal;
    in some, one slime has already finished."""
    out = []
    for _ in range(count):
        mode = rng.random()
        if mode < 0.35:
            p = [rng.choice((0, 0, 0, 1, 2, 4)) for _ in SLIMES]
        elif mode < 0.65:
            p = [rng.randrange(0, 12) for _ in SLIMES]
        elif mode < 0.8:
            p = [rng.randrange(0, track + 1) for _ in SLIMES]
        else:
            p = [rng.randrange(track - 20, track + 1) for _ in SLIMES]
        finished = []
        if rng.random() < 0.3:
            s = rng.randrange(5)
            p[s] = rng.randrange(track + 1, track + 30)
            finished = [SLIMES[s]]
        out.append((p, finished))
    return out


def check_resolve(positions, components=None):
    c = _tables(components).c
    names = sorted(set(c.deck))
    pos, fins, cards, want, want_fin = [], [], [], [], []
    for p, finished in positions:
        for card in names:
            state = {"positions": dict(zip(SLIMES, p)), "finished": list(finished)}
            resolve_card(state, card, c)
            pos.append(p)
            fins.append(finished)
            cards.append(card)
            want.append([state["positions"][s] for s in SLIMES])
            want_fin.append(state["finished"])
    got, got_fin = resolve_batch(pos, cards, fins, components=components)
    want = np.array(want)
    bad = np.flatnonzero((got != want).any(axis=1))
    assert not bad.size, [(pos[i], fins[i], cards[i], want[i].tolist(), got[i].tolist())
                          for i in bad[:5]]
    assert got_fin == want_fin
    return want, np.array(pos)


def test_resolve_matches_engine_card_by_card():
    positions = random_positions(random.Random(3), 5_000, COMPONENTS.track)
    want, before = check_resolve(positions)
    # the sample really exercises ties, no-effect cards, and finishing
    moved = (want != before).any(axis=1)
    assert 0.1 < (~moved).mean() < 0.6
    assert (want > COMPONENTS.track).sum() > (before > COMPONENTS.track).sum()


def test_resolve_follows_a_teacher_track():
    raw = copy.deepcopy(COMPONENTS.raw)
    raw["track"]["spaces"] = 30
    raw["rank_cards"][0]["values"] = [3, 25]
    check_resolve(random_positions(random.Random(4), 400, 30), components=raw)


def test_resolve_rulebook_examples():
    # two slimes tied for 2nd: 2nd, 3rd and 2 DASH do nothing, 4th and last move (SR-R5)
    p = [[20, 10, 10, 5, 1]] * 5
    got, _ = resolve_batch(p, ["2nd+5", "3rd+5", "dash2", "4th+5", "last+35"])
    assert got.tolist() == [[20, 10, 10, 5, 1]] * 3 + [[20, 10, 10, 10, 1], [20, 10, 10, 5, 36]]
    # all on the start line: nothing moves; one left on it: it is last
    got, _ = resolve_batch([[0] * 5, [3, 0, 4, 5, 6]], ["last+35", "last+35"])
    assert got.tolist() == [[0] * 5, [3, 35, 4, 5, 6]]
    # dashes (SR-R7) and the goal after space 70 (SR-R8)
    got, fin = resolve_batch([[40, 36, 0, 0, 0], [40, 36, 0, 0, 0], [66, 60, 0, 1, 2]],
                             ["dash1", "dash2", "dash1"])
    assert got.tolist() == [[43, 36, 0, 0, 0], [40, 39, 0, 0, 0], [71, 60, 0, 1, 2]]
    assert fin == [[], [], ["red"]]
    # after the first finisher, 4th and last aim at the same slime (SR-R6)
    got, _ = resolve_batch([[75, 30, 20, 10, 5]] * 3, ["4th+5", "last+35", "red+5"],
                           [["red"]] * 3)
    assert got.tolist() == [[75, 30, 20, 10, 10], [75, 30, 20, 10, 40], [75, 30, 20, 10, 5]]


def test_leaders_when_the_cards_run_out_match_the_engine():
    """SR-R10 places, from positions full of ties, against ``standings``."""
    positions = random_positions(random.Random(5), 3_000, COMPONENTS.track)
    pos = np.array([p for p, _ in positions], np.int16)
    first = np.array([SLIMES.index(f[0]) if f else -1 for _, f in positions])
    pos[first >= 0, first[first >= 0]] = -1
    a, b = _leaders(np.ascontiguousarray(pos.T), first)
    want = [standings({"positions": dict(zip(SLIMES, p)), "finished": f})[:2] for p, f in positions]
    assert [[SLIMES[x], SLIMES[y]] for x, y in zip(a, b)] == want
    assert sum(len(set(p)) < 5 for p, _ in positions) > 1_000      # many ties


# ----------------------------------------------------------- (4) determinism
def test_seeded_runs_repeat_and_seeds_differ():
    a = simulate_batch(3_000, players=3, seed=9, policy="name")
    b = simulate_batch(3_000, players=3, seed=9, policy="name")
    c = simulate_batch(3_000, players=3, seed=10, policy="name")
    assert a == b
    assert a["lengths"] != c["lengths"]
    d = simulate_batch(3_000, players=3, seed=9, policy="name", components=DATA_FILE, batch=1_000)
    assert d == simulate_batch(3_000, players=3, seed=9, policy="name", batch=1_000)


# ---------------------------------------------------------- result shape, options
def test_result_has_the_shape_of_simulate_races():
    engine = simulate_races(3, players=3)
    for players in (2, 3, 4, 5):
        r = simulate_batch(500, players=players, seed=players)
        assert r.keys() == engine.keys()
        assert r["races"] == 500 and r["players"] == players
        assert sum(r["pairs"].values()) == sum(r["winners"].values()) == 500
        assert set(r["pairs"]) <= set(COMPONENTS.odds) and set(r["winners"]) <= set(SLIMES)
        assert len(r["lengths"]) == 500 and all(0 < x <= len(COMPONENTS.deck) for x in r["lengths"])
        assert all(type(x) is int for x in r["lengths"][:5])
        assert all(x == len(COMPONENTS.deck) for x in r["lengths"]) is False
    assert simulate_batch(0)["lengths"] == []


@pytest.mark.parametrize("kwargs", [{"policy": "best"}, {"players": 6}, {"players": 1},
                                    {"races": -1}, {"batch": 0}])
def test_bad_options_are_refused(kwargs):
    with pytest.raises(OptionError):
        simulate_batch(**{"races": 10, **kwargs})


def test_the_deal_is_a_uniform_shuffle():
    """The deck is shuffled by Fisher–Yates from the top, one settled card at
    a time (``_settle``): the first three cards of a 6-card deck are each of
    the 120 ordered triples equally often, and a column's cards stay its own
    (a permutation), also after the columns are compacted."""
    from boardkit.slime_race.batch import _settle
    rng = np.random.default_rng(7)
    n = 60_000
    order = np.empty((6, n), np.int16)
    order[:] = np.arange(6, dtype=np.int16)[:, None]
    ar = np.arange(n)
    for p in range(2):
        _settle(order, p, rng, ar)
    keep = np.flatnonzero(rng.random(n) < 0.8)          # as finished races are dropped
    rest = np.ascontiguousarray(order[2:, keep])
    _settle(rest, 0, rng, np.arange(keep.size))
    triples = order[0, keep] * 36 + order[1, keep] * 6 + rest[0]
    counts = np.bincount(triples, minlength=216)
    cells = counts[[a * 36 + b * 6 + c for a in range(6) for b in range(6) for c in range(6)
                    if len({a, b, c}) == 3]]
    assert cells.sum() == keep.size                       # no card twice in a column
    e = keep.size / 120
    assert chi2_sf(float(((cells - e) ** 2 / e).sum()), 119) > 1e-4
    assert (np.sort(np.vstack([order[:2, keep], rest]), axis=0) == np.arange(6)[:, None]).all()
