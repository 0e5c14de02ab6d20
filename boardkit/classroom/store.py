"""Where a class's games are kept: a small store interface and its SQLite
implementation (the standard library's ``sqlite3``, one file, WAL mode).

Nothing a class plays is lost: the class server acknowledges an action
only once :meth:`Store.append` has committed it. A table is kept as its
settings, its seats and the list of its players' actions; the game is
rebuilt by replaying them (chance is seeded and keyed by the event's
number, so the same actions give the same game), and each action carries
a digest of the position it led to, which the replay checks.

The SQLite store has one writer thread that owns the connection and
commits whatever was asked within the same few milliseconds in one
transaction (a *group commit*); the event loop awaits a future the thread
resolves. ``synchronous=NORMAL`` in WAL mode keeps every committed
transaction through a crash of the server (SIGKILL included); only a power
loss of the machine could take back the last ones (``durable=True`` syncs
every commit: ``synchronous=FULL``).

A server database could implement the same interface (:class:`Store`).
"""

from __future__ import annotations

import asyncio
import json
import queue
import sqlite3
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

__all__ = ["Store", "SqliteStore", "TableRecord", "SeatRecord", "ActionRecord", "FILE_NAME"]

#: The store's file in the class folder.
FILE_NAME = "class.sqlite"

SCHEMA = """
CREATE TABLE IF NOT EXISTS meta(key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS rounds(id INTEGER PRIMARY KEY, started REAL NOT NULL, activity TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS tables(
    id TEXT PRIMARY KEY, code TEXT NOT NULL UNIQUE, round INTEGER NOT NULL, created REAL NOT NULL,
    settings TEXT NOT NULL, finished REAL, result TEXT);
CREATE TABLE IF NOT EXISTS seats(
    table_id TEXT NOT NULL, seat INTEGER NOT NULL, kind TEXT NOT NULL, name TEXT NOT NULL,
    token_hash TEXT NOT NULL, PRIMARY KEY(table_id, seat));
CREATE TABLE IF NOT EXISTS actions(
    table_id TEXT NOT NULL, seq INTEGER NOT NULL, seat INTEGER NOT NULL, action TEXT NOT NULL,
    digest TEXT NOT NULL, at REAL NOT NULL, PRIMARY KEY(table_id, seq));
"""


@dataclass
class SeatRecord:
    """Who sits at a seat: ``kind`` is ``"person"`` (with the hash of the
    device's seat token; "" while the seat is open) or ``"bot"``."""

    seat: int
    kind: str
    name: str = ""
    token_hash: str = ""


@dataclass
class ActionRecord:
    seq: int
    seat: int
    action: str
    digest: str
    at: float = 0.0


@dataclass
class TableRecord:
    """A table as stored: its settings (plain JSON), seats and actions."""

    id: str
    code: str
    round: int
    created: float
    settings: dict
    seats: list[SeatRecord] = field(default_factory=list)
    actions: list[ActionRecord] = field(default_factory=list)
    finished: float | None = None
    result: str | None = None


class Store(Protocol):
    """What the class server needs of a store. Every coroutine returns
    once what it wrote is committed."""

    async def create_table(self, rec: TableRecord) -> None: ...
    async def set_seat(self, table_id: str, seat: SeatRecord) -> None: ...
    async def record(
        self, table_id: str, keep: int, actions: list[ActionRecord], finished: tuple[float, str] | None
    ) -> None: ...
    async def new_round(self, activity: dict) -> int: ...
    async def set_meta(self, key: str, value: str) -> None: ...
    def meta(self, key: str) -> str | None: ...
    def rounds(self) -> list[tuple[int, float, dict]]: ...
    def tables(self, round: int | None = None) -> list[TableRecord]: ...
    def close(self) -> None: ...


class _Op:
    __slots__ = ("statements", "future", "loop", "result")

    def __init__(self, statements: list[tuple[str, tuple]], loop: asyncio.AbstractEventLoop | None):
        self.statements = statements
        self.loop = loop
        self.future: asyncio.Future | None = loop.create_future() if loop else None
        self.result: Any = None


