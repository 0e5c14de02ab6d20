"""Super Race dice odds (boardkit.super_race.odds): exact values worked out by
hand, an independent brute force over ordered dice, and seeded simulation."""
from __future__ import annotations

import doctest
import itertools
import math
import time
from collections import Counter
from fractions import Fraction

import pytest

from boardkit.core.errors import InvalidActionError, OptionError
from boardkit.super_race import odds
from boardkit.super_race.odds import (
    FACES,
    at_least,
    at_least_any,
    at_least_table,
    best_policy,
    chance_at_least,
    colour_count_exact,
    contains_faces,
    evaluate,
    exactly_faces,
    keep_colour,
    multiset,
    oil_ok,
    roll_distribution,
    simulate,
)

THIRD = Fraction(1, 3)


def binomial_at_least(k: int, p: Fraction, n: int = 5) -> Fraction:
    return sum((math.comb(n, j) * p ** j * (1 - p) ** (n - j) for j in range(k, n + 1)), Fraction(0))


def red_within(rolls: int) -> Fraction:
    """One die rerolled until red, at most ``rolls`` rolls in all."""
    return 1 - (1 - THIRD) ** rolls


# ------------------------------------------------------------------ roll distribution

@pytest.mark.parametrize("n", range(6))
def test_roll_distribution_counts_and_sums_to_one(n):
    d = roll_distribution(n)
    assert len(d) == math.comb(n + 5, 5)
    assert sum(d.values()) == 1
    assert all(r == tuple(sorted(r)) and len(r) == n for r in d)


def test_roll_distribution_known_values():
    d = roll_distribution(5)
    assert len(d) == 252
    assert d[("rs",) * 5] == Fraction(1, 6 ** 5)
    assert d[multiset(["rs", "rc", "ys", "yc", "bs"])] == Fraction(120, 6 ** 5)
    assert d[multiset(["rs", "rs", "rc", "bs", "bs"])] == Fraction(30, 6 ** 5)   # 5!/(2!2!1!)
    all_red = sum(p for r, p in d.items() if all(f[0] == "r" for f in r))
    assert all_red == THIRD ** 5
    some_red = sum(p for r, p in d.items() if any(f[0] == "r" for f in r))
    assert some_red == 1 - (1 - THIRD) ** 5
    assert roll_distribution(0) == {(): 1}


def test_roll_distribution_matches_ordered_dice():
    counts = Counter(tuple(sorted(o)) for o in itertools.product(FACES, repeat=3))
    assert roll_distribution(3) == {r: Fraction(c, 6 ** 3) for r, c in counts.items()}


@pytest.mark.parametrize("bad", [-1, 6, 2.0, True])
def test_roll_distribution_refuses_bad_sizes(bad):
    with pytest.raises(OptionError):
        roll_distribution(bad)


# ------------------------------------------------------------------ targets

def test_targets_mean_what_they_say():
    roll = ["rc", "rs", "rs", "bs", "yc"]
    assert at_least(3, "r")(roll) and not at_least(4, "red")(roll)
    assert colour_count_exact("r", 3)(roll) and not colour_count_exact("b", 2)(roll)
    assert exactly_faces(("rc", "rs", "rs"))(roll) and contains_faces(("rc", "rs", "rs"))(roll)
    assert not exactly_faces(("rc", "rc"))(roll) and not contains_faces(("rc", "rc"))(roll)
    four_red = ["rc", "rs", "rs", "rs", "yc"]           # a fourth red die: contains, not exactly
    assert contains_faces(("rc", "rs", "rs"))(four_red) and not exactly_faces(("rc", "rs", "rs"))(four_red)
    assert exactly_faces(("rc", "rs"))(["rc", "rs", "bs", "bs", "yc"])      # other colours are free
    assert oil_ok("r")(roll) and not oil_ok("y")(roll) and not oil_ok("b")(roll)
    assert oil_ok("b")(["bc", "bc", "rs", "ys", "yc"])
    assert not oil_ok("b")(["bc", "bs", "rs", "rs", "rs"])          # two blue, different symbols
    assert at_least_any(3)(roll) and not at_least_any(4)(roll)
    two_red_no_oil = at_least(2, "r") & ~oil_ok("r")
    assert not two_red_no_oil(roll) and two_red_no_oil(["rc", "rs", "ys", "bs", "yc"])
    assert not two_red_no_oil(["rc", "ys", "ys", "bs", "yc"])
    assert (at_least(4, "y") | oil_ok("r"))(roll) and not (at_least(4, "y") | oil_ok("b"))(roll)


