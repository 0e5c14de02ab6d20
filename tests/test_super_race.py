"""Super Race: a scenario test per rule and ruling (ids in the names), the
rulebook's three worked examples, lap checkpoints, and track files."""
from __future__ import annotations

import copy
import json
import math

import pytest

import boardkit
from boardkit import IllegalActionError, InvalidActionError, OptionError, SuperRace
from boardkit.core.grid import GridError
from boardkit.core.rules import CHANCE
from boardkit.super_race.rules import ROLL_OUTCOMES, multiset_probability

#: A lap of Indianapolis through the pit lane, stopping on F11 (the square
#: before the line is G12, reached by turning south then east).
LAP = ("g11 h11 i11 j11 k11 k10 k9 k8 k7 k6 k5 k4 k3 j3 i3 h3 g3 f3 e3 d3 c3 c4 c5 c6 "
       "c7 c8 c9 c10 c11 d11 e11")


def refused(game, action):
    """The rule id of a refusal (and the state must not change)."""
    before = game.state
    with pytest.raises(IllegalActionError) as info:
        game.apply(action)
    assert game.state == before
    return info.value.rule


# ------------------------------------------------------------------ SU-R1
def test_SU_R1_one_to_four_players_each_on_their_own_track():
    for bad in (0, 5):
        with pytest.raises(OptionError, match="SU-R1"):
            SuperRace(players=bad)
    # two cars on the same squares: players never block each other
    g = SuperRace.scenario(players=2, cars=["g12 h12 east", "g12 h12 east"], turn=1,
                           dice=["rs", "rs", "ys", "bc", "bc"])
    assert "drive red i12 j12" in g.legal_actions


# ------------------------------------------------------------------ SU-R2
def test_SU_R2_a_go_is_up_to_three_rolls_keeping_any_dice():
    g = SuperRace(players=1, seed=3, chance=["roll rs rc ys bs bc"])
    assert g.state["rolls"] == 1 and g.current_player == 0
    rules = g.rules
    after = rules.child(g.state, "keep rc rs")  # keep two, roll three again
    assert rules.current(after) is CHANCE
    outcomes = rules.chance_outcomes(after)
    assert len(outcomes) == len(ROLL_OUTCOMES[3]) == 56
    assert math.isclose(sum(p for _, p in outcomes), 1)
    assert rules.refusal(after, "keep rs").rule == "SU-chance"
    assert rules.refusal(g.state, "roll rs rs rs rs rs").rule == "SU-chance"
    g.force("roll bc bc bc")
    g.apply("keep rc rs")
    assert g.state["dice"] == ["rs", "rc", "bc", "bc", "bc"] and g.state["rolls"] == 2
    g.force("roll ys ys ys yc yc")
    g.apply("keep")                             # keep nothing: all five again
    assert g.state["rolls"] == 3 and g.state["dice"] == ["ys", "ys", "ys", "yc", "yc"]
    assert refused(g, "keep ys") == "SU-R2"     # no fourth roll
    assert not [a for a in g.legal_actions if a.startswith("keep")]


def test_SU_R2_roll_probabilities_are_exact():
    assert math.isclose(multiset_probability(("rs",) * 5), 1 / 6 ** 5)
    assert math.isclose(multiset_probability(("rs", "rc", "ys", "yc", "bs")), 120 / 6 ** 5)
    for n in range(1, 6):
        assert math.isclose(sum(p for _, p in ROLL_OUTCOMES[n]), 1)
    g = SuperRace(players=1, seed=1, chance=["roll rs rc ys bs bc"])
    assert refused(g, "keep rs rs") == "SU-R2"          # only one red straight shows
    assert refused(g, "keep rs rc ys bs bc") == "SU-R2"  # keeping all five rolls nothing


def test_SU_R2_board_dice_words_parse_to_faces():
    g = SuperRace(players=1, seed=1)
    assert g.rules.parse("keep d3-rc d1-ys") == "keep rc ys"
    with pytest.raises(InvalidActionError):
        g.rules.parse("keep d1-zz")


