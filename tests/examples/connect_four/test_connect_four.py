"""Connect Four, an example game kept in its own folder: one test per
ruling of its rulings.md (the generic tests, run on every registered game,
do the rest)."""
from __future__ import annotations

import pytest

from boardkit import IllegalActionError, InvalidActionError, OptionError
from tests.examples.connect_four import ConnectFour


def _play(game, *columns):
    for c in columns:
        game.apply(f"drop {c}")
    return game


def test_C4_R1_two_players_and_a_board_of_7_by_6():
    game = ConnectFour()
    assert game.options == {"players": 2, "columns": 7, "rows": 6} and game.current_player == 0
    assert list(ConnectFour(columns=4, rows=4).legal_actions) == ["drop 1", "drop 2", "drop 3", "drop 4"]
    for bad in ({"players": 3}, {"columns": 3}, {"rows": 9}, {"columns": "7"}):
        with pytest.raises(OptionError):
            ConnectFour(**bad)


def test_C4_R2_a_disc_falls_into_a_column_that_is_not_full():
    game = _play(ConnectFour(rows=4), 1, 1, 1, 1)
    assert game.state["columns"][0] == [0, 1, 0, 1] and "drop 1" not in game.legal_actions
    with pytest.raises(IllegalActionError) as err:
        game.apply("drop 1")
    assert err.value.rule == "C4-R2" and "full" in str(err.value)
    with pytest.raises(IllegalActionError) as err:
        game.apply("drop 8")
    assert err.value.rule == "C4-R2"


def test_C4_R3_four_in_a_line_wins_across_up_or_diagonal():
    assert _play(ConnectFour(), 1, 1, 2, 2, 3, 3, 4).outcome().winners == (0,)          # across
    assert _play(ConnectFour(), 1, 2, 1, 2, 1, 2, 1).outcome().winners == (0,)          # up
    diagonal = _play(ConnectFour(), 1, 2, 2, 3, 4, 3, 3, 4, 4, 7, 4)
    assert diagonal.outcome().winners == (0,) and "C4-R3" in str(diagonal.outcome())


def test_C4_R4_a_full_board_with_no_line_is_a_draw():
    game = _play(ConnectFour(columns=4, rows=4), 1, 3, 2, 3, 1, 1, 3, 4, 1, 3, 4, 4, 2, 4, 2, 2)
    out = game.outcome()
    assert game.is_over() and out.draw and out.winners == () and "C4-R4" in str(out)
    assert game.rules.returns(game.state) == [0.5, 0.5]


def test_words_of_no_action_are_invalid_and_a_finished_game_takes_nothing():
    with pytest.raises(InvalidActionError) as err:
        ConnectFour().apply("drop ²")
    assert err.value.rule == "C4-actions"
    won = _play(ConnectFour(), 1, 2, 1, 2, 1, 2, 1)
    with pytest.raises(IllegalActionError) as err:
        won.apply("drop 5")
    assert err.value.rule == "C4-over"
