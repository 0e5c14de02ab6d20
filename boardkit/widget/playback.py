"""Playing back what happened since the human's move: a part the board holds.

After a move made on the page, the board shows each step since the human's
last move (the bots' moves, the dealer's draws, the automatic checks) one
every ``playback`` seconds, then the live board. A step the game holds (a
race's finish, ``Rules.hold_frames``) stops the play-back until the player
goes on ("Continue ▶").

:class:`Playback` owns the ticking (a token that any stop or new start
makes stale, so a late tick does nothing) and drives the board's
``step_index``, ``playing`` and ``held``; it reads the steps from the
board's :class:`~boardkit.widget.steps.StepLog` and the event loop from its
:class:`~boardkit.widget.bots.BotRunner`.
"""
from __future__ import annotations

import contextvars
from contextlib import AbstractContextManager
from typing import Any, Protocol

from .bots import BotRunner, _running_loop
from .steps import StepLog


class Board(Protocol):
    """What the play-back drives and reads of a
    :class:`~boardkit.widget.board.BoardWidget`."""

    step_index: int
    playing: bool
    held: bool
    playback: float
    _steplog: StepLog
    _runner: BotRunner

    @property
    def game(self) -> Any: ...
    @property
    def bots(self) -> dict[int, Any]: ...
    def _batch(self) -> AbstractContextManager[None]: ...
    def _people(self) -> list[int]: ...


#: Characters of a step's caption read a second: a step stays on screen at
#: least as long as its caption takes to read (a bot's pie choice, a
#: sentence long, stayed a quarter of a second once the page had drawn it),
#: up to four steps' time.
READING = 25.0


class Playback:
    """The play-back of one board's steps."""

    def __init__(self, board: Board):
        self._board = board
        self._token = 0          # +1 whenever a play-back starts or stops
        self._closed = False

    def holds(self, k: int) -> bool:
        """Step ``k`` is a moment the board holds (a race's finish)."""
        b = self._board
        steps = b._steplog.steps
        return 0 <= k < len(steps) and steps[k].frame >= 0 and bool(b.game.rules.hold_frames)

    def first_to_play(self) -> int:
        """The first step worth playing back: not the human's own move, which
        they have just seen (its automatic checks and everything after it are)."""
        b = self._board
        log = b.game.log
        steps = b._steplog.steps
        for k, step in enumerate(steps):
            who = log[step.entry].player if step.entry < len(log) else None
            if step.frame >= 0 or not isinstance(who, int) or who not in b._people():
                return k
        return len(steps)

    def after_moves(self) -> None:
        """After a move made on the page and the bots' replies (none still
        thinking): play back what happened, or show the first moment to hold."""
        b = self._board
        if b._runner.thinking is not None or b.step_index >= 0 or self._closed:
            return
        if b._runner.background_loop() is None:
            return                           # Python calls and tests: the live board at once
        self.play_from(self.first_to_play())

    def play_from(self, k: int) -> None:
        """Show step ``k`` and go on every ``playback`` seconds (at once to
        the next moment to hold, when play-back is 0); past the last step,
        the live board."""
        b = self._board
        n = len(b._steplog.steps)
        if b.playback <= 0:
            k = next((j for j in range(k, n) if self.holds(j)), n)
        if k >= n:
            b.step_index = -1
            b.playing = False
            return
        b.step_index = k
        if self.holds(k):
            b.held = True
            return
        loop = b._runner.background_loop() or _running_loop()
        if loop is None:
            return
        b.playing = True
        loop.call_later(self.seconds(k), self._tick, self._token, context=contextvars.copy_context())

    def seconds(self, k: int) -> float:
        """How long step ``k`` stays on screen: a step's time, or the time its
        caption takes to read (up to four steps' time)."""
        b = self._board
        pace = b.playback
        return max(pace, min(4 * pace, len(b._steplog.steps[k].caption) / READING))

    def _tick(self, token: int) -> None:
        """(kernel thread) The next step of a play-back, if it is still on."""
        if token != self._token or self._closed:
            return
        b = self._board
        with b._batch():
            self.play_from(b.step_index + 1)

    def stop(self) -> None:
        """Stop playing back; the step shown stays."""
        self._token += 1
        self._board.playing = False
        self._board.held = False

    def stop_ticking(self) -> None:
        """The board is closing: no tick may come after."""
        self._token += 1
        self._closed = True
