"""Scenario tests: one (or more) per rulebook paragraph and SR ruling."""
from __future__ import annotations

from collections import Counter

import pytest

from boardkit import (
    GameOverError,
    IllegalActionError,
    InvalidActionError,
    OptionError,
    SlimeRace,
    StateFileError,
)
from boardkit.slime_race import COMPONENTS as C
from boardkit.slime_race import GOAL, rank_slots

ALL_BET = {0: ["1-2", "1-2", "1-3"], 1: ["4-5", "4-5", "4-5"], 2: ["1-3", "2-4", "3-5"]}


def one_card(card, **kw):
    """Seat 0 holds only ``card``; the others hold a card each, deck empty."""
    return race(hands=[[card], ["blue+4"], ["blue+6"]], deck=[], **kw)


def race(**kw):
    kw.setdefault("bets", ALL_BET)
    kw.setdefault("hands", [["red+5"] * 3 + ["dash1", "dash2"], ["2nd+10", "3rd+10", "4th+10"],
                            ["last+35", "1st+15", "orange+8"]])
    return SlimeRace.scenario(players=3, **kw)


# ---------------------------------------------------------------- components
def test_components_deck_has_60_cards_as_printed():
    deck = Counter(C.deck)
    assert len(C.deck) == 60
    for s in C.slimes:
        assert sum(v for c, v in deck.items() if c.startswith(s + "+")) == 9
    assert sum(v for c, v in deck.items() if c.split("+")[0] in ("1st", "2nd", "3rd", "4th", "last")) == 13
    assert deck["dash1"] == deck["dash2"] == 1
    assert C.slime_values["red"] == (5, 9, 10) and C.slime_values["purple"] == (3, 4, 5)
    assert C.odds["1-3"] == 7 and C.odds["3-5"] == 17  # printed in the rulebook's examples
    assert len(C.odds) == 10


def test_setup_deals_seven_cards_and_three_coins_each():
    g = SlimeRace(players=4, seed=3)
    s = g.state
    assert [len(h) for h in s["hands"]] == [7] * 4
    assert len(s["deck"]) == 60 - 28
    assert s["coins"] == [3] * 4
    assert set(s["positions"].values()) == {0}


# --------------------------------------------------------------------- SR-R1
@pytest.mark.parametrize("players", [1, 6, 0, "3"])
def test_SR_R1_player_count_is_2_to_5(players):
    with pytest.raises(OptionError, match="SR-R1"):
        SlimeRace(players=players)


@pytest.mark.parametrize("target", [0, -5, 2.5])
def test_SR_R1_target_must_be_positive(target):
    with pytest.raises(OptionError, match="SR-R1"):
        SlimeRace(players=2, target=target)


def test_SR_R1_unknown_option_rejected():
    with pytest.raises(OptionError, match="unknown option"):
        SlimeRace(players=2, goal=70)


# --------------------------------------------------------------------- SR-R2
def test_SR_R2_first_player_is_seeded_and_can_be_forced():
    firsts = {SlimeRace(players=5, seed=s).state["first"] for s in range(30)}
    assert len(firsts) > 1
    assert SlimeRace(players=5, seed=4).state == SlimeRace(players=5, seed=4).state
    g = SlimeRace(players=3, seed=0, chance=["first 2"])
    assert g.state["first"] == 2 and g.current_player == 2


def test_SR_R2_first_player_redrawn_each_race():
    firsts = set()
    for seed in range(6):
        g = SlimeRace(players=4, seed=seed, target=500)
        bot_actions = 0
        while g.state["race"] < 4:
            g.apply(sorted(g.legal_actions)[0])
            bot_actions += 1
            if g.state["phase"] == "bet" and g.state["coins"] == [3] * 4:
                firsts.add((seed, g.state["race"], g.state["first"]))
    per_seed = Counter(seed for seed, _, _ in firsts)
    assert all(v >= 3 for v in per_seed.values())
    assert len({f for _, _, f in firsts}) > 1


