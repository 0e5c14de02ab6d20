"""The Slip Stream AI is colour-blind: a position on the designed course and
its mirror image on the mirrored course (:func:`mirrored_data`: lanes
a ↔ g, so red's start spaces become blue's and the colours swap places)
are worth exactly the same to the player who holds the mirrored machines,
at every level, and the AI's choice in the mirror is the mirror of its
choice (where several moves are equally good, one of the mirrors of those).

The positions come from seeded random games on the designed course, each
played move for move in the mirror on the mirrored course by the same
seeds (the engine checks every mirrored action), over all six score tiles.
"""
from __future__ import annotations

import random
import re

import pytest

from boardkit.slip_stream import SlipStream
from boardkit.slip_stream.ai import LEVELS, Fast, SlipStreamAI
from boardkit.slip_stream.analysis import mirrored_data

_PLACE = re.compile(r"\b(?:s([1-8])|(\d+)([a-g]))\b")
_MIRRORED = mirrored_data()


def mirror_action(action: str) -> str:
    """The action's mirror image: lane a ↔ g (start space s1 ↔ s8), red ↔ blue."""
    if action.startswith("colour "):
        return "colour " + {"red": "blue", "blue": "red"}[action.split()[1]]

    def flip(m: re.Match) -> str:
        if m.group(1):
            return f"s{9 - int(m.group(1))}"
        return m.group(2) + "abcdefg"[6 - "abcdefg".index(m.group(3))]
    return _PLACE.sub(flip, action)


def mirror_code(code: int) -> int:
    """A compact place's mirror image (row 0: start space i ↔ 9 - i; lanes 1..7 ↔ 7..1)."""
    row, lane = code >> 3, (code & 7) + 1
    return row * 8 + ((9 if row == 0 else 8) - lane) - 1


def mirror_pos(pos: tuple) -> tuple:
    red, blue, sr, sb, wheels, ngoal, c, turbo, turn = pos
    return (tuple(sorted(map(mirror_code, blue))), tuple(sorted(map(mirror_code, red))),
            sb, sr, wheels, ngoal, 1 - c, turbo, 1 - turn)


def mirrored_positions(games: int, seed: int = 0):
    """(designed game, its state, mirrored game, its state) at every decision
    of seeded random games (all six score tiles in turn)."""
    for g in range(games):
        rng = random.Random(f"fair/{seed}/{g}")
        tile = 1 + g % 6
        plain = SlipStream(seed=7919 * seed + g, history=False, score_tile=tile)
        mirror = SlipStream(seed=7919 * seed + g, history=False, score_tile=tile,
                            components=_MIRRORED)
        assert plain.state["course"] == mirror.state["course"]
        assert plain.state["first"] == mirror.state["first"]
        rules, mrules = plain.rules, mirror.rules
        state, mstate = rules.clone(plain.state), mrules.clone(mirror.state)
        while rules.current(state) is not None:
            assert mrules.current(mstate) == rules.current(state)
            yield plain, state, mirror, mstate
            action = rng.choice(rules.legal_actions(state))
            rules.step(state, action)
            mrules.step(mstate, mirror_action(action))
        assert mrules.current(mstate) is None and mstate["winner"] == state["winner"]


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
    seen = {"positions": 0, "pie": 0, "colour": 0, "turbo": 0, "near end": 0}
    searched = {1: 0, 2: 0, 3: 0}
    fasts: dict = {}
    # every decision is valued by the evaluation and by level 1, every 10th by level 2
    # and every 60th by level 3 (every move of the position searched, on both sides)
    every = {1: 1, 2: 10, 3: 60}
    for i, (plain, state, mirror, mstate) in enumerate(mirrored_positions(10, seed=1)):
        rules, mrules = plain.rules, mirror.rules
        seat = rules.current(state)
        legal = list(rules.legal_actions(state))
        mlegal = list(mrules.legal_actions(mstate))
        assert sorted(map(mirror_action, legal)) == sorted(mlegal)
        pos = Fast.from_state(state)
        if pos is not None:
            key = (tuple(state["course"]), state["options"]["score_tile"])
            if key not in fasts:
                fasts[key] = (Fast(rules, state), Fast(mrules, mstate))
            fast, mfast = fasts[key]
            mpos = Fast.from_state(mstate)
            assert mpos == mirror_pos(pos)
            # exactly the same value for the player holding the mirrored machines
            assert fast.evaluate(pos) == mfast.evaluate(mpos), rules.text(state)
            seen["positions"] += 1
            seen["turbo"] += bool(pos[7])
            seen["near end"] += bool(pos[5] or bin(pos[4]).count("1") >= 5)
        else:
            seen[state["phase"]] += 1
        for level, step in every.items():
            if i % step or len(legal) < 2:
                continue
            budget = {"depth": LEVELS[level]["depth"], "prove": LEVELS[level].get("prove", 0)}
            ai, mai = SlipStreamAI(i, **budget), SlipStreamAI(i + 1, **budget)
            choice = ai.decide(rules, state, seat, legal)
            mchoice = mai.decide(mrules, mstate, seat, mlegal)
            found, mfound = ai.last_search, mai.last_search
            where = f"level {level}, decision {i}: {rules.text(state)}"
            assert found["evaluation"] == mfound["evaluation"], where
            if found["moves"]:
                values = {d["action"]: d["value"] for d in found["moves"]}
                mvalues = {mirror_action(d["action"]): d["value"] for d in mfound["moves"]}
                assert values == mvalues, where
                best = max(values.values())
                assert values[choice] == best and values[mirror_action(mchoice)] == best, where
                if list(values.values()).count(best) == 1:
                    assert mchoice == mirror_action(choice), where
            else:               # the pie move and the colour choice: the most even / better side
                if state["phase"] == "colour":
                    assert mchoice == mirror_action(choice) or abs(found["evaluation"]) < 1e-9, where
            searched[level] += 1
    assert seen["positions"] >= 1000 and seen["turbo"] >= 5 and seen["near end"] >= 150, seen
    assert seen["pie"] == seen["colour"] == 10, seen
    assert searched[1] >= 1000 and searched[2] >= 100 and searched[3] >= 20, searched