# ------------------------------------------------------------------ SU-R3
def test_SU_R3_straight_dice_go_on_curves_turn():
    g = SuperRace.scenario(cars=["g12 h12 east"], dice=["rs", "rc", "ys", "ys", "bc"])
    legal = set(g.legal_actions)
    assert "drive red i12 j12 north" in legal     # straight, then a curve leaving north
    assert "drive red i12 i11" in legal           # a curve into I11, then straight on
    assert "drive red i12 j12" not in legal       # the curve must say how it leaves J12
    assert refused(g, "drive red i12 j12") == "SU-R3"
    two = SuperRace.scenario(cars=["g12 h12 east"], dice=["rs", "rs", "ys", "ys", "bc"])
    assert refused(two, "drive red i12 i11") == "SU-R3"   # two straights cannot turn
    assert "no red curve" in two.refusal("drive red i12 i11").reason
    assert refused(g, "drive red j12 k12 north") == "SU-R3"   # not the square ahead
    assert refused(g, "drive blue i12 west") == "SU-R3"        # a curve cannot go back


def test_SU_R3_never_the_same_square_twice_and_coloured_squares():
    g = SuperRace.scenario(cars=["g12 h12 h11 west"], dice=["rs", "ys", "yc", "bs", "bs"])
    # west of H11 is G11, the line square: not crossed yet, so allowed
    assert "drive red g11" in g.legal_actions
    g2 = SuperRace.scenario(cars=["g12 h12 i12 i11 h11 south"], dice=["rs", "ys", "yc", "bs", "bs"])
    # south of H11 is H12, already crossed
    assert refused(g2, "drive red h12") == "SU-R3"
    assert "already been crossed" in g2.refusal("drive red h12").reason
    # a yellow square only takes yellow dice: T10 is yellow
    row = "g11 h11 i11 j11 k11 l11 m11 n11 o11 p11 q11 r11 s11 t11 north"
    g3 = SuperRace.scenario(cars=[row], dice=["rs", "ys", "bc", "bc", "rc"])
    assert refused(g3, "drive red t10") == "SU-R3"
    assert "yellow" in g3.refusal("drive red t10").reason
    assert "drive yellow t10" in g3.legal_actions


# ------------------------------------------------------------------ SU-R4
def test_SU_R4_every_die_of_the_colour_or_the_whole_go_is_forfeited():
    # at the pit lane's entrance: K9 ahead is blue, K8 beyond it yellow
    pit = f"{' '.join(LAP.split()[:6])} north"      # ... k11 k10, leaving north
    g = SuperRace.scenario(cars=[pit], dice=["rs", "rs", "rc", "ys", "yc"], roll=3)
    assert list(g.legal_actions) == ["forfeit"]
    events = g.apply("forfeit")
    assert any("forfeited" in e for e in events)
    assert g.state["cars"][0]["path"][-1] == "k10" and g.state["cars"][0]["goes"] == 1
    # two blue dice: both must be drawn, so the straight goes after the curve
    g = SuperRace.scenario(cars=[pit], dice=["bs", "bc", "rs", "ys", "yc"], roll=3)
    assert [a for a in g.legal_actions if a.startswith("drive")] == ["drive blue k9 l9"]
    assert refused(g, "drive blue k9") == "SU-R4"
    assert refused(g, "drive blue k9 k8") == "SU-R3"   # K8 is yellow


def test_SU_R4_a_bad_placement_is_forced_when_it_is_the_only_one():
    # on the start square facing the edge: one blue curve must still be drawn
    row = "g13 h13 i13 j13 k13 l13 m13 n13 o13 p13 q13 r13 s13 t13 east"
    g = SuperRace.scenario(cars=[row], dice=["rs", "ys", "ys", "bs", "bs"], roll=3)
    # yellow and blue: two squares straight on, but V13 is off the track;
    # red: one straight into U13, leaving it towards the edge — forced
    assert [a for a in g.legal_actions] == ["drive red u13"]
    assert refused(g, "forfeit") == "SU-R13"
    g.apply("drive red u13")
    assert g.state["cars"][0]["exit"] == "east" and not g.rules.can_move(g.state, 0)


# ------------------------------------------------------------------ SU-R5
def test_SU_R5_the_first_go_starts_on_the_line_from_behind():
    g = SuperRace(players=1, seed=1, chance=["roll rs rs rc ys bc"])
    drives = [a for a in g.legal_actions if a.startswith("drive")]
    assert drives and all(a.split()[2] in ("g11", "g12", "g13") for a in drives)
    assert refused(g, "drive red h12 i12 j12 north") == "SU-R5"
    assert "drive red g12 h12 i12 north" in drives
    assert "drive blue g12 north" in drives            # the first die may be a curve
    g.apply("drive red g12 h12 i12 north")
    assert g.state["cars"][0]["path"] == ["g12", "h12", "i12"]
    assert g.state["cars"][0]["exit"] == "north"