def test_helpers_return_the_same_target_and_refuse_bad_input():
    assert at_least(3, "r") is at_least(3, "red")
    assert exactly_faces(["rs", "rc", "rs"]) is exactly_faces(("rc", "rs", "rs"))
    assert contains_faces(["rs", "rc", "rs"]) is contains_faces(("rc", "rs", "rs"))
    assert contains_faces(("rc", "rs", "rs")) is not exactly_faces(("rc", "rs", "rs"))
    with pytest.raises(OptionError):
        at_least(3, "green")
    with pytest.raises(OptionError):
        at_least(6, "r")
    with pytest.raises(InvalidActionError):
        exactly_faces(("rx",))
    with pytest.raises(InvalidActionError):
        multiset("rs")
    with pytest.raises(InvalidActionError):
        at_least(1, "r")(["rs", "rs"])                               # not a whole roll


# ------------------------------------------------------------------ exact values

def test_no_reroll_is_one_roll():
    assert best_policy(at_least(5, "r"), 0).chance() == THIRD ** 5
    assert best_policy(at_least(1, "r"), 0).chance() == 1 - (1 - THIRD) ** 5
    assert best_policy(at_least(5, "r")).chance(rolls_left=0) == THIRD ** 5


def test_five_red_is_keep_the_reds():
    expected = red_within(3) ** 5
    assert expected == Fraction(19, 27) ** 5
    assert best_policy(at_least(5, "r")).chance() == expected
    assert chance_at_least(5, "r") == expected
    assert evaluate(at_least(5, "r"), keep_colour("r")) == expected


@pytest.mark.parametrize("k", range(1, 6))
@pytest.mark.parametrize("rerolls", range(4))
def test_at_least_k_of_a_colour_is_binomial(k, rerolls):
    # keeping every red die is optimal; each die then ends red independently
    assert chance_at_least(k, "y", rerolls) == binomial_at_least(k, red_within(rerolls + 1))


def test_at_least_table_rows():
    rows = at_least_table("b")
    assert [(r["k"], r["rerolls"]) for r in rows] == [(k, r) for k in range(1, 6) for r in range(3)]
    for row in rows:
        assert row["chance"] == binomial_at_least(row["k"], red_within(row["rerolls"] + 1))
    assert at_least_table(max_rerolls=0)[-1]["chance"] == THIRD ** 5


def _brute_force(target, rerolls):
    """Best chance before the first roll, by enumerating ordered dice (6**n
    outcomes for n rerolled dice) and every subset of dice positions kept."""
    value = {r: Fraction(int(target(r))) for r in roll_distribution(5)}
    for _ in range(rerolls):
        kept_value: dict = {}

        def keep(kept, prev=value, memo=kept_value):
            if kept not in memo:
                outs = list(itertools.product(FACES, repeat=5 - len(kept)))
                memo[kept] = sum(prev[tuple(sorted(kept + o))] for o in outs) / len(outs)
            return memo[kept]

        value = {r: max(keep(tuple(r[i] for i in idx)) for m in range(6)
                        for idx in itertools.combinations(range(5), m))
                 for r in roll_distribution(5)}
    return sum(value[tuple(sorted(o))] for o in itertools.product(FACES, repeat=5)) / 6 ** 5


@pytest.mark.parametrize("target", [oil_ok("y"), exactly_faces(("rc", "rs", "rs")), at_least_any(4),
                                    at_least(2, "r") & oil_ok("b")], ids=lambda t: t.name)
def test_dp_matches_brute_force(target):
    policy = best_policy(target)
    for r in range(3):
        assert policy.chance(rolls_left=r) == _brute_force(target, r)


def test_chance_before_the_roll_averages_the_rolls():
    policy = best_policy(oil_ok("r"))
    for r in range(3):
        avg = sum(p * policy.chance(roll, r) for roll, p in roll_distribution(5).items())
        assert policy.chance(None, r) == avg
    assert [row["chance"] for row in policy.table()] == [policy.chance(None, r) for r in range(3)]
    assert policy.chance(None, 0) < policy.chance(None, 1) < policy.chance(None, 2) < 1


# ------------------------------------------------------------------ best play beats simple play

def _stop(roll, left):
    return roll


def _reroll_all(roll, left):
    return ()


def _keep_first_three(roll, left):
    return roll[:3]


def _keep_pairs(roll, left):
    c = Counter(roll)
    return tuple(f for f in roll if c[f] >= 2)


SIMPLE_RULES = [_stop, _reroll_all, _keep_first_three, _keep_pairs] + [keep_colour(c) for c in "ryb"]


