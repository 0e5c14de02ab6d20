"""A class's tables: one game each, its seats (people on their own devices,
bots, or a hot seat), and a board for every device that looks at it.

A device's board is the notebook's board (:class:`SeatBoard`, a
:class:`~boardkit.widget.BoardWidget`) living in the server: the same
pictures, refusals, play-back and words as in JupyterLab; what it would
send to a notebook's page goes to the device's socket instead. It draws
the game from its own seats' side, so a device holds only what its seats
may see; a spectator's board (the teacher's Present) shows no hand.

The table is authoritative: a device only proposes (its board checks the
request against the game's rules). One lock per table puts requests and
bots' moves in one order; an action is acknowledged (the board's answer
sent) only once the store has committed it. The bots think in a worker
pool off the request path (:class:`BotPool`), each on a copy of the game
that only its seat's observation is read from.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import multiprocessing
import os
import secrets
import time
from collections.abc import Callable, Iterable
from concurrent.futures import Executor, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from typing import Any

from ..core.bots import Bot
from ..core.errors import BoardkitError, InvalidActionError
from ..core.game import CHANCE, Game
from ..play import GAMES, Settings, make_bot, new_game
from ..widget.bots import BotRunner, _running_loop
from ..widget.hosted import HostedBoard
from .replay import digest, player_entries, rebuild
from .store import ActionRecord, SeatRecord, Store, TableRecord

log = logging.getLogger("boardkit.classroom")

__all__ = [
    "ClassTable",
    "SeatBoard",
    "BotPool",
    "Device",
    "new_code",
    "new_token",
    "token_hash",
    "rebuild",
    "digest",
    "CODE_LETTERS",
]

#: Table codes: letters that cannot be mistaken for one another (no I, O).
CODE_LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ"
CODE_LENGTH = 4
#: The rule id of what a class server refuses about seats and devices.
SEAT_RULE = "BK-seat"


def new_code(taken: Iterable[str]) -> str:
    """A table code nobody uses yet (four letters)."""
    taken = set(taken)
    while True:
        code = "".join(secrets.choice(CODE_LETTERS) for _ in range(CODE_LENGTH))
        if code not in taken:
            return code


def new_token() -> str:
    """A seat token: what a device keeps to come back to its seat (144 random bits)."""
    return secrets.token_urlsafe(18)


def token_hash(token: str) -> str:
    """What the store keeps of a seat token (never the token itself)."""
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


# --------------------------------------------------------------- bot pool
def _think(bot: Bot, game: Game) -> tuple[str, Bot]:
    """(worker) The bot's move and the bot after choosing it (its random
    state and what it says of its search travel back with it)."""
    return bot.choose(game), bot


#: How much less the bots' workers ask of the processor than the server's
#: loop (``os.nice``): a click is answered first, a bot's search waits.
WORKER_NICENESS = 10


def _lower_priority() -> None:
    """(worker) Yield the processor to the server's loop."""
    try:
        os.nice(WORKER_NICENESS)
    except (AttributeError, OSError):
        pass


def _warm() -> int:
    """(worker) Import the games and their bots once."""
    from .. import play

    for name in play.GAMES:
        play.make_bot(name, 2, 0)
    return os.getpid()


class BotPool:
    """Processes where the bots think, sized to the cores and running at a
    lower priority than the server: a bot's search never holds up the
    server's loop (and another student's click)."""

    def __init__(self, workers: int | None = None, executor: Executor | None = None):
        self.workers = workers or max(1, os.cpu_count() or 1)
        self._own = executor is None
        self.executor = executor if executor is not None else self._new()

    def _new(self) -> Executor:
        ctx = multiprocessing.get_context("forkserver" if os.name == "posix" else "spawn")
        return ProcessPoolExecutor(self.workers, mp_context=ctx, initializer=_lower_priority)

    async def warm(self) -> None:
        loop = asyncio.get_running_loop()
        await asyncio.gather(*[loop.run_in_executor(self.executor, _warm) for _ in range(self.workers)])

    async def think(self, bot: Bot, game: Game) -> tuple[str, Bot]:
        loop = asyncio.get_running_loop()
        try:
            return await loop.run_in_executor(self.executor, _think, bot, game)
        except BrokenProcessPool:
            # a worker died (killed, out of memory): a new pool, and the bot asked again
            if not self._own:
                raise
            log.error("a bots' worker stopped; starting the workers again")
            broken, self.executor = self.executor, self._new()
            broken.shutdown(wait=False, cancel_futures=True)
            return await loop.run_in_executor(self.executor, _think, bot, game)

    def close(self) -> None:
        self.executor.shutdown(wait=False, cancel_futures=True)


