"""Every check of a Slip Stream position (the start, a scenario, a save).

One path for positions: the constructor's, :meth:`SlipStream.scenario`'s and
a loaded save's states all come here. A problem raises
:class:`~boardkit.core.errors.StateFileError` naming the field.
"""
from __future__ import annotations

from typing import Any

from ..core.errors import StateFileError
from ..core.rules import check_fields, whole
from .tiles import COURSE_TILES, START_SPACES, parse_place

FIELDS = {"options", "phase", "first", "course", "colours", "first_colour", "pending", "machines",
          "scores", "wheels", "goal", "turn", "turbo", "moves", "winner", "result"}
PHASES = ("setup", "pie", "colour", "play", "over")


def validate(rules: Any, state: dict) -> None:
    """``rules``: the game's :class:`~boardkit.slip_stream.rules.SlipStreamRules`."""
    from .moves import COLOURS, MACHINES, START, place_key
    check_fields("Slip Stream", state, FIELDS)
    problems: list[str] = []

    def fail() -> None:
        if problems:
            raise StateFileError("Slip Stream state is invalid: " + "; ".join(problems))

    phase = state["phase"]
    if phase not in PHASES:
        problems.append(f"phase: one of {', '.join(PHASES)}, not {str(phase)[:20]!r}")
    first = state["first"]
    if not (first is None or whole(first, 0, 1)):
        problems.append("first: the first-move player's seat (0 or 1) or null")
    course = state["course"]
    if not (course is None or (isinstance(course, list) and all(type(n) is int for n in course)
                               and sorted(course) == list(range(1, COURSE_TILES + 1)))):
        problems.append(f"course: the order of the course tiles 1..{COURSE_TILES} or null")
    fail()
    if phase != "setup" and (first is None or course is None):
        problems.append("first, course: chance chooses them before the first move")
    fixed = state["options"]["course"]
    if fixed is not None and course is not None and course != fixed:
        problems.append("course: the options fix another course order")
    cols = state["colours"]
    if not (cols is None or cols in (list(COLOURS), list(reversed(COLOURS)))):
        problems.append("colours: null or the colour of each seat, ['red', 'blue'] or ['blue', 'red']")
    if (cols is None) != (phase in ("setup", "pie", "colour")):
        problems.append("colours: chosen right after the first move (SS-R10), and only then")
    fc = state["first_colour"]
    if not (fc is None or fc in COLOURS) or (phase == "colour" and fc is None) \
            or (phase in ("setup", "pie") and fc is not None):
        problems.append("first_colour: the colour of the first move, once it is made")
    if not whole(state["pending"], 0, 10**4) or (state["pending"] and phase != "colour"):
        problems.append("pending: the first move's points, kept only until the colour choice (SS-R15)")
    if not whole(state["moves"], 0, 10**6):
        problems.append("moves: a whole number ≥ 0")
    if not isinstance(state["result"], str) or len(state["result"]) > 500:
        problems.append("result: a text")
    fail()

    lay = rules.layout(state)
    tile = rules.score_tile(state)
    machines = state["machines"]
    if not (isinstance(machines, dict) and set(machines) == set(COLOURS) and all(
            isinstance(machines[c], list) and len(machines[c]) == MACHINES
            and all(isinstance(m, str) for m in machines[c]) for c in COLOURS)):
        problems.append(f"machines: {MACHINES} space names for each of red and blue")
        fail()
    places = [parse_place(m) for c in COLOURS for m in machines[c]]
    if any(p is None or not lay.on_course(p) for p in places):
        problems.append(f"machines: every machine on a space of this course (s1..s{START_SPACES}, "
                        f"rows 1..{lay.goal_row}, lanes a..g)")
        fail()
    if len(set(places)) != len(places):
        problems.append("machines: never two machines on one space")
    for c in COLOURS:
        if machines[c] != sorted(machines[c], key=place_key):
            problems.append(f"machines: the {c} machines are listed by row, then lane")
    if phase == "setup" and machines != START:
        problems.append("machines: before the first move they stand on the start spaces, "
                        "alternating colours (red on s1, s3, s5, s7)")
    scores = state["scores"]
    if not (isinstance(scores, dict) and set(scores) == set(COLOURS)
            and all(whole(scores[c], 0, 10**4) for c in COLOURS)):
        problems.append("scores: a whole number ≥ 0 for red and for blue")
        fail()
    if phase != "over" and any(scores[c] >= tile.goal for c in COLOURS):
        problems.append(f"scores: a score token on ◎ ({tile.goal}) has already won (SS-R9)")
    wheels = state["wheels"]
    if not (isinstance(wheels, list) and len(wheels) == COURSE_TILES
            and all(w is None or w in COLOURS for w in wheels)):
        problems.append(f"wheels: for each of the {COURSE_TILES} course positions, null (still "
                        f"there) or the colour that took it")
        fail()
    low = {c: min(place_key(m)[0] for m in machines[c]) for c in COLOURS}
    for k, last in enumerate(lay.last_row):
        w = wheels[k]
        if w is not None and low[w] <= last:
            problems.append(f"wheels: {w} took the wheel token of course position {k + 1} but has "
                            f"a machine on or before that tile (SS-R6)")
        if w is None and any(low[c] > last for c in COLOURS):
            problems.append(f"wheels: the wheel token of course position {k + 1} is still there "
                            f"though all machines of a colour are beyond it (SS-R6, SS-R15)")
    goal = state["goal"]
    at_goal = {c: sum(1 for m in machines[c] if place_key(m)[0] == lay.goal_row) for c in COLOURS}
    if not (isinstance(goal, list) and all(g in COLOURS for g in goal)
            and all(goal.count(c) == at_goal[c] for c in COLOURS)):
        problems.append("goal: the colours of the goaled machines in arrival order, one per "
                        "machine at the goal (SS-R7)")
    turn, turbo, winner = state["turn"], state["turbo"], state["winner"]
    if phase == "play":
        if not whole(turn, 0, 1):
            problems.append("turn: the seat whose turn it is (0 or 1)")
        if not (turbo is None or whole(turbo, 0, 1)):
            problems.append("turbo: null or the seat that makes a turbo move (SS-R8)")
    elif phase != "over" and (turn is not None or turbo is not None):
        problems.append("turn, turbo: null until the colours are chosen")
    if phase == "over":
        if not whole(winner, 0, 1) or turbo is not None:
            problems.append("winner: the winning seat once the game is over (and no turbo pending)")
    elif winner is not None or state["result"]:
        problems.append("winner, result: only once the game is over")
    fail()
    # the player to act must have something to do, else they have already lost
    if phase == "play":
        seat = turbo if turbo is not None else turn
        if not rules.can_move(state, cols[seat]):
            problems.append(f"turn: {rules.player_name(state, seat)} cannot move any machine and "
                            f"has already lost (SS-R4, SS-R8)")
    if phase == "pie" and not any(rules.can_move(state, c) for c in COLOURS):
        problems.append("machines: the first move must be possible")
    fail()
