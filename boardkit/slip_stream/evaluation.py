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
        """How good ``pos`` is for the colour to act, in points."""
        red, blue, sr, sb, wheels, ngoal, c, turbo, turn = pos
        value = float(sr - sb)
        tempo = 0.5 if c == RED else -0.5
        rows_r = [x >> 3 for x in red]
        rows_b = [x >> 3 for x in blue]
        # wheel tokens still on the course: who is closer to clearing the tile
        exp_r = exp_b = 0.0
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
            d = (cb - cr + tempo) / math.sqrt(1.0 + cr + cb)
            p = 1.0 / (1.0 + math.exp(-2.0 * d))
            w = self.wheels[k]
            exp_r += w * p
            exp_b += w * (1.0 - p)
            if not nxt_r and p > 0.5:
                nxt_r = w
            if not nxt_b and p < 0.5:
                nxt_b = w
        value += exp_r - exp_b
        # goal points still to win, to the machines closest to the goal
        g = self.goal_row
        if ngoal < 4:
            racers = sorted([(g - r, 0) for r in rows_r if r < g]
                            + [(g - r, 1) for r in rows_b if r < g])
            for i, (_, who) in enumerate(racers[:4 - ngoal]):
                pts = GOAL_POINTS[ngoal + i] * 0.7
                value += pts if who == 0 else -pts
        # ✹ a likely next gain would land on while ahead
        if self.crash_list:
            gains_r = (nxt_r, GOAL_POINTS[ngoal] if ngoal < 4 else 0)
            gains_b = (nxt_b, GOAL_POINTS[ngoal] if ngoal < 4 else 0)
            for x in self.crash_list:
                for gain in gains_r:
                    if gain and sr + gain == x and x > sb:
                        value -= 1.5
                for gain in gains_b:
                    if gain and sb + gain == x and x > sr:
                        value += 1.5
        # few machines able to move: a step from losing (SS-R4)
        allp = red + blue
        mob_r = self._mobility(red, allp)
        mob_b = self._mobility(blue, allp)
        if mob_r < 3:
            value -= (3 - mob_r) * 1.5
        if mob_b < 3:
            value += (3 - mob_b) * 1.5
        return value if c == RED else -value

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
        goal = 0.0
        g = self.goal_row
        if ngoal < 4:
            rows_r = [x >> 3 for x in red]
            rows_b = [x >> 3 for x in blue]
            racers = sorted([(g - r, 0) for r in rows_r if r < g]
                            + [(g - r, 1) for r in rows_b if r < g])
            for i, (_, who) in enumerate(racers[:4 - ngoal]):
                pts = GOAL_POINTS[ngoal + i] * 0.7
                goal += pts if who == 0 else -pts
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

