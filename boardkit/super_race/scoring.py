"""Super Race: the end of a race and of a game — who won, the points of
each race (SU-R8, SU-R17: squares past the line, or places), the next race
of a series, and the outcome.

A mixin of :class:`~boardkit.super_race.rules.SuperRaceRules`: it reads the
rules' ``distance`` (:mod:`.laps`), ``players``, ``seat_name`` and starts a
race with ``_new_car`` and ``_begin``.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..core.rules import Outcome, Sink, State

#: Position points (SU-R8 option): 1st 10, 2nd 6, 3rd 3, 4th 1.
POSITION_POINTS = (10, 6, 3, 1)


def _turns(n: int) -> str:
    return f"{n} turn{'' if n == 1 else 's'}"


class Scoring:
    """Results of a race and of the game (see the module documentation)."""

    if TYPE_CHECKING:   # what the rules provide
        def players(self, state: State) -> int: ...
        def seat_name(self, seat: int) -> str: ...
        def distance(self, state: State, seat: int) -> int: ...
        @staticmethod
        def _new_car() -> dict: ...
        def _begin(self, state: State, seat: int) -> None: ...

    def _end_race(self, state: State, emit: Sink, winners: list[int] | None) -> None:
        n = self.players(state)
        cars = state["cars"]
        past = [c["past"] for c in cars]
        dist = [self.distance(state, s) for s in range(n)]
        if winners is None:
            best = min(dist)
            winners = [s for s in range(n) if dist[s] == best]
        points = self.race_points(state, winners, past, dist)
        for s in range(n):
            state["points"][s] += points[s]
        state["results"].append({"winners": winners, "past": past, "distance": dist,
                                 "points": points, "turns": [c["turns"] for c in cars]})
        emit(state, f"race {state['race']} won by "
                    f"{' and '.join(self.seat_name(s) for s in winners)}"
                    + (f" in {_turns(cars[0]['turns'])}" if n == 1 else ""))
        state["tiebreak"] = None
        state["finishing"] = False
        if state["race"] < state["options"]["races"]:
            state["race"] += 1
            state["starter"] = (state["starter"] + 1) % n
            state["cars"] = [self._new_car() for _ in range(n)]
            self._begin(state, state["starter"])
            emit(state, f"race {state['race']}: {self.seat_name(state['starter'])} starts")
            return
        state["phase"] = "over"
        state["turn"] = None
        if state["options"]["races"] > 1:
            top = max(state["points"])
            state["winners"] = [s for s in range(n) if state["points"][s] == top]
        else:
            state["winners"] = winners

    def race_points(self, state: State, winners: list[int], past: list, dist: list[int]) -> list[int]:
        """SU-R8/R17 points of one race: ``squares`` — the winner +1 per
        square past the line, the others −1 per square still to drive (0 on
        or past the line); ``positions`` — 10/6/3/1 by place, equal players
        sharing the better place."""
        n = len(past)
        if state["options"]["scoring"] == "squares":
            # a winner past the line scores its squares past; a car that is not
            # on or past the line scores minus its distance, also when it
            # "wins" a race in which every car dropped out (SU-R16)
            return [past[s] if past[s] is not None and s in winners
                    else (0 if past[s] is not None else -dist[s]) for s in range(n)]
        # places: the winners, then others past the line by squares past, then by distance
        def rank_key(s: int) -> tuple:
            if s in winners:
                return (0, 0)
            if past[s] is not None:
                return (1, -past[s])
            return (2, dist[s])
        keys = [rank_key(s) for s in range(n)]
        out = []
        for s in range(n):
            place = sum(1 for t in range(n) if keys[t] < keys[s])
            out.append(POSITION_POINTS[place] if place < len(POSITION_POINTS) else 0)
        return out

    def outcome(self, state: State) -> Outcome | None:
        if state["phase"] != "over":
            return None
        winners = tuple(state["winners"])
        n = self.players(state)
        names = " and ".join(self.seat_name(s) for s in winners)
        if n == 1:
            res = state["results"][-1]
            turns = res["turns"][0]
            if res["past"][0] is None:
                return Outcome(winners, (-res["distance"][0],),
                               f"the car is stuck {res['distance'][0]} squares from the line "
                               f"after {_turns(turns)}")
            return Outcome(winners, (turns,), f"lap completed in {_turns(turns)}")
        scores = tuple(state["points"]) if state["options"]["races"] > 1 else \
            tuple(state["results"][-1]["points"])
        return Outcome(winners, scores, f"{names} win{'s' if len(winners) == 1 else ''}")
