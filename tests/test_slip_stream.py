"""Slip Stream: a scenario per rulebook paragraph and SS ruling.

Positions are built with ``SlipStream.scenario`` on the course in the order
1, 2, …, 7 (unless said otherwise). On that course the rows are:

* 0: start spaces s1–s8; 1: the start tile's circles;
* 2–6 tile 1, 7–11 tile 2, 12–16 tile 3, 17–21 tile 4 (prohibition lines
  18b→19a and 18f→19g), 22–26 tile 5 (lines 23d→24e and 25d→26c), 27–31
  tile 6, 32–36 tile 7; 37: the goal.

Score tile #1 STANDARD: ◎ at 20, ● at 5, 9, 14, ✹ at 17, wheel tokens worth
2, 2, 3, 3, 4, 4, 5 by course position. Seat 0 plays red unless said
otherwise, and red is to move.
"""
from __future__ import annotations

import json

import pytest

import boardkit
from boardkit.core import CHANCE, IllegalActionError, InvalidActionError, OptionError, RandomBot
from boardkit.core.errors import StateFileError
from boardkit.slip_stream import SlipStream

COURSE = ["course 1 2 3 4 5 6 7"]


def ss(**kw) -> SlipStream:
    return SlipStream.scenario(**kw)


def refused(game: SlipStream, action: str) -> str:
    """The rule id that refuses ``action`` (the state must not change)."""
    before = game.state
    with pytest.raises(IllegalActionError) as info:
        game.apply(action)
    assert game.state == before
    return info.value.rule


def fresh(first: int = 0, **options) -> SlipStream:
    return SlipStream(seed=0, chance=[f"first {first}", *COURSE], **options)


# ------------------------------------------------------------------ set-up
def test_setup_alternates_colours_on_the_start_spaces_and_draws_by_chance():
    g = SlipStream(seed=4, chance=[])
    rules, state = g.rules, g.rules.initial_state(g.options)
    assert rules.current(state) is CHANCE
    assert rules.chance_outcomes(state) == [("first 0", 0.5), ("first 1", 0.5)]
    rules.step(state, "first 1")
    assert rules.chance_outcomes(state) is None          # 7! orders: sampled
    assert rules.refusal(state, "course 1 1 2 3 4 5 6").rule == "SS-chance"
    assert rules.refusal(state, "course 3 1 7 2 5 4 6") is None
    assert g.state["machines"] == {"red": ["s1", "s3", "s5", "s7"], "blue": ["s2", "s4", "s6", "s8"]}
    assert sorted(g.state["course"]) == [1, 2, 3, 4, 5, 6, 7]
    assert g.current_player == g.state["first"]
    assert refused(g, "first 0") == "SS-chance"


def test_course_option_fixes_the_order_and_score_tile_by_name_or_number():
    g = SlipStream(seed=1, course=[7, 6, 5, 4, 3, 2, 1], score_tile="#4 front runner")
    assert g.state["course"] == [7, 6, 5, 4, 3, 2, 1] and g.options["score_tile"] == 4
    assert [e.action.split()[0] for e in g.log] == ["first"]    # no course chance
    with pytest.raises(OptionError):
        SlipStream(course=[1, 2, 3])
    with pytest.raises(OptionError):
        SlipStream(score_tile=9)


def test_SS_R1_exactly_two_players():
    with pytest.raises(OptionError, match="SS-R1"):
        SlipStream(players=3)
    assert SlipStream.min_players == SlipStream.max_players == 2


# ---------------------------------------------------------------- moving
def test_SS_R2_a_machine_goes_straight_or_diagonally_forward():
    g = ss(red=["12d"])
    # 13c and 13e are circles (skipped to 16c, 16e); 13d is an elongated space
    assert set(g.destinations("12d")) == {"16c", "13d", "16e"}
    assert g.trail("12d", "16c") == ["12d", "13c", "14c", "15c", "16c"]
    assert refused(g, "move 12d 12e") == "SS-move"          # sideways
    assert refused(g, "move 12d 11d") == "SS-move"          # backwards
    assert refused(g, "move 12d 14b") == "SS-R2"            # two lanes at once
    g.apply("move 12d 13d")
    assert "13d" in g.state["machines"]["red"] and g.current_player == 1


