"""Bots at a board widget: who is to move, and a bot's move thought about in
a background thread while the board stays responsive (see
:mod:`boardkit.widget.board`, "Bots").

:class:`BotRunner` is a part the board widget holds: it owns the bot being
asked (its job and thread), the count of changes made to the game and the
seat whose bot failed. It reads the game and the bots from the board's
:class:`~boardkit.widget.table.Table` and is told, when it is made, the
little it needs of the board: how to send one update (``batch``), whether
bots think in the background (``policy``), and what to do when a bot has
moved, has failed, or the bots are done (``on_move``, ``on_error``,
``on_done``).

Bots in the background
----------------------
When a bot is to move after a click on the page, its choice is computed in
a background thread, on a copy of the game (``bot.choose`` only reads the
seat's observation), started once the click's answer has gone to the page,
so the board stays responsive: it says "Player 2 (bot) is thinking…", a
click meanwhile is answered "still thinking — wait for its move", and undo
cancels the bot's move. The answer is applied back in the kernel's own
thread (the asyncio loop that handles the page's messages), and only if the
game has not changed meanwhile.

Calls from Python (``board.click(...)``, ``board.undo()``, the constructor)
and any use outside a Jupyter kernel (plain Python, tests) play the bots at
once, synchronously, so a notebook cell reads like a script. After clicks on
the page, :meth:`BoardWidget.wait` blocks until the bots are done (a cell
that reads ``board.game`` after playing on the page should call it first).
``BoardWidget.bots_in_background`` forces either way.
"""
from __future__ import annotations

import asyncio
import contextvars
import functools
import logging
import sys
import time
from collections.abc import Callable
from concurrent.futures import CancelledError, Future, ThreadPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout
from contextlib import AbstractContextManager
from dataclasses import dataclass, field
from typing import Any

from ..core.bots import Bot
from ..core.errors import BoardkitError
from ..core.game import CHANCE, Game
from .table import Table

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


