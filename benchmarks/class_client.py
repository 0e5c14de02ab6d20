"""A simulated student of the class server: a WebSocket client that speaks
what the students' page speaks (``widgets/class.js`` and ``host.js``).

It says hello, starts or joins a table, keeps the board's model as the
page does (the opening, then each update, buffers put back at their
paths), and plays as a student does: it waits for the bots and for the
play-back of the other players' moves to reach the live board, then clicks
one of the targets the board marks legal (``data-act``), and waits for the
board's answer. Every wait is bounded in time.

Used by ``benchmarks/classroom.py`` (a class on one machine) and by the
tests of the class server.
"""

from __future__ import annotations

import asyncio
import json
import random
import re
import struct
import time
from dataclasses import dataclass, field
from typing import Any


def unpack_frame(data: bytes) -> tuple[dict, list[bytes]]:
    """A binary frame of the class server (see ``widgets/host.js``)."""
    n = struct.unpack_from("!I", data, 0)[0]
    offsets = list(struct.unpack_from(f"!{n}I", data, 4)) + [len(data)]
    msg = json.loads(data[offsets[0] : offsets[1]])
    return msg, [data[offsets[i] : offsets[i + 1]] for i in range(1, n)]


def put_buffers(state: dict, paths: list, buffers: list[bytes]) -> None:
    for path, buf in zip(paths or [], buffers):
        obj: Any = state
        for key in path[:-1]:
            obj = obj[key]
        obj[path[-1]] = buf


@dataclass
class Record:
    """What one simulated student measured."""

    n: int
    name: str = ""
    first_board_s: float | None = None
    clicks_ms: list[float] = field(default_factory=list)
    clicks: int = 0
    replies: dict[str, int] = field(default_factory=dict)
    refused: int = 0
    #: acknowledged moves per table code
    moves: dict[str, int] = field(default_factory=dict)
    games: int = 0
    error: str = ""
    finished: bool = False

    @property
    def total_moves(self) -> int:
        return sum(self.moves.values())


