"""benchmarks/levels.py: its games are seeded by their number, seats swap,
and a bot's clock cap is counted."""
from __future__ import annotations

from types import SimpleNamespace

from benchmarks import levels


def _without_times(row: dict) -> dict:
    return {k: v for k, v in row.items() if k != "worst"}


def test_a_match_is_a_function_of_its_number_and_swaps_seats():
    a = levels.match(("play", "slime_culture_center", 2, 6))
    b = levels.match(("play", "slime_culture_center", 2, 6))
    c = levels.match(("play", "slime_culture_center", 2, 7))
    assert _without_times(a) == _without_times(b)
    assert (a["seat"], c["seat"]) == (0, 1)
    assert a["score"] in (0.0, 0.5, 1.0)
    assert a["score"] == (1.0 / len(a["winners"]) if a["seat"] in a["winners"] else 0.0)


def test_the_search_ladder_starts_from_the_pages_level_two():
    from boardkit.core.bots import GreedyBot
    from boardkit.core.mcts import MCTSBot
    assert isinstance(levels.bot("search", "slime_culture_center", 0, 1), GreedyBot)
    top = levels.bot("search", "slime_culture_center", 3, 1)
    assert isinstance(top, MCTSBot) and top.at_level == 3


def test_a_capped_decision_is_counted():
    assert levels._capped(SimpleNamespace(last_search={"capped": True}))
    assert not levels._capped(SimpleNamespace(last_search={"capped": False}))
    assert not levels._capped(SimpleNamespace())


def test_timing_reports_each_levels_slowest_decision():
    out = levels.timing(("play", "slip_stream", 1, 1))
    assert out["positions"] > 2 and out["capped"] == 0
    assert 0 < out["median"] <= out["max"]