class BotRunner:
    """The bots' side of a board widget."""

    def __init__(self, table: Table, *, batch: Callable[[], AbstractContextManager[None]],
                 policy: Callable[[], bool | None], on_move: Callable[[int, list[str]], None],
                 on_error: Callable[[str], None], on_done: Callable[[], None]):
        """``batch()``: everything inside reaches the page as one update;
        ``policy()``: bots think in the background after a request from the
        page — None: only in a Jupyter kernel, True: wherever a loop runs,
        False: never; ``on_move(seat, events)``: a bot's move was applied;
        ``on_error(sentence)``: a bot failed (or the bots would not stop);
        ``on_done()``: after a bot's answer and the bots' replies to it."""
        self.table = table
        self._batch = batch
        self._policy = policy
        self._on_move = on_move
        self._on_error = on_error
        self._on_done = on_done
        #: +1 whenever the board changes the game (a bot's answer is only
        #: taken at the count it was asked at)
        self.moves = 0
        #: the request being handled came from the page
        self.from_page = False
        self._job: _BotJob | None = None
        self._pool: ThreadPoolExecutor | None = None
        self._failed_at: int | None = None   # moves when a bot last failed
        #: moves when a bot's thinking was last interrupted, and whether it
        #: is still to be asked again (:meth:`resume`)
        self._interrupted_at: int | None = None
        self._resume_due = False
        self._closed = False

    @property
    def game(self) -> Game:
        return self.table.game

    @property
    def bots(self) -> dict[int, Bot]:
        return self.table.bots

    @property
    def thinking(self) -> int | None:
        """The seat whose bot is thinking, or None."""
        return self._job.seat if self._job is not None else None

    def changed(self) -> None:
        """The board changed the game (a move, an undo, a redraw)."""
        self.moves += 1

    def forgive(self) -> None:
        """Ask a bot that failed again (after an undo or a redraw)."""
        self._failed_at = None
        self._interrupted_at = None

    def who(self, seat: int) -> str:
        return f"{self.game.seat_name(seat)} (bot)"

    def seat_to_move(self) -> int | None:
        seat = self.game.current_player
        return seat if isinstance(seat, int) and seat is not CHANCE else None

    def _bot_to_move(self) -> int | None:
        seat = self.seat_to_move()
        if seat is None or seat not in self.bots or self._failed_at == self.moves:
            return None
        return seat

    def ask(self) -> None:
        """If a bot is to move, get its move: in a background thread when
        this request came from the page and the kernel's loop runs, else at
        once (bots answering bots, until a human or nobody is to move)."""
        if self._job is not None or self._closed:
            return
        loop = self.background_loop()
        for _ in range(MAX_BOT_MOVES):
            seat = self._bot_to_move()
            if seat is None:
                return
            bot = self.bots[seat]
            job = _BotJob(seat, self.moves, self.game.state)
            sight = self.game.copy(history=False)     # the bot reads its own copy
            self._job = job
            if loop is None:
                try:
                    job.future.set_result(bot.choose(sight))
                except Exception as exc:
                    job.future.set_exception(exc)
                except BaseException:     # interrupted (Ctrl-C, kernel interrupt)
                    self._job = None
                    self._interrupted()
                    raise
                self.take(job)
                continue
            # Back to the kernel's thread when done: the loop runs the answer
            # like any other message (in the context of the click that asked).
            ctx = contextvars.copy_context()
            job.future.add_done_callback(functools.partial(self._post, loop, ctx, job))
            job.start = functools.partial(self._think, job, bot, sight)
            # The bot starts thinking once this request's answer has gone to
            # the page: the answer (sent when this request is done, on the
            # loop's next turn) never waits for it.
            loop.call_soon(_after_output, loop, functools.partial(self.start, job))
            return
        self._on_error(f"the bots made {MAX_BOT_MOVES} moves in a row; stopped")

    def _interrupted(self) -> None:
        """A bot's thinking was interrupted (Ctrl-C, a kernel interrupt): it
        is asked again by itself — on the loop's next turn where a loop
        runs (in the background, as after a click on the page), else at the
        board's next request. Once per position: interrupted twice at the
        same one, it waits for Undo or a redraw, as a bot that failed."""
        if self._interrupted_at == self.moves:
            self._failed_at = self.moves
            self._resume_due = False
            return
        self._interrupted_at = self.moves
        self._resume_due = True
        loop = _running_loop()
        if loop is not None:
            loop.call_soon(self.resume)

    def resume(self) -> None:
        """Ask a bot whose thinking was interrupted again (nothing when none was)."""
        if not self._resume_due or self._closed or self._job is not None:
            return
        self._resume_due = False
        was, self.from_page = self.from_page, True
        try:
            with self._batch():
                self.ask()
                if self._job is None:
                    self._on_done()
        finally:
            self.from_page = was

    def start(self, job: _BotJob) -> None:
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
        except BaseException as exc:    # reported by take
            job.future.set_exception(exc)

    def background_loop(self) -> asyncio.AbstractEventLoop | None:
        """The loop to come back to from the bot thread, or None: play now."""
        policy = self._policy()
        if not self.from_page or policy is False:
            return None
        if policy is None and not _in_kernel():
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
        self.answered(job)

    def answered(self, job: _BotJob) -> None:
        """A finished job's move goes on the board in one update, and the next
        bot is asked (in the background too)."""
        self.from_page = True
        try:
            with self._batch():
                self.take(job)
                self.ask()
                self._on_done()
        finally:
            self.from_page = False

    def take(self, job: _BotJob) -> None:
        """Apply a finished job's move, if the game is still where it was."""
        self._job = None
        if job.moves != self.moves or self.game.state != job.state:
            return  # the game moved on; the caller asks again
        try:
            action = job.future.result()
        except CancelledError:
            return
        except Exception as exc:
            return self._bot_failed(job.seat, f"{type(exc).__name__}: {exc}")
        except BaseException:           # interrupted in its thread: the caller asks again
            if self._interrupted_at == self.moves:
                return self._bot_failed(job.seat, "interrupted twice")
            self._interrupted_at = self.moves
            return
        try:
            events = self.game.apply(action)
        except BoardkitError as exc:
            return self._bot_failed(job.seat, str(exc))
        except Exception as exc:  # a bug in the rules: the board reports it, the kernel survives
            log.exception("applying %r for %s failed", action, self.who(job.seat))
            return self._bot_failed(job.seat, f"{type(exc).__name__}: {exc}")
        self.moves += 1
        self._on_move(job.seat, events)

    def _bot_failed(self, seat: int, reason: str) -> None:
        self._failed_at = self.moves
        reason = reason if len(reason) <= 300 else reason[:300] + "…"
        self._on_error(f"{self.who(seat)} failed: {reason}")

    def cancel(self) -> None:
        if self._job is not None:
            self._job.start = None
            self._job.future.cancel()   # if it is already running, its answer is ignored
            self._job = None

    def wait(self, deadline: float | None, timeout: float | None) -> None:
        """Block until no bot is thinking (see :meth:`BoardWidget.wait`)."""
        while self._job is not None:
            job = self._job
            left = None if deadline is None else max(0.0, deadline - time.monotonic())
            self.start(job)          # (the loop that would start it is blocked here)
            try:
                job.future.result(left)
            except FutureTimeout:
                raise TimeoutError(f"{self.who(job.seat)} is still thinking after {timeout} s") from None
            except Exception:
                pass  # the bot's failure is reported by take
            if job is self._job:
                with self._batch():
                    self.take(job)
                    self.ask()

    def close(self) -> None:
        """Stop: a bot thinking is cancelled, the thread goes."""
        self._closed = True
        if self._job is not None:
            self.cancel()
        pool = self._pool
        if pool is not None:
            pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