# --------------------------------------------------------------------- SR-R3
def test_SR_R3_betting_is_three_rounds_clockwise_from_first():
    g = SlimeRace(players=3, seed=0, chance=["first 1"])
    order = []
    for _ in range(9):
        order.append(g.current_player)
        g.apply("bet 1-2")
    assert order == [1, 2, 0] * 3
    assert g.state["phase"] == "race" and g.current_player == 1


def test_SR_R3_coins_may_stack_on_any_space():
    g = SlimeRace(players=2, seed=0, chance=["first 0"])
    for a in ["bet 4-5", "bet 4-5", "bet 4-5", "bet 1-2"]:
        g.apply(a)
    assert g.state["bets"]["4-5"] == [0, 1, 0]
    assert g.state["coins"] == [1, 1]


def test_SR_R3_unknown_space_rejected_with_rule():
    g = SlimeRace(players=2, seed=0)
    before = g.state
    with pytest.raises(InvalidActionError, match="no odds space") as info:
        g.apply("bet 1-6")
    assert info.value.rule == "SR-actions"
    assert g.state == before


def test_SR_R3_no_card_before_all_coins_are_bet():
    g = SlimeRace(players=2, seed=0)
    card = g.state["hands"][g.current_player][0]
    with pytest.raises(IllegalActionError, match="only once every coin is bet"):
        g.apply(f"play {card}")


def test_SR_R3_no_bet_during_race():
    g = race()
    with pytest.raises(IllegalActionError, match="betting is over"):
        g.apply("bet 1-2")


# --------------------------------------------------------------------- SR-R4
def test_SR_R4_turn_draws_one_card_then_plays_one():
    g = SlimeRace(players=2, seed=1, chance=["first 0"])
    for _ in range(6):
        g.apply("bet 1-2")
    s = g.state
    assert len(s["hands"][0]) == 8 and len(s["deck"]) == 60 - 14 - 1
    g.apply(f"play {s['hands'][0][0]}")
    s = g.state
    assert len(s["hands"][0]) == 7 and len(s["discard"]) == 1
    assert len(s["hands"][1]) == 8, "the next player has drawn"


def test_SR_R4_cannot_play_a_card_not_in_hand():
    g = race()
    before = g.state
    with pytest.raises(IllegalActionError, match="SR-R4.*no purple\\+3 in hand"):
        g.apply("play purple+3")
    with pytest.raises(InvalidActionError, match="no card 'joker'"):
        g.apply("play joker")
    assert g.state == before


def test_SR_R4_no_passing():
    g = race()
    assert all(a.startswith("play ") for a in g.legal_actions)
    with pytest.raises(InvalidActionError, match="unknown action 'pass'"):
        g.apply("pass")


def test_SR_R4_empty_deck_play_from_hand():
    g = race(deck=[])
    g.apply("play red+5")
    s = g.state
    assert len(s["hands"][0]) == 4 and s["turn"] == 1 and len(s["hands"][1]) == 3
    assert any("deck is empty" in e for e in g.log[-1].events)


# --------------------------------------------------------------------- SR-R5
def test_SR_R5_two_tied_for_second_block_2nd_3rd_and_dash2():
    pos = {"red": 30, "orange": 20, "green": 20, "blue": 10, "purple": 5}
    for card in ["2nd+10", "3rd+10"]:
        g = one_card(card, positions=pos)
        ev = g.apply(f"play {card}")
        assert g.state["positions"] == pos
        assert any("No effect" in e and "SR-R5" in e for e in ev)
    g = one_card("dash2", positions=pos)
    g.apply("play dash2")
    assert g.state["positions"] == pos
    # the slime after the tie is still 4th, the last is still last
    g = one_card("4th+10", positions=pos)
    g.apply("play 4th+10")
    assert g.state["positions"]["blue"] == 20
    g = one_card("last+35", positions=pos)
    g.apply("play last+35")
    assert g.state["positions"]["purple"] == 40


def test_SR_R5_three_tied_for_second_block_2nd_3rd_4th():
    pos = {"red": 30, "orange": 20, "green": 20, "blue": 20, "purple": 5}
    for card in ["2nd+10", "3rd+10", "4th+10", "dash2"]:
        g = one_card(card, positions=pos)
        g.apply(f"play {card}")
        assert g.state["positions"] == pos, card
    g = one_card("last+35", positions=pos)
    g.apply("play last+35")
    assert g.state["positions"]["purple"] == 40


