"""Scenario tests for rulings that had no test named after them
(see tests/test_rulings.py): SCC-R13 and SCC-R14.

Only the public API is used — ``SlimeCultureCenter.scenario(...)``,
``apply``, ``legal_actions``, ``state``, ``current_player``, ``outcome()``
and boardkit's error classes — so the tests survive the ongoing refactor of
the internals.

Board pictures: 8 rows from the top (row 1) down, columns a–h from the left;
``R B G O P N`` face-up red, blue, green, orange, purple, brown; lower case
the same colour face down (infected); ``.`` empty.
"""
from __future__ import annotations

import pytest

from boardkit import IllegalActionError
from boardkit import SlimeCultureCenter as SCC


def board(*rows: str) -> str:
    """Rows from the top; missing rows are empty."""
    rows = list(rows) + ["........"] * (8 - len(rows))
    return "\n".join(rows)


def squares(game, colour: str) -> list[str]:
    return sorted(sq for sq, v in game.state["board"].items() if v == colour)


def choose_first(game, prey_square: str) -> None:
    """At the red predation-order decision (SCC-R4/SCC-R12), resolve first
    the predation whose prey includes ``prey_square``."""
    options = [a for a in game.legal_actions if prey_square in a.split()]
    assert len(options) == 1, (prey_square, list(game.legal_actions))
    game.apply(options[0])


# ------------------------------------------------------------------ SCC-R13
# In every scenario below, red (one slime along row 4) touches a blue slime of
# the same size at c4 and a green slime elsewhere. Red's step has two
# predations; the turn player resolves the blue one first: the equal-size bite
# removes c4 (and c3), which cuts red in two. SCC-R13 decides which piece
# carries on with the green predation.

SPLIT_BY_BLUE = ("BBBB....",   # blue a1 b1 c1 d1 c2 c3: 6 tiles, touching red only at c4
                 "..B.....",
                 "..B.....")


def smaller_piece_scenario():
    # red a4..f4 (6); a green tile at a5 touches a4 only.
    g = SCC.scenario(players=2, actions_left=1,
                     board=board(*SPLIT_BY_BLUE, "RRRRRR..", "G......."))
    g.apply("spawn purple h8")
    return g


def test_SCC_R13_split_predator_order_is_a_real_decision():
    """Both predations come from the same red slime: which goes first changes
    the result, so the turn player is asked (the premise of the tests below)."""
    g = smaller_piece_scenario()
    assert g.current_player == 0, "the turn player must decide the red predation order"
    assert sum("a1" in a.split() for a in g.legal_actions) == 1
    assert sum("a5" in a.split() for a in g.legal_actions) == 1
    # Green first, for contrast: the whole red slime (6) eats the green tile
    # before the blue bite splits it.
    choose_first(g, "a5")
    assert "a5" in squares(g, "red") and squares(g, "green") == []


def test_SCC_R13_largest_piece_bites_with_its_own_size():
    # red a4..f4 (6); green g4 h4 h5 (3) touches f4.
    g = SCC.scenario(players=2, actions_left=1,
                     board=board(*SPLIT_BY_BLUE, "RRRRRRGG", ".......G"))
    g.apply("spawn purple h8")
    choose_first(g, "a1")
    # blue (6) = red (6): c3 and c4 removed; red is now a4 b4 (2) and d4 e4 f4 (3).
    # The largest piece (3) meets green (3): equal size, so f4 and g4 are removed.
    # (Reading the predator's size as it was before the split, 6, would instead
    # eat g4 and turn it red.)
    assert squares(g, "red") == ["a4", "b4", "d4", "e4"]
    assert squares(g, "green") == ["h4", "h5"]
    assert "g4" not in g.state["board"] and "f4" not in g.state["board"]
    assert g.current_player == 1, "the turn ended: no further decision"


def test_SCC_R13_smaller_piece_does_not_bite():
    g = smaller_piece_scenario()
    choose_first(g, "a1")
    # red is now a4 b4 (2) and d4 e4 f4 (3). Only the largest piece acts, and it
    # does not touch a5; the piece a4 b4 (2) would eat a lone green tile, but it
    # does not bite. In green's own step the green tile (1) meets a larger red
    # slime (2): nothing happens.
    assert squares(g, "green") == ["a5"]
    assert squares(g, "red") == ["a4", "b4", "d4", "e4", "f4"]
    assert g.current_player == 1


