"""The Pig session: the rules plus the core's log, undo, chance and saves,
and the board picture."""
from __future__ import annotations

from boardkit.core import Game, register

from .rules import PigRules
from .view import render


@register
class Pig(Game):
    """Pig, the folk dice game: roll or hold, first to the target wins."""

    Rules = PigRules
    draw = staticmethod(render)