def test_SS_R2_circles_are_skipped_to_the_next_elongated_space():
    g = ss(red=["12d"])
    assert refused(g, "move 12d 13c") == "SS-R2"
    assert "16c" in g.refusal("move 12d 13c").reason
    g.apply("move 12d 16c")
    assert g.state["machines"]["red"][-1] == "16c"


def test_SS_R2_blocked_skip_stops_on_a_circle_and_an_occupied_space_is_closed():
    g = ss(red=["12d"], blue=["15c", "13d"])
    # lane c: 13c, 14c are circles, 15c is occupied: stop on the circle 14c
    # lane d: 13d is occupied, so that direction is closed
    assert set(g.destinations("12d")) == {"14c", "16e"}
    assert refused(g, "move 12d 13d") == "SS-R2"
    assert "occupied" in g.refusal("move 12d 13d").reason
    g.apply("move 12d 14c")
    assert g.layout.kind((14, 3)) == "circle"


def test_SS_R3_slipstream_carries_a_machine_over_a_long_gap():
    g = ss(red=["2d"], blue=["30d"])
    # 3d is a circle, 4d elongated; then the slipstream to just behind 30d
    assert set(g.destinations("2d")) == {"3c", "29d", "3e"}
    assert refused(g, "move 2d 4d") == "SS-R3"
    assert g.trail("2d", "29d")[:4] == ["2d", "3d", "4d", "5d"]
    g.apply("move 2d 29d")
    assert "29d" in g.state["machines"]["red"]


def test_SS_R3_a_machine_directly_behind_stays_and_own_machines_pull_too():
    g = ss(red=["12d", "20c"])
    assert "19c" in g.destinations("12d")          # 13c circle … slipstream behind red 20c


def test_SS_R3_goaled_machines_cause_no_slipstream():
    g = ss(red=["2d"], blue=["37d"], scores={"red": 0, "blue": 0})
    assert "4d" in g.destinations("2d")            # not carried up to 36d
    g.apply("move 2d 4d")


def test_SS_R11_a_prohibition_line_forbids_one_diagonal_step_only():
    g = ss(red=["18b", "18a"])
    assert refused(g, "move 18b 19a") == "SS-R11"
    assert set(g.destinations("18b")) == {"19b", "20c"}
    assert "19b" in g.destinations("18a")          # crossing the line is allowed
    assert (18, 2, 1) in g.layout.forbidden and (18, 1, 2) not in g.layout.forbidden


def test_SS_R12_stepping_between_two_machines_and_skipping_into_the_goal():
    g = ss(red=["12d", "35f"], blue=["12e", "13d"])
    assert "16e" in g.destinations("12d")          # between blue 12e and 13d
    g.apply("move 35f 37f")                        # 36f is a circle; the goal stops it
    assert g.state["goal"] == ["red"] and g.state["scores"]["red"] == 7


# ------------------------------------------------------------ start tile
def test_SS_R5_first_moves_from_the_start_tile():
    g = fresh()
    assert set(g.destinations("s1")) == {"2a"}                  # an end: one circle
    assert set(g.destinations("s8")) == {"2g"}
    assert set(g.destinations("s3")) == {"2b", "2c"}            # lanes b and c
    assert g.trail("s3", "2b") == ["s3", "1b", "2b"]
    assert refused(g, "move s1 2b") == "SS-R5"
    # the refusal names the circle in front and where the move ends (what the board highlights)
    assert "in front of it: 1a, and on over the circle(s) to 2a [" in g.refusal("move s1 2b").reason


def test_SS_R5_an_end_start_space_is_easily_blocked():
    g = ss(red=["1a"])                  # red's other machines on s1, s3, s5
    assert g.destinations("s1") == {}
    assert refused(g, "move s1 2a") == "SS-R2"
    assert "cannot move at all" in g.refusal("move s1 2a").reason


