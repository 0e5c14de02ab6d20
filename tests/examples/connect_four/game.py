"""The Connect Four session: the rules plus the core's log, undo and saves,
its board, its hint wording, and what the play page offers of it (it has no
notebook: its rules page is this folder's rulings.md)."""
from __future__ import annotations

from boardkit.core import Game, register
from boardkit.core.choice import PlayChoice

from .rules import ConnectFourRules
from .view import hint, render


@register
class ConnectFour(Game):
    """Connect Four for two players."""

    play = PlayChoice(None, None, 2, levels={1: "random bot", 2: "greedy bot", 3: "search bot"},
                      rules_page="rulings.md")
    Rules = ConnectFourRules
    draw = staticmethod(render)
    hint = staticmethod(hint)
