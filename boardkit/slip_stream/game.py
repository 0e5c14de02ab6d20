"""Slip Stream — the session: :class:`SlipStream`, the rules (:mod:`.rules`)
played with the core's log, undo, chance and saves, its scenarios
(:mod:`.scenario`) and its board picture (:mod:`.view`)."""
from __future__ import annotations

from typing import Any

from ..core.choice import PlayChoice
from ..core.game import Game
from ..core.registry import register
from .rules import SlipStreamRules
from .tiles import Layout, ScoreTile
from .view import hint, render


# ----------------------------------------------------------------- the game
@register
class SlipStream(Game):
    """Slip Stream for two players (SS-R1)."""

    #: what the play page and the class server offer (:mod:`boardkit.play`):
    #: every level is the game's own AI
    play = PlayChoice("04_slip_stream.ipynb", "plain", 2,
                      ("tile", "score_tile", {"#1 STANDARD": 1, "#2 SPRINT": 2, "#3 LONG HAUL": 3,
                                              "#4 FRONT RUNNER": 4, "#5 TURBO": 5, "#6 MINEFIELD": 6}),
                      {k: f"Slip Stream AI, level {k}" for k in (1, 2, 3)},
                      lambda level, seed: _ai(level, seed), option_label="Score tile", usual=True)

    Rules = SlipStreamRules
    rules: SlipStreamRules
    draw = staticmethod(render)
    #: what can be clicked now, in the game's words (:func:`boardkit.core.view.click_hint`)
    hint = staticmethod(hint)

    def seat_name(self, seat: int) -> str:
        return self.rules.player_name(self._state, seat)

    @property
    def layout(self) -> Layout:
        return self.rules.layout(self._state)

    @property
    def score_tile(self) -> ScoreTile:
        return self.rules.score_tile(self._state)

    def destinations(self, space: str) -> dict[str, list[str]]:
        """Where the machine on ``space`` can end a move → the trail."""
        return self.rules.destinations(self._state, space)

    def trail(self, src: str, dst: str) -> list[str]:
        return self.rules.trail(self._state, src, dst)

    def turbo_destinations(self, space: str) -> list[str]:
        return self.rules.turbo_destinations(self._state, space)

    def with_plan(self, picture: str, actions: list[str]) -> str:
        """The live board ``picture`` with a bot's expected line drawn over
        it as numbered arrows (:func:`boardkit.slip_stream.view.with_plan`)."""
        from .view import with_plan
        return with_plan(picture, self, actions)

    @classmethod
    def scenario(cls, *args: Any, **kwargs: Any) -> SlipStream:
        from ..core.fields import run_scenario
        from .scenario import TYPES, scenario
        return run_scenario(cls, scenario, TYPES, args, kwargs)


def _ai(level: int, seed: int) -> Any:
    from .ai import SlipStreamAI
    return SlipStreamAI.level(level, seed=seed)
