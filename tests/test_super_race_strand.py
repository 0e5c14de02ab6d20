"""Super Race: the check that finds rolls forcing a car into a dead end
(boardkit.super_race.strand), cross-checked against the rules' own legal
drives and SU-R16, on the built-in tracks and on a teacher's track file."""
from __future__ import annotations

import random
from pathlib import Path

import pytest

from boardkit import SuperRace
from boardkit.super_race.strand import (
    ROLLS,
    TrackWarning,
    _game,
    forced_rolls,
    warn_forced_strands,
)


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


def test_the_indianapolis_pit_entrance_forces_a_dead_end():
    """The pit entrance K10 is one red square with both neighbours off the
    track: after K11 heading north, rc yc ys bs bc can only be drawn as a
    red curve on K10, and both of its exits face the edge."""
    game = _game("indianapolis")
    forced = forced_rolls(game, "k11", "north")
    assert ("bc", "bs", "rc", "yc", "ys") in {tuple(sorted(r)) for r in forced}
    assert _engine_says_forced(SuperRace(players=1), "k11", "north", ("rc", "yc", "ys", "bs", "bc"))


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
    assert "Ring" in message
    for strand in found:
        where = f"{strand['square'].upper()} leaving {strand['heading']} into {strand['into'].upper()}"
        assert where in message
        assert 1 <= strand["rolls"] <= len(ROLLS) and 0 < strand["chance"] <= 1