class SqliteStore:
    """The class's games in one SQLite file (see the module's docstring)."""

    #: Seconds the writer waits for more work before committing a group.
    GROUP_WINDOW = 0.002

    def __init__(self, path: str | Path, *, durable: bool = False):
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._durable = durable
        self._queue: queue.Queue[_Op | None] = queue.Queue()
        self._ready = threading.Event()
        self._failed: BaseException | None = None
        self._thread = threading.Thread(target=self._writer, name="boardkit-store", daemon=True)
        self._thread.start()
        self._ready.wait()
        if self._failed is not None:
            raise self._failed
        # readers: a connection of their own (WAL lets them read while the writer writes)
        self._read = self._connect()
        self._read_lock = threading.Lock()
        self.commits = 0  # transactions committed (a group counts once)

    def _connect(self) -> sqlite3.Connection:
        con = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False, timeout=30)
        con.execute("PRAGMA journal_mode=WAL")
        con.execute(f"PRAGMA synchronous={'FULL' if self._durable else 'NORMAL'}")
        con.execute("PRAGMA busy_timeout=30000")
        con.execute("PRAGMA foreign_keys=OFF")
        return con

    # ------------------------------------------------------------ writer
    def _writer(self) -> None:
        try:
            con = self._connect()
            con.executescript(SCHEMA)
        except BaseException as exc:  # reported by __init__
            self._failed = exc
            self._ready.set()
            return
        self._ready.set()
        while True:
            op = self._queue.get()
            if op is None:
                break
            group = [op]
            deadline = time.monotonic() + self.GROUP_WINDOW
            stop = False
            while True:
                try:
                    more = self._queue.get(timeout=max(0.0, deadline - time.monotonic()))
                except queue.Empty:
                    break
                if more is None:
                    stop = True
                    break
                group.append(more)
            self._commit(con, group)
            if stop:
                break
        con.close()

    def _commit(self, con: sqlite3.Connection, group: list[_Op]) -> None:
        """One transaction for the group; each write in a savepoint of its
        own, so a write that fails fails alone (its caller is told) and the
        others are kept."""
        errors: list[BaseException | None] = [None] * len(group)
        try:
            con.execute("BEGIN IMMEDIATE")
            for k, op in enumerate(group):
                con.execute("SAVEPOINT op")
                try:
                    for sql, args in op.statements:
                        cur = con.execute(sql, args)
                        op.result = cur.lastrowid
                    con.execute("RELEASE op")
                except sqlite3.Error as exc:
                    errors[k] = exc
                    con.execute("ROLLBACK TO op")
                    con.execute("RELEASE op")
            con.execute("COMMIT")
            self.commits += 1
        except BaseException as exc:
            errors = [exc] * len(group)
            try:
                con.execute("ROLLBACK")
            except sqlite3.Error:
                pass
        for op, error in zip(group, errors):
            if op.loop is None or op.future is None:
                continue
            try:
                op.loop.call_soon_threadsafe(_settle, op.future, error, op.result)
            except RuntimeError:
                pass  # the loop is closed

    async def _write(self, statements: list[tuple[str, tuple]]) -> Any:
        if self._failed is not None or not self._thread.is_alive():
            raise RuntimeError("the class store is closed")
        op = _Op(statements, asyncio.get_running_loop())
        self._queue.put(op)
        assert op.future is not None
        return await op.future

    # ------------------------------------------------------------ writes
    async def create_table(self, rec: TableRecord) -> None:
        st: list[tuple[str, tuple]] = [
            (
                "INSERT INTO tables(id, code, round, created, settings) VALUES (?, ?, ?, ?, ?)",
                (rec.id, rec.code, rec.round, rec.created, json.dumps(rec.settings)),
            )
        ]
        st += [
            (
                "INSERT INTO seats(table_id, seat, kind, name, token_hash) VALUES (?, ?, ?, ?, ?)",
                (rec.id, s.seat, s.kind, s.name, s.token_hash),
            )
            for s in rec.seats
        ]
        await self._write(st)

    async def set_seat(self, table_id: str, seat: SeatRecord) -> None:
        await self._write(
            [
                (
                    "INSERT OR REPLACE INTO seats(table_id, seat, kind, name, token_hash) "
                    "VALUES (?, ?, ?, ?, ?)",
                    (table_id, seat.seat, seat.kind, seat.name, seat.token_hash),
                )
            ]
        )

    async def record(
        self, table_id: str, keep: int, actions: list[ActionRecord], finished: tuple[float, str] | None
    ) -> None:
        """In one transaction: keep the first ``keep`` actions (an undo forgets
        the rest), add ``actions``, and mark the game finished (when, and its
        result) or not."""
        st: list[tuple[str, tuple]] = [
            ("DELETE FROM actions WHERE table_id = ? AND seq >= ?", (table_id, keep))
        ]
        st += [
            (
                "INSERT INTO actions(table_id, seq, seat, action, digest, at) VALUES (?, ?, ?, ?, ?, ?)",
                (table_id, a.seq, a.seat, a.action, a.digest, a.at or time.time()),
            )
            for a in actions
        ]
        when, result = finished if finished is not None else (None, None)
        st.append(("UPDATE tables SET finished = ?, result = ? WHERE id = ?", (when, result, table_id)))
        await self._write(st)

    async def new_round(self, activity: dict) -> int:
        return int(
            await self._write(
                [("INSERT INTO rounds(started, activity) VALUES (?, ?)", (time.time(), json.dumps(activity)))]
            )
        )

    async def set_meta(self, key: str, value: str) -> None:
        await self._write([("INSERT OR REPLACE INTO meta(key, value) VALUES (?, ?)", (key, value))])

    # ------------------------------------------------------------- reads
    def _rows(self, sql: str, args: tuple = ()) -> list[tuple]:
        with self._read_lock:
            return self._read.execute(sql, args).fetchall()

    def meta(self, key: str) -> str | None:
        rows = self._rows("SELECT value FROM meta WHERE key = ?", (key,))
        return rows[0][0] if rows else None

    def rounds(self) -> list[tuple[int, float, dict]]:
        return [
            (i, t, json.loads(a))
            for i, t, a in self._rows("SELECT id, started, activity FROM rounds ORDER BY id")
        ]

    def tables(self, round: int | None = None) -> list[TableRecord]:
        """Every table (of one round), with its seats and actions, oldest first."""
        where, args = ("WHERE round = ?", (round,)) if round is not None else ("", ())
        recs: dict[str, TableRecord] = {}
        for tid, code, rnd, created, settings, finished, result in self._rows(
            f"SELECT id, code, round, created, settings, finished, result FROM tables {where} "
            "ORDER BY created, id",
            args,
        ):
            recs[tid] = TableRecord(
                tid, code, rnd, created, json.loads(settings), finished=finished, result=result
            )
        if not recs:
            return []
        for tid, seat, kind, name, token_hash in self._rows(
            "SELECT table_id, seat, kind, name, token_hash FROM seats ORDER BY table_id, seat"
        ):
            if tid in recs:
                recs[tid].seats.append(SeatRecord(seat, kind, name, token_hash))
        for tid, seq, seat, action, digest, at in self._rows(
            "SELECT table_id, seq, seat, action, digest, at FROM actions ORDER BY table_id, seq"
        ):
            if tid in recs:
                recs[tid].actions.append(ActionRecord(seq, seat, action, digest, at))
        return list(recs.values())

    def close(self) -> None:
        if self._thread.is_alive():
            self._queue.put(None)
            self._thread.join(30)
        with self._read_lock:
            self._read.close()


def _settle(future: asyncio.Future, error: BaseException | None, result: Any) -> None:
    if future.done():
        return
    if error is not None:
        future.set_exception(error)
    else:
        future.set_result(result)


def open_store(folder: str | Path, **kwargs: Any) -> SqliteStore:
    """The store of the class kept in ``folder`` (made if need be)."""
    return SqliteStore(Path(folder) / FILE_NAME, **kwargs)