class ClassStudent:
    """One page of the students' page, driven from Python."""

    def __init__(self, url: str, record: Record, *, seed: int = 0, deadline: float | None = None,
                 think: float = 0.0):
        self.url = url.rstrip("/")
        self.r = record
        self.rng = random.Random(seed)
        #: seconds a student looks at the board before each click (0: at once)
        self.think = think
        self.deadline = deadline if deadline is not None else time.monotonic() + 600
        self.ws: Any = None
        self.state: dict = {}
        self.svg = ""
        self.texts: list[dict] = []
        self.table: dict = {}
        self.token = ""
        self.lines: list[str] = []
        self.changed = asyncio.Event()
        self.reader: asyncio.Task | None = None
        self.closed = False
        self.opened = 0

    def left(self) -> float:
        return max(0.1, self.deadline - time.monotonic())

    # ------------------------------------------------------------ socket
    async def connect(self) -> None:
        from tornado.websocket import websocket_connect

        ws_url = self.url.replace("http://", "ws://") + "/ws"
        self.ws = await websocket_connect(ws_url, connect_timeout=self.left(), max_message_size=16 << 20)
        self.closed = False
        self.reader = asyncio.ensure_future(self._read())

    async def _read(self) -> None:
        while True:
            msg = await self.ws.read_message()
            if msg is None:
                self.closed = True
                self.changed.set()
                return
            if isinstance(msg, str):
                m = json.loads(msg)
                self.texts.append(m)
                if m.get("t") in ("seated", "table"):
                    self.table = m
                if m.get("token"):
                    self.token = m["token"]
            else:
                self._frame(*unpack_frame(msg))
            self.changed.set()

    def _frame(self, msg: dict, buffers: list[bytes]) -> None:
        from boardkit.widget import unpack_picture

        state = msg.get("state") or {}
        put_buffers(state, msg.get("buffer_paths"), buffers)
        if msg.get("method") == "open":
            self.state = {}
            self.lines = []
            self.opened += 1
        self.state.update(state)
        if "svg_z" in state or "base_z" in state:
            self.svg = unpack_picture(self.state.get("base_z", b""), self.state.get("svg_z", b""))
        if "log_tail" in state:
            start = self.state.get("log_start", 0)
            self.lines[start:] = list(state["log_tail"])
        reply = state.get("reply")
        if isinstance(reply, dict) and reply.get("id"):
            self.r.replies[reply["id"]] = self.r.replies.get(reply["id"], 0) + 1

    def send(self, msg: dict) -> None:
        self.ws.write_message(json.dumps(msg))

    async def until(self, ok: Any, timeout: float | None = None) -> None:
        end = time.monotonic() + min(timeout or self.left(), self.left())
        for _ in range(1_000_000):
            if ok():
                return
            if self.closed:
                raise ConnectionError("the server closed the connection")
            self.changed.clear()
            wait = end - time.monotonic()
            if wait <= 0:
                raise TimeoutError("no answer in time")
            try:
                await asyncio.wait_for(self.changed.wait(), wait)
            except asyncio.TimeoutError:
                pass

    def text(self, kind: str, after: int = 0) -> dict | None:
        return next((m for m in self.texts[after:] if m.get("t") == kind), None)

    # ------------------------------------------------------------ lobby
    async def hello(self, token: str = "") -> dict:
        n = len(self.texts)
        self.send({"t": "hello", "token": token})
        await self.until(lambda: any(m.get("t") in ("lobby", "seated") for m in self.texts[n:]))
        return next(m for m in self.texts[n:] if m.get("t") in ("lobby", "seated"))

    async def start(self, query: str, name: str = "", hotseat: bool = False) -> dict:
        opened = self.opened
        n = len(self.texts)
        self.send({"t": "start", "name": name or self.r.name, "query": query, "hotseat": hotseat})
        await self.until(lambda: self.opened > opened or self.text("refused", n) is not None)
        refused = self.text("refused", n)
        if refused is not None and self.opened == opened:
            raise RuntimeError(refused["text"])
        return self.table

    async def join(self, code: str, name: str = "") -> dict:
        opened = self.opened
        n = len(self.texts)
        self.send({"t": "join", "name": name or self.r.name, "code": code})
        await self.until(lambda: self.opened > opened or self.text("refused", n) is not None)
        refused = self.text("refused", n)
        if refused is not None and self.opened == opened:
            raise RuntimeError(refused["text"])
        return self.table

    # ------------------------------------------------------------- play
    def my_names(self) -> list[str]:
        you = self.table.get("you", [])
        # a seat's name may gain its colour during the game ("Player 2 (red)")
        return [
            re.sub(r" \([^)]*\)$", "", s["name"]) for s in self.table.get("seats", []) if s["seat"] in you
        ]

    def my_lines(self) -> int:
        names = self.my_names()
        pat = re.compile(r"^(" + "|".join(re.escape(n) for n in names) + r")( \([^)]*\))?: ")
        return sum(1 for line in self.lines if pat.match(line) and "(bot)" not in line.split(":")[0])

    def my_turn(self) -> bool:
        s = self.state
        from boardkit.widget import offered

        # the targets the board marks legal: only on the device whose turn it is
        return (
            not s.get("thinking")
            and not s.get("playing")
            and s.get("step_index", -1) == -1
            and not s.get("held")
            and any(offered(self.svg))
        )

    def over(self) -> bool:
        return "The game is over" in (self.state.get("hint") or "")

    async def click(self, word: str) -> dict:
        """Click ``word`` (a target on the board); the board's answer."""
        from boardkit.widget import offered  # noqa: F401  (imported here: the client needs boardkit)

        rid = f"s{self.r.n}-{self.r.clicks}"
        self.r.clicks += 1
        t = time.monotonic()
        self.send(
            {
                "t": "msg",
                "content": {
                    "id": rid,
                    "kind": "click",
                    "version": self.state.get("version", 0),
                    "word": word,
                },
            }
        )
        await self.until(lambda: rid in self.r.replies)
        self.r.clicks_ms.append((time.monotonic() - t) * 1000)
        reply = self.state.get("reply", {})
        if reply.get("id") == rid and not reply.get("ok"):
            self.r.refused += 1
        return reply

    async def request(self, kind: str, word: str | None = None) -> dict:
        """Any other request of the board (``next``, ``toggle``, ``confirm`` …)."""
        rid = f"s{self.r.n}-{self.r.clicks}"
        self.r.clicks += 1
        content = {"id": rid, "kind": kind, "version": self.state.get("version", 0)}
        if word is not None:
            content["word"] = word
        self.send({"t": "msg", "content": content})
        await self.until(lambda: rid in self.r.replies)
        return self.state.get("reply", {})

    async def play(self, moves: int, *, patience: float = 120.0, forward: bool = False) -> int:
        """Play ``moves`` moves at this table (fewer when the game ends);
        returns how many were acknowledged. ``forward``: of a selected
        piece's destinations, one of the furthest (a target named by a
        number first, as Slip Stream's spaces are: its games then end in
        about half the moves)."""
        from boardkit.widget import offered

        code = self.table.get("code", "")
        done = 0
        for _ in range(moves * 12 + 40):
            if done >= moves:
                break
            await self.until(lambda: self.over() or self.my_turn() or bool(self.state.get("held")),
                             timeout=patience)
            if self.over():
                break
            if self.state.get("held"):          # a moment the board holds (a race's finish): go on
                await self.request("next")
                continue
            acts, toggles, confirms = offered(self.svg)
            if not acts and confirms:           # dice: keep some (chosen at random), reroll the others
                for word in toggles:
                    if self.rng.random() < 0.5:
                        await self.request("toggle", word)
                await self.request("confirm", confirms[0])
                continue
            pending = self.state.get("pending", "")
            if pending:
                acts = [a for a in acts if a.split()[0] != pending.split()[0]] or acts
                if forward:
                    far = {a: int(m.group()) for a in acts if (m := re.match(r"\d+", a))}
                    acts = [a for a in far if far[a] == max(far.values())] or acts
            if not acts:
                await asyncio.sleep(0.05)
                continue
            before = self.my_lines()
            if self.think:
                await asyncio.sleep(self.think * self.rng.uniform(0.5, 1.5))
            await self.click(self.rng.choice(acts))
            if self.my_lines() > before:
                done += 1
                self.r.moves[code] = self.r.moves.get(code, 0) + 1
        return done

    async def leave(self) -> dict:
        n = len(self.texts)
        self.send({"t": "leave"})
        await self.until(lambda: self.text("lobby", n) is not None)
        return self.text("lobby", n) or {}

    async def close(self) -> None:
        if self.ws is not None:
            self.ws.close()
        if self.reader is not None:
            self.reader.cancel()