def test_SR_R5_all_on_start_line_no_rank_or_dash_card_works():
    for card in ["1st+5", "2nd+5", "3rd+5", "4th+5", "last+35", "dash1", "dash2"]:
        g = one_card(card)
        ev = g.apply(f"play {card}")
        assert set(g.state["positions"].values()) == {0}, card
        assert any("starting line" in e for e in ev)


def test_SR_R5_two_on_start_line_tied_for_last():
    pos = {"red": 12, "orange": 9, "green": 4, "blue": 0, "purple": 0}
    for card, slime, to in [("1st+5", "red", 17), ("2nd+5", "orange", 14), ("3rd+5", "green", 9)]:
        g = one_card(card, positions=pos)
        g.apply(f"play {card}")
        assert g.state["positions"][slime] == to
    for card in ["4th+5", "last+35"]:
        g = one_card(card, positions=pos)
        g.apply(f"play {card}")
        assert g.state["positions"] == pos, card


def test_SR_R5_lone_slime_on_start_line_is_last():
    pos = {"red": 12, "orange": 9, "green": 4, "blue": 2, "purple": 0}
    g = one_card("last+35", positions=pos)
    g.apply("play last+35")
    assert g.state["positions"]["purple"] == 35


def test_SR_R5_rank_slots_reported():
    pos = {"red": 30, "orange": 20, "green": 20, "blue": 10, "purple": 5}
    slots = rank_slots(pos, [])
    assert slots == [((1,), ("red",)), ((2, 3), ("orange", "green")), ((4,), ("blue",)),
                     ((5,), ("purple",))]


# --------------------------------------------------------------------- SR-R6
def test_SR_R6_after_a_finisher_4th_and_last_both_hit_slot_4():
    pos = {"red": 71, "orange": 40, "green": 30, "blue": 20, "purple": 10}
    for card, to in [("4th+10", 20), ("last+35", 45)]:
        g = one_card(card, positions=pos, finished=["red"])
        g.apply(f"play {card}")
        assert g.state["positions"]["purple"] == to
    g = one_card("1st+5", positions=pos, finished=["red"])
    g.apply("play 1st+5")
    assert g.state["positions"]["orange"] == 45, "the front racer is 1st once red is home"


# --------------------------------------------------------------------- SR-R7
def test_SR_R7_dash1_moves_by_empty_spaces_to_second():
    pos = {"red": 10, "orange": 6, "green": 2, "blue": 1, "purple": 0}
    g = one_card("dash1", positions=pos)
    g.apply("play dash1")
    assert g.state["positions"]["red"] == 13  # 3 empty spaces (7, 8, 9)
    assert g.state["positions"]["red"] - g.state["positions"]["orange"] - 1 == 6


def test_SR_R7_dash2_moves_second_right_behind_first():
    pos = {"red": 50, "orange": 6, "green": 2, "blue": 1, "purple": 0}
    g = one_card("dash2", positions=pos)
    g.apply("play dash2")
    assert g.state["positions"]["orange"] == 49


def test_SR_R7_dash_that_moves_zero_is_still_played():
    pos = {"red": 10, "orange": 9, "green": 2, "blue": 1, "purple": 0}
    for card in ["dash1", "dash2"]:
        g = race(positions=pos, hands=[[card, "red+5"], [], []], deck=[])
        ev = g.apply(f"play {card}")
        assert g.state["positions"] == pos
        assert card in g.state["discard"]
        assert any("moves 0 spaces" in e for e in ev)


def test_SR_R7_dash1_blocked_when_first_is_tied():
    pos = {"red": 10, "orange": 10, "green": 2, "blue": 1, "purple": 0}
    g = one_card("dash1", positions=pos)
    g.apply("play dash1")
    assert g.state["positions"] == pos


