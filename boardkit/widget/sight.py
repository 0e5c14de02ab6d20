"""What a board shows, and to whom: a part of the board given its inputs.

The board's mode (teacher, student, hot seat), the seat to move and whether
a person plays it, the step a person is looking back at, a half-made
choice: from these, :meth:`Sight.view` picks the :class:`View` the game
draws (whose hand shows, what is clickable, what is rung as changed).
:class:`Sight` owns one piece of state, the cache of what changed on the
live board since the person's last move; :func:`planned_line` is the
expected line of the bot that moved last, drawn when asked for.
"""
from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..core.game import Game
from ..core.view import View, changes
from .steps import StepLog

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Looker:
    """Who looks at the board now."""

    mode: str                  # "teacher", "student" or "hotseat"
    seat: int | None           # the seat to move (None: chance or nobody)
    human: bool                # a person of this board plays that seat
    people: Sequence[int]      # the seats this board's people play

    @property
    def viewer(self) -> int | None:
        """Whose hand shows: the person to move; in student mode the
        person's own hand even while a bot moves."""
        if self.human:
            return self.seat
        return self.people[0] if self.mode == "student" and self.people else None


class Sight:
    """The view a board draws, and what changed since the person's last
    move (kept until the game moves on)."""

    def __init__(self, steplog: StepLog):
        self._steplog = steplog
        self._since: tuple[Any, tuple[str, ...]] = (None, ())

    def forget(self) -> None:
        """The game was replaced or taken back: work out the changes again."""
        self._since = (None, ())

    def changed(self, game: Game, moves: int) -> tuple[str, ...]:
        """What changed on the board since the human's last move (rung on the
        live board): the position before that move against the one now."""
        steplog = self._steplog
        if not steplog.steps:
            return ()
        key = (moves, len(game.log), steplog.turn_start)
        if self._since[0] != key:
            self._since = (key, changes(steplog.state(-1), game.state))
        return self._since[1]

    def view(self, game: Game, who: Looker, moves: int, *, step_index: int, pending: str,
             selected: Sequence[str], curtain: str) -> View:
        """The view of ``game`` to draw for ``who``: a step looked back at, the
        person's own move, the end of the game, or a bot to move."""
        hotseat, everyone = who.mode == "hotseat", who.mode == "teacher"
        if step_index >= 0:
            state = self._steplog.state(step_index)
            return View(seat=who.viewer, state=state, hide_hands=hotseat, all_hands=everyone,
                        caption=self._steplog.caption(step_index),
                        changed=changes(self._steplog.state(step_index - 1), state))
        if who.human:      # (what changed since the human's last move is rung)
            return View(seat=who.seat, pending=pending, selected=tuple(selected), hide_hands=bool(curtain),
                        all_hands=everyone, changed=self.changed(game, moves))
        if game.current_player is None:      # game over: every hand may be seen
            return View(hide_hands=hotseat, all_hands=not hotseat, changed=self.changed(game, moves))
        return View(state=game.state, seat=who.viewer, hide_hands=hotseat, all_hands=everyone,
                    changed=self.changed(game, moves))     # a bot to move: nothing clickable

    @staticmethod
    def stored_view(game: Game, who: Looker) -> View:
        """The view of a stored picture: the position, nothing clickable."""
        return View(state=game.state, seat=who.viewer, hide_hands=who.mode == "hotseat",
                    all_hands=who.mode == "teacher")


def planned_line(game: Game, bots: Mapping[int, Any]) -> list[str]:
    """The expected line (from the position now) of the bot that moved
    last, when it says one: ``planned_actions()`` starts with the action it
    chose (a move, or a choice such as Slip Stream's colour), which is the
    last one it made here; the rest goes on from now. A line that does not
    start with that action is from another position: none."""
    mine = next((e for e in reversed(game.log) if isinstance(e.player, int)), None)
    if mine is None or not isinstance(mine.player, int):
        return []
    planned = getattr(bots.get(mine.player), "planned_actions", None)
    if not callable(planned) or type(game).with_plan is Game.with_plan:
        return []
    try:
        line = list(planned())
    except Exception:  # a bot's explanation never breaks the board
        log.exception("planned_actions() failed")
        return []
    if not line or line[0] != mine.action:
        return []
    return line[1:]