# ------------------------------------------------------------ immobility
def test_SS_R4_a_player_who_cannot_move_loses():
    # blue: three machines at the goal, the fourth on 36a boxed in by 37a, 37b
    g = ss(blue=["37a", "37b", "37c", "36a"], scores={"red": 0, "blue": 3},
           wheels={k: "blue" for k in range(1, 7)})
    assert set(g.destinations("s1")) == {"35a"}     # slipstream behind blue 36a
    g.apply("move s3 2b")
    assert g.is_over() and g.outcome().winners == (0,)
    assert "SS-R4" in g.outcome().reason


def test_SS_R4_a_scenario_whose_player_to_move_cannot_move_is_already_lost():
    g = ss(turn="blue", blue=["37a", "37b", "37c", "36a"], scores={"red": 0, "blue": 3},
           wheels={k: "blue" for k in range(1, 7)})
    assert g.is_over() and g.outcome().winners == (0,)


def test_SS_R14_all_machines_at_the_goal_lose_at_the_start_of_the_turn():
    g = ss(blue=["37a", "37b", "37c", "37d"], scores={"red": 0, "blue": 17},
           wheels={k: "blue" for k in range(1, 8)})
    g.apply("move s1 2a")
    assert g.outcome().winners == (0,) and "SS-R14" in g.outcome().reason


def test_SS_R14_a_move_that_scores_nothing_triggers_no_mark():
    g = ss(scores={"red": 5, "blue": 0})          # red already rests on ●
    g.apply("move s1 2a")
    assert g.state["turbo"] is None and g.current_player == 1


# ------------------------------------------------------------ wheel tokens
def wheel_scenario(**kw):
    """Red's last machine behind tile 2 (on 2d) is pulled by the slipstream
    to 13d, behind blue 14d: red leaves tiles 1 and 2 at once."""
    return ss(red=["12a", "12b", "12c", "2d"], blue=["14d"], **kw)


def test_SS_R6_several_wheel_tokens_score_at_once_and_jump_over_a_mark():
    g = wheel_scenario(scores={"red": 3, "blue": 0})
    events = g.apply("move 2d 13d")
    assert g.state["wheels"][:2] == ["red", "red"]
    assert g.state["scores"]["red"] == 7          # 3 + 2 + 2 in one go: past ● 5
    assert sum("red scores" in e for e in events) == 1
    assert g.state["turbo"] is None and g.current_player == 1


def test_SS_R6_a_wheel_token_already_taken_scores_nothing():
    g = ss(red=["12a", "12b", "12c", "2d"], blue=["7a", "7b", "7c", "14d"],
           wheels={1: "blue"}, scores={"red": 0, "blue": 2})
    g.apply("move 2d 13d")
    assert g.state["wheels"][:2] == ["blue", "red"] and g.state["scores"]["red"] == 2


def test_SS_R15_wheel_tokens_are_taken_automatically_for_the_colour():
    g = wheel_scenario(colours=("blue", "red"))       # seat 1 plays red
    g.apply("move 2d 13d")
    assert g.state["wheels"][:2] == ["red", "red"] and g.state["scores"]["red"] == 4


# ------------------------------------------------------------ goal points
def test_SS_R7_goal_arrivals_score_7_5_3_2_then_nothing():
    g = ss(red=["36a", "36b", "36c"], blue=["36e", "36f", "36g"])
    for action in ("move 36a 37a", "move 36e 37e", "move 36b 37b", "move 36f 37f",
                   "move 36c 37c"):
        g.apply(action)
    assert g.state["goal"] == ["red", "blue", "red", "blue", "red"]
    assert g.state["scores"] == {"red": 7 + 3, "blue": 5 + 2}
    assert g.current_player == 1
    assert g.rules.refusal(g.state, "move 37e 37d").rule == "SS-R7"    # never moves again
    assert not any(a.startswith("move 37") for a in g.legal_actions)


