"""Super Race bots and analysis: the planning bot is legal, seeded and
better than chance; its value programme agrees with the exact calculator;
the "can I get through this square" target; the summaries' intervals."""
from __future__ import annotations

import random

from boardkit import RandomBot, SuperRace
from boardkit.super_race.analysis import lap_summary, race, reach_target, solo_lap, wilson, win_rates
from boardkit.super_race.bots import LapBot
from boardkit.super_race.odds import ValuePolicy, at_least, best_policy, exactly_faces


def test_value_policy_of_a_hit_or_miss_value_is_the_exact_chance():
    for target in (at_least(3, "r"), exactly_faces(("rc", "rs", "rs"))):
        exact = best_policy(target)
        valued = ValuePolicy(lambda roll, t=target: 1.0 if t(roll) else 0.0)
        assert abs(valued.expected() - float(exact.chance())) < 1e-12
        roll = ("bs", "rc", "rs", "yc", "ys")
        assert abs(valued.best_keep(roll, 1)[1] - float(exact.chance(roll, 1))) < 1e-12


def test_the_planner_plays_legal_seeded_moves():
    rng = random.Random(5)
    for seed in range(6):
        game = SuperRace(players=2, seed=seed, track=rng.choice(["indianapolis", "monza"]))
        mover = RandomBot(seed)
        for _ in range(rng.randrange(0, 25)):
            if game.is_over():
                break
            game.apply(mover.choose(game))
        if game.is_over():
            continue
        a, b = LapBot(seed).choose(game), LapBot(seed).choose(game)
        assert a == b and a in game.legal_actions


def test_the_planner_searches_only_drives_that_can_still_be_best():
    """best_drives bounds each drive by the lap table and searches only
    while a bound can reach the best: the same best value and the same tied
    drives, in order, as valuing every drive (positions from seeded play)."""
    searched = []

    class Counting(LapBot):
        def _searched(self, rules, state, search):
            searched.append(1)
            return super()._searched(rules, state, search)

    bot, full = Counting(), LapBot()
    checked = 0
    for seed, (players, track) in enumerate([(1, "indianapolis"), (2, "monza"), (3, "indianapolis")]):
        if seed == 1:     # a cost that binary floating point does not hold exactly
            bot, full = Counting(colour_cost=1.1), LapBot(colour_cost=1.1)
        game = SuperRace(players=players, seed=seed, track=track)
        mover = LapBot(seed)
        while not game.is_over() and checked < 60 * (seed + 1):
            seat = game.current_player
            drives = [a for a in game.legal_actions if a.startswith("drive")]
            if drives:
                values = [full.placement_value(game.rules, game.state, seat, a) for a in drives]
                best = max(values)
                assert bot.best_drives(game.rules, game.state, seat, drives) == \
                    (best, [a for a, v in zip(drives, values) if v == best])
                checked += len(drives)
            game.apply(mover.choose(game))
    assert checked >= 150
    assert len(searched) < checked / 2     # most drives are never searched


def test_the_planner_keeps_the_dice_its_best_placement_needs():
    # the start of a lap, three red dice and two rerolls: keep the reds
    g = SuperRace.scenario(cars=["g12 h12 i12 east"], dice=["rs", "rs", "rs", "yc", "bc"])
    action = LapBot(1).choose(g)
    assert action.startswith("keep") and action.count("rs") == 3 or action.startswith("drive red")


def test_the_planner_finishes_laps_and_beats_random_play():
    laps = [solo_lap(seed) for seed in range(3)]
    assert all(r["finished"] for r in laps)
    assert all(10 <= r["turns"] <= 30 for r in laps)
    results = [race(seed, ["planner", "random"]) for seed in range(4)]
    assert sum(0 in r["winners"] for r in results) >= 3


def test_reach_target_follows_edgars_example():
    edgar = SuperRace.scenario(cars=["g11 h11 i11 j11 east"], dice=["rs", "bs", "bc", "ys", "yc"],
                               roll=3)
    target = reach_target(edgar, "k10")
    assert not target(("bc", "bs", "rs", "yc", "ys"))       # no red curve: no pit lane
    assert target(("bc", "bs", "rc", "rs", "ys"))           # a red curve, then red straight
    assert not target(("bc", "rc", "rs", "rs", "ys"))       # three reds: the third cannot follow
    chance = best_policy(target).chance()
    assert 0.3 < chance < 0.95


def test_summaries_count_and_bound():
    rows = [{"finished": True, "turns": t, "forfeits": 1, "pit": True} for t in (12, 14, 16)]
    rows.append({"finished": False, "turns": 30, "forfeits": 9, "pit": False})
    s = lap_summary(rows)
    assert s["finished"] == 3 and s["stuck"] == 1 and s["mean"] == 14 and s["median"] == 14
    lo, hi = s["interval"]
    assert lo < 14 < hi
    lo, hi = wilson(50, 100)
    assert lo < 0.5 < hi and abs((lo + hi) / 2 - 0.5) < 1e-9
    wr = win_rates([{"strategies": ["a", "b"], "winners": [0]},
                    {"strategies": ["a", "b"], "winners": [0, 1]}])
    assert [r["wins"] for r in wr] == [2, 1]


def test_a_game_the_planner_played_can_still_be_pickled():
    """The lap geometry's caches are plain data (a process pool or a
    notebook may pickle a game)."""
    import pickle
    game = SuperRace(players=2, seed=1)
    bot = LapBot(1)
    for _ in range(6):
        game.apply(bot.choose(game))
    copy = pickle.loads(pickle.dumps(game))
    assert copy.state == game.state and list(copy.legal_actions) == list(game.legal_actions)
    assert copy.rules.remaining(copy.state, 0) == game.rules.remaining(game.state, 0)


def test_a_lap_bot_never_uses_a_drive_table_made_for_another_position():
    """The bot remembers its last drive table. Two games with the same rules
    object (or a game after an undo) can reach a car with as many squares by
    other squares: the table must be made again."""
    first = SuperRace(players=1, seed=4)
    second = SuperRace(players=1, seed=5, components=first.rules)    # the same rules object
    shared, drivers = LapBot(3), [LapBot(3), LapBot(3)]
    checked = 0
    for _ in range(40):
        for g, driver in zip((first, second), drivers):
            if g.is_over():
                continue
            state = g.state
            assert shared._values(g.rules, state, 0) == LapBot(3)._values(g.rules, state, 0)
            checked += 1
            g.apply(driver.choose(g))
    assert checked > 40


def test_only_rules_that_say_so_are_shared_between_games():
    from boardkit import SlimeCultureCenter, SlimeRace, SlipStream
    assert SlimeRace(players=2, seed=1).rules is SlimeRace(players=3, seed=2).rules
    assert SlimeCultureCenter(players=2).rules is SlimeCultureCenter(players=4).rules
    # one rules object per built-in track (its tables live with the shared track)
    assert SuperRace(players=1).rules is SuperRace(players=3, seed=2).rules
    assert SuperRace(players=1, track="monza").rules is SuperRace(players=2, track="monza").rules
    assert SuperRace(players=1, track="monza").rules is not SuperRace(players=1).rules
    assert SuperRace(players=1).track is SuperRace(players=1, track="indianapolis").track
    assert SlipStream().rules is not SlipStream().rules
    data = SlimeRace(players=2).components.data
    assert SlimeRace(players=2, components=data).rules is not SlimeRace(players=2).rules
