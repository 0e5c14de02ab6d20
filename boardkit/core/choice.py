"""What the play page and the class server offer of a game, declared with
the game's registration (its class's ``play``): the lesson that teaches
it, the usual number of players, the option a link may set, and the bots
of its levels. :mod:`boardkit.play` reads it for every registered game."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class PlayChoice:
    """A game as the play page offers it."""

    #: the notebook that teaches it, and the section where its rules start (an anchor)
    notebook: str
    rules_anchor: str
    #: the number of players a new game starts with
    players: int
    #: the option a link or the page may set: (query key, game option, {shown name: value})
    option: tuple[str, str, dict[str, Any]] | None = None
    #: what each bot level (1-3) is, in words
    levels: dict[int, str] = field(default_factory=dict)
    #: the game's own bot of a level for a seed, or None for the usual one
    #: (1: random, 2: greedy, 3: the search bot)
    bot: Callable[[int, int], Any] | None = None
