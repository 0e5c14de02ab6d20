"""Super Race: the check that finds rolls forcing a car into a dead end
(boardkit.super_race.strand), cross-checked against the rules' own legal
drives and SU-R16, on the built-in tracks and on a teacher's track file."""
from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import pytest

from boardkit import SuperRace
from boardkit.super_race.strand import (
    ROLLS,
    TrackWarning,
    _game,
    dead_ends,
    forced_rolls,
    warn_forced_strands,
)
from boardkit.super_race.track import TRACKS

#: Indianapolis as it was, with a pit entrance one square wide (K10)
NARROW_ROW, WIDE_ROW = "###.......R........y*#", "###.......RR.......y*#"


def _narrow_indianapolis(tmp_path) -> str:
    text = (TRACKS / "indianapolis.txt").read_text(encoding="utf-8")
    assert WIDE_ROW in text
    path = tmp_path / "narrow.txt"
    path.write_text(text.replace(WIDE_ROW, NARROW_ROW).replace("name: Indianapolis",
                                                               "name: Narrow pit"),
                    encoding="utf-8")
    return str(path)


def _engine_says_forced(game, square, heading, roll) -> bool:
    """The rules, move by move: the car on ``square`` leaving by ``heading``
    with ``roll`` on its last roll cannot forfeit, and every legal drive
    leaves it unable to move (SU-R4, SU-R13, SU-R16)."""
    rules = game.rules
    state = game.state
    state["cars"][0] = {**state["cars"][0], "path": [square], "exit": heading}
    state.update(phase="choose", dice=list(roll), kept=[], rolls=3)
    actions = list(rules.legal_actions(state))
    drives = [a for a in actions if a.startswith("drive")]
    if not drives or "forfeit" in actions:
        return False
    return all(not rules.can_move(rules.child(state, a), 0) for a in drives)


def test_a_one_square_pit_entrance_forces_a_single_die_into_a_dead_end(tmp_path):
    """With a pit entrance one square wide (K10, both neighbours off the
    track), after K11 heading north rc yc ys bs bc can only be drawn as a
    red curve on K10, and both of its exits face the edge."""
    narrow = _narrow_indianapolis(tmp_path)
    assert dead_ends(narrow) == [("k10", "north"), ("k10", "south")]
    forced = forced_rolls(_game(narrow), "k11", "north")
    assert ("bc", "bs", "rc", "yc", "ys") in {tuple(sorted(r)) for r in forced}
    assert _engine_says_forced(SuperRace(players=1, track=narrow), "k11", "north",
                               ("rc", "yc", "ys", "bs", "bc"))


@pytest.mark.parametrize("track", ["indianapolis", "monza"])
def test_the_built_in_tracks_have_no_dead_end_for_a_curve(track):
    """No square of a designed track can take a curve die with no way on:
    one die is never forced into a dead end (COMPONENTS.md)."""
    assert dead_ends(track) == []


def test_the_widened_pit_entrance_leaves_a_red_curve_a_way_on(tmp_path):
    """The same car and roll on Indianapolis today: the red curve on K10
    can leave east into L10, so the roll forces nothing; what still forces
    a dead end there draws two red dice and ends facing the edge."""
    game = _game("indianapolis")
    forced = forced_rolls(game, "k11", "north")
    assert ("bc", "bs", "rc", "yc", "ys") not in {tuple(sorted(r)) for r in forced}
    assert not _engine_says_forced(SuperRace(players=1), "k11", "north",
                                   ("rc", "yc", "ys", "bs", "bc"))
    assert all(Counter(f[0] for f in roll)["r"] >= 2 for roll in forced)
    assert len(forced) < len(forced_rolls(_game(_narrow_indianapolis(tmp_path)), "k11", "north"))


@pytest.mark.parametrize("track,square,heading", [("indianapolis", "k11", "north"),
                                                  ("indianapolis", "d1", "south"),
                                                  ("monza", "k5", "north"),
                                                  ("monza", "h12", "north")])
def test_the_check_agrees_with_the_rules_roll_by_roll(track, square, heading):
    game = _game(track)
    forced = set(forced_rolls(game, square, heading))
    rng = random.Random(f"{track}/{square}/{heading}")
    sample = sorted(forced)[:6] + rng.sample([r for r in ROLLS if r not in forced], 10)
    for roll in sample:
        assert _engine_says_forced(SuperRace(players=1, track=track), square, heading, roll) == \
            (roll in forced), (square, heading, roll)


def test_a_teachers_track_file_gets_a_warning_naming_the_squares():
    path = Path(__file__).with_name("tracks") / "ring.txt"
    with pytest.warns(TrackWarning) as caught:
        found = warn_forced_strands(str(path))
    assert found
    message = str(caught[0].message)
    assert "Ring" in message and f"at {len(found)} position(s)" in message
    assert "dead ends for a curve" not in message            # the ring has none
    likely = sorted(found, key=lambda s: -s["chance"])
    named = [s for s in found
             if f"{s['square'].upper()} leaving {s['heading']} into {s['into'].upper()}" in message]
    assert len(named) == min(len(found), 10) and likely[0] in named
    for strand in found:
        assert 1 <= strand["rolls"] <= len(ROLLS) and 0 < strand["chance"] <= 1


def test_a_dead_end_for_a_curve_is_named_first_in_the_warning(tmp_path):
    with pytest.warns(TrackWarning) as caught:
        warn_forced_strands(_narrow_indianapolis(tmp_path))
    message = str(caught[0].message)
    assert message.startswith("Narrow pit: dead ends for a curve")
    assert "K10 entered heading north, K10 entered heading south" in message
