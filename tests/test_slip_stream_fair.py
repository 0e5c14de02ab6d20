"""The Slip Stream AI is colour-blind: a position on the designed course and
its mirror image on the mirrored course (:func:`mirrored_data`: lanes
a ↔ g, so red's start spaces become blue's and the colours swap places)
are worth exactly the same to the player who holds the mirrored machines,
at every level, and the AI's choice in the mirror is the mirror of its
choice (where several moves are equally good, one of the mirrors of those).

The positions come from seeded random games on the designed course, each
played move for move in the mirror on the mirrored course by the same
seeds (the engine checks every mirrored action), over all six score tiles.
Each level is searched with its own depth and search to the end and no
clock (the level's code path, exact and repeatable). This is a slice of
``benchmarks/slip_stream_fair.py``, which checks over 1,000 positions at
every level (its figures are in benchmarks/README.md).
"""
from __future__ import annotations

import pytest

from benchmarks.slip_stream_fair import check_game, mirror_action, mirror_pos
from boardkit.slip_stream import SlipStream
from boardkit.slip_stream.ai import Fast
from boardkit.slip_stream.analysis import mirrored_data

_MIRRORED = mirrored_data()


def test_the_mirror_of_an_action_and_of_a_position():
    assert mirror_action("move s1 2a") == "move s8 2g"
    assert mirror_action("turbo 12c 13e") == "turbo 12e 13c"
    assert mirror_action("colour red") == "colour blue"
    plain = SlipStream(seed=2, course=[1, 2, 3, 4, 5, 6, 7])
    mirror = SlipStream(seed=2, course=[1, 2, 3, 4, 5, 6, 7], components=_MIRRORED)
    assert sorted(map(mirror_action, plain.legal_actions)) == sorted(mirror.legal_actions)
    plain.apply("move s3 2b")
    mirror.apply("move s6 2f")
    plain.apply("colour red")
    mirror.apply("colour blue")
    assert mirror_pos(Fast.from_state(plain.state)) == Fast.from_state(mirror.state)


def test_the_opening_goal_points_are_shared_not_given_to_red():
    """Eight machines level share the 7 + 5 + 3 + 2 goal points (× 0.7)."""
    game = SlipStream(seed=1, course=[1, 2, 3, 4, 5, 6, 7])
    game.apply("move s1 2a")
    game.apply("colour red")
    fast = Fast(game.rules, game.state)
    pos = Fast.from_state(game.state)
    assert sum(x < 8 for x in pos[0] + pos[1]) == 7     # seven machines still on the start tile
    # red's 2a is closest (7 × 0.7); the other seven share 5 + 3 + 2 (× 0.7): 1.0 each
    assert fast.terms(pos)["goal points still to win"] == pytest.approx(4.9 + 3.0 - 4.0)
    start = SlipStream.scenario(red=["s1", "s3", "s5", "s7"], blue=["s2", "s4", "s6", "s8"])
    fast = Fast(start.rules, start.state)
    for turn in (0, 1):
        pos = Fast.from_state(start.state)[:6] + (turn, False, turn)
        assert fast.terms(pos)["goal points still to win"] == 0.0


def test_a_position_and_its_mirror_are_worth_the_same_at_every_level():
    """Every decision of six games (one per score tile) valued by the
    evaluation; every 2nd decision of the first game searched by level 1,
    every 15th by level 2 and every 60th by level 3 (every move valued, on
    both sides)."""
    rows = [check_game(0, seed=1, levels=(1, 2, 3), every={1: 2, 2: 15, 3: 60})]
    rows += [check_game(g, seed=1, levels=()) for g in range(1, 6)]
    assert sum(r["evaluated"] for r in rows) >= 600
    assert [m for r in rows for m in r["evaluation_mismatches"]] == []
    first = rows[0]["levels"]
    assert {k: v["mismatches"] for k, v in first.items()} == {"1": [], "2": [], "3": []}
    assert first["1"]["checked"] >= 50 and first["2"]["checked"] >= 8 and first["3"]["checked"] >= 2, first