async def solo_student(
    url: str, record: Record, query: str, moves: int, deadline: float, seed: int = 0, think: float = 0.0
) -> Record:
    """A student who plays ``moves`` moves against bots (a new table when a
    game ends), measuring the first board and every click."""
    s = ClassStudent(url, record, seed=seed, deadline=deadline, think=think)
    try:
        t0 = time.monotonic()
        await s.connect()
        await s.hello()
        await s.start(query)
        await s.until(lambda: bool(s.svg))
        record.first_board_s = time.monotonic() - t0
        record.games = 1
        for _ in range(50):
            left = moves - record.total_moves
            if left <= 0:
                break
            await s.play(left)
            if record.total_moves < moves:
                await s.leave()
                await s.start(query)
                record.games += 1
        record.finished = record.total_moves >= moves
    except Exception as exc:  # recorded: the run's table says what failed
        record.error = f"{type(exc).__name__}: {exc}"[:300]
    finally:
        await s.close()
    return record


async def pair(
    url: str, a: Record, b: Record, query: str, moves: int, deadline: float, seed: int = 0, think: float = 0.0
) -> tuple[Record, Record]:
    """Two students on two devices at one table (``query`` seats two
    persons): one starts it, the other joins with its code; they play
    until each made ``moves`` moves or the game ends."""
    sa = ClassStudent(url, a, seed=seed, deadline=deadline, think=think)
    sb = ClassStudent(url, b, seed=seed + 1, deadline=deadline, think=think)
    try:
        t0 = time.monotonic()
        await sa.connect()
        await sa.hello()
        table = await sa.start(query)
        await sa.until(lambda: bool(sa.svg))
        a.first_board_s = time.monotonic() - t0
        t1 = time.monotonic()
        await sb.connect()
        await sb.hello()
        await sb.join(table["code"])
        await sb.until(lambda: bool(sb.svg))
        b.first_board_s = time.monotonic() - t1
        a.games = b.games = 1
        await asyncio.gather(sa.play(moves), sb.play(moves))
        a.finished = a.total_moves >= moves or sa.over()
        b.finished = b.total_moves >= moves or sb.over()
    except Exception as exc:
        a.error = b.error = f"{type(exc).__name__}: {exc}"[:300]
    finally:
        await sa.close()
        await sb.close()
    return a, b
