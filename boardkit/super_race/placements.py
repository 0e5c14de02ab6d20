"""Super Race: where the dice of a colour can be drawn on the track.

* :meth:`Placements.placements` — every complete way to draw all the dice of
  one colour, square by square (SU-R3, SU-R4), as ``drive`` actions;
* :meth:`Placements.drivable` — the colours shown that can be drawn
  completely (SU-R13), and :meth:`Placements.can_move` — whether any roll
  could still move a car (SU-R16);
* why a die cannot go in a square: off the track, crossed already, the
  wrong colour, a closed pit lane, an oil slick (SU-R9).

A mixin of :class:`~boardkit.super_race.rules.SuperRaceRules`: it reads the
rules' ``track`` and ``heading(state)``.
"""
from __future__ import annotations

from ..core.rules import State
from .track import COLOURS, LEFT, RIGHT, Track

#: colour -> the first letter of its dice faces (``rs``: red straight)
LETTER = {"red": "r", "yellow": "y", "blue": "b"}


class Placements:
    """Drawing a colour's dice on the track (see the module documentation)."""

    track: Track

    def heading(self, state: State) -> str:
        raise NotImplementedError

    def _square_refusal(self, state: State, car: dict, name: str | None, colour: str,
                        used: set[str], oil_ok: bool, frm: str | None) -> str | None:
        """Why the next die cannot be drawn in square ``name`` (None: it can)."""
        if name is None:
            where = f"from {frm.upper()} " if frm else ""
            return f"the way {where}leads off the track"
        sq = self.track.squares.get(name)
        if sq is None:
            return f"{name.upper()} is not a square of the track"
        if name in used or name in car["crossed"]:
            return f"{name.upper()} has already been crossed: \"you are not allowed to cross " \
                   f"the same square twice\""
        if sq.colour != "grey" and sq.colour != colour:
            return f"{name.upper()} is {sq.colour}: \"coloured fields can only be crossed " \
                   f"using the same colour\", and these dice are {colour}"
        if sq.pit and not self._pit_open(state, car):
            return f"{name.upper()} is in the pit lane, closed on this lap (shortcut option)"
        if name in state["options"]["oil"] and not oil_ok:
            return f"{name.upper()} has an oil slick: it needs two {colour} dice with the " \
                   f"same symbol (SU-R9)"
        return None

    def _pit_open(self, state: State, car: dict) -> bool:
        if self.track.pit_lane == "ordinary":
            return True
        mode = state["options"]["shortcut"]
        return mode == "always" or (mode == "first lap" and car["lap"] == 0)

    def _car_view(self, state: State, seat: int) -> dict:
        car = state["cars"][seat]
        return {**car, "crossed": set(car["path"])}

    def placements(self, state: State, colour: str, seat: int | None = None,
                   limit: int = 5000) -> list[str]:
        """Every complete way to draw all the dice of ``colour`` (SU-R3/R4),
        as actions, in a fixed order."""
        seat = state["turn"] if seat is None else seat
        letter = LETTER[colour]
        dice = [f for f in state["dice"] if f[0] == letter]
        if not dice:
            return []
        ns = sum(1 for f in dice if f[1] == "s")
        nc = len(dice) - ns
        car = self._car_view(state, seat)
        oil_ok = ns >= 2 or nc >= 2
        out: list[str] = []
        used: list[str] = []
        usedset: set[str] = set()

        def go(name: str | None, heading: str, ns: int, nc: int, frm: str | None) -> None:
            if len(out) >= limit:
                return
            if self._square_refusal(state, car, name, colour, usedset, oil_ok, frm) is not None:
                return
            assert name is not None
            used.append(name)
            usedset.add(name)
            last = ns + nc == 1
            if ns:
                if last:
                    out.append(f"drive {colour} " + " ".join(used))
                else:
                    go(self.track.next[name][heading], heading, ns - 1, nc, name)
            if nc:
                for turn in (LEFT[heading], RIGHT[heading]):
                    if last:
                        out.append(f"drive {colour} " + " ".join(used) + f" {turn}")
                    else:
                        go(self.track.next[name][turn], turn, ns, nc - 1, name)
            used.pop()
            usedset.discard(name)

        if car["exit"] is None:
            for name in self._start_squares(state, car):
                go(name, self.heading(state), ns, nc, None)
        else:
            last_sq = car["path"][-1]
            go(self.track.next[last_sq][car["exit"]], car["exit"], ns, nc, last_sq)
        return out

    def _start_squares(self, state: State, car: dict) -> list[str]:
        return [s for s in self.track.line if s not in car["crossed"]]

    def drivable(self, state: State, seat: int | None = None) -> list[str]:
        """The colours shown whose dice can all be drawn (SU-R13)."""
        return [c for c in COLOURS if self.placements(state, c, seat, limit=1)]

    def can_move(self, state: State, seat: int) -> bool:
        """SU-R16: can any roll still move this car? The first square ahead
        must be free for some colour (and, if it has an oil slick, a second
        die of the same face must fit after it)."""
        car = self._car_view(state, seat)
        if car["exit"] is None:
            return bool(self._start_squares(state, car))
        last = car["path"][-1]
        for colour in COLOURS:
            for face in ("s", "c"):
                st = {**state, "dice": [LETTER[colour] + face] * 2}
                one = {**state, "dice": [LETTER[colour] + face]}
                if self.placements(one, colour, seat, limit=1) or \
                        self.placements(st, colour, seat, limit=1):
                    return True
        del last
        return False
