"""Nim, the tests' example game without chance: one test per ruling."""
from __future__ import annotations

import pytest

from boardkit import IllegalActionError, OptionError
from tests.examples import Nim


def test_NIM_R1_two_players_and_the_heaps_and_no_chance():
    game = Nim(heaps=[3, 0, 2])
    assert game.current_player == 0 and game.log == [] and game.state["heaps"] == [3, 0, 2]
    for bad in ({"players": 3}, {"heaps": [0, 0]}, {"heaps": [21]}, {"heaps": "3"}):
        with pytest.raises(OptionError):
            Nim(**bad)


def test_NIM_R2_take_at_least_one_and_no_more_than_the_heap():
    game = Nim(heaps=[1, 2])
    for bad in ("take 0 from 1", "take 3 from 1", "take 1 from 2"):
        with pytest.raises(IllegalActionError) as err:
            game.apply(bad)
        assert err.value.rule == "NIM-R2"
    game.apply("take 2 from 1")
    assert game.state["heaps"] == [1, 0] and game.current_player == 1


def test_NIM_R3_who_takes_the_last_token_wins():
    game = Nim(heaps=[1, 1])
    game.apply("take 1 from 0")
    game.apply("take 1 from 1")
    assert game.is_over() and game.outcome().winners == (1,)
