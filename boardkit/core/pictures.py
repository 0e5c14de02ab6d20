"""The part of a game session that draws it: the SVG picture of a position
through the game's view (:attr:`Pictures.draw`), what a view shows
(:class:`~boardkit.core.view.Position`: the state, who acts, whose side,
the legal targets), a bot's planned line over the board, and the picture a
notebook shows of a game (never clickable).

:class:`Pictures` is a part of :class:`~boardkit.core.game.Game` (one of its
bases); it keeps no state of its own and reads the session's position.
"""
from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, ClassVar

from .svg import SVG, Targets
from .view import Position, View

if TYPE_CHECKING:
    from . import rules as _rules


class Pictures:
    """How a game session is drawn (see the module)."""

    rules: _rules.Rules
    _state: dict
    #: The game's view: ``draw(game, position) -> SVG`` (a function of the
    #: game's view module, set as ``draw = staticmethod(render)``), called
    #: by :meth:`render` with the :class:`~boardkit.core.view.Position`
    #: worked out. None: the game has no picture.
    #: (Typed Any: a function kept on a class is a staticmethod there.)
    draw: ClassVar[Any] = None

    if TYPE_CHECKING:     # the session's (Game's)
        @property
        def info(self) -> _rules.GameInfo: ...

        @property
        def legal_actions(self) -> Iterable[str]: ...

    def render(self, view: View | None = None, **kwargs: Any) -> str:
        """The SVG picture of the position (see :class:`~boardkit.core.view.View`
        for the options: whose hand, teacher view, a past state, a
        caption…), drawn by the game's view (:attr:`draw`) from the
        :meth:`position` it shows."""
        draw = type(self).draw
        if draw is None:
            raise NotImplementedError(f"{self.info.title} has no picture (Game.draw)")
        return draw(self, self.position(View.of(view, **kwargs)))

    def position(self, view: View) -> Position:
        """What ``view`` shows: the state, who acts there, whose side is
        shown and, on the live board when that seat acts, the legal targets."""
        live = view.state is None
        state = self._state if live else view.state
        assert state is not None
        mover = self.rules.current(state)
        seat = view.seat if view.seat is not None else (mover if type(mover) is int else None)
        legal = list(self.legal_actions) if live and type(mover) is int and seat == mover else []
        return Position(state=state, live=live, mover=mover, seat=seat, legal=legal,
                        targets=Targets(legal, view.pending), view=view)

    def with_plan(self, picture: str, actions: list[str]) -> str:
        """The live board ``picture`` with a searching bot's expected line
        (``actions``, from the position shown) drawn over it; a game that
        cannot draw one returns the picture as it is."""
        return picture

    def carried_selection(self, action: str, chosen: list[str]) -> list[str]:
        """After a choose-then-confirm ``action`` made of the ``chosen``
        targets (a board's toggles), the targets that stay chosen on the next
        board: none by default (a game where what was set aside stays set
        aside says which targets those are now)."""
        return []

    def picture(self) -> str:
        """The position as a picture: nothing on it looks clickable (a game
        shown in a notebook is a picture; the board widget is for playing)."""
        return self.render(View(state=self._state))

    def _repr_html_(self) -> str:
        """The board as an ``<img>`` (shown by every viewer, run or not)."""
        from .svg import picture_html
        return picture_html(self.picture())

    def svg(self, **kwargs: Any) -> SVG:
        return SVG(self.render(**kwargs))
