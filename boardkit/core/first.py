"""Who goes first: a draw of the chance player, ``"first <seat>"``, every
seat equally likely (rock-paper-scissors, a die roll, "any means").

A game whose first player is drawn keeps ``"first"`` among its
:attr:`~boardkit.core.rules.Rules.chance_words` and ``state["first"]``
(None until drawn), and asks these for the outcomes, the seeded draw, the
check of a forced outcome and the seat drawn; :meth:`Rules.forced_problem`
already refuses a queued ``first <seat>`` of a seat that does not exist.
"""
from __future__ import annotations

import random

#: The chance word of the draw.
WORD = "first"


def first_candidates(players: int) -> list[str]:
    """The draw's outcomes: ``["first 0", "first 1", …]``."""
    return [f"{WORD} {s}" for s in range(players)]


def first_outcomes(players: int) -> list[tuple[str, float]]:
    """The draw's outcomes with their probabilities (``1 / players`` each)."""
    return [(f"{WORD} {s}", 1 / players) for s in range(players)]


def draw_first(players: int, rng: random.Random) -> str:
    """The seeded draw: ``"first <seat>"`` (one ``randrange`` of ``rng``)."""
    return f"{WORD} {rng.randrange(players)}"


def is_first(action: str, players: int) -> bool:
    """``action`` is the draw's outcome for a seat of this game."""
    word, _, seat = action.partition(" ")
    return word == WORD and seat in {str(s) for s in range(players)}


def first_seat(action: str) -> int:
    """The seat a ``"first <seat>"`` outcome names."""
    return int(action.partition(" ")[2])
