"""What a picture of a game shows: one options object for every game's view."""
from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import Any

from .errors import InvalidActionError


@dataclass(frozen=True)
class View:
    """Options of a board picture.

    ``seat``: whose private cards to show (default: the player to move);
    ``pending``: words of a multi-click action chosen so far (the click
    model builds an action word by word); ``selected``: targets toggled on
    in a toggle-and-confirm choice; ``hide_hands``: card backs only (hot
    seat before the screen is passed); ``all_hands``: teacher view, every
    hand shown; ``state``: draw this (past) state instead, nothing clickable;
    ``caption``: a line to show with it; ``changed``: squares or pieces to
    outline (what the last step changed).
    """

    seat: int | None = None
    pending: str = ""
    selected: tuple[str, ...] = ()
    hide_hands: bool = False
    all_hands: bool = False
    state: dict | None = None
    caption: str = ""
    changed: tuple[str, ...] = ()

    @classmethod
    def of(cls, view: View | None = None, **kwargs: Any) -> View:
        """``view`` with ``kwargs`` changed (old keyword style still works)."""
        names = {f.name for f in fields(cls)}
        unknown = sorted(set(kwargs) - names)
        if unknown:
            raise InvalidActionError(f"unknown view option(s) {', '.join(unknown)}; "
                                     f"known: {', '.join(sorted(names))}")
        base = view if isinstance(view, View) else cls()
        if view is not None and not isinstance(view, View):
            raise InvalidActionError(f"a view is a boardkit View, not {type(view).__name__}")
        if "selected" in kwargs:
            kwargs["selected"] = tuple(kwargs["selected"])
        if "changed" in kwargs:
            kwargs["changed"] = tuple(kwargs["changed"])
        return replace(base, **kwargs) if kwargs else base
