"""Connect Four's pure rules (C4-R1 … C4-R4 in this folder's rulings.md).

Two players drop discs in turn into the columns of an upright board; a disc
falls to the lowest empty space of its column. Four of one's discs in a
line (across, up or diagonal) win; a full board with no line is a draw.
"""
from __future__ import annotations

from boardkit.core import GameInfo, OptionError, Outcome, Refusal, Rules, StateFileError
from boardkit.core.rules import check_fields, whole

LINE = 4


class ConnectFourRules(Rules):
    """Connect Four: drop a disc; four in a line wins; a full board draws."""

    info = GameInfo(name="connect_four", title="Connect Four", ruling_prefix="C4", min_players=2,
                    max_players=2, perfect_information=True, chance=False,
                    default_options={"columns": 7, "rows": 6}, max_length=9 * 8,
                    rulebook="Connect Four, a folk game as sold in toy shops (no rulebook followed)",
                    rulings="rulings.md")
    near_misses = ("drop 0", "drop 99", "drop", "drop one")

    def check_options(self, options):
        if not whole(options["columns"], LINE, 9) or not whole(options["rows"], LINE, 8):
            raise OptionError("Connect Four: C4-R1: columns is a whole number from 4 to 9 and rows "
                              "from 4 to 8")

    def initial_state(self, options):
        # each column a list of seats, bottom first
        return {"options": options, "columns": [[] for _ in range(options["columns"])], "turn": 0}

    def _line(self, state):
        """The seat with four in a line, or None."""
        cols, rows = state["options"]["columns"], state["options"]["rows"]

        def at(c, r):
            return state["columns"][c][r] if 0 <= c < cols and 0 <= r < len(state["columns"][c]) else None
        for c in range(cols):
            for r in range(rows):
                seat = at(c, r)
                if seat is None:
                    continue
                for dc, dr in ((1, 0), (0, 1), (1, 1), (1, -1)):
                    if all(at(c + k * dc, r + k * dr) == seat for k in range(1, LINE)):
                        return seat
        return None

    def _full(self, state):
        return all(len(col) == state["options"]["rows"] for col in state["columns"])

    def current(self, state):
        return None if self._line(state) is not None or self._full(state) else state["turn"]

    def parse(self, text):
        action = super().parse(text)
        w = action.split()
        if len(w) == 2 and w[0] == "drop" and w[1].isascii() and w[1].isdigit() and len(w[1]) <= 3:
            return action
        raise self.invalid(f"{text!r} is not a Connect Four action", "drop 4")

    def candidates(self, state, ctx=None):
        return [f"drop {c + 1}" for c, col in enumerate(state["columns"])
                if len(col) < state["options"]["rows"]]

    def refusal(self, state, action, ctx=None):
        c = int(action.split()[1]) - 1
        if not 0 <= c < len(state["columns"]):
            return Refusal("C4-R2", f"there are columns 1 to {len(state['columns'])} to drop a disc into")
        if len(state["columns"][c]) >= state["options"]["rows"]:
            return Refusal("C4-R2", f"column {c + 1} is full: drop the disc into another column")
        return None

    def apply(self, state, action, sink=None):
        state["columns"][int(action.split()[1]) - 1].append(state["turn"])
        state["turn"] = 1 - state["turn"]

    def outcome(self, state):
        seat = self._line(state)
        discs = tuple(sum(col.count(s) for col in state["columns"]) for s in (0, 1))
        if seat is not None:
            return Outcome((seat,), discs, f"{self.seat_name(seat)} has four in a line (C4-R3)")
        if self._full(state):
            return Outcome.drawn(discs, "The board is full with no four in a line: a draw (C4-R4)")
        return None

    def validate_state(self, state):
        check_fields("Connect Four", state, {"options", "columns", "turn"})
        opts = state["options"]
        cols = state["columns"]
        ok = (isinstance(cols, list) and len(cols) == opts["columns"] and state["turn"] in (0, 1)
              and all(isinstance(c, list) and len(c) <= opts["rows"] and all(s in (0, 1) for s in c)
                      for c in cols))
        if ok:
            n0, n1 = (sum(c.count(s) for c in cols) for s in (0, 1))
            ok = n0 - n1 == state["turn"]
        if not ok:
            raise StateFileError("Connect Four state: columns or turn out of range")

    def situation(self, state):
        out = self.outcome(state)
        return str(out) if out else f"{self.seat_name(state['turn'])} to drop a disc"

    def heuristic(self, state, seat):
        # discs in the middle column count a little
        mid = state["columns"][len(state["columns"]) // 2]
        return mid.count(seat) - mid.count(1 - seat)
