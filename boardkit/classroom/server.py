"""The class server: one tornado process holds every table of a class.

Pages (no Jupyter front-end; plain files from ``widgets/``):

* ``/`` — the students' page: a name, then *Start a table* (the teacher's
  activity, or a game the student picks when the activity is open) or
  *Join a table* with its four-letter code. The board is the notebook's
  board module (``board.js``) on a small host (``host.js``).
* ``/teacher`` — the teacher's page (``#key=…``, the key the class command
  prints): every table live, Present for one table, the activity (game,
  option, bots' level, locked or open) and a new round.

One WebSocket per page (``/ws``, ``/teacher/ws``). A page sends JSON text
messages; the server answers with JSON text (the lobby, the table, a
refusal in one sentence) and with the board's model messages as binary
frames (see ``widgets/host.js``). Every message is bounded (size, rate);
a hostile, stale or oversized one is refused in one sentence and changes
nothing.
"""

from __future__ import annotations

import asyncio
import json
import logging
import re
import secrets
import time
import uuid
from collections import deque
from dataclasses import replace
from pathlib import Path
from typing import Any

import tornado.web
import tornado.websocket

from ..play import GAMES, LEVEL_NAMES, Settings, parse_query
from ..widget.board import widget_file
from ..widget.messages import pack_frame
from .replay import rebuild, settings_json, settings_of
from .store import SeatRecord, SqliteStore, TableRecord
from .tables import (
    BotPool,
    ClassTable,
    Device,
    SeatBoard,
    new_code,
    new_token,
    token_hash,
)

log = logging.getLogger("boardkit.classroom")

#: The largest message a page may send (bytes).
MAX_MESSAGE = 16 * 1024
#: Messages a page may send in a burst, and per second after it.
BURST, RATE = 40, 20.0
#: Wrong table codes a page (and all pages from one address) may try before
#: it must wait a minute.
MAX_WRONG_CODES = 10
MAX_WRONG_CODES_ADDRESS = 40
#: Seconds between two tables started from one page; tables in one round.
START_EVERY = 2.0
MAX_TABLES = 400
MAX_NAME = 24
#: The pages' files (served from ``widgets/``).
FILES = (
    "board.js",
    "board.css",
    "host.js",
    "class.js",
    "class.css",
    "class.html",
    "teacher.html",
    "teacher.js",
)
CLASS_RULE = "BK-class"


def clean_name(value: Any) -> str:
    """A student's name as typed (printable, at most 24 characters), or ""."""
    if not isinstance(value, str):
        return ""
    text = re.sub(r"\s+", " ", "".join(ch for ch in value if ch.isprintable())).strip()
    return text[:MAX_NAME]


class Refused(Exception):
    """A page's message refused in one sentence."""