# ------------------------------------------------------------------ SU-R6
def test_SU_R6_melanies_double_tight_corner_gives_one_extra_go():
    """The rulebook's third example: red straight, straight, then the corner
    (a tight corner): another go at once; then only the two yellow curves can
    be drawn, and they end on another tight corner — no third go."""
    row = "g11 h11 i11 j11 k11 l11 m11 n11 o11 p11 q11 east"
    g = SuperRace.scenario(players=2, cars=[row, "g12 east"],
                           dice=["rs", "rs", "rc", "ys", "bs"], roll=3,
                           rolls=[["bc", "rc", "rc", "yc", "yc"]])
    events = g.apply("drive red r11 s11 t11 north")
    assert any("tight corner" in e for e in events)
    assert g.current_player == 0 and g.state["extra"] is True    # her extra go
    assert g.state["dice"] == ["rc", "rc", "yc", "yc", "bc"]
    drives = {a.split()[1] for a in g.legal_actions if a.startswith("drive")}
    assert drives == {"yellow"}                  # not the blue curve, not the red curves
    assert refused(g, "drive red t10 u10 north") == "SU-R3"      # T10 is yellow
    assert "yellow" in g.refusal("drive red t10 u10 north").reason
    g.apply("drive yellow t10 u10 north")
    assert g.state["cars"][0]["path"][-1] == "u10"            # another tight corner…
    assert g.rules.track.squares["u10"].corner
    assert g.state["turn"] == 1 and g.state["extra"] is False   # …but her turn is over
    assert g.state["cars"][0]["turns"] == 1 and g.state["cars"][0]["goes"] == 2


# ------------------------------------------------------------------ SU-R7
def _finish_scenario(**kw):
    """Seat 0 on F11 and seat 1 on E11, both leaving south, one lap done."""
    return SuperRace.scenario(players=2, cars=[LAP + " f11 south", LAP + " south"], **kw)


def test_SU_R7_the_round_is_completed_and_the_furthest_past_wins():
    g = _finish_scenario(dice=["rc", "rs", "rs", "ys", "ys"], roll=3,
                         rolls=[["bc", "bs", "bs", "bs", "bs"]])
    assert g.state["cars"][0]["cp"] == 2            # both checkpoints passed
    events = g.apply("drive red f12 g12 h12")
    assert any("reaches the finish line" in e for e in events)
    assert g.state["cars"][0]["past"] == 1 and g.state["finishing"]
    assert g.current_player == 1 and not g.is_over()   # the round is completed
    g.apply("drive blue e12 f12 g12 h12 i12")       # the last turn of the round: 2 past
    assert g.is_over()
    assert g.state["cars"][1]["past"] == 2 and g.outcome().winners == (1,)


def test_SU_R7_landing_on_the_line_is_zero_past():
    g = _finish_scenario(dice=["rc", "rs", "ys", "ys", "ys"], roll=3,
                         rolls=[["bc", "bs", "ys", "ys", "ys"]])
    g.apply("drive red f12 g12")                     # lands on the line: 0 past
    assert g.state["cars"][0]["past"] == 0 and g.state["finishing"]
    g.apply("drive blue e12 f12")                    # seat 1 stops short of the line
    assert g.is_over() and g.outcome().winners == (0,)
    assert g.state["results"][0]["points"][0] == 0   # on the line: no plus point


# ------------------------------------------------------------------ SU-R8
def test_SU_R8_world_championship_plus_and_minus_points():
    g = SuperRace.scenario(players=2, cars=[LAP + " f11 south", "g12 h12 east"], races=2,
                           dice=["rc", "rs", "rs", "rs", "ys"], roll=3)
    d1 = g.distance(1)
    assert d1 > 20
    g.apply("drive red f12 g12 h12 i12")         # 2 past the line
    assert g.current_player is CHANCE or g.current_player == 1
    while g.state["race"] == 1:                  # seat 1 completes the round
        g.apply("forfeit" if g.legal_actions == ["forfeit"] else sorted(
            a for a in g.legal_actions if a.startswith(("drive", "forfeit")))[0])
    res = g.state["results"][0]
    assert res["winners"] == [0] and res["points"][0] == 2
    assert res["points"][1] == -res["distance"][1] < 0
    # the second race: boards wiped, the next player starts
    assert g.state["race"] == 2 and g.state["starter"] == 1 and g.state["turn"] == 1
    assert all(c["path"] == [] for c in g.state["cars"])


