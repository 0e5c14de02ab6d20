"""What the Slip Stream AI plans and expects, in words a student reads:
the planned line with what each move is for, the value said as "expects to
win by about 4 points" or "has a forced win (in 3 moves)"."""
from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from ..core.rules import State
from .compact import place_code
from .evaluation import PROVED, SCALE, WIN, Fast
from .tiles import COURSE_TILES, GOAL_POINTS

__all__ = ["Explaining"]


class Explaining:
    """The AI's report of its last search (``last_search``): its plan, the
    arrows to draw, its expectation in words."""

    last_search: dict | None

    def _plan(self, fast: Fast, observation: State, choice: str, line: list,
              value: float) -> dict:
        """The chosen move and the replies expected after it, in words."""
        steps: list[dict] = []
        pos = Fast.from_state(observation)
        cols = observation["colours"]
        for who, action in line:
            word, *places = action.split()
            colour = cols[who] if cols else None
            step: dict[str, Any] = {"player": who, "colour": colour, "action": action}
            if word in ("move", "turbo") and pos is not None and len(places) == 2:
                m = (place_code(places[0]), place_code(places[1]))
                step["move"] = f"{places[0]} → {places[1]}"
                step["why"] = _why(fast, pos, m)
                after = fast.play(pos, m)
                pos = None if after[0] == "won" else after
            elif word == "colour":
                step["move"] = f"chooses {places[0]}"
                step["why"] = ""
                pos = None
            elif word in ("move", "turbo") and len(places) == 2:
                step["move"], step["why"] = f"{places[0]} → {places[1]}", ""
            else:
                step["move"], step["why"] = action, ""
            steps.append(step)
        return {"steps": steps, "value": value, "says": _value_words(value)}

    def planned_actions(self, limit: int = 4) -> list[str]:
        """The engine actions of the expected line, the chosen action first
        (a move, or the pie rule's colour choice: the line goes on from the
        position it leaves), for drawing as arrows: see
        :func:`boardkit.slip_stream.view.plan_arrows` (which draws the
        moves and steps over a colour choice)."""
        s = self.last_search
        return [] if not s else list(s["pv"][:limit])

    def expects(self, seat_name: Callable[[int], str] | None = None, limit: int = 3) -> str:
        """What the AI plans and expects, in words a student reads, e.g.
        "Blue plans 14c → 18c to take the wheel token of tile 3 (+4); then
        Red 12d → 15d; it expects to win by about 4 points". A forced win or
        loss is said as such, first ("Red has a forced win (in 3 moves):
        plans …"). A colour choice is said as one ("Red chooses red; then
        Blue 12d → 15d, …"). Empty before any search."""
        s = self.last_search
        if not s or not s.get("plan") or not s["plan"]["steps"]:
            return ""
        plan = s["plan"]

        def name(step: dict) -> str:
            if seat_name is not None:
                return seat_name(step["player"])
            if step["colour"]:
                return step["colour"].capitalize()
            return f"Player {step['player'] + 1}"
        first, *rest = plan["steps"]
        decided = abs(plan["value"]) >= WIN / 2
        # a forced result leads (a line cut short on a projector keeps it)
        # "plans 14c → 18c"; a colour choice is a verb of its own ("chooses red")
        does = first["move"] if first["action"].startswith("colour ") else f"plans {first['move']}"
        head = (f"{name(first)} {plan['says']}: {does}" if decided else f"{name(first)} {does}")
        if first["why"]:
            head += f" {first['why']}"
        replies = [f"{name(st)} {st['move']}" + (f" {st['why']}" if st["why"] else "")
                   for st in rest[:max(0, limit - 1)]]
        text = head + (f"; then {', '.join(replies)}" if replies else "")
        return text if decided else f"{text}; it {plan['says']}"



def _why(fast: Fast, pos: tuple, move: tuple[int, int]) -> str:
    """What a move is for, in the rulebook's words ("to take the wheel
    token of tile 3 (+4)", "to reach the goal (+7)", "and wins the game")."""
    c = pos[6]
    after = fast.play(pos, move)
    if after[0] == "won":
        return "and wins the game" if after[1] == c else "and loses the game"
    parts = []
    new = after[4] & ~pos[4]
    for k in range(COURSE_TILES):
        if new >> k & 1:
            parts.append(f"the wheel token of tile {fast.tile_numbers[k]} (+{fast.wheels[k]})")
    if after[5] > pos[5] and pos[5] < 4:
        parts.append(f"goal points (+{GOAL_POINTS[pos[5]]})")
    out = ("to take " + " and ".join(parts)) if parts else ""
    if after[7] and after[6] == c:
        out += (" and " if out else "to ") + "land on ● for a turbo move"
    return out


def _value_words(value: float) -> str:
    """A value in points (for the player to act) in words, e.g. "expects to
    win by about 4 points", "has a forced win (in 3 moves)"."""
    if value == PROVED:
        return "has a forced win (found by searching to the end of the game)"
    if value == -PROVED:
        return "loses against best play (found by searching to the end of the game)"
    if value >= WIN / 2:
        n = int(round(WIN - value)) + 1
        return f"has a forced win (in {n} move{'s' if n != 1 else ''})"
    if value <= -WIN / 2:
        n = int(round(WIN + value)) + 1
        return f"loses against best play (in {n} move{'s' if n != 1 else ''})"
    lead = round(abs(value))
    if lead == 0:
        return "expects an even game"
    pts = f"{lead} point{'s' if lead != 1 else ''}"
    return f"expects to {'win' if value > 0 else 'lose'} by about {pts}"


def _win_probability(value: float) -> float:
    if value >= WIN / 2:
        return 1.0
    if value <= -WIN / 2:
        return 0.0
    return 1.0 / (1.0 + math.exp(-value / SCALE))