# ------------------------------------------------------------ marks
def mark_scenario(red_score: int, blue_score: int, **kw):
    """Red's move 6d → 7d takes the wheel token of course position 1 (2 points)."""
    kw.setdefault("blue", ["12c", "15c"])
    return ss(red=["8a", "8b", "8c", "6d"], scores={"red": red_score, "blue": blue_score}, **kw)


def test_SS_R8_turbo_the_opponent_moves_one_space_without_skip_or_slipstream():
    g = mark_scenario(3, 0)
    g.apply("move 6d 7d")                        # red 5: ● while ahead
    assert g.state["turbo"] == 1 and g.current_player == 1
    legal = list(g.legal_actions)
    assert legal and all(a.startswith("turbo ") for a in legal)
    assert "turbo s2 1a" in legal                 # from a start space: a circle in front
    assert refused(g, "move 12c 16c") == "SS-R13"
    assert refused(g, "turbo 12c 14c") == "SS-R8"            # one space only
    assert refused(g, "turbo 12c 16c") == "SS-R8"             # no circle skipping
    g.apply("turbo 12c 13c")                      # stays on the circle; 15c does not pull it
    assert "13c" in g.state["machines"]["blue"]
    assert g.state["turbo"] is None and g.current_player == 1   # blue's own turn now


def test_SS_R8_no_mark_when_not_strictly_ahead():
    g = mark_scenario(3, 5)
    g.apply("move 6d 7d")                         # red 5, blue 5: level
    assert g.state["turbo"] is None and g.current_player == 1


def test_SS_R8_a_turbo_that_cannot_be_made_loses():
    # blue's only machine off the goal (36a) is boxed in; red's 4th arrival: 3 + 2 = 5 (●)
    g = ss(red=["36e"], blue=["37a", "37b", "37c", "36a"], goal=["blue", "blue", "blue"],
           scores={"red": 3, "blue": 1}, wheels={k: "blue" for k in range(1, 7)})
    g.apply("move 36e 37e")
    assert g.is_over() and g.outcome().winners == (0,) and "SS-R8" in g.outcome().reason


def test_SS_R8_crash_when_ahead_loses():
    g = mark_scenario(15, 10)
    g.apply("move 6d 7d")                         # red 17: ✹ while ahead
    assert g.is_over() and g.outcome().winners == (1,) and "✹" in g.outcome().reason


def test_SS_R8_crash_when_level_does_nothing():
    g = mark_scenario(15, 17)
    g.apply("move 6d 7d")
    assert not g.is_over() and g.current_player == 1


def test_SS_R9_reaching_or_passing_the_target_wins():
    g = mark_scenario(19, 0)
    g.apply("move 6d 7d")                         # 21: past ◎ 20
    assert g.outcome().winners == (0,) and "SS-R9" in g.outcome().reason
    assert g.outcome().scores == (21, 0)
    assert refused(g, "move 8a 9b") == "SS-over"


def test_SS_R13_a_turbo_can_set_off_a_turbo_then_the_turn_passes():
    g = mark_scenario(3, 2, blue=["36a", "12c", "15c"])
    g.apply("move 6d 7d")                         # red 5 (●), ahead of 2: blue's turbo
    g.apply("turbo 36a 37a")                      # blue 2 + 7 = 9 (●), ahead of 5: red's turbo
    assert g.state["turbo"] == 0 and g.current_player == 0
    g.apply("turbo 8a 9a")                        # a circle: it stays there
    assert "9a" in g.state["machines"]["red"]
    assert g.state["turbo"] is None and g.current_player == 1    # red's turn is over


# ------------------------------------------------------------ pie rule
def test_SS_R10_pie_rule_first_move_of_either_colour_then_a_colour_choice():
    g = fresh(first=1)
    assert g.current_player == 1
    assert "move s1 2a" in g.legal_actions and "move s2 2a" in g.legal_actions
    g.apply("move s2 2b")                         # a blue machine: blue is the first colour
    assert g.state["phase"] == "colour" and g.current_player == 0
    assert set(g.legal_actions) == {"colour red", "colour blue"}
    assert refused(g, "move s1 2a") == "SS-R10"
    g.apply("colour blue")                        # seat 0 takes the colour that moved
    assert g.state["colours"] == ["blue", "red"]
    assert g.current_player == 1 and g.seat_name(1) == "Player 2 (red)"   # red has not moved
    assert refused(g, "colour red") == "SS-R10"