@pytest.mark.parametrize("target", [at_least(3, "r"), at_least_any(5), oil_ok("b"),
                                    exactly_faces(("yc", "yc")), colour_count_exact("r", 2)],
                         ids=lambda t: t.name)
def test_best_policy_beats_every_simple_rule(target):
    policy = best_policy(target)
    best = policy.chance()
    simple = [evaluate(target, rule) for rule in SIMPLE_RULES]
    assert all(best >= s for s in simple)
    assert best > max(simple[:3])                      # beats stopping, rerolling all, keeping blindly
    assert evaluate(target, policy) == best            # playing the policy's own keeps gives its chance


def test_best_beats_a_single_colour_for_any_colour():
    best = best_policy(at_least_any(5)).chance()
    assert best > evaluate(at_least_any(5), keep_colour("r"))
    assert best <= 3 * chance_at_least(5, "r")            # at most the sum over the three colours
    assert round(float(best), 4) == 0.2989


# ------------------------------------------------------------------ best keep

def test_best_keep_examples():
    policy = best_policy(at_least(3, "r"))
    assert policy.best_keep(["rc", "rc", "bs", "ys", "yc"], 1) == (("rc", "rc"), 1 - Fraction(2, 3) ** 3)
    # already there: keep everything (ties go to the most dice)
    done = multiset(["rc", "rs", "rs", "bs", "yc"])
    assert policy.best_keep(done, 2) == (done, 1)
    # no red: reroll everything
    assert policy.best_keep(["bc", "bs", "yc", "ys", "ys"], 1)[0] == ()
    # oil with red: keep the red pair of different symbols, not the straight alone
    oil = best_policy(oil_ok("r"))
    assert oil.best_keep(["rs", "rc", "bs", "bs", "yc"], 1) == (("rc", "rs"), Fraction(19, 27))
    # five of any colour: two reds and two blues tie, alphabetical order picks blue
    assert best_policy(at_least_any(5)).best_keep(["rs", "rc", "ys", "bs", "bc"], 2)[0] == ("bc", "bs")
    # with no reroll left the roll is kept
    assert policy.best_keep(["rc", "rc", "bs", "ys", "yc"], 0) == (("bs", "rc", "rc", "yc", "ys"), 0)


def test_keep_options_agree_with_best_keep():
    policy = best_policy(exactly_faces(("rc", "rs", "rs")))
    for roll in list(roll_distribution(5))[::7]:
        for r in (1, 2):
            options = policy.keep_options(roll, r)
            assert options[0] == policy.best_keep(roll, r)
            assert len(options) == len(set(k for k, _ in options))
            assert all(a[1] >= b[1] for a, b in zip(options, options[1:]))
            assert (roll, policy.chance(roll, r - 1)) in options   # keeping all = letting the reroll go
    with pytest.raises(OptionError):
        policy.keep_options(("rs",) * 5, 0)


# ------------------------------------------------------------------ simulation

Z999 = 3.2905   # two-sided 99.9 %


@pytest.mark.parametrize("target", [at_least(3, "r"), oil_ok("b"), at_least_any(4),
                                    exactly_faces(("rc", "rs", "rs"))], ids=lambda t: t.name)
def test_simulation_agrees_with_exact_chance(target):
    trials = 20_000
    policy = best_policy(target)
    p = float(policy.chance())
    seen = simulate(target, policy, trials, seed=2024)
    assert abs(seen - p) <= Z999 * math.sqrt(p * (1 - p) / trials)


def test_simulation_of_a_simple_rule_and_determinism():
    target, rule = at_least(2, "y"), keep_colour("y")
    p = float(evaluate(target, rule))
    seen = simulate(target, rule, 20_000, seed=7)
    assert abs(seen - p) <= Z999 * math.sqrt(p * (1 - p) / 20_000)
    assert simulate(target, rule, 500, seed=3) == simulate(target, rule, 500, seed=3)
    assert simulate(target, _stop, 20_000, seed=1) != pytest.approx(seen, abs=0.05)   # rerolls matter
    with pytest.raises(InvalidActionError):
        simulate(target, lambda roll, left: ("rs",) * 5 if "rs" not in roll else roll, 50, seed=0)


# ------------------------------------------------------------------ speed and docs

def test_one_target_is_fast():
    start = time.perf_counter()
    policy = best_policy(odds.Target("three of a face", lambda r: max(Counter(r).values()) >= 3))
    policy.chance()
    assert time.perf_counter() - start < 1.0


def test_module_docstring_example_runs():
    result = doctest.testmod(odds)
    assert result.attempted >= 5 and result.failed == 0
