"""What a picture of a game shows: one options object for every game's view."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, fields, replace
from typing import Any

from .errors import InvalidActionError
from .rules import Player
from .svg import Targets


@dataclass(frozen=True)
class View:
    """Options of a board picture.

    ``seat``: whose private cards to show (default: the player to move);
    ``pending``: words of a multi-click action chosen so far (the click
    model builds an action word by word); ``selected``: targets toggled on
    in a toggle-and-confirm choice; ``hide_hands``: card backs only (hot
    seat before the screen is passed); ``all_hands``: teacher view, every
    hand shown; ``state``: draw this (past) state instead, nothing clickable;
    ``caption``: a title to show with it (wrapped; very long ones are cut
    with "…" — the board widget shows them whole above the board);
    ``changed``: squares, pieces, spaces to outline (what the last step
    changed, as :func:`changes` finds it; a view ignores names it does not
    draw); ``picture``: a picture for a page, not a board to click (what
    ``pending`` selects stays highlighted — a machine and where it can go —
    but nothing is marked clickable and no caption says to click).
    """

    seat: int | None = None
    pending: str = ""
    selected: tuple[str, ...] = ()
    hide_hands: bool = False
    all_hands: bool = False
    state: dict | None = None
    caption: str = ""
    changed: tuple[str, ...] = ()
    picture: bool = False

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


@dataclass(frozen=True)
class Position:
    """What a game's view draws, worked out by :meth:`Game.render
    <boardkit.core.game.Game.render>`: a view is ``draw(game, position) ->
    SVG`` and never reads the session's state itself.

    ``state``: the position to draw (the game's own, not a copy: read it,
    never change it; or ``view.state``, a past one); ``live``: it is the
    game's position now; ``mover``: who acts there (a seat,
    :data:`~boardkit.core.rules.CHANCE` or None); ``seat``: whose side is
    shown (``view.seat``, else the mover when a seat acts); ``legal``: the
    legal actions when that seat acts on the live board, else none;
    ``targets``: those as click targets, after ``view.pending``; ``view``:
    the options (caption, hands shown, what changed…)."""

    state: dict
    live: bool
    mover: Player
    seat: int | None
    legal: list[str]
    targets: Targets
    view: View


# ------------------------------------------------------------ what changed
def changes(before: dict, after: dict) -> tuple[str, ...]:
    """What a step changed, for :attr:`View.changed`: the keys whose values
    differ in every table (a dict) of the two states — squares of a board,
    slimes of a track, odds spaces, stock colours… — and, where such a value
    is a list of names (the spaces of a colour's machines, the squares of a
    player's route), the names that came or went. Each view outlines the names it knows and ignores the
    rest; nothing here knows a rule."""
    out: dict[str, None] = {}
    for name, rows in after.items():
        # a list of tables (each player's car…): their lists of names
        old_rows = before.get(name)
        if isinstance(rows, list) and isinstance(old_rows, list):
            for a_row, b_row in zip(old_rows, rows):
                if isinstance(a_row, dict) and isinstance(b_row, dict):
                    for key in b_row:
                        a, b = a_row.get(key), b_row[key]
                        if a != b and isinstance(a, list) and isinstance(b, list) and \
                                all(isinstance(x, str) for x in a + b):
                            for n in sorted(set(a) ^ set(b)):
                                out[n] = None
    for name, table in after.items():
        old = before.get(name)
        if not isinstance(table, dict) or not isinstance(old, dict) or name == "options":
            continue
        for key in sorted(set(table) | set(old)):
            a, b = old.get(key), table.get(key)
            if a != b:
                out[str(key)] = None
                # a list of names (a colour's machines on spaces…): the names
                # that came or went changed too
                if isinstance(a, list) and isinstance(b, list) and \
                        all(isinstance(x, str) for x in a + b):
                    for name in sorted(set(a) ^ set(b)):
                        out[name] = None
    return tuple(out)


# ----------------------------------------------------------- what to click
#: A game's phrasing of "what can be clicked now": ``(words, pending) ->
#: sentence or None``, declared with the game's registration (its class's
#: ``hint``, as ``draw`` is its picture; :func:`boardkit.core.registry.register`
#: records it here).
Hinter = Callable[[list[str], str], str | None]
_HINTERS: dict[str, Hinter] = {}


def hinter_of(game_name: str) -> Hinter | None:
    """The registered game's own hint wording (its class's ``hint``), if any."""
    return _HINTERS.get(game_name)


def _listed(words: list[str], most: int = 6) -> str:
    shown = ", ".join(words[:most])
    return shown + (f" … ({len(words)} in all)" if len(words) > most else "")


def click_hint(game_name: str, words: list[str], pending: str = "", toggles: list[str] | None = None,
               confirms: list[str] | None = None) -> str:
    """One sentence saying what can be clicked now.

    ``words`` are the legal click targets the board offers (their
    ``data-act``, after the ``pending`` words of an unfinished action),
    ``toggles`` / ``confirms`` the choose-then-confirm targets. The game's
    registered phrasing is asked first (it reads the targets' first words);
    otherwise the targets are listed.
    """
    toggles, confirms = list(toggles or []), list(confirms or [])
    hinter = hinter_of(game_name)
    said = hinter(list(words), pending) if hinter is not None and words else None
    if said:
        text = said
    elif toggles or confirms:
        text = (f"Click the outlined {_listed(toggles)} to choose"
                + (f", then “{confirms[0]}”" if confirms else ""))
        if words:
            text += f" — or click {_listed(words)}"
    elif words:
        text = f"Click one of the outlined targets: {_listed(words)}"
    else:
        return ""
    if pending:
        text += f" (so far: {pending}; Esc or “Cancel selection” starts again)"
    return text