class ClassServer:
    """Every table of the class, its store and its bots."""

    def __init__(
        self,
        folder: str | Path,
        *,
        workers: int | None = None,
        playback: float | None = None,
        pool: BotPool | None = None,
        durable: bool = False,
        student_seeds: bool = False,
    ):
        self.folder = Path(folder)
        self.store = SqliteStore(self.folder / "class.sqlite", durable=durable)
        self.pool = pool or BotPool(workers)
        self.playback = playback
        self.tables: dict[str, ClassTable] = {}
        self.by_code: dict[str, ClassTable] = {}
        self.students: set[StudentSocket] = set()
        self.teachers: set[TeacherSocket] = set()
        self.teacher_key = ""
        self.round = 0
        self.activity: dict = {"query": "", "locked": False}
        self._announce: asyncio.Handle | None = None
        self.started = time.time()
        #: a student's link may fix the seed (tests and examples only)
        self.student_seeds = student_seeds
        self.wrong_codes: dict[str, deque[float]] = {}
        #: stored tables that could not be rebuilt: their codes stay taken,
        #: their seats' tokens are recognised, the teacher's page lists them
        self.unresumed: list[TableRecord] = []

    # ------------------------------------------------------------ start
    async def start(self) -> None:
        """Open the store; resume every table of the class."""
        key = self.store.meta("teacher_key")
        if not key:
            key = secrets.token_urlsafe(12)
            await self.store.set_meta("teacher_key", key)
        self.teacher_key = key
        activity = self.store.meta("activity")
        if activity:
            self.activity = json.loads(activity)
        rounds = self.store.rounds()
        self.round = rounds[-1][0] if rounds else await self.store.new_round(self.activity)
        for rec in self.store.tables():
            try:
                settings = settings_of(rec.settings)
                game = rebuild(settings, rec.actions)
            except Exception as exc:  # a table that cannot be rebuilt is said, not fatal
                log.error("table %s cannot be resumed: %s", rec.code, exc)
                rec.result = f"could not be resumed: {exc}"[:200]
                self.unresumed.append(rec)
                continue
            self._add(
                ClassTable(
                    rec, game, settings, self.store, self.pool, on_change=self.changed, playback=self.playback
                )
            )
        await self.pool.warm()

    def unresumed_seat(self, token: str) -> bool:
        """``token`` is a seat's at a table that could not be resumed."""
        if not isinstance(token, str) or not 10 <= len(token) <= 64:
            return False
        th = token_hash(token)
        return any(
            s.token_hash and secrets.compare_digest(s.token_hash, th)
            for rec in self.unresumed
            for s in rec.seats
        )

    def tables_this_round(self) -> int:
        return sum(1 for t in self.tables.values() if t.rec.round == self.round)

    def taken_codes(self) -> set[str]:
        return set(self.by_code) | {rec.code for rec in self.unresumed}

    def _add(self, table: ClassTable) -> None:
        self.tables[table.id] = table
        self.by_code[table.code] = table

    async def close(self) -> None:
        for s in list(self.students) + list(self.teachers):
            s.close(1001, "the class server is stopping")
        for t in self.tables.values():
            t.close()
        self.pool.close()
        self.store.close()

    # ---------------------------------------------------------- activity
    def activity_settings(self) -> tuple[Settings, list[str]]:
        return parse_query(self.activity.get("query", ""))

    def lobby(self) -> dict:
        s, problems = self.activity_settings()
        return {
            "t": "lobby",
            "locked": bool(self.activity.get("locked")),
            "activity": self._describe(s),
            "query": self.activity.get("query", ""),
            "round": self.round,
            "games": [
                {
                    "name": c.name,
                    "title": c.title,
                    "min": c.min_players,
                    "max": c.max_players,
                    "players": c.players,
                    "option": (
                        {"key": c.option[0], "label": c.option_label,
                         "values": [[k, v] for k, v in c.option[2].items()]}
                        if c.option
                        else None
                    ),
                    "levels": [[k, f"{LEVEL_NAMES[k]} ({c.levels[k]})"] for k in sorted(c.levels)],
                }
                for c in GAMES.values()
            ],
        }

    def _describe(self, s: Settings) -> dict:
        c = s.choice
        option = ""
        if c.option is not None and s.option is not None:
            option = next((k for k, v in c.option[2].items() if v == s.option), str(s.option))
        return {
            "game": s.game,
            "title": c.title,
            "players": s.players,
            "seats": list(s.seats),
            "ai": s.ai,
            "level": LEVEL_NAMES[s.ai],
            "option": option,
        }

    async def set_activity(self, query: str, locked: bool) -> list[str]:
        settings, problems = parse_query(query)
        if problems:
            return problems
        self.activity = {"query": query, "locked": bool(locked)}
        await self.store.set_meta("activity", json.dumps(self.activity))
        self.changed(None)
        for s in list(self.students):
            if s.board is None:
                s.send_json(self.lobby())
        return []

    async def new_round(self) -> int:
        self.round = await self.store.new_round(self.activity)
        for s in list(self.students):
            s.send_json({"t": "round", "round": self.round})
            if s.board is None:
                s.send_json(self.lobby())
        self.changed(None)
        return self.round

    # ------------------------------------------------------------ tables
    async def new_table(
        self, settings: Settings, name: str, hotseat: bool
    ) -> tuple[ClassTable, str, list[int]]:
        """A new table of ``settings``: this device sits at the first person
        seat (and, hot seat, at every person seat); the others wait for
        classmates. Returns the table, the device's token and its seats."""
        token = new_token()
        th = token_hash(token)
        people = [k for k, kind in enumerate(settings.seats) if kind == "person"]
        mine = people if hotseat else people[:1]
        seats = []
        for k, kind in enumerate(settings.seats):
            if kind == "bot":
                seats.append(SeatRecord(k, "bot", "", ""))
            else:
                seats.append(SeatRecord(k, "person", name if k in mine else "", th if k in mine else ""))
        rec = TableRecord(
            uuid.uuid4().hex,
            new_code(self.taken_codes()),
            self.round,
            time.time(),
            settings_json(settings),
            seats,
        )
        game = rebuild(settings, [])
        await self.store.create_table(rec)
        table = ClassTable(
            rec, game, settings, self.store, self.pool, on_change=self.changed, playback=self.playback
        )
        self._add(table)
        self.changed(table)
        return table, token, mine

    def seat_of(self, token: str) -> tuple[ClassTable, list[int]] | None:
        if not isinstance(token, str) or not 10 <= len(token) <= 64:
            return None
        th = token_hash(token)
        for table in self.tables.values():
            seats = table.seats_of(th)
            if seats:
                return table, seats
        return None

    def changed(self, table: ClassTable | None) -> None:
        """Something the teacher's page or a table's devices show changed
        (sent within a fraction of a second, once)."""
        if table is not None:
            info = self.table_info(table)
            for s in list(self.students):
                if s.table is table:
                    s.send_json({"t": "table", **info, "you": s.seats})
        if self._announce is None and self.teachers:
            try:
                loop = asyncio.get_running_loop()
            except RuntimeError:
                return
            self._announce = loop.call_later(0.3, self._announce_now)

    def _announce_now(self) -> None:
        self._announce = None
        msg = self.class_view()
        for t in list(self.teachers):
            t.send_json(msg)

    def table_info(self, table: ClassTable) -> dict:
        g = table.game
        c = GAMES[table.settings.game]
        return {
            "code": table.code,
            "game": table.settings.game,
            "title": table.title,
            "seats": [
                {
                    "seat": s.seat,
                    "name": g.seat_name(s.seat),
                    "who": table.who(s.seat),
                    "kind": s.kind,
                    "open": s.kind == "person" and not s.token_hash,
                }
                for s in table.rec.seats
            ],
            "notebook": c.notebook,
            "round": table.rec.round,
            "finished": g.current_player is None,
        }

    def class_view(self) -> dict:
        s, _ = self.activity_settings()
        # this round's tables, and earlier rounds' games still going
        tables = [
            t.summary()
            for t in self.tables.values()
            if t.rec.round == self.round or (t.game.current_player is not None and not t.left)
        ]
        tables.sort(key=lambda t: (t["finished"], t["code"]))
        return {
            "t": "class",
            "round": self.round,
            "activity": self._describe(s),
            "query": self.activity.get("query", ""),
            "locked": bool(self.activity.get("locked")),
            "students": len([x for x in self.students if x.board is not None]),
            "tables": tables,
            "earlier": len(
                [
                    t
                    for t in self.tables.values()
                    if t.rec.round != self.round and (t.game.current_player is None or t.left)
                ]
            ),
            "unresumed": [{"code": r.code, "why": r.result} for r in self.unresumed],
        }


