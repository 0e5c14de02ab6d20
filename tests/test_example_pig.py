"""Pig, the example game of docs/adding-a-game.md: one test per ruling (the
generic tests, run on every registered game, do the rest)."""
from __future__ import annotations

import pytest

from boardkit import IllegalActionError, InvalidActionError, OptionError
from tests.examples import Pig


def test_PIG_R1_two_to_four_players_and_a_target():
    assert Pig(players=4, target=10).options == {"players": 4, "target": 10}
    for bad in ({"players": 5}, {"target": 5}, {"target": "100"}):
        with pytest.raises(OptionError):
            Pig(**bad)


def test_PIG_R2_a_draw_chooses_who_goes_first():
    assert Pig(players=3, chance=["first 2"]).current_player == 2
    assert dict(Pig(players=4).rules.chance_outcomes(Pig(players=4).rules.initial_state(
        {"players": 4, "target": 100}))) == {f"first {s}": 0.25 for s in range(4)}


def test_PIG_R3_roll_adds_to_the_turn_and_hold_banks_it():
    game = Pig(chance=["first 0"])
    with pytest.raises(IllegalActionError) as err:
        game.apply("hold")
    assert err.value.rule == "PIG-R3"
    game.force("die 5", "die 3")
    game.apply("roll")
    game.apply("roll")
    game.apply("hold")
    assert game.state["scores"] == [8, 0] and game.current_player == 1


def test_PIG_R4_a_one_loses_the_turn():
    game = Pig(chance=["first 0", "die 6", "die 1"])
    game.apply("roll")
    game.apply("roll")
    assert game.state["scores"] == [0, 0] and game.state["pot"] == 0 and game.current_player == 1


def test_PIG_R5_holding_at_the_target_wins_at_once():
    game = Pig(target=10, chance=["first 1", "die 6", "die 4"])
    game.apply("roll")
    game.apply("roll")
    game.apply("hold")
    assert game.is_over() and game.outcome().winners == (1,)


def test_a_player_cannot_throw_the_die_and_words_of_no_action_are_invalid():
    game = Pig(chance=["first 0"])
    with pytest.raises(IllegalActionError) as err:
        game.apply("die 6")
    assert err.value.rule == "PIG-chance"
    with pytest.raises(InvalidActionError):
        game.apply("pass")