def test_SU_R8_position_points_10_6_3_1():
    g = SuperRace(players=4, scoring="positions")
    pts = g.rules.race_points(g.state, [2], [None, 3, 5, None], [10, 0, 0, 4])
    assert pts == [1, 6, 10, 3]
    # equal players share the better place
    assert g.rules.race_points(g.state, [0], [4, None, None, None], [0, 7, 7, 9]) == [10, 6, 6, 1]


# ------------------------------------------------------------------ SU-R9
def test_SU_R9_an_oil_slick_needs_two_dice_with_the_same_face():
    g = SuperRace.scenario(cars=["g12 east"], oil=["h12"], dice=["rs", "rc", "ys", "yc", "bs"])
    assert refused(g, "drive red h12 i12 north") == "SU-R9"
    assert all(" h12" not in a for a in g.legal_actions if a.startswith("drive red"))
    g2 = SuperRace.scenario(cars=["g12 east"], oil=["h12"], dice=["rs", "rs", "ys", "yc", "bs"])
    assert "drive red h12 i12" in g2.legal_actions
    with pytest.raises(OptionError, match="SU-R9"):
        SuperRace(players=1, oil=[f"{c}2" for c in "abcdefghijk"])     # more than ten


# ------------------------------------------------------------------ SU-R10
def test_SU_R10_variants_clockwise_monza_two_laps_solo():
    cw = SuperRace(players=1, seed=2, clockwise=True, chance=["roll rs rs rs ys bc"])
    assert cw.rules.heading(cw.state) == "west"
    assert "drive red g12 f12 e12" in cw.legal_actions
    assert cw.rules.checkpoints(cw.state)[0] == cw.track.checkpoints[-1]
    monza = SuperRace(players=2, track="monza")
    assert monza.track.name == "Monza" and monza.track.line == ("h11", "h12", "h13")
    two = SuperRace(players=1, laps=2)
    one = SuperRace(players=1)
    assert two.rules.remaining(two.state, 0) > 1.8 * one.rules.remaining(one.state, 0)
    never = SuperRace(players=1, shortcut="never")
    # Indianapolis's shortcut saves a good part of the lap
    assert one.rules.remaining(one.state, 0) < never.rules.remaining(never.state, 0) - 10


# ------------------------------------------------------------------ SU-R11
def test_SU_R11_looping_back_over_the_line_near_the_start_never_finishes():
    g = SuperRace.scenario(players=1, cars=["g12 h12 h11 west"], dice=["rs", "rs", "ys", "bs", "bs"])
    g.apply("drive red g11 f11")
    car = g.state["cars"][0]
    assert car["path"][-2] == "g11" and car["past"] is None and not g.is_over()


def test_SU_R11_checkpoints_must_be_entered_in_order():
    # checkpoint 2 (the left side) entered before checkpoint 1 does not count
    g = SuperRace.scenario(players=1, cars=["g12 g11 f11 e11 d11 c11 c10 c9 c8 c7 north"])
    assert g.state["cars"][0]["cp"] == 0
    # the real lap passes both, in order
    lap = SuperRace.scenario(players=1, cars=[LAP + " south"])
    assert lap.state["cars"][0]["cp"] == 2


def test_SU_R11_the_start_square_counts_as_crossed():
    g = SuperRace.scenario(cars=[LAP + " east"], dice=["rs", "rc", "ys", "yc", "bs"])
    # east of E11 is F11 and then G11 (the start square): crossed, never again
    assert refused(g, "drive red f11 g11 south") == "SU-R3"


# ------------------------------------------------------------------ SU-R12
def test_SU_R12_start_curve_into_the_next_line_square_and_free_last_exit():
    g = SuperRace(players=1, seed=1, chance=["roll rs rc ys yc bs"])
    assert "drive red g12 g11" in g.legal_actions          # curve north into G11, straight on
    assert "drive yellow g11 g10" not in g.legal_actions   # G10 is off the track
    assert "drive yellow g13 h13 west" not in g.legal_actions  # a curve never turns back
    assert "drive blue g11" in g.legal_actions             # last exit faces the edge: allowed