# ----------------------------------------------------------------- sockets
class _Socket(tornado.websocket.WebSocketHandler):
    """What both pages' sockets share: bounded messages, JSON out."""

    server: ClassServer

    def initialize(self, server: ClassServer) -> None:
        self.server = server
        self.tokens = float(BURST)
        self.stamp = time.monotonic()
        self.board: SeatBoard | None = None
        self.table: ClassTable | None = None
        self.seats: list[int] = []
        self.device: Device | None = None
        self.gone = False

    def get_compression_options(self) -> dict | None:
        return None  # (the pictures travel deflated already)

    def send_json(self, msg: dict) -> None:
        self._write(json.dumps(msg, ensure_ascii=False), False)

    def _write(self, data: str | bytes, binary: bool) -> None:
        if self.gone:
            return
        try:
            fut = self.write_message(data, binary=binary)
        except tornado.websocket.WebSocketClosedError:
            self.gone = True
            return
        fut.add_done_callback(_ignore)

    def _frame(self, msg: dict, buffers: list) -> None:
        self._write(pack_frame(msg, buffers), True)

    def refuse(self, text: str) -> None:
        self.send_json({"t": "refused", "text": text, "rule": CLASS_RULE})

    def _allowed(self) -> bool:
        now = time.monotonic()
        self.tokens = min(float(BURST), self.tokens + (now - self.stamp) * RATE)
        self.stamp = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True

    def _read(self, message: str | bytes) -> dict | None:
        if not self._allowed():
            self._too_many(message)
            return None
        if isinstance(message, bytes):
            self.refuse("This page speaks JSON text only; the message was ignored.")
            return None
        try:
            msg = json.loads(message)
        except (ValueError, RecursionError):
            self.refuse("That message is not JSON; it was ignored.")
            return None
        if not isinstance(msg, dict) or not isinstance(msg.get("t"), str):
            self.refuse('A message is an object with a kind ("t"); it was ignored.')
            return None
        return msg

    def _too_many(self, message: str | bytes) -> None:
        """Refuse a message past the rate: a board request is answered as
        the board answers (its page waits for that answer), anything else
        in one sentence."""
        text = "Too many clicks at once: wait a moment, then click again."
        rid = None
        if isinstance(message, str) and len(message) <= MAX_MESSAGE and self.board is not None:
            try:
                content = json.loads(message).get("content")
                rid = content.get("id") if isinstance(content, dict) else None
            except (ValueError, AttributeError, RecursionError):
                rid = None
        if isinstance(rid, str) and len(rid) <= 64:
            self._frame(
                {
                    "method": "update",
                    "state": {"reply": {"n": -1, "id": rid, "ok": False, "error": text}},
                    "buffer_paths": [],
                },
                [],
            )
        else:
            self.refuse(text)

    async def watch(self, table: ClassTable, seats: list[int]) -> None:
        """Show ``table``'s board from ``seats``' side (none: a spectator)."""
        self.unwatch()
        self.device = device = Device(self._frame)
        self.table, self.seats = table, seats
        device.hold()  # (what the board says while it is made: in the opening)
        self.board = await table.attach(seats, device)
        device.outbox = None
        msg, buffers = self.board.opening()
        self._frame(msg, buffers)
        device.release()

    def unwatch(self) -> None:
        if self.board is not None and self.table is not None:
            self.table.detach(self.board)
        self.board, self.table, self.seats, self.device = None, None, [], None

    def on_close(self) -> None:
        self.gone = True
        self.unwatch()


