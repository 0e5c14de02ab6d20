"""Slip Stream: where a machine can go.

* :meth:`MachineMoves.destinations` — where a move of one machine can end,
  with the trail it leaves: a step forward, straight or diagonal, into a free
  space and not along a prohibition line (SS-R2, SS-R5, SS-R11, SS-R12); no
  stop on a circle (SS-R3); then the slipstream behind the machine ahead
  (SS-R3);
* :meth:`MachineMoves.turbo_destinations` — one step, nothing more (SS-R8);
* :meth:`MachineMoves.can_move` — whether a colour can move at all (SS-R4).

A mixin of :class:`~boardkit.slip_stream.rules.SlipStreamRules`: it reads the
rules' ``layout(state)`` (the course as laid out) and ``current(state)``.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..core.rules import Player, State
from .tiles import CIRCLE, Layout, Place, parse_place, place_name

COLOURS = ("red", "blue")
#: "Place the 8 machine tokens on the 8 start spaces of the start tile,
#: alternating colours one at a time": red on s1, s3, s5, s7, blue on the others.
START = {"red": ["s1", "s3", "s5", "s7"], "blue": ["s2", "s4", "s6", "s8"]}
MACHINES = 4


def place_key(name: str) -> tuple[int, int]:
    """Sort key of a space name: by row, then lane."""
    p = parse_place(name)
    return p if p is not None else (10**6, 0)


class MachineMoves:
    """The machines' moves on the course (see the module documentation)."""

    if TYPE_CHECKING:   # what the rules provide
        def layout(self, state: State) -> Layout: ...
        def current(self, state: State) -> Player: ...

    @staticmethod
    def occupancy(state: State) -> dict[tuple[int, int], str]:
        """Every occupied place → the colour of its machine."""
        return {parse_place(m): c for c in COLOURS for m in state["machines"][c]}  # type: ignore[misc]

    def _run(self, lay: Layout, occ: dict, step: Place) -> tuple[list[Place], int]:
        """SS-R2 and SS-R3 for a machine that has entered ``step``: the places
        it passes through (``step`` first, where it stops last) and how many
        of them come before the slipstream. "A machine does not stop on a
        circular space. It keeps moving forward until it reaches the nearest
        elongated space in its lane"; "If the path is blocked by another
        machine, the moving machine ends its move one space before that
        machine"; then "the slipstream is triggered (this is mandatory)"."""
        path = [step]
        row, lane = step
        if lay.kind(step) == CIRCLE:
            while (row + 1, lane) not in occ:
                row += 1
                path.append((row, lane))
                if lay.kind((row, lane)) != CIRCLE:   # an elongated space or a goal space
                    break
        skipped = len(path)
        if row < lay.goal_row:
            # the nearest machine ahead in this lane that has not reached the goal
            ahead = next((r for r in range(row + 1, lay.goal_row) if (r, lane) in occ), None)
            if ahead is not None:
                path.extend((r, lane) for r in range(row + 1, ahead))
        return path, skipped

    def _open_steps(self, lay: Layout, occ: dict, src: Place) -> list[Place]:
        """The first steps a machine on ``src`` may take: forward, straight or
        diagonally (SS-R2; from a start space, to a circle in front, SS-R5),
        into a free space (SS-R12), not along a prohibition line (SS-R11)."""
        return [s for s in lay.steps(src) if s not in occ and not lay.prohibited(src, s)]

    def destinations(self, state: State, space: str, occ: dict | None = None) -> dict[str, list[str]]:
        """Where a move of the machine on ``space`` can end → its trail
        (``space`` first, then every space passed: the step, skipped
        circles, the slipstream), for drawing the move. Empty when there is
        no machine or it cannot move."""
        src = parse_place(space)
        lay = self.layout(state)
        occ = self.occupancy(state) if occ is None else occ
        if src is None or src not in occ or src[0] >= lay.goal_row:
            return {}
        without = {p: c for p, c in occ.items() if p != src}
        out = {}
        for step in self._open_steps(lay, occ, src):
            path, _ = self._run(lay, without, step)
            out[place_name(path[-1])] = [space] + [place_name(p) for p in path]
        return out

    def trail(self, state: State, src: str, dst: str) -> list[str]:
        """The spaces a move ``move src dst`` passes through, ``src`` first
        and ``dst`` last (empty if that move is not possible)."""
        return self.destinations(state, src).get(dst, [])

    def turbo_destinations(self, state: State, space: str) -> list[str]:
        """Where a turbo move of the machine on ``space`` can go: one step,
        no circle skipping, no slipstream (SS-R8; from a start space, a circle
        in front, SS-R13)."""
        src = parse_place(space)
        lay = self.layout(state)
        occ = self.occupancy(state)
        if src is None or src not in occ or src[0] >= lay.goal_row:
            return []
        return [place_name(s) for s in self._open_steps(lay, occ, src)]

    def can_move(self, state: State, colour: str, occ: dict | None = None) -> bool:
        """Some machine of ``colour`` can move at least one space (SS-R4);
        the same machines could make a turbo move (SS-R8)."""
        lay = self.layout(state)
        occ = self.occupancy(state) if occ is None else occ
        for m in state["machines"][colour]:
            p = parse_place(m)
            if p is not None and p[0] < lay.goal_row and self._open_steps(lay, occ, p):
                return True
        return False

    def movers(self, state: State) -> tuple[str, ...]:
        """The colours whose machines the player to act may move."""
        if state["phase"] == "pie":
            return COLOURS          # "of either colour" (SS-R10)
        seat = self.current(state)
        if state["phase"] != "play" or not isinstance(seat, int):
            return ()
        return (state["colours"][seat],)
