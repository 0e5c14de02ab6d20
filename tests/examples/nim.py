"""Nim: a game with no chance at all (``opens_at_chance=False``), in one
module — the smallest registered game: take one or more tokens from one
heap; who takes the last token wins (NIM-R1 … NIM-R3 in docs/rulings.md).
"""
from __future__ import annotations

from boardkit.core import Game, GameInfo, OptionError, Outcome, Refusal, Rules, StateFileError, register
from boardkit.core.palette import BASE_CSS, BOARD_WIDTH
from boardkit.core.rules import check_fields, whole
from boardkit.core.svg import El, header, svg_document, text
from boardkit.core.view import Position


class NimRules(Rules):
    """Nim: take 1+ tokens from one heap; who takes the last token wins."""

    info = GameInfo(name="nim", title="Nim", ruling_prefix="NIM", min_players=2, max_players=2,
                    perfect_information=True, chance=False, default_options={"heaps": [1, 2, 4]},
                    rulebook="Nim, a folk game (no publisher)", max_length=8 * 20,
                    test_options={"heaps": [5, 7, 9, 11]})
    near_misses = ("take 0 from 0", "take 9 from 1", "take 1 from 9", "take all")

    def check_options(self, options):
        heaps = options["heaps"]
        if not isinstance(heaps, list) or not 1 <= len(heaps) <= 8 or \
                not all(whole(h, 0, 20) for h in heaps) or not sum(heaps):
            raise OptionError("Nim: heaps is a list of 1 to 8 heaps of 0 to 20 tokens, not all empty")

    def initial_state(self, options):
        return {"options": options, "heaps": list(options["heaps"]), "turn": 0, "last": None}

    def current(self, state):
        return None if sum(state["heaps"]) == 0 else state["turn"]

    def parse(self, text):
        action = super().parse(text)
        w = action.split()
        if len(w) == 4 and w[0] == "take" and w[2] == "from" and all(
                x.isascii() and x.isdigit() for x in (w[1], w[3])):
            return action
        raise self.invalid(f"{text!r} is not a Nim action", "take 2 from 1")

    def candidates(self, state, ctx=None):
        return [f"take {k} from {i}" for i, h in enumerate(state["heaps"]) for k in range(1, h + 1)]

    def refusal(self, state, action, ctx=None):
        words = action.split()
        k, i = int(words[1]), int(words[3])
        if not 0 <= i < len(state["heaps"]) or not 1 <= k <= state["heaps"][i]:
            return Refusal("NIM-R2", "take at least one token, and no more than the heap holds")
        return None

    def apply(self, state, action, sink=None):
        words = action.split()
        state["heaps"][int(words[3])] -= int(words[1])
        state["last"] = state["turn"]
        state["turn"] = 1 - state["turn"]

    def outcome(self, state):
        if sum(state["heaps"]):
            return None
        w = state["last"]
        return Outcome((w,), (int(w == 0), int(w == 1)), f"{self.seat_name(w)} took the last token (NIM-R3)")

    def validate_state(self, state):
        check_fields("Nim", state, {"options", "heaps", "turn", "last"})
        if len(state["heaps"]) != len(state["options"]["heaps"]) or \
                not all(whole(h, 0, 20) for h in state["heaps"]) or state["turn"] not in (0, 1):
            raise StateFileError("Nim state: heaps or turn out of range")

    def situation(self, state):
        out = self.outcome(state)
        return str(out) if out else f"{self.seat_name(state['turn'])} to take"


def render(game, pos: Position) -> str:
    """Each heap a row of tokens; a token is clicked to take it and those after it."""
    parts, y = header(f"Nim — {pos.view.caption or game.rules.situation(pos.state)}")
    for i, h in enumerate(pos.state["heaps"]):
        y += 44
        parts.append(text(12, y, f"heap {i}"))
        for k in range(h):
            token = El("circle", cx=110 + 40 * k, cy=y, r=16, fill="#E69F00", stroke="#222", class_="hl")
            parts.append(pos.targets.mark(token, f"take {h - k} from {i}") if pos.legal else token)
    return svg_document(BOARD_WIDTH, int(y + 40), *parts, css=BASE_CSS, label="Nim board")


@register
class Nim(Game):
    """Nim for two players."""

    Rules = NimRules
    draw = staticmethod(render)