def _ignore(fut: Any) -> None:
    try:
        fut.result()
    except Exception:
        pass


class StudentSocket(_Socket):
    """A student's page: the lobby, then one seat (or more: hot seat)."""

    def open(self) -> None:
        self.server.students.add(self)
        self.wrong_codes: deque[float] = deque()
        self.last_start = -START_EVERY

    def on_close(self) -> None:
        super().on_close()
        self.server.students.discard(self)
        if self.table is not None:
            self.server.changed(self.table)

    async def on_message(self, message: str | bytes) -> None:
        msg = self._read(message)
        if msg is None:
            return
        kind = msg["t"]
        try:
            if kind == "hello":
                await self._hello(msg.get("token"))
            elif kind == "start":
                await self._start(msg)
            elif kind == "join":
                await self._join(msg)
            elif kind == "msg":
                await self._board_message(msg.get("content"))
            elif kind == "leave":
                table, seats = self.table, list(self.seats)
                self.unwatch()
                if table is not None:
                    # a game that goes on keeps its seat open for a classmate
                    await table.free_seats(seats)
                    self.server.changed(table)
                self.send_json(self.server.lobby())
            else:
                raise Refused(f"This page cannot ask for {str(kind)[:20]!r}; it was ignored.")
        except Refused as exc:
            self.refuse(str(exc))

    async def _hello(self, token: Any) -> None:
        found = self.server.seat_of(token) if token else None
        if found is None:
            if token and self.server.unresumed_seat(token):
                self.refuse(
                    "Your table could not be brought back after the server restarted; "
                    "your teacher's page says so. Start or join another table."
                )
            elif token:
                self.send_json({"t": "forget"})
            self.send_json(self.server.lobby())
            return
        table, seats = found
        for other in list(self.server.students):  # the same seat opened again: this page takes it
            if other is not self and other.table is table and set(other.seats) & set(seats):
                other.send_json({"t": "moved"})
                other.unwatch()
        await self._seated(table, seats, None)

    async def _seated(self, table: ClassTable, seats: list[int], token: str | None) -> None:
        msg: dict[str, Any] = {"t": "seated", **self.server.table_info(table), "you": seats}
        if token:
            msg["token"] = token
        self.send_json(msg)
        await self.watch(table, seats)
        self.server.changed(table)

    def _name(self, msg: dict) -> str:
        name = clean_name(msg.get("name"))
        if not name:
            raise Refused(
                "Type your name first (up to 24 letters), so your classmates and your teacher know who plays."
            )
        return name

    async def _start(self, msg: dict) -> None:
        if self.board is not None:
            raise Refused("You already sit at a table: leave it first.")
        name = self._name(msg)
        if self.server.activity.get("locked"):
            settings, _ = self.server.activity_settings()
        else:
            query = msg.get("query", "")
            if not isinstance(query, str) or len(query) > 500:
                raise Refused("The game's settings could not be read; choose the game again.")
            settings, problems = parse_query(query)
            if problems:
                raise Refused(problems[0])
        # the deal and the dice follow from the seed: a student never chooses it
        # (one who did could work out a classmate's hand); a teacher's activity may
        fixed = self.server.activity.get("locked") and "seed=" in self.server.activity.get("query", "")
        if not fixed and not (self.server.student_seeds and "seed=" in str(msg.get("query", ""))):
            settings = replace(settings, seed=secrets.randbelow(1_000_000))
        now = time.monotonic()
        if now - self.last_start < START_EVERY:
            raise Refused("A new table was just started from this page: wait a moment.")
        if self.server.tables_this_round() >= MAX_TABLES:
            raise Refused(
                f"This round has {MAX_TABLES} tables already: ask your teacher to start a new round."
            )
        self.last_start = now
        table, token, seats = await self.server.new_table(settings, name, bool(msg.get("hotseat")))
        await self._seated(table, seats, token)

    async def _join(self, msg: dict) -> None:
        if self.board is not None:
            raise Refused("You already sit at a table: leave it first.")
        name = self._name(msg)
        now = time.monotonic()
        wrong = self.server.wrong_codes.setdefault(self.request.remote_ip or "", deque())
        while wrong and now - wrong[0] > 60:
            wrong.popleft()
        while self.wrong_codes and now - self.wrong_codes[0] > 60:
            self.wrong_codes.popleft()
        if len(self.wrong_codes) >= MAX_WRONG_CODES or len(wrong) >= MAX_WRONG_CODES_ADDRESS:
            raise Refused(
                "Too many codes that fit no table: wait a minute, or ask your teacher for the code."
            )
        code = msg.get("code")
        code = re.sub(r"[^A-Za-z]", "", code).upper()[:8] if isinstance(code, str) else ""
        table = self.server.by_code.get(code)
        if table is None or table.rec.round != self.server.round:
            self.wrong_codes.append(now)
            wrong.append(now)
            raise Refused(
                f"No table of this round has the code “{code}”: check the letters with the "
                "classmate who started it."
            )
        async with table.lock:
            open_seats = table.open_seats()
            if not open_seats:
                raise Refused(f"Table {code} is full: start a table of your own, or ask your teacher.")
            seat = open_seats[0]
            token = new_token()
            await table.take_seat(seat, name, token_hash(token))
        await self._seated(table, [seat], token)

    async def _board_message(self, content: Any) -> None:
        if self.board is None or self.table is None:
            raise Refused("You do not sit at a table yet: start one or join one.")
        await self.table.request(self.board, content)


