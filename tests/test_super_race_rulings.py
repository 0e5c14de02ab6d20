"""Super Race: who starts, and the three points SU-R8, SU-R14 and SU-R16
leave open (SU-R18 … SU-R21), each on a board."""
from __future__ import annotations

from pathlib import Path

from boardkit import RandomBot, SuperRace

#: A small ring two squares wide, the line (B5, B6) with a tight corner
#: (C5) right after it: a go can cross the line and end on the corner.
RING = Path(__file__).with_name("tracks") / "ring.txt"
#: Round the ring from B6 to A5, leaving east towards the line square B5.
ROUND = "b6 c6 d6 e6 f6 g6 h6 i6 j6 j5 j4 j3 j2 j1 i1 h1 g1 f1 e1 d1 c1 b1 a1 a2 a3 a4 a5 east"


def test_SU_R18_player_1_is_the_youngest_and_each_race_passes_the_start_to_the_left():
    g = SuperRace(players=3, seed=4, races=3)
    bots = [RandomBot(s) for s in range(3)]
    starts, order = {}, []
    while not g.is_over():
        race = g.state["race"]
        if race not in starts:
            starts[race] = (g.state["starter"], g.current_player)
        if race == 1 and (not order or order[-1] != g.current_player):
            order.append(g.current_player)
        g.apply(bots[g.current_player].choose(g))
    assert starts == {1: (0, 0), 2: (1, 1), 3: (2, 2)}
    assert order[:3] == [0, 1, 2]                      # to the left, seat by seat


def test_SU_R19_a_car_facing_the_edge_is_measured_from_its_square():
    row = "g13 h13 i13 j13 k13 l13 m13 n13 o13 p13 q13 r13 s13 t13 u13"
    facing = SuperRace.scenario(players=1, cars=[row + " east"])       # V13 is off the track
    free = SuperRace.scenario(players=1, cars=[row + " north"])
    assert not facing.rules.can_move(facing.state, 0) and free.rules.can_move(free.state, 0)
    assert facing.distance(0) == free.distance(0) < len(facing.track.squares)


def test_SU_R20_solo_no_extra_go_past_the_line_but_with_two_players_yes():
    track = RING
    solo = SuperRace.scenario(players=1, track=str(track), cars=[ROUND], dice=["rs", "rs", "ys", "bs", "bc"],
                              roll=3)
    assert solo.rules.track.squares["c5"].corner
    solo.apply("drive red b5 c5")                   # over the line, ending on the tight corner
    assert solo.is_over() and solo.state["cars"][0]["past"] == 1 and not solo.state["extra"]
    two = SuperRace.scenario(players=2, track=str(track), cars=[ROUND, ROUND],
                             dice=["rs", "rs", "ys", "bs", "bc"], roll=3)
    events = two.apply("drive red b5 c5")
    assert two.state["extra"] and two.state["turn"] == 0 and not two.is_over()
    assert any("SU-R6" in e for e in events)


def test_SU_R21_a_stuck_car_drops_out_when_its_turn_comes_not_at_once():
    row = "g13 h13 i13 j13 k13 l13 m13 n13 o13 p13 q13 r13 s13 t13 east"
    g = SuperRace.scenario(players=2, cars=[row, "g12 east"], dice=["rs", "ys", "ys", "bs", "bs"],
                           roll=3, rolls=[["ys", "ys", "rs", "bs", "bs"]])
    events = g.apply("drive red u13")               # forced, and now facing the edge
    assert not g.rules.can_move(g.state, 0)
    assert not g.state["cars"][0]["out"] and g.state["turn"] == 1       # still in the race
    assert not any("SU-R16" in e for e in events)
    events = g.apply("drive yellow h12 i12")           # Player 2's go; now Player 1's turn comes
    assert g.state["cars"][0]["out"] and any("SU-R16" in e for e in events)
    assert g.state["turn"] == 1


#: Round the ring's right side and top to A1 (checkpoint 1 passed on the way).
TOP = "j5 j4 j3 j2 j1 i1 h1 g1 f1 e1 d1 c1 b1 a1"


def test_SU_R19_SU_R11_a_car_facing_the_edge_goes_round_its_start_square():
    """The car started on B5 and came round to A5, facing west (the edge).
    Its sides: north A4 and east B5 are its own squares (B5 its start
    square, SU-R11); south A6 is free. SU-R19 gives it its best side, and
    the path still avoids its own squares (SU-R17): A6, then the line at
    B6: 2 squares (through its start square it would be 1).

        row 4  A4* B4           * its own squares
        row 5  A5> B5* C5*…     > the car, facing west
        row 6  A6  B6 (line)
    """
    car = "b5 c5 d5 e5 f5 g5 h5 i5 " + TOP + " a2 a3 a4 a5 west"
    g = SuperRace.scenario(players=1, track=str(RING), cars=[car])
    assert g.rules.track.next["a5"]["west"] is None and "a6" not in car.split()
    assert g.distance(0) == g.rules.distance_by_search(g.state, 0) == 2


def test_SU_R19_a_car_facing_its_own_square_leaves_by_its_best_side():
    """The car came down the left side by A2 B2 B3 A3 A4 to B4 and faces
    north, its own B3. SU-R19 ("or a square it may not enter") gives it its
    best side before SU-R17's fallback of crossing its own squares is
    considered: south, the line at B5, 1 square (straight through B3 and
    round again would be 5).

        row 3  A3* B3*          * its own squares
        row 4  A4* B4^          ^ the car, facing north
        row 5  A5  B5 (line)
    """
    car = "b6 c6 d6 e6 f6 g6 h6 i6 j6 " + TOP + " a2 b2 b3 a3 a4 b4 north"
    g = SuperRace.scenario(players=1, track=str(RING), cars=[car])
    assert g.distance(0) == g.rules.distance_by_search(g.state, 0) == 1


def test_SU_R17_SU_R19_with_no_clean_way_the_car_crosses_its_own_squares():
    """The car came down the left side to A6 and faces west (the edge):
    north A5 and east B6 (its start square) are its own, south is off the
    track. No way avoids its own squares, so SU-R17's fallback crosses
    them from its best side: east, the line at B6, 1 square.

        row 5  A5* B5 (line)
        row 6  A6< B6* (line, its start square)
    """
    car = "b6 c6 d6 e6 f6 g6 h6 i6 j6 " + TOP + " a2 a3 a4 a5 a6 west"
    g = SuperRace.scenario(players=1, track=str(RING), cars=[car])
    assert g.distance(0) == g.rules.distance_by_search(g.state, 0) == 1