# ------------------------------------------------------------------ SU-R13
def test_SU_R13_a_colour_that_can_be_drawn_must_be_chosen():
    row = "g13 h13 i13 j13 k13 l13 m13 n13 o13 p13 q13 r13 s13 t13 east"
    g = SuperRace.scenario(cars=[row], dice=["rs", "rs", "ys", "bs", "bs"], roll=3)
    assert refused(g, "forfeit") == "SU-R13"
    why = g.refusal("drive red u13")          # U13 is fine, but the second red die is not
    assert why.rule == "SU-R4" and "you must drive yellow instead (SU-R13)" in why.reason


# ------------------------------------------------------------------ SU-R14
def test_SU_R14_only_the_last_square_and_never_after_a_forfeit():
    # passing over a tight corner without ending there gives nothing
    row = "g11 h11 i11 j11 k11 l11 m11 n11 o11 p11 q11 east"
    g = SuperRace.scenario(players=2, cars=[row, "g12 east"], dice=["rs", "rs", "rs", "rs", "ys"],
                           roll=3)
    g.apply("drive red r11 s11 t11 u11")        # over the T11 corner, ending on U11
    assert g.state["turn"] == 1 and not g.state["extra"]
    # a car standing on a tight corner that forfeits gets no extra go
    g = SuperRace.scenario(players=2, cars=[row.replace(" east", "") + " r11 s11 t11 north",
                                            "g12 east"],
                           dice=["rs", "rs", "rc", "bs", "bc"], roll=3)
    assert g.legal_actions == ["forfeit"] or list(g.legal_actions) == ["forfeit"]
    g.apply("forfeit")
    assert g.state["turn"] == 1 and not g.state["extra"]


# ------------------------------------------------------------------ SU-R15
def test_SU_R15_a_tie_break_round_and_then_a_winner():
    g = _finish_scenario(dice=["rc", "rs", "rs", "ys", "ys"], roll=3,
                         rolls=[["bc", "bs", "bs", "bs", "ys"], ["rs", "rs", "rs", "yc", "bc"],
                                ["rs", "yc", "yc", "yc", "yc"]])
    g.apply("drive red f12 g12 h12")                 # seat 0: 1 past
    g.apply("drive blue e12 f12 g12 h12")
    # both 1 past: a tie-break round for both
    assert g.state["tiebreak"] is not None and g.state["tiebreak"]["seats"] == [0, 1]
    assert not g.is_over()
    assert g.current_player == 0                     # seat 0: three more squares
    g.apply("drive red i12 j12 k12")
    assert g.state["cars"][0]["past"] == 4
    g.apply("drive red i12")                         # seat 1: one more square
    assert g.is_over() and g.outcome().winners == (0,)


# ------------------------------------------------------------------ SU-R16
def test_SU_R16_a_car_that_can_no_longer_move_is_out():
    g = SuperRace.scenario(players=2, cars=["g12 east", "g11 north"], dice=["rs", "ys", "ys", "bc", "bc"])
    assert not g.rules.can_move(g.state, 1)
    events = g.apply("drive red h12")
    assert any("out of the race" in e for e in events)
    assert g.state["cars"][1]["out"] and g.state["turn"] == 0


def test_SU_R16_every_car_out_ends_the_race_by_distance():
    row = "g13 h13 i13 j13 k13 l13 m13 n13 o13 p13 q13 r13 s13 t13 east"
    g = SuperRace.scenario(players=2, cars=[row, "g11 north"], dice=["rs", "ys", "ys", "bs", "bs"],
                           roll=3)
    events = g.apply("drive red u13")           # forced, and now facing the edge
    assert any("no car can move any more" in e for e in events)
    assert g.is_over()
    res = g.state["results"][0]
    # ranked by the SU-R8 distance: the car on the start square, with the pit
    # lane ahead, is closer than the one past the pit entrance
    assert res["distance"][1] < res["distance"][0] and g.outcome().winners == (1,)
    # nobody reached the line: everyone scores minus the squares still to go
    assert res["points"] == [-res["distance"][0], -res["distance"][1]]


