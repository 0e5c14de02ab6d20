"""Super Race — the session: :class:`SuperRace`, the rules (:mod:`.rules`)
played with the core's log, undo, chance and saves, its scenarios
(:mod:`.scenario`) and its pictures (:mod:`.view`)."""
from __future__ import annotations

from typing import Any

from ..core.choice import PlayChoice
from ..core.errors import OptionError
from ..core.game import Game
from ..core.registry import register
from .rules import SuperRaceRules
from .track import Track
from .view import hint, render


@register
class SuperRace(Game):
    """Super Race for 1–4 players (SU-R1), each on their own copy of the
    track. ``track="indianapolis"`` (default) or ``"monza"``, or a track
    file of your own (see :mod:`boardkit.super_race.track`)."""

    #: what the play page and the class server offer (:mod:`boardkit.play`);
    #: level 3 is the lap planner
    play = PlayChoice("02_super_race.ipynb", "plain-go", 2,
                      ("track", "track", {"Indianapolis": "indianapolis", "Monza": "monza"}),
                      {1: "random bot", 2: "greedy bot", 3: "lap planner"},
                      lambda level, seed: _lap_planner(seed) if level == 3 else None)

    Rules = SuperRaceRules
    rules: SuperRaceRules
    draw = staticmethod(render)
    #: what can be clicked now, in the game's words (:func:`boardkit.core.view.click_hint`)
    hint = staticmethod(hint)

    def carried_selection(self, action: str, chosen: list[str]) -> list[str]:
        """SU-R2: "set as many dice as you like to one side" — dice set aside
        stay set aside after a reroll (on the board, the first dice), until
        the player takes them back or the last roll is made."""
        st = self._state
        kept = [word.partition("-")[2] for word in chosen]      # (a die's target: "d2-rc")
        dice = st["dice"]
        if (not action.startswith("keep ") or st["phase"] != "choose" or st["rolls"] >= 3
                or sorted(dice[:len(kept)]) != sorted(kept)):
            return []
        return [f"d{i + 1}-{dice[i]}" for i in range(len(kept))]

    def __init__(self, players: int | None = None, seed: int = 0, *, track: Any = None,
                 components: Any = None, **kwargs: Any):
        if track is not None and components is not None:
            raise OptionError("Super Race: give track= or components=, not both")
        super().__init__(players, seed, components=track if track is not None else components,
                         **kwargs)

    @property
    def track(self) -> Track:
        return self.rules.track

    @classmethod
    def scenario(cls, *args: Any, **kwargs: Any) -> SuperRace:
        """A position to study (see :func:`boardkit.super_race.scenario.scenario`)."""
        from ..core.fields import run_scenario
        from .scenario import TYPES, scenario
        return run_scenario(cls, scenario, TYPES, args, kwargs)

    def placements(self, colour: str) -> list[str]:
        """Every complete way to draw the dice of ``colour`` now."""
        return self.rules.placements(self._state, colour)

    def distance(self, seat: int) -> int:
        return self.rules.distance(self._state, seat)

    def mini(self, caption: str = "", seat: int = 0):
        """One player's track, small (nothing clickable)."""
        from ..core.svg import SVG
        from .view import mini
        return SVG(mini(self, caption, seat))


__all__ = ["SuperRace"]


def _lap_planner(seed: int) -> Any:
    from .bots import LapBot
    return LapBot(seed)
