"""The Pig session: the rules plus the core's log, undo, chance and saves,
and the board picture."""
from __future__ import annotations

from typing import Any

from boardkit.core import Game, View, register

from .rules import PigRules
from .view import render


@register
class Pig(Game):
    """Pig, the folk dice game: roll or hold, first to the target wins."""

    Rules = PigRules

    def render(self, view: Any = None, **kwargs: Any) -> str:
        return render(self, View.of(view, **kwargs))
