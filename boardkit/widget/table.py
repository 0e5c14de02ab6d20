"""What a board widget and its parts share: the game and the bots."""
from __future__ import annotations

from dataclasses import dataclass, field

from ..core.bots import Bot
from ..core.game import Game


@dataclass
class Table:
    """The game a board shows and the bots at its seats (the board widget
    and its parts share it; either may be replaced)."""

    game: Game
    bots: dict[int, Bot] = field(default_factory=dict)