def test_SR_R7_dash1_can_finish_the_leader():
    pos = {"red": 69, "orange": 30, "green": 2, "blue": 1, "purple": 0}
    g = one_card("dash1", positions=pos)
    g.apply("play dash1")
    assert g.state["finished"] == ["red"]


# --------------------------------------------------------------------- SR-R8
def test_SR_R8_space_70_is_still_racing_71_finishes():
    g = race(positions={"red": 65, "orange": 63}, hands=[["red+5"], ["orange+8"], ["blue+4"]],
             deck=[])
    g.apply("play red+5")
    assert g.state["positions"]["red"] == GOAL and g.state["finished"] == []
    g.apply("play orange+8")
    assert g.state["finished"] == ["orange"]


def test_SR_R8_card_of_finished_slime_has_no_effect_but_is_discarded():
    pos = {"red": 75, "orange": 60, "green": 3}
    g = race(positions=pos, finished=["red"], hands=[["red+5", "green+4"], [], []], deck=[])
    ev = g.apply("play red+5")
    assert g.state["positions"]["red"] == 75
    assert "red+5" in g.state["discard"]
    assert any("already finished" in e and "SR-R8" in e for e in ev)


# --------------------------------------------------------------------- SR-R9
def test_SR_R9_score_coins_times_multiplier_then_new_race():
    bets = {0: ["1-3", "1-3", "2-4"], 1: ["1-3", "4-5", "4-5"], 2: ["1-2", "1-2", "1-2"]}
    g = race(positions={"red": 75, "green": 68}, finished=["red"], bets=bets,
             hands=[["green+5"], [], []], deck=[])
    ev = g.apply("play green+5")
    s = g.state
    assert s["scores"] == [14, 7, 0]  # 2 × 7 and 1 × 7
    assert s["last_race"]["pair"] == "1-3"
    assert s["race"] == 2 and s["phase"] == "bet"
    assert s["coins"] == [3, 3, 3] and all(not v for v in s["bets"].values())
    assert set(s["positions"].values()) == {0}
    assert [len(h) for h in s["hands"]] == [7, 7, 7]
    assert any("2 × 7 = 14" in e for e in ev)


def test_SR_R9_pair_is_unordered():
    bets = {0: ["1-3"] * 3, 1: ["4-5"] * 3, 2: ["1-2"] * 3}
    g = race(positions={"green": 75, "red": 68}, finished=["green"], bets=bets,
             hands=[["red+5"], [], []], deck=[])
    g.apply("play red+5")
    assert g.state["scores"] == [21, 0, 0]


def test_SR_R9_nobody_on_the_winning_pair_nobody_scores():
    g = race(positions={"blue": 75, "red": 68}, finished=["blue"], hands=[["red+5"], [], []], deck=[])
    ev = g.apply("play red+5")
    assert g.state["scores"] == [0, 0, 0]
    assert any("Nobody bet on the winning pair" in e for e in ev)


# -------------------------------------------------------------------- SR-R10
def test_SR_R10_cards_run_out_leaders_by_position_ties_red_first():
    pos = {"red": 40, "orange": 50, "green": 50, "blue": 10, "purple": 3}
    bets = {0: ["2-3"] * 3, 1: ["4-5"] * 3, 2: ["1-2"] * 3}
    g = race(positions=pos, bets=bets, hands=[["purple+3"], [], []], deck=[])
    ev = g.apply("play purple+3")
    last = g.state["last_race"]
    assert last["exhausted"] and (last["first"], last["second"]) == ("orange", "green")
    assert g.state["scores"] == [24, 0, 0]
    assert any("SR-R10" in e for e in ev)


def test_SR_R10_finished_slime_counts_first():
    pos = {"red": 30, "orange": 20, "green": 75, "blue": 10, "purple": 3}
    g = race(positions=pos, finished=["green"], hands=[["blue+4"], [], []], deck=[])
    g.apply("play blue+4")
    last = g.state["last_race"]
    assert (last["first"], last["second"]) == ("green", "red")


