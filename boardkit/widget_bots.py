"""Bots at a board widget: who is to move, and a bot's move thought about in
a background thread while the board stays responsive (see
:mod:`boardkit.widget`, "Bots").

:class:`BotSeats` is the part of :class:`~boardkit.widget.BoardWidget` that
asks the seated bots for their moves; the widget supplies the game, the
bots, the batch that sends one update, and what a move changes on the board.
"""
from __future__ import annotations

import asyncio
import contextvars
import functools
import logging
import sys
from collections.abc import Callable
from concurrent.futures import CancelledError, Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

from .core.bots import Bot
from .core.errors import BoardkitError
from .core.game import CHANCE, Game

if TYPE_CHECKING:
    from contextlib import AbstractContextManager

log = logging.getLogger("boardkit.widget")

#: bots answering bots stop after this many moves in a row (a safety net)
MAX_BOT_MOVES = 100_000


def _running_loop() -> asyncio.AbstractEventLoop | None:
    """The asyncio loop running in this thread (the kernel's), or None."""
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


def _in_kernel() -> bool:
    """True inside a running Jupyter kernel (where a page can be attached)."""
    kernelbase = sys.modules.get("ipykernel.kernelbase")
    return kernelbase is not None and kernelbase.Kernel.initialized()


def _output_thread() -> Any:
    """The running kernel's output thread (it sends every message to the
    page, one after another), or None."""
    if not _in_kernel():
        return None
    thread = getattr(sys.modules["ipykernel.kernelbase"].Kernel.instance(), "iopub_thread", None)
    return thread if callable(getattr(thread, "schedule", None)) else None


def _after_output(loop: asyncio.AbstractEventLoop, callback: Callable[[], None]) -> None:
    """Run ``callback`` on ``loop`` once the kernel's output thread has sent
    everything queued so far; without one, on the loop's next turn.

    A bot thinks in a thread and holds the interpreter lock most of the
    time; the output thread needs that lock at every step of a send, so an
    answer still queued when the bot starts reaches the page only when the
    bot is nearly done (100–150 ms later on two cores)."""
    thread = _output_thread()
    if thread is None:
        loop.call_soon(callback)
        return

    def wake() -> None:           # (output thread)
        try:
            loop.call_soon_threadsafe(callback)
        except RuntimeError:
            pass                  # the loop is closed: the kernel is shutting down

    thread.schedule(wake)


@dataclass(eq=False)
class _BotJob:
    """One bot move being thought about."""

    seat: int
    moves: int                 #: the widget's move counter when it started
    state: dict                #: the position it started from
    future: Future = field(default_factory=Future)
    #: (in the background) starts the thinking; None once started
    start: Any = None