def test_SS_R10_without_the_pie_rule_the_first_mover_keeps_the_colour():
    g = fresh(first=1, pie_rule=False)
    g.apply("move s2 2b")
    assert g.state["colours"] == ["red", "blue"] and g.current_player == 0


def test_SS_R15_a_scoring_first_move_is_scored_after_the_colour_choice():
    g = ss(phase="pie", first=0, red=["36a"])
    g.apply("move 36a 37a")                       # the first goal arrival: 7
    assert g.state["scores"] == {"red": 0, "blue": 0} and g.state["pending"] == 7
    g.apply("colour red")                         # seat 1 takes red
    assert g.state["colours"] == ["blue", "red"]
    assert g.state["scores"] == {"red": 7, "blue": 0}
    assert g.current_player == 0                  # blue did not move: blue starts


# ------------------------------------------------------------ actions and errors
@pytest.mark.parametrize("text", ["move 3c", "move c3 d4", "fly 3c 4c", "colour green", "",
                                  "move 3c 4c 5c", "turbo s9 1a"])
def test_malformed_actions_are_invalid_with_an_example(text):
    g = fresh()
    with pytest.raises(InvalidActionError, match="looks like") as info:
        g.apply(text)
    assert info.value.rule == "SS-actions"


def test_a_machine_prefix_lists_that_machines_moves():
    g = fresh()
    assert sorted(a for a in g.legal_actions if a.startswith("move s3 ")) == \
        ["move s3 2b", "move s3 2c"]


@pytest.mark.parametrize("action,rule", [
    ("move 5d 6d", "SS-move"),          # no machine there
    ("move s2 2a", "SS-move"),          # blue's machine on red's turn
    ("move 12d 40d", "SS-move"),        # no such row
    ("turbo 12d 13d", "SS-R8"),         # no turbo pending
    ("colour red", "SS-R10"),
    ("first 1", "SS-chance"),
])
def test_refusals_name_their_rule(action, rule):
    g = ss(red=["12d"])
    assert refused(g, action) == rule
    assert g.attempt(action).rule == rule


def test_json_round_trip_and_scenario_save():
    g = SlipStream(seed=8)
    bot = RandomBot(3)
    for _ in range(40):
        g.apply(bot.choose(g))
    again = boardkit.load(g.to_json())
    assert again.state == g.state and again.to_json() == g.to_json()
    s = mark_scenario(3, 0)
    s.apply("move 6d 7d")
    assert boardkit.load(json.loads(s.to_json())).state == s.state


def test_same_seed_same_game():
    def play(seed):
        g = SlipStream(seed=seed)
        boardkit.play_out(g, [RandomBot(1), RandomBot(2)])
        return g
    a, b = play(11), play(11)
    assert a.log == b.log and a.state == b.state and a.outcome() is not None
    assert len({tuple(play(s).state["course"]) for s in range(5)}) > 1


def test_a_bad_position_is_refused_naming_the_field():
    with pytest.raises(StateFileError, match="machines"):
        ss(red=["12d"], blue=["12d"])
    with pytest.raises(StateFileError, match="wheels"):
        ss(red=["12a", "12b", "12c", "12d"], wheels={})
    state = fresh().state
    state["scores"]["red"] = -1
    with pytest.raises(StateFileError, match="scores"):
        SlipStream.from_state(state)


def test_step_invariants_text_and_heuristic():
    g = SlipStream(seed=2)
    bot = RandomBot(2)
    rules = g.rules
    while not g.is_over():
        before = g.state
        g.apply(bot.choose(g))
        assert rules.step_problems(before, g.state) == []
    text = str(g)
    assert "s1-s8" in text and " 37 " in text
    w = g.outcome().winners[0]
    assert rules.heuristic(g.state, w) > rules.heuristic(g.state, 1 - w)