# -------------------------------------------------------------------- SR-R11
def test_SR_R11_match_ends_when_target_reached_highest_wins():
    bets = {0: ["1-3"] * 3, 1: ["1-3", "4-5", "4-5"], 2: ["1-2"] * 3}
    g = race(positions={"red": 75, "green": 68}, finished=["red"], bets=bets, scores=[10, 5, 29],
             hands=[["green+5"], [], []], deck=[], target=30)
    g.apply("play green+5")
    assert g.is_over()
    out = g.outcome()
    assert out.winners == (0,) and out.scores == (31, 12, 29)
    with pytest.raises(GameOverError):
        g.apply("play green+5")


def test_SR_R11_equal_highest_totals_share_the_win():
    bets = {0: ["1-3"] * 3, 1: ["1-3", "1-3", "1-3"], 2: ["1-2"] * 3}
    g = race(positions={"red": 75, "green": 68}, finished=["red"], bets=bets, scores=[5, 5, 20],
             hands=[["green+5"], [], []], deck=[], target=21)
    g.apply("play green+5")
    assert g.outcome().winners == (0, 1)
    assert "share the win" in str(g.outcome())


def test_SR_R11_below_target_another_race():
    g = race(positions={"red": 75, "green": 68}, finished=["red"], scores=[0, 0, 0],
             hands=[["green+5"], [], []], deck=[], target=50)
    g.apply("play green+5")
    assert not g.is_over() and g.state["race"] == 2


# ------------------------------------------------------- hidden information
def test_observation_hides_other_hands_and_deck():
    g = SlimeRace(players=3, seed=2)
    obs = g.observation(1)
    assert obs["hands"][1] == g.state["hands"][1]
    assert obs["hands"][0] == ["?"] * 7 and set(obs["deck"]) == {"?"}


def test_a_hidden_hand_lists_its_hidden_card_as_the_only_candidate():
    g = SlimeRace(players=3, seed=1)
    while g.state["phase"] != "race":
        g.apply("bet 1-2")
    seat = g.current_player
    obs = g.rules.observation(g.state, (seat + 1) % 3)    # the player to act, as another sees them
    assert g.rules.legal_actions(obs) == ["play ?"]


# -------------------------------------------------------- scenarios & chance
def test_stacked_deal_forces_hands_and_the_next_draw():
    deal = SlimeRace.stacked_deal(2, hands=[["last+35", "dash1"]], deck_top=["dash2"])
    g = SlimeRace(players=2, seed=0, chance=["first 0", *deal])
    s = g.state
    assert {"last+35", "dash1"} <= set(s["hands"][0])
    for _ in range(6):  # betting; then seat 0 draws the forced card
        g.apply("bet 1-2")
    assert "dash2" in g.state["hands"][0] and len(g.state["hands"][0]) == 8


def test_forced_deal_must_be_seven_cards_each():
    with pytest.raises(IllegalActionError, match="forced chance outcome") as info:
        SlimeRace(players=2, seed=0, chance=["first 0", "deal red+5"])
    assert info.value.rule == "SR-chance"


def test_scenario_rejects_too_many_copies():
    with pytest.raises(StateFileError, match="more copies"):
        SlimeRace.scenario(players=2, hands=[["dash1", "dash1"], []], bets={0: ["1-2"] * 3, 1: ["1-2"] * 3})


def test_scenario_requires_all_coins_accounted():
    with pytest.raises(StateFileError, match="coins"):
        SlimeRace.scenario(players=2, bets={0: ["1-2"] * 4})


def test_action_text_is_normalised():
    g = SlimeRace(players=2, seed=0)
    g.apply("  BET   1-3 ")
    assert g.actions == ["bet 1-3"]


def test_bad_action_type_invalid():
    g = SlimeRace(players=2, seed=0)
    with pytest.raises(InvalidActionError):
        g.apply(None)


def test_rank_slots_of_a_race_where_every_slime_has_finished_is_empty():
    from boardkit.slime_race.cards import SLIMES, rank_slots
    assert rank_slots({s: 80 for s in SLIMES}, list(SLIMES)) == []
    assert rank_slots({s: 80 for s in SLIMES}, list(SLIMES)[:4]) == [((1,), (SLIMES[4],))]