# ------------------------------------------------------------ the devices
Frame = Callable[[dict, list], None]


@dataclass(eq=False)
class Device:
    """One page connected to a board: what its board sends goes out through
    ``write`` (held while the table stores an action, so nothing is
    acknowledged before it is kept)."""

    write: Frame
    held: int = 0
    outbox: list | None = None

    def sink(self, msg: dict, buffers: list) -> None:
        if self.held:
            if self.outbox is None:
                self.outbox = []
            self.outbox.append((msg, buffers))
        else:
            self.write(msg, buffers)

    def hold(self) -> None:
        self.held += 1

    def release(self) -> None:
        self.held = max(0, self.held - 1)
        if not self.held and self.outbox:
            out, self.outbox = self.outbox, None
            for msg, buffers in out:
                self.write(msg, buffers)


class TableRunner(BotRunner):
    """A class table's bots are the table's: a seat board only says who is
    thinking, and asks the table to look for a bot to move."""

    def __init__(self, table: ClassTable, *args: Any, **kwargs: Any):
        super().__init__(*args, **kwargs)
        self.class_table = table

    @property
    def thinking(self) -> int | None:
        return self.class_table.thinking

    def ask(self) -> None:
        self.class_table.poke()

    def background_loop(self) -> asyncio.AbstractEventLoop | None:
        return _running_loop()

    def cancel(self) -> None:
        pass  # the table drops a bot's answer for a game that has changed

    def wait(self, deadline: float | None, timeout: float | None) -> None:
        pass

    def close(self) -> None:
        self._closed = True


class SeatBoard(HostedBoard):
    """The board one device sees at a class table: the notebook's board,
    drawn from the device's own seats' side (none: a spectator), whose
    messages go to the device."""

    #: many boards at once: the faster deflate
    picture_level = 1

    def __init__(
        self, table: ClassTable, seats: Iterable[int], device: Device, playback: float | None = None
    ):
        self._class_table = table
        self._local = sorted(seats)
        self._device = device
        game = table.game
        if game.info.perfect_information:
            mode = "teacher"
        elif len(self._local) != 1:
            # hot seat (a curtain between the players), or a spectator (the
            # teacher's Present): no hand is shown but that of a player who
            # has the screen
            mode = "hotseat"
        else:
            mode = "student"
        super().__init__(game, bots=table.bots, mode=mode, playback=playback)

    def _expectation(self, seat: int) -> str:
        # a bot's plan in a game with hidden hands names the cards it holds
        if not self.game.info.perfect_information and self.game.current_player is not None:
            return ""
        return super()._expectation(seat)

    @property
    def seats(self) -> list[int]:
        return list(self._local)

    def _make_runner(self, **parts: Any) -> BotRunner:
        return TableRunner(self._class_table, self._table, **parts)

    def _people(self) -> list[int]:
        return list(self._local)

    def _elsewhere(self, seat: int) -> str:
        if seat in self._local or seat in self.bots:
            return ""
        return self._class_table.elsewhere(seat)

    def _hint(self, curtain: str, svg: str) -> str:
        hint = super()._hint(curtain, svg)
        seat = self._runner.seat_to_move()
        if not hint and seat is not None and self._runner.thinking is None and self.step_index < 0:
            return self._elsewhere(seat)  # whose turn it is, and where
        return hint

    def _deliver(self, msg: dict, buffers: list) -> None:
        self._device.sink(msg, buffers)

    def undo(self) -> None:
        shared = self._class_table.shared_with(self._local)
        if shared:
            exc = InvalidActionError(
                f"↶ Undo is only for a table whose players share one device: {shared} "
                "has seen your move, so it stays",
                rule=SEAT_RULE,
            )
            self._say(exc)
            raise exc
        super().undo()

    def _can_undo(self) -> bool:
        return super()._can_undo() and not self._class_table.shared_with(self._local)

    def followed(self, seat: int | None, events: list[str]) -> None:
        """Another device or a bot moved (``seat``; None: an undo or a new
        game): the board shows it as it shows a bot's move."""
        with self._batch():
            if seat is None:
                self._runner.changed()
                self._forget_choice()
                self._sight.forget()
                return
            self._runner.changed()
            self._bot_moved(seat, events)
            self._playback.after_moves()

    def redraw(self) -> None:
        """Send what changed (a bot started thinking, a seat was taken)."""
        with self._batch():
            pass

    def handle(self, content: Any) -> None:
        """A request from the device (answered in one update)."""
        self._on_frontend_msg(self, content, [])


