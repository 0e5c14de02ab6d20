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

    def _open_squares(self, state: State, car: dict, colour: str, oil_ok: bool) -> frozenset[str]:
        """THE rule of where a die of ``colour`` may be drawn, square by
        square, before what the car has crossed (SU-R3, SU-R9, SU-R17): a
        square of the track, grey or of that colour, not in a closed pit
        lane, not an oil slick unless ``oil_ok``. Kept with the track per
        colour and pit lane (only oil slicks are taken away per go)."""
        pit_open = self._pit_open(state, car)
        track = self.track
        found = track.tables.get(("open", colour, pit_open))
        if found is None:
            found = track.table(("open", colour, pit_open), lambda: (
                track.open_to[colour] if pit_open else track.open_to[colour] - track.pit))
        oil = state["options"]["oil"]
        if oil and not oil_ok:
            return found.difference(oil)
        return found

    def _square_refusal(self, state: State, car: dict, name: str | None, colour: str,
                        used: set[str], oil_ok: bool, frm: str | None) -> str | None:
        """Why the next die cannot be drawn in square ``name`` (None: it can):
        the reason :meth:`_open_squares` or the crossed squares leave it out."""
        if name is None:
            where = f"from {frm.upper()} " if frm else ""
            return f"the way {where}leads off the track"
        sq = self.track.squares.get(name)
        if sq is None:
            return f"{name.upper()} is not a square of the track"
        if name in used or name in car["path"]:
            return f"{name.upper()} has already been crossed: \"you are not allowed to cross " \
                   f"the same square twice\""
        if name in self._open_squares(state, car, colour, oil_ok):
            return None
        if sq.colour != "grey" and sq.colour != colour:
            return f"{name.upper()} is {sq.colour}: \"coloured fields can only be crossed " \
                   f"using the same colour\", and these dice are {colour}"
        if sq.pit and not self._pit_open(state, car):
            return f"{name.upper()} is in the pit lane, closed on this lap (shortcut option)"
        return f"{name.upper()} has an oil slick: it needs two {colour} dice with the " \
               f"same symbol (SU-R9)"

    def _pit_open(self, state: State, car: dict) -> bool:
        if self.track.pit_lane == "ordinary":
            return True
        mode = state["options"]["shortcut"]
        return mode == "always" or (mode == "first lap" and car["lap"] == 0)

    def placements(self, state: State, colour: str, seat: int | None = None,
                   limit: int = 5000) -> list[str]:
        """Every complete way to draw all the dice of ``colour`` (SU-R3/R4),
        as actions, in a fixed order: the squares one by one, a straight die
        first, then a curve turning left, then right."""
        seat = state["turn"] if seat is None else seat
        letter = LETTER[colour]
        ns = nc = 0
        for f in state["dice"]:
            if f[0] == letter:
                if f[1] == "s":
                    ns += 1
                else:
                    nc += 1
        if not ns + nc:
            return []
        car = state["cars"][seat]
        path = car["path"]
        allowed = self._open_squares(state, car, colour, ns >= 2 or nc >= 2)
        taken = set(path)               # crossed before, and drawn in this go so far
        nxt = self.track.next
        head = f"drive {colour} "
        out: list[str] = []
        used: list[str] = []

        def go(name: str | None, heading: str, ns: int, nc: int) -> None:
            if name is None or name in taken or name not in allowed or len(out) >= limit:
                return
            used.append(name)
            taken.add(name)
            if ns + nc == 1:
                if ns:
                    out.append(head + " ".join(used))
                else:
                    squares = head + " ".join(used)
                    out.append(f"{squares} {LEFT[heading]}")
                    out.append(f"{squares} {RIGHT[heading]}")
            else:
                ahead = nxt[name]
                if ns:
                    go(ahead[heading], heading, ns - 1, nc)
                if nc:
                    turn = LEFT[heading]
                    go(ahead[turn], turn, ns, nc - 1)
                    turn = RIGHT[heading]
                    go(ahead[turn], turn, ns, nc - 1)
            used.pop()
            taken.discard(name)

        if car["exit"] is None:
            heading = self.heading(state)
            for name in self._start_squares(state, car):
                go(name, heading, ns, nc)
        else:
            go(nxt[path[-1]][car["exit"]], car["exit"], ns, nc)
        return out

    def _start_squares(self, state: State, car: dict) -> list[str]:
        return [s for s in self.track.line if s not in car["path"]]

    def drivable(self, state: State, seat: int | None = None) -> list[str]:
        """The colours shown whose dice can all be drawn (SU-R13)."""
        return [c for c in COLOURS if self.placements(state, c, seat, limit=1)]

    def can_move(self, state: State, seat: int) -> bool:
        """SU-R16: can any roll still move this car? Some colour's dice must
        fit the square ahead: one die does unless it has an oil slick, which
        needs two dice of one face, the second drawn beyond it (SU-R9). The
        same test as asking :meth:`placements` for every colour and one or
        two dice of a face, square by square (the tests check that)."""
        car = state["cars"][seat]
        path = car["path"]
        if car["exit"] is None:
            return bool(self._start_squares(state, car))
        nxt = self.track.next
        heading = car["exit"]
        ahead = nxt[path[-1]][heading]
        if ahead is None or ahead in path:
            return False
        oil = state["options"]["oil"]
        for colour in COLOURS:
            if ahead not in self._open_squares(state, car, colour, True):
                continue
            if ahead not in oil:
                return True         # one die of this colour
            # two dice of one face: straight on, or a curve either way
            allowed = self._open_squares(state, car, colour, True)
            for h in (heading, LEFT[heading], RIGHT[heading]):
                beyond = nxt[ahead][h]
                if beyond is not None and beyond not in path and beyond in allowed:
                    return True
        return False
