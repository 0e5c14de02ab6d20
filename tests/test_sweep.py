"""Sweeps: many seeded games on any executor, identical whatever the workers."""
from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import pytest

from boardkit.sweep import play_game, play_games, sweep


def _square(x: int) -> int:
    return x * x


def test_sweep_keeps_the_order_of_the_items_on_any_executor():
    assert sweep(_square, range(7), workers=1) == [x * x for x in range(7)]
    with ThreadPoolExecutor(3) as pool:
        assert sweep(_square, range(7), executor=pool) == [x * x for x in range(7)]


def test_results_do_not_depend_on_the_number_of_workers():
    one = play_games("slime_race", range(6), bots=["random", "greedy"], workers=1, target=10)
    two = play_games("slime_race", range(6), bots=["random", "greedy"], workers=2, target=10)
    assert one == two
    assert [r["seed"] for r in one] == list(range(6))
    # rotation: each bot plays each seat
    assert {tuple(r["lineup"]) for r in one} == {("random", "greedy"), ("greedy", "random")}


def test_a_game_summary_is_reproducible_from_its_seed():
    a = play_game(3, game="slime_culture_center", bots=["random", "random", "greedy"])
    b = play_game(3, game="slime_culture_center", bots=["random", "random", "greedy"])
    assert a == b and a["winners"] and len(a["scores"]) == 3


def test_unknown_bot_name_is_refused():
    with pytest.raises(ValueError, match="unknown bot"):
        play_game(0, game="slime_race", bots=["random", "clever"])


def test_a_local_dask_cluster_runs_the_same_sweep():
    distributed = pytest.importorskip("distributed")
    with distributed.Client(processes=False, n_workers=2, threads_per_worker=1,
                            dashboard_address=None) as client:
        got = play_games("slime_race", range(4), bots=["random", "greedy"],
                         executor=client.get_executor(), target=10)
    assert got == play_games("slime_race", range(4), bots=["random", "greedy"], workers=1, target=10)