class TeacherSocket(_Socket):
    """The teacher's page: every table, Present, the activity, a new round."""

    def open(self) -> None:
        self.authorized = False

    def on_close(self) -> None:
        super().on_close()
        self.server.teachers.discard(self)

    async def on_message(self, message: str | bytes) -> None:
        msg = self._read(message)
        if msg is None:
            return
        kind = msg["t"]
        if not self.authorized:
            key = msg.get("key")
            if (
                kind != "hello"
                or not isinstance(key, str)
                or not secrets.compare_digest(
                    key.encode("utf-8", "replace"), self.server.teacher_key.encode()
                )
            ):
                self.refuse("This page is the teacher's: open the address the class command printed.")
                self.close(4001, "not the teacher's key")
                return
            self.authorized = True
            self.server.teachers.add(self)
            self.send_json(self.server.lobby())
            self.send_json(self.server.class_view())
            return
        try:
            if kind == "activity":
                query = msg.get("query", "")
                if not isinstance(query, str) or len(query) > 500:
                    raise Refused("The activity's settings could not be read.")
                problems = await self.server.set_activity(query, bool(msg.get("locked")))
                if problems:
                    raise Refused(problems[0])
                self.send_json({"t": "said", "text": "The activity is set."})
            elif kind == "new_round":
                n = await self.server.new_round()
                self.send_json({"t": "said", "text": f"Round {n} started: students start new tables."})
            elif kind == "watch":
                wanted = msg.get("table")
                table = self.server.tables.get(wanted) if isinstance(wanted, str) else None
                if table is None:
                    raise Refused("There is no such table (any more).")
                self.send_json({"t": "watching", **self.server.table_info(table)})
                await self.watch(table, [])
            elif kind == "unwatch":
                self.unwatch()
            elif kind == "msg":
                if self.board is None or self.table is None:
                    raise Refused("No table is shown.")
                await self.table.request(self.board, msg.get("content"))
            else:
                raise Refused(f"The teacher's page cannot ask for {str(kind)[:20]!r}.")
        except Refused as exc:
            self.refuse(str(exc))


