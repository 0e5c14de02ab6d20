"""Checks of a Super Race position loaded from a file (every field, every
invariant), so a bad save is refused with the field named."""
from __future__ import annotations

from typing import Any

from ..core.errors import StateFileError
from ..core.rules import check_fields, whole

FIELDS = {"options", "race", "starter", "turn", "phase", "dice", "kept", "rolls", "extra", "cars",
          "finishing", "tiebreak", "points", "results", "winners"}
CAR_FIELDS = {"path", "colours", "ends", "exit", "cp", "lap", "past", "turns", "goes", "out"}


def validate_state(rules: Any, state: dict) -> None:
    """``rules``: the game's :class:`~boardkit.super_race.rules.SuperRaceRules`."""
    from .dice import DICE, FACES, ROLLS
    from .track import HEADINGS
    t = "Super Race"
    check_fields(t, state, FIELDS)
    n = state["options"].get("players") if isinstance(state["options"], dict) else None
    if not whole(n, 1, 4):
        raise StateFileError(f"{t} state: options.players must be 1 to 4")
    assert isinstance(n, int)

    def bad(msg: str) -> StateFileError:
        return StateFileError(f"{t} state: {msg}")

    if state["phase"] not in ("roll", "choose", "over"):
        raise bad(f"phase {state['phase']!r} is not roll, choose or over")
    if not whole(state["race"], 1, state["options"]["races"]):
        raise bad("race is not a race of the championship")
    if not whole(state["starter"], 0, n - 1):
        raise bad("starter is not a seat")
    if state["phase"] != "over" and not whole(state["turn"], 0, n - 1):
        raise bad("turn is not a seat")
    for key in ("dice", "kept"):
        v = state[key]
        if not isinstance(v, list) or any(f not in FACES for f in v) or len(v) > DICE:
            raise bad(f"{key} must be a list of at most five faces")
    if state["phase"] == "choose" and len(state["dice"]) != DICE:
        raise bad("after a roll there are five dice")
    if not whole(state["rolls"], 0, ROLLS):
        raise bad("rolls must be 0 to 3")
    if type(state["extra"]) is not bool or type(state["finishing"]) is not bool:
        raise bad("extra and finishing are true or false")
    cars = state["cars"]
    if not isinstance(cars, list) or len(cars) != n:
        raise bad("there is one car per player")
    for s, car in enumerate(cars):
        if not isinstance(car, dict) or set(car) != CAR_FIELDS:
            raise bad(f"cars[{s}] must have exactly {', '.join(sorted(CAR_FIELDS))}")
        path = car["path"]
        if not isinstance(path, list) or any(p not in rules.track.squares for p in path):
            raise bad(f"cars[{s}].path lists squares of the track")
        if not isinstance(car["colours"], str) or len(car["colours"]) != len(path) or \
                set(car["colours"]) - set("ryb"):
            raise bad(f"cars[{s}].colours has one letter (r, y, b) per square of the path")
        ends = car["ends"]
        if not isinstance(ends, list) or any(not whole(e, 1, len(path)) for e in ends) or \
                ends != sorted(set(ends)) or (path and (not ends or ends[-1] != len(path))):
            raise bad(f"cars[{s}].ends lists where each go ended in the path")
        if len(set(path)) != len(path):
            raise bad(f"cars[{s}].path crosses a square twice (SU-R3)")
        if (car["exit"] is None) != (not path) or (car["exit"] is not None
                                                   and car["exit"] not in HEADINGS):
            raise bad(f"cars[{s}].exit is a heading once the car has moved")
        problem = rules.path_problem(state, path, car["exit"])
        if problem:
            raise bad(f"cars[{s}]: {problem}")
        if not whole(car["cp"], 0, len(rules.track.checkpoints)) or \
                not whole(car["lap"], 0, state["options"]["laps"]):
            raise bad(f"cars[{s}] checkpoint or lap out of range")
        if car["past"] is not None and not whole(car["past"], 0, len(path)):
            raise bad(f"cars[{s}].past is a number of squares")
        if (car["cp"], car["lap"], car["past"]) != rules.path_progress(state, path):
            raise bad(f"cars[{s}]: checkpoints, laps and squares past do not match its path "
                      f"(SU-R11)")
        for k in ("turns", "goes"):
            if not whole(car[k], 0, 100_000):
                raise bad(f"cars[{s}].{k} is a count")
        if type(car["out"]) is not bool:
            raise bad(f"cars[{s}].out is true or false")
    tb = state["tiebreak"]
    if tb is not None:
        if not isinstance(tb, dict) or set(tb) != {"seats", "left", "before"}:
            raise bad("tiebreak is null or {seats, left, before}")
        seats, left, before = tb["seats"], tb["left"], tb["before"]
        if not (isinstance(seats, list) and len(seats) >= 2 and all(whole(x, 0, n - 1) for x in seats)
                and len(set(seats)) == len(seats) and isinstance(left, list)
                and all(x in seats for x in left) and isinstance(before, list)
                and len(before) == len(seats) and all(whole(x, 0, 100_000) for x in before)
                and all(cars[x]["past"] is not None for x in seats)):
            raise bad("tiebreak: seats (two or more cars past the line), left (those still to "
                      "play) and before (their squares past when the round began)")
    if not isinstance(state["points"], list) or len(state["points"]) != n or \
            any(type(p) is not int for p in state["points"]):
        raise bad("points: one whole number per player")
    if not isinstance(state["results"], list):
        raise bad("results is a list")
    if state["phase"] == "over":
        w = state["winners"]
        if not isinstance(w, list) or not w or any(not whole(x, 0, n - 1) for x in w) \
                or not state["results"]:
            raise bad("a finished race has winners and results")
    for r in state["results"]:
        if not isinstance(r, dict) or set(r) != {"winners", "past", "distance", "points", "turns"}:
            raise bad("each result has winners, past, distance, points and turns")
        for key in ("past", "distance", "points", "turns"):
            if not isinstance(r[key], list) or len(r[key]) != n:
                raise bad(f"a result's {key} has one entry per player")
        if not isinstance(r["winners"], list) or not r["winners"] \
                or any(not whole(x, 0, n - 1) for x in r["winners"]):
            raise bad("a result's winners are seats")
    if state["finishing"] is False and state["tiebreak"] is None and n > 1 \
            and state["phase"] != "over" and any(c["past"] is not None for c in cars):
        raise bad("a car is past the line but the finishing round has not begun (SU-R7)")
