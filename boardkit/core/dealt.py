"""Set-up shared by games that start with a first player and a shuffle.

Rock-paper-scissors (or "any means") becomes a seeded chance action
``"first <seat>"``; shuffling becomes ``"shuffle <card> <card> …"`` — the
whole order, so a scenario can stack the deck ("suppose you were dealt …").
"""
from __future__ import annotations

import random
from collections import Counter

from .game import CHANCE, Game


class DealtGame(Game):
    """A :class:`Game` whose state has ``phase`` (``"setup"`` while the dealer
    acts, ``"over"`` at the end), ``first``, ``turn`` and ``deck``."""

    def _current(self, state: dict):
        if state["phase"] == "over":
            return None
        if state["phase"] == "setup":
            return CHANCE
        return state["turn"]

    def _setup_actions(self, state: dict) -> list[str]:
        """Chance outcomes that can be listed: who goes first. A shuffle has
        too many to list; :meth:`_is_legal` checks it instead."""
        if state["first"] is None:
            return [f"first {s}" for s in range(state["options"]["players"])]
        return []

    def _is_legal(self, state: dict, action: str) -> bool:
        if state["phase"] == "setup" and state["first"] is not None:
            word, _, rest = action.partition(" ")
            return word == "shuffle" and Counter(rest.split()) == Counter(state["deck"])
        return self._is_legal_play(state, action)

    def _is_legal_play(self, state: dict, action: str) -> bool:
        return action in self._legal_actions(state)

    def _sample_chance(self, state: dict, rng: random.Random) -> str:
        if state["first"] is None:
            return f"first {rng.randrange(state['options']['players'])}"
        order = list(state["deck"])
        rng.shuffle(order)
        return "shuffle " + " ".join(order)