# ------------------------------------------------------------------ SU-R17
def test_SU_R17_distance_avoids_own_squares_and_solo_counts_turns():
    g = SuperRace.scenario(players=1, cars=["g12 h12 i12 east"])
    free = SuperRace.scenario(players=1, cars=["g12 h12 i12 east"])
    assert g.distance(0) == free.distance(0) > 0
    # a car that turned back along its own track must go round its squares
    back = SuperRace.scenario(players=1, cars=["g12 h12 i12 j12 j11 i11 west"])
    assert back.distance(0) > g.distance(0)
    # solo: turns until the line, extra goes not counted
    s = SuperRace.scenario(players=1, cars=[LAP + " south"], dice=["rc", "rs", "rs", "ys", "ys"],
                           roll=3)
    s.apply("drive red e12 f12 g12")
    assert s.is_over() and s.outcome().scores == (1,)


# ------------------------------------------------------------- rulebook
def test_melanie_draws_a_red_curve_and_two_straights_at_the_start():
    g = SuperRace(players=2, seed=1, chance=["roll rc rs yc ys bc", "roll rs bc", "roll bc"])
    g.apply("keep rc rs ys")                          # reroll two dice
    g.apply("keep rc rs rs ys")                       # reroll one
    assert g.state["rolls"] == 3 and g.state["dice"] == ["rs", "rs", "rc", "ys", "bc"]
    red = [a for a in g.legal_actions if a.startswith("drive red")]
    assert "drive red g12 h12 i12 north" in red and "drive red g11 g12 g13" in red
    g.apply("drive red g12 h12 i12 north")
    assert g.state["turn"] == 1
    assert g.state["cars"][0]["colours"] == "rrr"


def test_edgar_cannot_reach_pit_square_a_without_a_red_curve():
    """The rulebook's second example: K10 (red) is the pit lane's square A;
    Edgar, coming along the inner lane, would need a red curve on K11."""
    car = "g11 h11 i11 j11 east"
    g = SuperRace.scenario(cars=[car], dice=["rs", "bs", "bc", "ys", "yc"], roll=3)
    legal = [a for a in g.legal_actions if a.startswith("drive")]
    assert not any("k10" in a for a in legal)
    # straight across B (K11), the corner after C (L11); or the right curve
    # across B, then straight across D (K12)
    assert {"drive blue k11 l11 south", "drive blue k11 l11 north", "drive blue k11 k12"} \
        <= set(legal)
    assert {"drive yellow k11 l11 south", "drive yellow k11 k12"} <= set(legal)
    assert refused(g, "drive blue k11 k10") == "SU-R3"        # A is red
    assert "red" in g.refusal("drive blue k11 k10").reason
    # with a red curve he turns into the pit lane
    g2 = SuperRace.scenario(cars=[car], dice=["rc", "rs", "bc", "ys", "yc"], roll=3)
    assert "drive red k11 k10" in g2.legal_actions


# -------------------------------------------------------------- tracks
GOOD = """name: Tiny
start: north

legend:
. = off
# = grey
r = red
+ = grey corner
S = grey line

grid:
+######+
SS....r#
##....##
+######+

checkpoints:
1: G2-H2
2: D4
"""


def test_a_teacher_can_draw_a_track(tmp_path):
    path = tmp_path / "tiny.txt"
    path.write_text(GOOD)
    game = SuperRace(players=1, track=str(path))
    assert game.track.name == "Tiny" and game.track.line == ("a2", "b2")
    assert game.track.squares["g2"].colour == "red" and game.track.squares["a1"].corner
    # B2 B1 C1 … G1 G2 G3 G4 F4 … B4 B3 B2: round the loop (crossed squares ignored)
    assert game.rules.remaining(game.state, 0) == 17


@pytest.mark.parametrize("change,where", [
    (("SS....r#", "SS..Z.r#"), "line 13, column 5"),       # not in the legend
    (("r = red", "r = red blue"), "line 7, column 1"),     # two colours
    (("start: north", "start: up"), "line 2"),             # not a heading
    (("1: G2-H2\n", ""), "checkpoints"),                   # one checkpoint only
    (("2: D4", "2: A2-B2"), "line 19"),                    # a checkpoint on the line
    (("+ = grey corner", "+ = grey bend"), "line 8, column 1"),  # unknown word
    (("1: G2-H2", "1: H2"), "line 18"),                    # does not reach across
])
def test_a_bad_track_file_is_refused_with_line_and_column(change, where, tmp_path):
    path = tmp_path / "bad.txt"
    path.write_text(GOOD.replace(*change))
    with pytest.raises(GridError) as info:
        SuperRace(players=1, track=str(path))
    assert where in str(info.value), str(info.value)
    assert isinstance(info.value, ValueError)


