"""Slime Culture Center — the session: :class:`SlimeCultureCenter`, the
rules (:mod:`.rules`) played with the core's log, undo, chance and saves, its
scenarios and its pictures (:mod:`.view`)."""
from __future__ import annotations

from typing import Any

from ..core.choice import PlayChoice
from ..core.errors import OptionError
from ..core.game import Game
from ..core.registry import register
from ..core.rules import CHANCE
from .rules import SlimeCultureCenterRules
from .settlement import settle
from .view import hint, render


# ----------------------------------------------------------------- the game
@register
class SlimeCultureCenter(Game):
    """Slime Culture Center for 2–6 players (SCC-R1)."""

    #: what the play page and the class server offer (:mod:`boardkit.play`);
    #: the greedy bot compares 40 of the many actions a crowded board allows
    play = PlayChoice("03_slime_culture_center.ipynb", "turn", 2, None,
                      {1: "random bot", 2: "greedy bot", 3: "search bot"},
                      lambda level, seed: _sampling_greedy(seed) if level == 2 else None)

    Rules = SlimeCultureCenterRules
    rules: SlimeCultureCenterRules
    draw = staticmethod(render)
    #: what can be clicked now, in the game's words (:func:`boardkit.core.view.click_hint`)
    hint = staticmethod(hint)

    def seat_name(self, seat: int) -> str:
        return self.rules.seat_name(seat)

    def move_destinations(self, board: dict, tile: str, slime=None) -> list[str]:
        return self.rules.move_destinations(board, tile, slime)

    is_edge = staticmethod(SlimeCultureCenterRules.is_edge)

    @staticmethod
    def stacked_deal(players: int, hands: list[list[str]] | None = None,
                     deck_top: list[str] | None = None) -> list[str]:
        """Chance outcomes dealing the given right cards (3 each, seat 0
        first; missing ones filled in a fixed order) and making the next
        draws ``deck_top``: ``chance=["first 0", *outcomes]``."""
        rules = SlimeCultureCenterRules(SlimeCultureCenterRules.load_components())
        pool = list(rules.cards)
        hands = [list(h) for h in (hands or [])] + [[] for _ in range(players - len(hands or []))]
        for c in [c for h in hands for c in h] + list(deck_top or []):
            if c not in pool:
                raise OptionError(f"SCC: card {c!r} is unknown or dealt twice")
            pool.remove(c)
        order: list[str] = []
        for h in hands:
            order += h + [pool.pop(0) for _ in range(rules.hand - len(h))]
        return ["deal " + " ".join(order)] + [f"draw {c}" for c in deck_top or []]

    @classmethod
    def scenario(cls, *args: Any, **kwargs: Any) -> SlimeCultureCenter:
        from ..core.fields import run_scenario
        from .scenario import TYPES, scenario
        return run_scenario(cls, scenario, TYPES, args, kwargs)

    def settlement(self, state: dict | None = None) -> dict:
        """The settlement (精算) of a finished game, colour by colour."""
        return settle(self._state if state is None else state)

    def tile_accounts(self, state: dict | None = None) -> dict:
        return self.rules.tile_accounts(self._state if state is None else state)

    def cancer_accounts(self, state: dict | None = None) -> dict:
        return self.rules.cancer_accounts(self._state if state is None else state)

    def card_accounts(self, state: dict | None = None) -> dict:
        return self.rules.card_accounts(self._state if state is None else state)

    def film(self, since: int | None = None, columns: int = 4):
        """The sub-steps (bites, infections, expiry) of the log entries from
        ``since`` on — by default, of the last player action and what
        followed — as small boards in a row, the position before first."""
        from ..core.svg import SVG
        from .view import film_strip
        if since is None:
            players = [i for i, e in enumerate(self._log) if e.player is not CHANCE]
            since = players[-1] if players else 0
        start = self.state_before(since) if self.history else self._state
        return SVG(film_strip(self.frames(since), start=start, columns=columns))

    def mini(self, caption: str = ""):
        """A small picture of the board only."""
        from ..core.svg import SVG, svg_document
        from .view import CSS, MINI, mini_board
        return SVG(svg_document(14 + 8 * MINI + 12, 8 * MINI + 72,
                                mini_board(self._state, 4, 4, caption or self.situation()), css=CSS))


def _sampling_greedy(seed: int) -> Any:
    from ..core.bots import GreedyBot
    return GreedyBot(seed, sample=40)
