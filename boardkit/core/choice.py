"""What the play page and the class server offer of a game, declared with
the game's registration (its class's ``play``): the lesson that teaches it
(or a plain rules page of its own), the usual number of players, the
option a link may set, and the bots of its levels. :mod:`boardkit.play`
and the class server read it for every registered game; nothing else lists
the games."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class PlayChoice:
    """A game as the play page offers it."""

    #: the notebook that teaches it, and the section where its rules start
    #: (an anchor); None for a game with no notebook (see ``rules_page``)
    notebook: str | None
    rules_anchor: str | None
    #: the number of players a new game starts with
    players: int
    #: the option a link or the page may set: (query key, game option, {shown name: value});
    #: the query key must not be one of the page's own settings (game, players, seats, ai, seed)
    option: tuple[str, str, dict[str, Any]] | None = None
    #: what each bot level (1-3) is, in words
    levels: dict[int, str] = field(default_factory=dict)
    #: the game's own bot of a level for a seed, or None for the usual one
    #: (1: random, 2: greedy, 3: the search bot)
    bot: Callable[[int, int], Any] | None = None
    #: the option's label beside its menu ("Score tile"; "" for the query key, capitalised)
    option_label: str = ""
    #: a game with no notebook: a file in the game's folder (plain text or
    #: markdown) the page shows as its rules
    rules_page: str = ""
    #: the game the page starts with when a link names none (one game says so;
    #: with none, the first game in order)
    usual: bool = False

    def __post_init__(self) -> None:
        if not self.notebook and not self.rules_page:
            raise ValueError("PlayChoice: a game on the play page has a notebook (and its rules anchor) "
                             "or a rules page of its own.")