class FileHandler(tornado.web.RequestHandler):
    """The pages' files, from ``widgets/`` (nothing else is served)."""

    TYPES = {
        ".js": "text/javascript; charset=utf-8",
        ".css": "text/css; charset=utf-8",
        ".html": "text/html; charset=utf-8",
    }

    def initialize(self, name: str) -> None:
        self.name = name

    def set_default_headers(self) -> None:
        self.set_header(
            "Content-Security-Policy",
            "default-src 'self'; img-src 'self' data: blob:; style-src 'self' 'unsafe-inline'; "
            "connect-src 'self' ws: wss:; object-src 'none'; base-uri 'none'; frame-ancestors 'none'",
        )
        self.set_header("X-Content-Type-Options", "nosniff")
        self.set_header("Referrer-Policy", "no-referrer")
        self.set_header("Cache-Control", "no-cache")

    def get(self) -> None:
        path = widget_file(self.name)
        self.set_header("Content-Type", self.TYPES[Path(self.name).suffix])
        self.write(path.read_bytes())


def make_app(server: ClassServer) -> tornado.web.Application:
    routes: list[Any] = [
        (r"/", FileHandler, {"name": "class.html"}),
        (r"/teacher", FileHandler, {"name": "teacher.html"}),
        (r"/ws", StudentSocket, {"server": server}),
        (r"/teacher/ws", TeacherSocket, {"server": server}),
    ]
    routes += [(rf"/static/{re.escape(name)}", FileHandler, {"name": name}) for name in FILES]
    return tornado.web.Application(
        routes,
        websocket_ping_interval=15,
        websocket_ping_timeout=15,
        websocket_max_message_size=MAX_MESSAGE,
        compress_response=True,
    )


async def serve(
    folder: Path,
    ip: str,
    port: int,
    *,
    workers: int | None = None,
    playback: float | None = None,
    ready: Any = None,
    durable: bool = False,
    before: Any = None,
) -> None:
    """Serve the class kept in ``folder`` until SIGINT/SIGTERM."""
    import signal

    server = ClassServer(folder, workers=workers, playback=playback, durable=durable)
    await server.start()
    if before is not None:
        await before(server)
    app = make_app(server)
    http = app.listen(port, address=ip, xheaders=False)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        try:
            loop.add_signal_handler(sig, stop.set)
        except (NotImplementedError, RuntimeError):
            pass
    if ready is not None:
        ready(server)
    try:
        await stop.wait()
    finally:
        http.stop()
        await server.close()
        await http.close_all_connections()