# ------------------------------------------------------------- the table
class ClassTable:
    """One table of the class: its game, seats, bots and the boards of the
    devices looking at it."""

    def __init__(
        self,
        rec: TableRecord,
        game: Game,
        settings: Settings,
        store: Store,
        pool: BotPool,
        *,
        on_change: Callable[[ClassTable], None] | None = None,
        playback: float | None = None,
    ):
        self.rec = rec
        self.game = game
        self.settings = settings
        self.store = store
        self.pool = pool
        self.on_change = on_change or (lambda t: None)
        self.playback = playback
        self.lock = asyncio.Lock()
        self.bots: dict[int, Bot] = {
            s.seat: make_bot(settings.game, settings.ai, settings.seed + s.seat)
            for s in rec.seats
            if s.kind == "bot"
        }
        self.boards: dict[SeatBoard, Device] = {}
        #: the seat whose bot is thinking
        self.thinking: int | None = None
        self._job = 0  # +1 whenever a bot's answer would be stale
        self._task: asyncio.Task | None = None
        self._failed_at: int | None = None
        self._stored = [(a.seat, a.action) for a in rec.actions]
        #: +1 whenever the stored game changes
        self.changes = 0
        self.last_move = rec.actions[-1].at if rec.actions else rec.created
        self.closed = False
        #: who left this table alone against its bots ("" while nobody has)
        self.left = ""

    # ---------------------------------------------------------- reading
    @property
    def id(self) -> str:
        return self.rec.id

    @property
    def code(self) -> str:
        return self.rec.code

    @property
    def title(self) -> str:
        return GAMES[self.settings.game].title

    def seat(self, k: int) -> SeatRecord:
        return self.rec.seats[k]

    def seats_of(self, token_hash_: str) -> list[int]:
        return [
            s.seat
            for s in self.rec.seats
            if s.kind == "person" and s.token_hash and secrets.compare_digest(s.token_hash, token_hash_)
        ]

    def open_seats(self) -> list[int]:
        return [s.seat for s in self.rec.seats if s.kind == "person" and not s.token_hash]

    def who(self, k: int) -> str:
        """Who plays seat ``k``, in words ("Ana", "a bot", "nobody yet")."""
        s = self.rec.seats[k]
        if s.kind == "bot":
            return f"{GAMES[self.settings.game].levels.get(self.settings.ai, 'bot')}"
        return s.name or "nobody yet"

    def elsewhere(self, seat: int) -> str:
        """Why a device cannot play ``seat`` (another's, or an open seat)."""
        name = self.game.seat_name(seat)
        s = self.rec.seats[seat]
        if s.kind == "person" and not s.token_hash:
            return (
                f"It is {name}'s turn, and nobody sits there yet: a classmate joins with the "
                f"table code {self.code}"
            )
        return f"It is {name}'s turn: {s.name} plays it on another device — wait for their move"

    def shared_with(self, seats: list[int]) -> str:
        """The people at this table on other devices than ``seats``' ("" if none)."""
        others = [s for s in self.rec.seats if s.kind == "person" and s.seat not in seats]
        return " and ".join(s.name or self.game.seat_name(s.seat) for s in others)

    def summary(self) -> dict:
        """What the teacher's page lists for this table."""
        g = self.game
        seat = g.current_player
        turn = ""
        if isinstance(seat, int) and seat is not CHANCE:
            turn = f"{g.seat_name(seat)} ({self.who(seat)})"
        people = [b for b in self.boards if b.seats]
        online = {k for b in people for k in b.seats}
        seats = [
            {
                "seat": s.seat,
                "name": g.seat_name(s.seat),
                "who": self.who(s.seat),
                "kind": s.kind,
                "open": s.kind == "person" and not s.token_hash,
                "online": s.kind == "bot" or s.seat in online,
            }
            for s in self.rec.seats
        ]
        over = g.current_player is None
        idle = time.time() - self.last_move
        return {
            "id": self.id,
            "code": self.code,
            "game": self.settings.game,
            "title": self.title,
            "option": self.settings.option,
            "ai": self.settings.ai,
            "round": self.rec.round,
            "seats": seats,
            "moves": len(self._stored),
            "turn": turn,
            "finished": over,
            "result": g.situation() if over else "",
            "thinking": self.thinking is not None,
            "idle_s": round(idle),
            "waiting": bool(self.open_seats()),
            "left": self.left,
            "stuck": (not over and self.thinking is None and idle > 120),
        }

    # ---------------------------------------------------------- devices
    async def attach(self, seats: Iterable[int], device: Device) -> SeatBoard:
        """A device's board (made under the table's lock: it never sees a
        move before that move is stored)."""
        async with self.lock:
            board = SeatBoard(self, seats, device, playback=self.playback)
            self.boards[board] = device
        self.poke()
        return board

    def detach(self, board: SeatBoard) -> None:
        self.boards.pop(board, None)
        board.close()

    async def take_seat(self, seat: int, name: str, token_hash_: str) -> None:
        """A person sits at an open seat (stored before it is said)."""
        s = self.rec.seats[seat]
        await self.store.set_seat(self.id, SeatRecord(seat, s.kind, name, token_hash_))
        s.name, s.token_hash = name, token_hash_
        self._redraw_all()
        self.on_change(self)

    async def free_seats(self, seats: list[int]) -> None:
        """A person left a game that goes on. With classmates still at the
        table, their seats are open again, for a classmate to join with the
        table's code; alone against bots, the table is left as it is (the
        teacher's page says so)."""
        async with self.lock:
            if self.game.current_player is None:
                return
            others = [
                s for s in self.rec.seats if s.kind == "person" and s.seat not in seats and s.token_hash
            ]
            if not others:
                self.left = ", ".join(self.rec.seats[k].name for k in seats if self.rec.seats[k].name)
                return
            for k in seats:
                s = self.rec.seats[k]
                await self.store.set_seat(self.id, SeatRecord(k, s.kind, "", ""))
                s.name, s.token_hash = "", ""
            self._redraw_all()
        self.on_change(self)

    # --------------------------------------------------------- requests
    async def request(self, board: SeatBoard, content: Any) -> None:
        """A device's request, done under the table's lock; its answer and
        every board's change are sent once the game is stored."""
        async with self.lock:
            devices = list(self.boards.values())
            for d in devices:
                d.hold()
            try:
                n0 = len(self.game.log)
                board.handle(content)
                if not await self._stored_or_undone(board, n0):
                    # its answer (held) said ok: the page gets its whole board
                    # again instead, answering "not played"
                    rid = content.get("id") if isinstance(content, dict) else None
                    with board._batch():
                        board.reply = {
                            "n": board._replies,
                            "id": rid if isinstance(rid, str) else None,
                            "ok": False,
                            "error": board.error,
                        }
                    device = self.boards.get(board)
                    if device is not None:
                        device.outbox = [board.opening()]
            finally:
                for d in devices:
                    d.release()
        self.poke()

    async def _stored_or_undone(self, mover: SeatBoard | None, n0: int) -> bool:
        """Store what changed; tell the other boards. A change the store
        cannot keep is taken back and said (returns False)."""
        before = list(self._stored)
        try:
            changed = await self._persist()
        except Exception as exc:
            log.exception("table %s: storing failed", self.code)
            self._rebuild_from(before)
            for b in self.boards:
                b.followed(None, [])
                b.error = (
                    f"The move could not be kept (the class's store failed: {type(exc).__name__}); "
                    "it was not played"
                )
                b.redraw()
            return False
        if not changed:
            return True
        log_now = self.game.log
        shrank = len(log_now) < n0 or (len(self._stored) < len(before))
        events = [ev for e in log_now[n0:] for ev in e.events] if not shrank else []
        mover_seat = log_now[n0].player if (not shrank and n0 < len(log_now)) else None
        self._job += 1  # a bot's answer for the old game is stale
        self.thinking = None
        for b in self.boards:
            if b is mover:
                continue
            if shrank or not isinstance(mover_seat, int):
                b.followed(None, [])
            else:
                b.followed(mover_seat, events)
        self.on_change(self)
        return True

    async def _persist(self) -> bool:
        """Write the players' actions that differ from what is stored."""
        now = player_entries(self.game)
        old = self._stored
        k = 0
        while k < len(now) and k < len(old) and now[k] == old[k]:
            k += 1
        if k == len(now) == len(old):
            return False
        digests = self._digests(len(now) - k) if len(now) > k else []
        at = time.time()
        over = self.game.current_player is None
        finished = (self.rec.finished or at, self.game.situation()) if over else None
        # one transaction: what an undo forgets, the new actions, the result
        await self.store.record(
            self.id,
            k,
            [ActionRecord(k + i, seat, action, digests[i], at) for i, (seat, action) in enumerate(now[k:])],
            finished,
        )
        if len(now) > k:
            self.last_move = at
        self._stored = now
        self.changes += 1
        self.rec.finished, self.rec.result = finished if finished is not None else (None, None)
        return True

    def _digests(self, n: int) -> list[str]:
        """The digests of the positions the last ``n`` players' actions led to."""
        log_ = self.game.log
        idx = [i for i, e in enumerate(log_) if e.player is not CHANCE][-n:]
        out = []
        for j in range(len(idx)):
            nxt = idx[j + 1] if j + 1 < len(idx) else None
            out.append(digest(self.game.state if nxt is None else self.game.state_before(nxt)))
        return out

    def _rebuild_from(self, stored: list[tuple[int, str]]) -> None:
        self._job += 1  # a bot's answer for the game taken back is stale
        self.thinking = None
        game = new_game(self.settings)
        for _seat, action in stored:
            game.apply(action)
        self.game = game
        for b in self.boards:
            b.game = game

    def _redraw_all(self) -> None:
        for b in list(self.boards):
            b.redraw()

    # ------------------------------------------------------------- bots
    def poke(self) -> None:
        """If a bot is to move and none is thinking, start its thinking."""
        if self.closed or self.lock.locked() or (self._task is not None and not self._task.done()):
            return
        seat = self.game.current_player
        if not isinstance(seat, int) or seat is CHANCE or seat not in self.bots:
            return
        if self._failed_at == self.changes:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return
        self._task = loop.create_task(self._bot_turn(seat))

    async def _bot_turn(self, seat: int) -> None:
        try:
            await self._bot_move(seat)
        finally:
            if self._task is asyncio.current_task():
                self._task = None
            if not self.closed:
                asyncio.get_running_loop().call_soon(self.poke)

    async def _bot_move(self, seat: int) -> None:
        job = self._job = self._job + 1
        bot = self.bots[seat]
        sight = self.game.copy(history=False)
        self.thinking = seat
        self._redraw_all()
        self.on_change(self)
        try:
            action, after = await self.pool.think(bot, sight)
        except Exception as exc:
            async with self.lock:
                if job == self._job:
                    self.thinking = None
                    self._failed_at = self.changes
                    for b in self.boards:
                        b.error = f"{self.game.seat_name(seat)} (bot) failed: {type(exc).__name__}: {exc}"[
                            :300
                        ]
                        b.redraw()
            return
        async with self.lock:
            if job != self._job or self.closed:
                return  # the game changed meanwhile; poke asks again
            self.thinking = None
            bot.__dict__.update(after.__dict__)
            devices = list(self.boards.values())
            for d in devices:
                d.hold()
            try:
                try:
                    events = list(self.game.apply(action))
                except BoardkitError as exc:
                    self._failed_at = self.changes
                    for b in self.boards:
                        b.error = f"{self.game.seat_name(seat)} (bot) failed: {exc}"[:300]
                        b.redraw()
                    return
                try:
                    await self._persist()
                except Exception:
                    log.exception("table %s: storing a bot's move failed", self.code)
                    self._rebuild_from(self._stored)
                    self._failed_at = self.changes
                    for b in self.boards:
                        b.followed(None, [])
                    return
                for b in self.boards:
                    b.followed(seat, events)
            finally:
                for d in devices:
                    d.release()
        self.on_change(self)

    def close(self) -> None:
        self.closed = True
        self._job += 1
        for b in list(self.boards):
            self.detach(b)
