"""How good a Slip Stream position is, in points, for the colour to act:
the search's evaluation (see :meth:`Fast.evaluate` and the AI's module
docstring, :mod:`boardkit.slip_stream.ai`)."""
from __future__ import annotations

import math

from .compact import RED, CompactRules
from .tiles import COURSE_TILES, GOAL_POINTS

__all__ = ["Fast", "WIN", "PROVED", "SCALE"]

#: The value of a won game (sooner wins are worth a little more).
WIN = 1000.0
#: The value of a win proved by searching to the end of the game
#: (:class:`~boardkit.slip_stream.solve.Prover`), whose length that proof
#: does not give: below every win the alpha-beta search sees (``WIN`` less
#: its plies), above every evaluation.
PROVED = WIN / 2
#: Evaluation units per win-probability logit (points).
SCALE = 4.0


class Fast(CompactRules):
    """The compact rules of one laid-out course and score tile
    (:class:`~boardkit.slip_stream.compact.CompactRules`) and the
    evaluation of their positions."""

    # ----------------------------------------------------------- evaluation
    def evaluate(self, pos: tuple) -> float:
        """How good ``pos`` is for the colour to act, in points.

        Colour-blind: each colour's points are added up on their own, by the
        same steps in the same order, and the value is the difference. A
        position and its mirror image (lanes a ↔ g on the mirrored tiles, so
        red stands where blue stood, the scores and the colour to act
        swapped too) therefore have exactly the same value for the player
        who holds the mirrored machines (``tests/test_slip_stream_fair.py``)."""
        pr, pb = self._points(pos)
        return pr - pb if pos[6] == RED else pb - pr

    def _points(self, pos: tuple) -> tuple[float, float]:
        """(red's points, blue's points): the evaluation of each side."""
        red, blue, sr, sb, wheels, ngoal, c, turbo, turn = pos
        pr, pb = float(sr), float(sb)
        # the colour to act is a move ahead in the race to clear a tile
        tempo = 0.5 if c == RED else -0.5
        rows_r = [x >> 3 for x in red]
        rows_b = [x >> 3 for x in blue]
        # wheel tokens still on the course: who is closer to clearing the tile
        nxt_r = nxt_b = 0       # the next wheel token each is likely to take
        for k in range(COURSE_TILES):
            if wheels >> k & 1:
                continue
            last = self.last_row[k]
            cr = 0.0
            for r in rows_r:
                if r <= last:
                    cr += 1.0 + (last - r) * 0.12
            cb = 0.0
            for r in rows_b:
                if r <= last:
                    cb += 1.0 + (last - r) * 0.12
            # d for red is exactly -d for blue, so each side's share is the
            # same expression of its own d
            d = ((cb - cr) + tempo) / math.sqrt(1.0 + (cr + cb))
            w = self.wheels[k]
            pr += w / (1.0 + math.exp(-2.0 * d))
            pb += w / (1.0 + math.exp(2.0 * d))
            if not nxt_r and d > 0:
                nxt_r = w
            if not nxt_b and d < 0:
                nxt_b = w
        # goal points still to win, to the machines closest to the goal
        gr, gb = self._goal_points(rows_r, rows_b, ngoal)
        pr += gr
        pb += gb
        # ✹ a likely next gain would land on while ahead
        if self.crash_list:
            goal_gain = GOAL_POINTS[ngoal] if ngoal < 4 else 0
            for x in self.crash_list:
                for gain in (nxt_r, goal_gain):
                    if gain and sr + gain == x and x > sb:
                        pr -= 1.5
                for gain in (nxt_b, goal_gain):
                    if gain and sb + gain == x and x > sr:
                        pb -= 1.5
        # few machines able to move: a step from losing (SS-R4)
        allp = red + blue
        mob_r = self._mobility(red, allp)
        mob_b = self._mobility(blue, allp)
        if mob_r < 3:
            pr -= (3 - mob_r) * 1.5
        if mob_b < 3:
            pb -= (3 - mob_b) * 1.5
        return pr, pb

    def _goal_points(self, rows_r: list[int], rows_b: list[int], ngoal: int
                     ) -> tuple[float, float]:
        """The goal points still to win (7, 5, 3, 2 × 0.7 from the next
        arrival on) given to the machines closest to the goal, as (red's,
        blue's): machines equally far from the goal share the mean of the
        places they tie for, whatever their colour (eight machines level
        share 7 + 5 + 3 + 2 over eight places: 1.4875 each)."""
        if ngoal >= 4:
            return 0.0, 0.0
        g = self.goal_row
        left = [GOAL_POINTS[k] * 0.7 for k in range(ngoal, 4)]
        dist_r = sorted(g - r for r in rows_r if r < g)
        dist_b = sorted(g - r for r in rows_b if r < g)
        gr = gb = 0.0
        place = 0
        i = j = 0
        while place < len(left) and (i < len(dist_r) or j < len(dist_b)):
            d = min(dist_r[i] if i < len(dist_r) else g + 1, dist_b[j] if j < len(dist_b) else g + 1)
            nr = nb = 0
            while i < len(dist_r) and dist_r[i] == d:
                i += 1
                nr += 1
            while j < len(dist_b) and dist_b[j] == d:
                j += 1
                nb += 1
            tied = nr + nb
            share = sum(left[place:place + tied]) / tied
            gr += nr * share
            gb += nb * share
            place += tied
        return gr, gb

    def terms(self, pos: tuple) -> dict[str, float]:
        """:meth:`evaluate` taken apart, for red (the terms add up to the
        evaluation of red's side; ``evaluate`` flips the sign for blue): the
        score difference, the wheel tokens still on the course, the goal
        points still to win, the ✹ risk and few machines able to move."""
        red, blue, sr, sb, wheels, ngoal, c, turbo, turn = pos
        sign = 1.0 if c == RED else -1.0
        total_red = sign * self.evaluate(pos)
        score = float(sr - sb)
        allp = red + blue
        mob = 0.0
        mob_r, mob_b = self._mobility(red, allp), self._mobility(blue, allp)
        if mob_r < 3:
            mob -= (3 - mob_r) * 1.5
        if mob_b < 3:
            mob += (3 - mob_b) * 1.5
        # goal points still to win, as evaluate() counts them
        gr, gb = self._goal_points([x >> 3 for x in red], [x >> 3 for x in blue], ngoal)
        goal = gr - gb
        no_crash = sign * self._without_crash_risk(pos)
        wheels_term = no_crash - score - goal - mob
        return {"score difference": score, "wheel tokens still on the course": wheels_term,
                "goal points still to win": goal, "✹ risk": total_red - no_crash,
                "few machines able to move": mob}

    def _without_crash_risk(self, pos: tuple) -> float:
        saved = self.crash_list
        self.crash_list = ()
        try:
            return self.evaluate(pos)
        finally:
            self.crash_list = saved

    def _mobility(self, mine: tuple, allp: tuple) -> int:
        gc = self.goal_code
        steps = self.steps
        n = 0
        for m in mine:
            if m < gc:
                for s in steps[m]:
                    if s not in allp:
                        n += 1
        return n

