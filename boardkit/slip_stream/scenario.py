"""Positions set up by hand: "what happens if …" (Slip Stream)."""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from ..core.errors import StateFileError
from .tiles import COURSE_TILES, GOAL_POINTS, parse_place


def scenario(cls, *, red: Iterable[str] = (), blue: Iterable[str] = (),
             course: Iterable[int] | None = None, turn: str | int = "red",
             colours: tuple[str, str] | list[str] = ("red", "blue"),
             scores: Mapping[str, int] | None = None,
             wheels: Mapping[int, str] | list[str | None] | None = None,
             goal: list[str] | None = None, turbo: str | int | None = None,
             phase: str = "play", first: int = 0, score_tile: Any = 1, pie_rule: bool = True,
             seed: int = 0, components: Any = None):
    """A Slip Stream position set up by hand.

    * ``red``, ``blue``: the spaces of that colour's machines (``"12c"``,
      ``"s3"``); machines not given stay on their own start spaces (red
      s1, s3, s5, s7; blue s2, s4, s6, s8).
    * ``course``: the order of the course tiles (default 1, 2, …, 7).
    * ``colours``: the colour of seat 0 and seat 1 (default seat 0 red);
      ``turn``: whose turn it is, a colour or a seat.
    * ``wheels``: ``{course position: colour}`` of the wheel tokens already
      taken, or a list of 7 (colour or None); by default a colour whose
      machines are all beyond a course tile has taken its token.
    * ``goal``: the colours of the goaled machines in arrival order (default:
      red's, then blue's).
    * ``scores``: ``{"red": 4, "blue": 2}``; by default what the wheels
      taken and the goal arrivals are worth on the score tile.
    * ``turbo``: the colour (or seat) that must make a turbo move now.
    * ``phase="pie"``: the first move of the game is still to be made by
      seat ``first`` (SS-R10); colours are then not chosen yet.

    The position goes through the same checks as a saved game; a player to
    move who cannot move has lost at once (SS-R4), so such a position comes
    back as a finished game.
    """
    from .rules import COLOURS, MACHINES, START, place_key
    rules = cls.Rules(cls.Rules.load_components(components))
    course = list(course) if course is not None else list(range(1, COURSE_TILES + 1))
    opts = rules.make_options(players=2, score_tile=score_tile, course=course, pie_rule=pie_rule)
    tile = rules.tiles.score_tile(opts["score_tile"])
    given = {"red": [str(m).lower() for m in red], "blue": [str(m).lower() for m in blue]}
    taken = {m for ms in given.values() for m in ms}
    machines = {}
    for c in COLOURS:
        if len(given[c]) > MACHINES:
            raise StateFileError(f"Slip Stream scenario: {c} has {MACHINES} machines, not "
                                 f"{len(given[c])}")
        if any(parse_place(m) is None for m in given[c]):
            raise StateFileError(f"Slip Stream scenario: {c} machines on space names such as "
                                 f"'12c' or 's3', not {given[c]}")
        spare = [s for s in START[c] if s not in taken]
        ms = given[c] + spare[:MACHINES - len(given[c])]
        if len(ms) < MACHINES:
            raise StateFileError(f"Slip Stream scenario: no start space left for the other {c} "
                                 f"machines; give all {MACHINES} of them")
        machines[c] = sorted(ms, key=place_key)
    state: dict = rules.initial_state(opts)
    state["machines"] = machines
    state["first"] = first
    state["course"] = course
    lay = rules.layout(state)
    low = {c: min(place_key(m)[0] for m in machines[c]) for c in COLOURS}
    if wheels is None:
        took: list[str | None] = []
        for last in lay.last_row:
            beyond = [c for c in COLOURS if low[c] > last]
            if len(beyond) == 2:
                raise StateFileError("Slip Stream scenario: both colours are beyond a course "
                                     "tile; say who took its wheel token (wheels=...)")
            took.append(beyond[0] if beyond else None)
    elif isinstance(wheels, Mapping):
        took = [wheels.get(k + 1) for k in range(COURSE_TILES)]
    else:
        took = list(wheels)
    state["wheels"] = took
    home = [c for c in COLOURS for m in machines[c] if place_key(m)[0] == lay.goal_row]
    state["goal"] = list(goal) if goal is not None else home
    if scores is None:
        points = {c: 0 for c in COLOURS}
        for k, w in enumerate(took):
            if w in points:
                points[w] += tile.wheels[k]
        for n, c in enumerate(state["goal"]):
            if c in points and n < len(GOAL_POINTS):
                points[c] += GOAL_POINTS[n]
        state["scores"] = points
    else:
        state["scores"] = {c: 0 for c in COLOURS} | dict(scores)
    if phase == "pie":
        state["phase"] = "pie"
    elif phase == "play":
        cols = list(colours)
        state["phase"] = "play"
        state["colours"] = cols
        state["turn"] = cols.index(turn) if isinstance(turn, str) and turn in cols else turn
        if turbo is not None:
            state["turbo"] = cols.index(turbo) if isinstance(turbo, str) and turbo in cols else turbo
        seat = state["turbo"] if state["turbo"] is not None else state["turn"]
        if type(seat) is int and seat in (0, 1) and cols in (list(COLOURS), list(reversed(COLOURS))) \
                and not rules.can_move(state, cols[seat]) and state["moves"] == 0:
            loser = rules.player_name(state, seat)
            why = ("has no machine that can make the turbo move and loses (SS-R8)"
                   if state["turbo"] is not None else "cannot move any machine and loses (SS-R4)")
            state.update(phase="over", winner=1 - seat, turbo=None, result=f"{loser} {why}")
    else:
        raise StateFileError(f"Slip Stream scenario: phase is 'play' or 'pie', not {phase!r}")
    return cls.from_state(state, seed=seed, components=rules.components)


#: the type of each argument (checked before any is used)
L = (list, tuple)
TYPES: dict[str, tuple[type, ...]] = {
    "red": L,
    "blue": L,
    "course": L,
    "turn": (str, int),
    "colours": L,
    "scores": (dict,),
    "wheels": (dict, list, tuple),
    "goal": L,
    "turbo": (str, int),
    "phase": (str,),
    "first": (int,),
    "pie_rule": (bool,),
    "seed": (int,),
}
