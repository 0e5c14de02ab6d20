"""Slip Stream's designed tiles: what the rulebook says they must satisfy,
and clear errors (file, line, column) for a bad tile file."""
from __future__ import annotations

import copy
import itertools

import pytest

from boardkit.core import OptionError
from boardkit.core.grid import GridError
from boardkit.slip_stream import SlipStream, builtin_data, load_course_tile, tiles_from_data
from boardkit.slip_stream.tiles import DATA, GOAL_POINTS, LANES, Layout

TILES = tiles_from_data(builtin_data())

GOOD = """number: 9
name: Test tile

legend:
| = space
o = circle

grid:
|||||||
o|o|o|o
|||||||

prohibitions:
1: B2 A1
"""


def test_start_tile_has_eight_offset_start_spaces_and_the_ends_see_one_circle():
    assert len(TILES.start) == 8
    assert TILES.start[0] == (1,) and TILES.start[-1] == (7,)
    assert all(TILES.start[i] == (i, i + 1) for i in range(1, 7))


def test_seven_different_course_tiles_of_seven_lanes_each_lane_with_a_space():
    assert sorted(TILES.course) == list(range(1, 8))
    assert len({t.kinds for t in TILES.course.values()}) == 7
    for tile in TILES.course.values():
        assert all(len(row) == LANES for row in tile.kinds)
        assert {k for row in tile.kinds for k in row} <= {"space", "circle"}
        for lane in range(LANES):
            assert any(row[lane] == "space" for row in tile.kinds), (tile.number, lane)
    assert any("circle" in row for t in TILES.course.values() for row in t.kinds)


def test_SS_R11_exactly_two_course_tiles_carry_prohibition_lines():
    marked = [t for t in TILES.course.values() if t.prohibited]
    assert len(marked) == 2
    for t in marked:
        for r, a, b in t.prohibited:
            assert abs(a - b) == 1 and 0 <= r < len(t.kinds) - 1


def test_six_score_tiles_standard_first_and_all_different():
    assert len(TILES.score) == 6 and TILES.score[0].label == "#1 STANDARD"
    assert len({(t.turbo, t.wheels) for t in TILES.score}) == 6
    assert all(len(t.wheels) == 7 for t in TILES.score)


@pytest.mark.parametrize("tile", TILES.score, ids=lambda t: t.label)
def test_on_every_score_tile_someone_always_reaches_the_target(tile):
    """A full game hands out every wheel token and the four goal arrivals'
    points; however they are split between the two players, one of them
    ends on or past ◎. (A game that ends earlier, by a crash, a turbo that
    cannot be made or immobility, has a winner anyway.)"""
    total = sum(tile.wheels) + sum(GOAL_POINTS)
    # every way of giving each wheel token and each goal arrival to one player
    chunks = list(tile.wheels) + list(GOAL_POINTS)
    for owners in itertools.product((0, 1), repeat=len(chunks)):
        a = sum(c for c, o in zip(chunks, owners) if o == 0)
        assert max(a, total - a) >= tile.goal
    # and for any split of the total at all
    assert all(max(a, total - a) >= tile.goal for a in range(total + 1))


def test_an_unreachable_target_is_refused():
    data = builtin_data()
    data["score_tiles"][0]["goal"] = 60
    with pytest.raises(OptionError, match="out of everyone's reach"):
        tiles_from_data(data)


def test_a_third_tile_with_prohibition_lines_is_refused():
    data = builtin_data()
    data["course_tiles"][0]["sections"]["prohibitions"] = ["1: B2 A1"]
    with pytest.raises(OptionError, match="exactly two course tiles"):
        tiles_from_data(data)


def test_layout_rows_goal_and_wheels():
    lay = Layout(TILES, (1, 2, 3, 4, 5, 6, 7))
    assert lay.goal_row == 2 + 7 * 5 and lay.last_row == [6, 11, 16, 21, 26, 31, 36]
    assert lay.kind((0, 1)) == "start" and lay.kind((1, 4)) == "circle"
    assert lay.kind((37, 4)) == "goal"


def test_a_good_tile_file_loads():
    tile = load_course_tile(GOOD, source="t.txt")
    assert tile.number == 9 and len(tile.kinds) == 3
    assert tile.prohibited == {(1, 2, 1)}


@pytest.mark.parametrize("change,line,column,words", [
    (("|||||||\no|o", "||||||||\no|o"), 9, 8, "more than 7 lanes"),
    (("o|o|o|o", "o|o|x|o"), 10, 5, "not in the legend"),
    (("o|o|o|o", "o|o|o"), 10, 6, "no space in lane f"),
    (("1: B2 A1", "1: B2 B1"), 14, 4, "not one diagonal step"),
    (("1: B2 A1", "1: B2 A1 C1"), 14, 4, "names 3 square"),
    (("1: B2 A1", "1: B2 Z9"), 14, 7, "outside the grid"),
])
def test_a_bad_tile_file_names_line_and_column(change, line, column, words):
    text = GOOD.replace(*change)
    with pytest.raises(GridError, match=words) as info:
        load_course_tile(text, source="bad.txt")
    assert (info.value.line, info.value.column) == (line, column)
    assert str(info.value).startswith(f"bad.txt line {line}, column {column}")


def test_a_lane_without_an_elongated_space_is_refused():
    text = GOOD.replace("|||||||\no|o|o|o\n|||||||", "o||||||\no|o|o|o\no||||||")
    with pytest.raises(GridError, match="lane a .* no elongated space"):
        load_course_tile(text)


def test_the_data_files_are_in_the_package():
    names = sorted(p.name for p in DATA.iterdir())
    assert names == sorted([f"course_{n}.txt" for n in range(1, 8)]
                           + ["goal.txt", "start.txt", "score_tiles.json"])


def test_a_teachers_component_set_travels_with_the_game():
    data = copy.deepcopy(builtin_data())
    data["score_tiles"][0]["wheels"] = [1, 1, 1, 1, 1, 1, 1]
    data["score_tiles"][0].update(goal=12, turbo=[5, 9], crash=[])
    g = SlipStream(seed=1, components=data)
    assert g.score_tile.goal == 12 and g.components.data["score_tiles"][0]["goal"] == 12