def test_builtin_tracks_keep_the_published_facts():
    for name in ("indianapolis", "monza"):
        g = SuperRace(players=1, track=name)
        t = g.track
        colours = {s.colour for s in t.squares.values()}
        assert colours == {"grey", "red", "yellow", "blue"}
        assert any(s.corner for s in t.squares.values()) and len(t.checkpoints) >= 2
        assert any(s.pit for s in t.squares.values())
    indy = SuperRace(players=1)
    pit = [s for s in indy.track.squares.values() if s.pit]
    assert sum(s.colour != "grey" for s in pit) >= 0.7 * len(pit)   # almost all coloured
    around = SuperRace(players=1, shortcut="never")
    assert indy.rules.remaining(indy.state, 0) <= 0.7 * around.rules.remaining(around.state, 0)
    # Monza's pit lane is ordinary track (SU-R12): the shortcut option leaves
    # it open, and closing it (drawing it off the board) costs only a little
    monza = SuperRace(players=1, track="monza")
    never = SuperRace(players=1, track="monza", shortcut="never")
    assert never.rules.remaining(never.state, 0) == monza.rules.remaining(monza.state, 0)
    data = copy.deepcopy(monza.rules.components.data)
    board = data["track"]
    board["rows"] = [row.replace("R", ".") for row in board["rows"]]
    del board["legend"]["R"]
    board["sections"]["checkpoints"] = [c.replace("K4-K7", "K5-K7")
                                        for c in board["sections"]["checkpoints"]]
    shut = SuperRace(players=1, components=data)
    saved = shut.rules.remaining(shut.state, 0) - monza.rules.remaining(monza.state, 0)
    assert 0 < saved <= 4                                            # saves only a little


def test_a_save_replays_with_its_track_embedded(tmp_path):
    from boardkit.super_race.track import read_track
    game = SuperRace(players=2, seed=4, components=read_track(GOOD, "tiny.txt"))
    bot = boardkit.RandomBot(1)
    for _ in range(12):
        if game.is_over():
            break
        game.apply(bot.choose(game))
    text = game.to_json()
    again = boardkit.load(json.loads(text))
    assert again.state == game.state and again.track.name == "Tiny"


def test_SU_R11_every_way_round_monza_passes_its_checkpoints():
    """A lap up the chicane's left side (Q–S) counts like one round its right
    side: each checkpoint reaches across the whole track."""
    p = ("h12 i12 j12 k12 l12 m12 n12 o12 p12 q12 r12 r11 r10 r9 r8 r7 r6 r5 r4 r3 q3 p3 o3 n3 "
         "m3 l3 l4 k4 j4 i4 h4 h3 g3 f3 e3 e4 e5 e6 e7 e8 e9 e10")
    g = SuperRace.scenario(players=1, track="monza", cars=[p + " south"])
    assert g.state["cars"][0]["cp"] == 4 and g.distance(0) <= 4


def test_a_save_with_an_impossible_car_is_refused():
    from boardkit import StateFileError
    g = SuperRace.scenario(players=2, cars=["g12 h12 east", "g12 east"])
    for change in ({"exit": "west"},                       # a U-turn (SU-R3)
                   {"past": 2},                            # past the line without a lap
                   {"path": ["h12", "i12"], "colours": "rr", "ends": [2]}):   # not from the line
        bad = g.state
        bad["cars"][0].update(change)
        with pytest.raises(StateFileError):
            SuperRace.from_state(bad)
    bad = g.state
    bad["tiebreak"] = {"seats": "xy", "left": "ab", "before": 3}
    with pytest.raises(StateFileError, match="tiebreak"):
        SuperRace.from_state(bad)
    # a scenario with a car already past the line is completing its round
    past = SuperRace.scenario(players=2, cars=[LAP + " f11 f12 g12 h12 east", "g12 east"])
    assert past.state["finishing"] and past.state["cars"][0]["past"] == 1