class BotSeats:
    """The bots' side of a board widget (mixed into it)."""

    if TYPE_CHECKING:   # what the widget provides
        bots_in_background: ClassVar[bool | None]
        game: Game
        bots: dict[int, Bot]
        error: Any
        message: Any
        expects: Any
        _job: _BotJob | None
        _pool: ThreadPoolExecutor | None
        _moves: int
        _failed_at: int | None
        _closed: bool
        _from_page: bool
        _events: list[str]
        _steps: list

        def _batch(self) -> AbstractContextManager[None]: ...
        def _collect_steps(self) -> list: ...
        def _summary(self) -> str: ...
        def _expectation(self, seat: int) -> str: ...
        def _bot_failed(self, seat: int, reason: str) -> None: ...
        def _after_moves(self) -> None: ...

    def _who(self, seat: int) -> str:
        return f"{self.game.seat_name(seat)} (bot)"

    def _seat_to_move(self) -> int | None:
        seat = self.game.current_player
        return seat if isinstance(seat, int) and seat is not CHANCE else None

    def _bot_to_move(self) -> int | None:
        seat = self._seat_to_move()
        if seat is None or seat not in self.bots or self._failed_at == self._moves:
            return None
        return seat

    def _ask_bots(self) -> None:
        """If a bot is to move, get its move: in a background thread when
        this request came from the page and the kernel's loop runs, else at
        once (bots answering bots, until a human or nobody is to move)."""
        if self._job is not None or self._closed:
            return
        loop = self._background_loop()
        for _ in range(MAX_BOT_MOVES):
            seat = self._bot_to_move()
            if seat is None:
                return
            bot = self.bots[seat]
            job = _BotJob(seat, self._moves, self.game.state)
            sight = self.game.copy(history=False)     # the bot reads its own copy
            self._job = job
            if loop is None:
                try:
                    job.future.set_result(bot.choose(sight))
                except Exception as exc:
                    job.future.set_exception(exc)
                except BaseException:     # interrupted (Ctrl-C, kernel interrupt)
                    self._job = None
                    raise
                self._take_bot_move(job)
                continue
            # Back to the kernel's thread when done: the loop runs the answer
            # like any other message (in the context of the click that asked).
            ctx = contextvars.copy_context()
            job.future.add_done_callback(functools.partial(self._post, loop, ctx, job))
            job.start = functools.partial(self._think, job, bot, sight)
            # The bot starts thinking once this request's answer has gone to
            # the page: the answer (sent when this request is done, on the
            # loop's next turn) never waits for it.
            loop.call_soon(_after_output, loop, functools.partial(self._start_bot, job))
            return
        self.error = f"the bots made {MAX_BOT_MOVES} moves in a row; stopped"

    def _start_bot(self, job: _BotJob) -> None:
        """Start a background job's thinking (once; not when cancelled)."""
        start, job.start = job.start, None
        if start is None or job is not self._job or self._closed or job.future.cancelled():
            return
        if self._pool is None:
            self._pool = ThreadPoolExecutor(1, thread_name_prefix="boardkit-bot")
        self._pool.submit(start)

    @staticmethod
    def _think(job: _BotJob, bot: Bot, sight: Game) -> None:
        """(bot thread) The bot's choice, into the job's future."""
        if not job.future.set_running_or_notify_cancel():
            return                      # cancelled before it started
        try:
            job.future.set_result(bot.choose(sight))
        except BaseException as exc:    # reported by _take_bot_move
            job.future.set_exception(exc)

    def _background_loop(self) -> asyncio.AbstractEventLoop | None:
        """The loop to come back to from the bot thread, or None: play now."""
        if not self._from_page or self.bots_in_background is False:
            return None
        if self.bots_in_background is None and not _in_kernel():
            return None
        return _running_loop()

    def _post(self, loop: asyncio.AbstractEventLoop, ctx: contextvars.Context, job: _BotJob,
              _done: Future) -> None:
        """(bot thread) Hand the finished job to the kernel's thread."""
        try:
            loop.call_soon_threadsafe(self._bot_answered, job, context=ctx)
        except RuntimeError:
            pass  # the loop is closed: the kernel is shutting down

    def _bot_answered(self, job: _BotJob) -> None:
        """(kernel thread) A bot's answer is in."""
        if job is not self._job:
            return  # cancelled by undo, or already taken by wait()
        self._from_page = True   # keep the next bot in the background too
        try:
            with self._batch():
                self._take_bot_move(job)
                self._ask_bots()
                self._after_moves()
        finally:
            self._from_page = False

    def _take_bot_move(self, job: _BotJob) -> None:
        """Apply a finished job's move, if the game is still where it was."""
        self._job = None
        if job.moves != self._moves or self.game.state != job.state:
            return  # the game moved on; the caller asks again
        try:
            action = job.future.result()
        except CancelledError:
            return
        except Exception as exc:
            return self._bot_failed(job.seat, f"{type(exc).__name__}: {exc}")
        try:
            events = self.game.apply(action)
        except BoardkitError as exc:
            return self._bot_failed(job.seat, str(exc))
        except Exception as exc:  # a bug in the rules: the board reports it, the kernel survives
            log.exception("applying %r for %s failed", action, self._who(job.seat))
            return self._bot_failed(job.seat, f"{type(exc).__name__}: {exc}")
        self._moves += 1
        self.error = ""
        self._events.extend(events)
        self._steps = self._collect_steps()
        self.message = self._summary()
        self.expects = self._expectation(job.seat)

    def _cancel_bot(self) -> None:
        if self._job is not None:
            self._job.start = None
            self._job.future.cancel()   # if it is already running, its answer is ignored
            self._job = None