@pytest.mark.parametrize("green_at,bitten", [
    ("a5", True),    # touches a4 b4, the piece first in reading order: it acts
    ("f4", False),   # touches d4 e4, equally large but later in reading order
])
def test_SCC_R13_equal_pieces_first_in_reading_order_acts(green_at, bitten):
    rows = ["BBB.....",   # blue a1 b1 c1 c2 c3: 5 tiles, touching red only at c4
            "..B.....",
            "..B.....",
            "RRRRR...",   # red a4..e4: 5 tiles
            "........"]
    r, col = int(green_at[1]) - 1, "abcdefgh".index(green_at[0])
    rows[r] = rows[r][:col] + "G" + rows[r][col + 1:]
    g = SCC.scenario(players=2, actions_left=1, board=board(*rows))
    g.apply("spawn purple h8")
    choose_first(g, "a1")
    # red is now a4 b4 (2) and d4 e4 (2): a tie, so a4 b4 (first in reading order)
    # acts; a lone green tile touching it is eaten, one touching d4 e4 is not.
    if bitten:
        assert squares(g, "green") == []
        assert squares(g, "red") == ["a4", "a5", "b4", "d4", "e4"]
    else:
        assert squares(g, "green") == ["f4"]
        assert squares(g, "red") == ["a4", "b4", "d4", "e4"]
    assert g.current_player == 1


# ------------------------------------------------------------------ SCC-R14
# Every square holds an infected (face-down) tile: no empty square (no spawn,
# grow or move), no face-up slime tile (no slime to move, nothing to inject
# into), and the stocks are not empty, so the game goes on.
FULL_OF_INFECTED = "r" * 10 + "b" * 10 + "g" * 10 + "o" * 10 + "p" * 12 + "n" * 12
FULL_BOARD = "\n".join(FULL_OF_INFECTED[i * 8:(i + 1) * 8] for i in range(8))


def stuck_game():
    # Player 1 has used their cancer tile and already revealed 2 right cards
    # (no exchange); Player 2 has revealed none, so Player 2 can exchange.
    return SCC.scenario(players=2, board=FULL_BOARD, turn=0, actions_left=2,
                        revealed=[["red5", "red6"], []], cancer=["removed", "hand"])


def test_SCC_R14_no_possible_action_means_pass():
    g = stuck_game()
    assert g.current_player == 0
    assert list(g.legal_actions) == ["pass"]
    for action in ("spawn red a1", "inject a1", "exchange " + sorted(g.state["hands"][0])[0]):
        with pytest.raises(IllegalActionError):
            g.apply(action)


def test_SCC_R14_passing_uses_up_the_action_and_the_game_goes_on():
    g = stuck_game()
    g.apply("pass")
    assert g.current_player == 0, "a pass is one of the turn's 2 actions, not the whole turn"
    g.apply("pass")
    assert g.current_player == 1, "after two passes the turn goes to the next player"
    assert g.outcome() is None


def test_SCC_R14_pass_only_when_nothing_else_is_possible():
    g = stuck_game()
    g.apply("pass")
    g.apply("pass")
    # Player 2 can still exchange a right card, so passing is not allowed.
    actions = list(g.legal_actions)
    assert actions and "pass" not in actions
    assert all(a.startswith("exchange ") for a in actions)
    with pytest.raises(IllegalActionError):
        g.apply("pass")


def test_SCC_R14_passes_let_a_finished_position_end():
    # With a stock already empty, the turn of two passes ends the game (SCC-R9).
    g = SCC.scenario(players=2, board=FULL_BOARD, turn=0, actions_left=2, stock={"red": 0},
                     revealed=[["red5", "red6"], []], cancer=["removed", "hand"])
    assert list(g.legal_actions) == ["pass"]
    g.apply("pass")
    g.apply("pass")
    assert g.current_player is None and g.outcome() is not None
