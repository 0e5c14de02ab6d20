"""A class on one machine: N students play on the class server (and, for
comparison, on Voilà).

    python benchmarks/classroom.py --students 30 100 --voila 10 --json artifacts/classroom.json
    python benchmarks/classroom.py --students 3 --moves 5          # a quick look

The class server (``python -m boardkit.classroom``) runs as its own process
on a loopback port with a fresh folder; each simulated student
(``benchmarks/class_client.py``) speaks what the students' page speaks
over one WebSocket: it starts a table of Slip Stream against the level-2
bot (``game=slip_stream&ai=2``, its own seed), waits for the bot and the
play-back as a student does, clicks one of the targets the board marks
legal, and plays ``--moves`` moves (a new table when a game ends). A tenth
of the class plays in pairs on two devices instead (``--pairs``). After
the class, the server's store is read: every acknowledged move must be
stored exactly once (``moves_lost``, ``moves_doubled``). Measured: first
board (connect → the board's picture received), click → the board's
answer, the server's CPU seconds (with its bots' workers) and its memory
(PSS, peak).

Voilà (``--voila N``), the notebook-as-app: one Voilà server
(``python -m boardkit.classroom --voila``'s command line:
preheated kernels) on the loopback address; each student is a client that speaks
what the page's JavaScript speaks (Jupyter's kernel websocket and the
widget protocol): it asks for the page (``?game=slip_stream&ai=1``), opens
the kernel's channels, asks the widgets' states, and plays ``--moves``
moves of Slip Stream against the level-1 bot by sending the board's click
messages, choosing among the targets the board marks legal. A game that
ends is followed by New game (the page's button).

Measured per run: whether every session finished; whether every click was
answered exactly once and every completed move appears exactly once in the
board's move log (no move lost or applied twice); time to first board
(request → the board's picture received: what the browser then draws);
click → answer (the board's reply to a click) and move → bot's move shown;
memory (PSS) of each student's kernel, and in total (Voilà, its kernels,
the pool kept ready). Every wait is bounded in count and time.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if __name__ == "__main__":           # (run as a script: the repository's packages)
    sys.path.insert(0, str(ROOT))
GAME_QUERY = "game=slip_stream&ai=1"
HUMAN = re.compile(r"^Player 1( \((red|blue)\))?: ")


# ------------------------------------------------------------------ server
def stop_group(proc: subprocess.Popen) -> None:
    """Stop a server started in a session of its own (and what it started):
    SIGTERM, then SIGKILL after 20 s."""
    try:
        os.killpg(proc.pid, signal.SIGTERM)
        proc.wait(timeout=20)
    except (ProcessLookupError, subprocess.TimeoutExpired):
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        proc.wait()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def children(pid: int) -> list[int]:
    out = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid:
                out.append(int(entry.name))
    return out


def cpu_ticks(pid: int) -> int:
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0
    return int(fields[11]) + int(fields[12])


def pss_mb(pid: int) -> float:
    """Proportional set size (shared pages split between their users), MB."""
    try:
        for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
            if line.startswith("Pss:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


def kernel_of(pid: int) -> str | None:
    try:
        cmd = Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")
    except OSError:
        return None
    for part in cmd:
        m = re.search(rb"kernel-([0-9a-f-]{36})\.json", part)
        if m:
            return m.group(1).decode()
    return None


class Server:
    """Voilà serving a copy of notebooks/ with ``pool`` preheated kernels."""

    def __init__(self, pool: int, refill_after: float | None = None):
        from boardkit.classroom.voila import REFILL_AFTER, voila_command
        self.tmp = Path(tempfile.mkdtemp(prefix="boardkit-class-"))
        work = self.tmp / "work"
        shutil.copytree(ROOT / "notebooks", work, ignore=shutil.ignore_patterns(".ipynb_checkpoints"))
        self.port = free_port()
        env = dict(os.environ, JUPYTER_PLATFORM_DIRS="1", JUPYTER_RUNTIME_DIR=str(self.tmp / "runtime"),
                   IPYTHONDIR=str(self.tmp / "ipython"))
        self.log = open(self.tmp / "voila.log", "w")
        refill = REFILL_AFTER if refill_after is None else refill_after
        self.proc = subprocess.Popen(voila_command(work, "127.0.0.1", self.port, pool, refill), env=env,
                                     stdout=self.log, stderr=subprocess.STDOUT, start_new_session=True)
        self.url = f"http://127.0.0.1:{self.port}/voila/render/play.ipynb"

    def wait_ready(self, timeout: float = 180) -> float:
        """Until the pool's kernels have run the page's first cell (their CPU
        use settles). Returns the seconds it took."""
        t0 = time.monotonic()
        while "is filled with" not in (self.tmp / "voila.log").read_text():
            if self.proc.poll() is not None or time.monotonic() - t0 > timeout:
                raise RuntimeError("voila did not start:\n" + (self.tmp / "voila.log").read_text()[-3000:])
            time.sleep(0.2)
        quiet = 0
        while quiet < 3 and time.monotonic() - t0 < timeout:
            kids = children(self.proc.pid)
            before = sum(cpu_ticks(k) for k in kids)
            time.sleep(1.0)
            used = sum(cpu_ticks(k) for k in kids) - before     # ticks of 10 ms
            quiet = quiet + 1 if used < 10 else 0
        return time.monotonic() - t0

    def memory(self) -> dict[str, float]:
        """PSS of Voilà and of each kernel (by kernel id), MB."""
        out = {"voila": pss_mb(self.proc.pid)}
        for k in children(self.proc.pid):
            kid = kernel_of(k)
            if kid:
                out[kid] = pss_mb(k)
        return out

    def stop(self) -> None:
        stop_group(self.proc)
        self.log.close()
        shutil.rmtree(self.tmp, ignore_errors=True)


# ------------------------------------------------------------------ client
def pack(msg: dict) -> bytes:
    """A message in Jupyter's websocket protocol v1 (what JupyterLab's page speaks)."""
    parts = [json.dumps(msg[k]).encode() for k in ("header", "parent_header", "metadata", "content")]
    channel = msg["channel"].encode()
    offsets = [8 * (1 + 1 + len(parts) + 1)]
    offsets.append(offsets[-1] + len(channel))
    for part in parts:
        offsets.append(offsets[-1] + len(part))
    return b"".join([len(offsets).to_bytes(8, "little"), *(o.to_bytes(8, "little") for o in offsets),
                     channel, *parts])


def unpack(frame: bytes | str) -> dict:
    """A message from the server (protocol v1: a binary frame)."""
    if isinstance(frame, str):
        msg = json.loads(frame)
        msg.setdefault("buffers", [])
        return msg
    n = int.from_bytes(frame[:8], "little")
    offsets = [int.from_bytes(frame[8 * (i + 1):8 * (i + 2)], "little") for i in range(n)] + [len(frame)]
    parts = [frame[offsets[i]:offsets[i + 1]] for i in range(n)]
    channel = parts[0].decode()
    header, parent, metadata, content = (json.loads(p) for p in parts[1:5])
    return {"channel": channel, "header": header, "parent_header": parent, "metadata": metadata,
            "content": content, "buffers": [bytes(b) for b in parts[5:] if b]}


@dataclass
class Session:
    """One student: what was measured and what went wrong."""

    n: int
    first_board_s: float | None = None
    answers_ms: list[float] = field(default_factory=list)
    bot_ms: list[float] = field(default_factory=list)
    moves: int = 0
    logged_moves: int = 0
    games: int = 0
    clicks: int = 0
    replies: dict[str, int] = field(default_factory=dict)
    refused: int = 0
    kernel: str = ""
    error: str = ""
    finished: bool = False


class Student:
    def __init__(self, session: Session, url: str, moves: int, deadline: float, seed: int):
        self.s, self.url, self.want, self.deadline = session, url, moves, deadline
        self.rng = random.Random(seed)
        self.models: dict[str, dict] = {}
        self.board: str | None = None
        self.new_button: str | None = None
        self.changed = asyncio.Event()
        self.lines: list[str] = []
        self.svg = ""
        self.ws: Any = None
        self.session_id = uuid.uuid4().hex
        self.broken = False
        self.asked: set[str] = set()

    def left(self) -> float:
        return max(0.1, self.deadline - time.monotonic())

    async def run(self) -> None:
        from tornado.httpclient import AsyncHTTPClient, HTTPRequest
        from tornado.websocket import websocket_connect
        t0 = time.monotonic()
        try:
            resp = await AsyncHTTPClient().fetch(HTTPRequest(f"{self.url}?{GAME_QUERY}&seed={self.s.n}",
                                                             request_timeout=self.left()))
            m = re.search(rb'"kernelId": "([0-9a-f-]{36})"', resp.body)
            if not m:
                raise RuntimeError("the page names no kernel")
            self.s.kernel = m.group(1).decode()
            ws_url = self.url.replace("http://", "ws://").split("/voila/")[0]
            self.ws = await websocket_connect(
                f"{ws_url}/api/kernels/{self.s.kernel}/channels?session_id={self.session_id}",
                connect_timeout=self.left(), max_message_size=64 << 20,
                subprotocols=["v1.kernel.websocket.jupyter.org"])
            reader = asyncio.ensure_future(self.read())
            # as the page does: ask each widget's state, from the page's root widget down
            roots = re.findall(rb'"model_id": "([0-9a-f]{32})"', resp.body)
            if not roots:
                raise RuntimeError("the page shows no widget")
            for mid in dict.fromkeys(r.decode() for r in roots):
                self.ask(mid)
            await self.until(lambda: self.board is not None and bool(self.svg))
            self.s.first_board_s = time.monotonic() - t0
            await self.play()
            self.s.logged_moves += sum(1 for line in self.lines if HUMAN.match(line))
            self.s.finished = self.s.moves >= self.want
            reader.cancel()
        except Exception as exc:        # recorded: the run's table says what failed
            self.s.error = self.s.error or f"{type(exc).__name__}: {exc}"[:300]
        finally:
            if self.ws is not None:
                self.ws.close()

    def ask(self, mid: str) -> None:
        """Ask the kernel for one widget's state (once)."""
        if mid not in self.asked:
            self.asked.add(mid)
            self.send("comm_msg", {"comm_id": mid, "data": {"method": "request_state"}})

    def send(self, msg_type: str, content: dict, metadata: dict | None = None) -> None:
        msg = {"header": {"msg_id": uuid.uuid4().hex, "msg_type": msg_type, "username": "student",
                          "session": self.session_id, "date": "", "version": "5.3"},
               "parent_header": {}, "metadata": metadata or {}, "content": content, "channel": "shell"}
        self.ws.write_message(pack(msg), binary=True)

    async def read(self) -> None:
        try:
            await self._read()
        except Exception as exc:
            self.s.error = f"reading: {type(exc).__name__}: {exc}"[:300]
            self.broken = True
            self.changed.set()

    async def _read(self) -> None:
        from benchmarks.class_client import put_buffers

        for _ in range(10_000_000):
            frame = await self.ws.read_message()
            if frame is None:
                raise ConnectionError(f"the server closed the connection ({self.ws.close_code} "
                                      f"{self.ws.close_reason})")
            msg = unpack(frame)
            kind = msg["header"]["msg_type"]
            content = msg.get("content", {})
            if kind == "comm_open":
                data = content.get("data", {})
                state = data.get("state", {})
                put_buffers(state, data.get("buffer_paths", []), msg["buffers"])
                self.adopt(content["comm_id"], state)
            elif kind == "comm_msg":
                data = content.get("data", {})
                if data.get("method") == "update_states":
                    states = data["states"]
                    put_buffers(states, data.get("buffer_paths", []), msg["buffers"])
                    for mid, st in states.items():
                        self.adopt(mid, st["state"])
                elif data.get("method") == "update":
                    state = data.get("state", {})
                    put_buffers(state, data.get("buffer_paths", []), msg["buffers"])
                    self.update(content["comm_id"], state)
            self.changed.set()

    def adopt(self, mid: str, state: dict) -> None:
        self.models[mid] = {}
        self.update(mid, state)

    def update(self, mid: str, state: dict) -> None:
        model = self.models.setdefault(mid, {})
        model.update(state)
        for child in state.get("children", []) if isinstance(state.get("children"), list) else []:
            if isinstance(child, str) and child.startswith("IPY_MODEL_"):
                self.ask(child[len("IPY_MODEL_"):])
        if "board_id" in state and self.board != mid:
            self.board = mid
            self.lines = []
        if state.get("description") == "New game":
            self.new_button = mid
        if mid != self.board:
            return
        if "log_tail" in state:
            self.lines = self.lines[:model.get("log_start", 0)] + list(state["log_tail"])
        if "reply" in state and state["reply"].get("id"):
            rid = state["reply"]["id"]
            self.s.replies[rid] = self.s.replies.get(rid, 0) + 1
        if "base_z" in state or "svg_z" in state:
            from boardkit.widget.picture import unpack_picture
            self.svg = unpack_picture(bytes(model.get("base_z", b"")), bytes(model.get("svg_z", b"")))

    async def until(self, ok: Any, timeout: float | None = None) -> None:
        end = time.monotonic() + min(timeout or self.left(), self.left())
        for _ in range(1_000_000):
            if self.broken:
                raise RuntimeError(self.s.error)
            if ok():
                return
            self.changed.clear()
            wait = end - time.monotonic()
            if wait <= 0:
                raise TimeoutError("no answer in time")
            try:
                await asyncio.wait_for(self.changed.wait(), wait)
            except asyncio.TimeoutError:
                pass

    @property
    def state(self) -> dict:
        return self.models[self.board] if self.board else {}

    async def play(self) -> None:
        from boardkit.widget import offered
        for _ in range(self.want * 12 + 40):                      # clicks, at most
            if self.s.moves >= self.want:
                return
            # as a student does: wait for the bots and for the play-back of
            # their moves to reach the live board
            await self.until(lambda: not self.state.get("thinking") and not self.state.get("playing")
                             and self.state.get("step_index", -1) == -1)
            acts = offered(self.svg)[0]
            pending = self.state.get("pending", "")
            if pending:
                acts = [a for a in acts if a.split()[0] != pending.split()[0]] or acts
            if not acts:
                if self.new_button is None:
                    raise RuntimeError("the game is over and there is no New game button")
                old = self.board
                self.s.logged_moves += sum(1 for line in self.lines if HUMAN.match(line))
                self.send("comm_msg", {"comm_id": self.new_button,
                                       "data": {"method": "custom", "content": {"event": "click"}}})
                await self.until(lambda old=old: self.board != old and bool(self.svg))
                self.s.games += 1
                continue
            word = self.rng.choice(acts)
            rid = f"s{self.s.n}-{self.s.clicks}"
            self.s.clicks += 1
            logged = sum(1 for line in self.lines if HUMAN.match(line))
            board = self.board
            t = time.monotonic()
            self.send("comm_msg", {"comm_id": board, "data": {"method": "custom", "content": {
                "id": rid, "kind": "click", "version": self.state.get("version", 0), "word": word}}})
            await self.until(lambda rid=rid: rid in self.s.replies)
            self.s.answers_ms.append((time.monotonic() - t) * 1000)
            reply = self.state.get("reply", {})
            if reply.get("id") == rid and not reply.get("ok"):
                self.s.refused += 1
            if sum(1 for line in self.lines if HUMAN.match(line)) > logged:
                self.s.moves += 1
                if self.state.get("thinking"):
                    await self.until(lambda: not self.state.get("thinking"))
                self.s.bot_ms.append((time.monotonic() - t) * 1000)
        raise RuntimeError(f"{self.s.moves} moves after every click allowed")


# --------------------------------------------------------------------- runs
def pct(xs: list[float], p: float) -> float | None:
    xs = sorted(xs)
    if not xs:
        return None
    return round(xs[min(len(xs) - 1, max(0, int(round(p / 100 * len(xs) + 0.5)) - 1))], 2)


async def _class(url: str, students: int, moves: int, seconds: float, server: Server,
                 stagger: float) -> tuple[list[Session], dict]:
    from tornado.httpclient import AsyncHTTPClient
    # one connection per student (the client's default queue holds 10 at a time)
    AsyncHTTPClient.configure(None, max_clients=max(10, students))
    deadline = time.monotonic() + seconds
    sessions = [Session(n) for n in range(students)]
    peak: dict[str, float] = {}

    async def sample() -> None:
        for _ in range(int(seconds) + 10):
            for k, v in (await asyncio.to_thread(server.memory)).items():
                peak[k] = max(peak.get(k, 0.0), v)
            await asyncio.sleep(1.0)

    async def one(s: Session) -> None:
        await asyncio.sleep(stagger * s.n)
        await Student(s, url, moves, deadline, seed=s.n).run()

    sampler = asyncio.ensure_future(sample())
    await asyncio.gather(*(one(s) for s in sessions))
    sampler.cancel()
    for k, v in (await asyncio.to_thread(server.memory)).items():
        peak[k] = max(peak.get(k, 0.0), v)
    return sessions, peak


def run_class(students: int, moves: int = 20, pool: int | None = None, seconds: float = 600,
              stagger: float = 0.2, refill_after: float | None = None) -> dict:
    """One class: a fresh server, ``students`` sessions; the figures. The
    pool is the class size unless given."""
    pool = students if pool is None else pool
    server = Server(pool, refill_after)
    try:
        warm_s = server.wait_ready()
        cpu0 = 0            # (from the server's start: the pool's warming is the class's cost too)
        sessions, peak = asyncio.run(_class(server.url, students, moves, seconds, server, stagger))
        # (kernels started for the class count too; those that ended are not seen)
        cpu = (sum(cpu_ticks(p) for p in [server.proc.pid] + children(server.proc.pid)) - cpu0) \
            / os.sysconf("SC_CLK_TCK")
    finally:
        server.stop()
    used = {s.kernel for s in sessions if s.kernel}
    per_kernel = [v for k, v in peak.items() if k in used]
    firsts = [s.first_board_s for s in sessions if s.first_board_s is not None]
    answers = [x for s in sessions for x in s.answers_ms]
    bots = [x for s in sessions for x in s.bot_ms]
    twice = sum(1 for s in sessions for n in s.replies.values() if n != 1)
    unanswered = sum(s.clicks - len(s.replies) for s in sessions)
    return {
        "students": students, "moves_each": moves, "pool": pool,
        "refill_after": server_refill(refill_after), "server_warm_s": round(warm_s, 1),
        "finished": sum(s.finished for s in sessions),
        "moves": sum(s.moves for s in sessions),
        "moves_in_logs": sum(s.logged_moves for s in sessions),
        "clicks": sum(s.clicks for s in sessions),
        "replies_not_once": twice, "clicks_unanswered": unanswered,
        "refused": sum(s.refused for s in sessions),
        "first_board_s": {"p50": pct(firsts, 50), "p95": pct(firsts, 95), "max": pct(firsts, 100)},
        "click_answer_ms": {"p50": pct(answers, 50), "p95": pct(answers, 95)},
        "move_to_bot_move_ms": {"p50": pct(bots, 50), "p95": pct(bots, 95)},
        "kernel_mb": round(statistics.median(per_kernel), 1) if per_kernel else None,
        "total_mb": round(sum(peak.values()), 1),
        "kernels": len([k for k in peak if k != "voila"]),
        "server_cpu_s": round(cpu, 1),
        "errors": sorted({s.error for s in sessions if s.error})[:5],
        "load_average": os.getloadavg()[0],
    }


def server_refill(refill_after: float | None) -> float:
    from boardkit.classroom.voila import REFILL_AFTER
    return REFILL_AFTER if refill_after is None else refill_after


def table(rows: list[dict]) -> str:
    head = ("| students | pool, refill after | finished | moves (in logs) | answered once | "
            "first board p50/p95 s | click → answer p50/p95 ms | move → bot's move p50/p95 ms | "
            "MB per kernel | MB total | errors |")
    out = [head, "|" + "---|" * 11]
    for r in rows:
        once = "yes" if not r["replies_not_once"] and not r["clicks_unanswered"] else \
            f"no ({r['replies_not_once']} twice, {r['clicks_unanswered']} unanswered)"
        out.append(
            f"| {r['students']} | {r['pool']}, {r['refill_after']:g} s | {r['finished']}/{r['students']} | "
            f"{r['moves']} ({r['moves_in_logs']}) | "
            f"{once} | {r['first_board_s']['p50']} / {r['first_board_s']['p95']} | "
            f"{r['click_answer_ms']['p50']} / {r['click_answer_ms']['p95']} | "
            f"{r['move_to_bot_move_ms']['p50']} / {r['move_to_bot_move_ms']['p95']} | "
            f"{r['kernel_mb']} | {r['total_mb']} | {'; '.join(r['errors']) or '—'} |")
    return "\n".join(out)


# ------------------------------------------------------------ class server
class ClassServerProcess:
    """``python -m boardkit.classroom`` on a free loopback port, with its
    own folder (its store); the server and its bots' workers measured
    from /proc."""

    def __init__(self, playback: float | None = None, workers: int | None = None):
        self.tmp = Path(tempfile.mkdtemp(prefix="boardkit-classsrv-"))
        self.port = free_port()
        cmd = [sys.executable, "-u", "-m", "boardkit.classroom", "--ip", "127.0.0.1",
               "--port", str(self.port),
               "--folder", str(self.tmp / "class")]
        if playback is not None:
            cmd += ["--playback", str(playback)]
        if workers is not None:
            cmd += ["--workers", str(workers)]
        self.log = open(self.tmp / "server.log", "w")
        self.proc = subprocess.Popen(cmd, stdout=self.log, stderr=subprocess.STDOUT, start_new_session=True)
        self.url = f"http://127.0.0.1:{self.port}"

    def wait_ready(self, timeout: float = 120) -> float:
        t0 = time.monotonic()
        while "Students open" not in (self.tmp / "server.log").read_text():
            if self.proc.poll() is not None or time.monotonic() - t0 > timeout:
                log = (self.tmp / "server.log").read_text()[-3000:]
                raise RuntimeError("the class server did not start:\n" + log)
            time.sleep(0.1)
        return time.monotonic() - t0

    def pids(self) -> list[int]:
        """The server and every process under it (the bots' workers sit
        under a fork server)."""
        out, todo = [], [self.proc.pid]
        while todo:
            pid = todo.pop()
            out.append(pid)
            todo.extend(children(pid))
        return out

    def cpu_s(self) -> float:
        """CPU seconds of the server and its workers (children's own time
        included: a worker that ended still counts)."""
        return sum(cpu_ticks(p) for p in self.pids()) / os.sysconf("SC_CLK_TCK")

    def rss_mb(self) -> float:
        return sum(pss_mb(p) for p in self.pids())

    def store(self) -> Path:
        return self.tmp / "class" / "class.sqlite"

    def stop(self) -> None:
        stop_group(self.proc)
        self.log.close()

    def cleanup(self) -> None:
        shutil.rmtree(self.tmp, ignore_errors=True)


def stored_moves(path: Path) -> dict[tuple[str, int], int]:
    """Players' actions stored per (table code, seat)."""
    import sqlite3
    con = sqlite3.connect(path)
    try:
        rows = con.execute("SELECT t.code, a.seat, count(*) FROM actions a "
                           "JOIN tables t ON t.id = a.table_id JOIN seats s "
                           "ON s.table_id = a.table_id AND s.seat = a.seat AND s.kind = 'person' "
                           "GROUP BY t.code, a.seat").fetchall()
    finally:
        con.close()
    return {(code, seat): n for code, seat, n in rows}


def run_class_server(students: int, pairs: int = 0, moves: int = 20, seconds: float = 600,
                     stagger: float = 0.05, query: str = "game=slip_stream&ai=2",
                     playback: float | None = None, workers: int | None = None,
                     think: float = 0.0) -> dict:
    """A class on the class server: ``students`` students each play
    ``moves`` moves against a level-2 bot, and ``pairs`` pairs of students
    play each other on two devices. The figures, as the issue asks."""
    from benchmarks.class_client import Record, pair, solo_student
    server = ClassServerProcess(playback=playback, workers=workers)
    try:
        warm_s = server.wait_ready()
        cpu0 = server.cpu_s()
        main0 = cpu_ticks(server.proc.pid)
        peak = [server.rss_mb()]

        async def go() -> tuple[list[Record], list[Record]]:
            deadline = time.monotonic() + seconds
            solo = [Record(n, f"Student {n}") for n in range(students)]
            duo = [Record(students + n, f"Pair {n // 2} {'ab'[n % 2]}") for n in range(2 * pairs)]

            async def sample() -> None:
                for _ in range(int(seconds) + 10):
                    peak.append(await asyncio.to_thread(server.rss_mb))
                    await asyncio.sleep(1.0)

            async def one(r: Record) -> None:
                await asyncio.sleep(stagger * r.n)
                await solo_student(server.url, r, f"{query}&seed={r.n}", moves, deadline, seed=r.n,
                                   think=think)

            async def two(k: int) -> None:
                await asyncio.sleep(stagger * k)
                await pair(server.url, duo[2 * k], duo[2 * k + 1], "game=slip_stream&seats=person,person",
                           moves, deadline, seed=1000 + k, think=think)

            sampler = asyncio.ensure_future(sample())
            await asyncio.gather(*(one(r) for r in solo), *(two(k) for k in range(pairs)))
            sampler.cancel()
            return solo, duo
        mine0 = time.process_time()
        t_class = time.monotonic()
        solo, duo = asyncio.run(go())
        client_cpu = time.process_time() - mine0
        cpu = server.cpu_s() - cpu0
        main_cpu = (cpu_ticks(server.proc.pid) - main0) / os.sysconf("SC_CLK_TCK")
        wall = time.monotonic() - t_class
        peak.append(server.rss_mb())
    finally:
        server.stop()
    stored = stored_moves(server.store())
    acked: dict[tuple[str, int], int] = {}
    # a student's acknowledged moves per table; their seat: the first person
    # seat at a table they started, the second at one they joined
    for r in solo + duo:
        for code, n in r.moves.items():
            joined = r in duo and duo.index(r) % 2 == 1
            acked[(code, 1 if joined else 0)] = acked.get((code, 1 if joined else 0), 0) + n
    lost = sum(max(0, n - stored.get(k, 0)) for k, n in acked.items())
    doubled = sum(max(0, stored.get(k, 0) - n) for k, n in acked.items())
    firsts = [r.first_board_s for r in solo + duo if r.first_board_s is not None]
    clicks = [x for r in solo + duo for x in r.clicks_ms]
    everyone = solo + duo
    server.cleanup()
    return {
        "server": "class", "students": students + 2 * pairs, "solo": students, "pairs": pairs,
        "moves_each": moves, "query": query, "think_s": think, "server_start_s": round(warm_s, 1),
        "finished": sum(r.finished for r in everyone),
        "moves": sum(r.total_moves for r in everyone), "moves_stored": sum(stored.values()),
        "moves_lost": lost, "moves_doubled": doubled,
        "clicks": sum(r.clicks for r in everyone),
        "clicks_unanswered": sum(r.clicks - len(r.replies) for r in everyone),
        "replies_not_once": sum(1 for r in everyone for n in r.replies.values() if n != 1),
        "refused": sum(r.refused for r in everyone),
        "first_board_p50_s": pct(firsts, 50), "first_board_p95_s": pct(firsts, 95),
        "click_p50_ms": pct(clicks, 50), "click_p95_ms": pct(clicks, 95),
        "server_cpu_s": round(cpu, 2), "server_rss_mb": round(max(peak), 1),
        "clients_cpu_s": round(client_cpu, 2),
        "server_loop_cpu_s": round(main_cpu, 2), "class_wall_s": round(wall, 1),
        "errors": sorted({r.error for r in everyone if r.error})[:5],
        "load_average": os.getloadavg()[0],
    }


def voila_row(r: dict) -> dict:
    """A Voilà run in the class server's terms."""
    return {"server": "voila", "students": r["students"], "finished": r["finished"],
            "moves": r["moves"], "moves_lost": max(0, r["moves"] - r["moves_in_logs"]),
            "moves_doubled": max(0, r["moves_in_logs"] - r["moves"]),
            "first_board_p50_s": r["first_board_s"]["p50"], "first_board_p95_s": r["first_board_s"]["p95"],
            "click_p50_ms": r["click_answer_ms"]["p50"], "click_p95_ms": r["click_answer_ms"]["p95"],
            "server_cpu_s": r.get("server_cpu_s"), "server_rss_mb": r["total_mb"], "errors": r["errors"],
            "load_average": r["load_average"]}


def class_table(rows: list[dict]) -> str:
    out = ["| server | think s | students | finished | moves (stored) | lost / doubled | "
           "first board p50 / p95 s | click → answer p50 / p95 ms | server CPU s | server MB | errors |",
           "|" + "---|" * 11]
    for r in rows:
        out.append(f"| {r['server']} | {r.get('think_s', 0)} | {r['students']} | "
                   f"{r['finished']}/{r['students']} | {r['moves']} "
                   f"({r.get('moves_stored', '—')}) | {r['moves_lost']} / {r['moves_doubled']} | "
                   f"{r['first_board_p50_s']} / {r['first_board_p95_s']} | "
                   f"{r['click_p50_ms']} / {r['click_p95_ms']} | "
                   f"{r['server_cpu_s']} | {r['server_rss_mb']} | {'; '.join(r['errors']) or '—'} |")
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python benchmarks/classroom.py", description=__doc__.split("\n\n")[0])
    ap.add_argument("--students", type=int, nargs="*", default=[30, 100],
                    help="class sizes on the class server (each: students against a level-2 bot)")
    ap.add_argument("--pairs", type=int, default=None,
                    help="of them, pairs playing each other on two devices (default: a tenth of the class)")
    ap.add_argument("--voila", type=int, nargs="*", default=[],
                    help="class sizes on Voilà, for comparison (e.g. --voila 10)")
    ap.add_argument("--moves", type=int, default=20)
    ap.add_argument("--seconds", type=float, default=900, help="each class's time limit")
    ap.add_argument("--stagger", type=float, default=0.05, help="seconds between students arriving")
    ap.add_argument("--think", type=float, nargs="*", default=[0.0],
                    help="seconds a student looks at the board before each click (0.5-1.5 times it); "
                         "each value a run (default 0: clicks at once, a stress test)")
    ap.add_argument("--playback", type=float, default=None,
                    help="the server's play-back seconds per step (default: the server's, 0.8)")
    ap.add_argument("--json", type=Path, default=ROOT / "artifacts" / "classroom.json")
    args = ap.parse_args(argv)
    rows = []
    for think in args.think:
        for n in args.students:
            pairs = max(1, n // 20) if args.pairs is None else args.pairs
            rows.append(run_class_server(n - 2 * pairs, pairs, args.moves, args.seconds, args.stagger,
                                         playback=args.playback, think=think))
            print(json.dumps(rows[-1]), flush=True)
    for n in args.voila:
        r = run_class(n, args.moves, None, args.seconds, 0.2)
        rows.append(voila_row(r) | {"voila": r})
        print(json.dumps(rows[-1]), flush=True)
    args.json.parent.mkdir(parents=True, exist_ok=True)
    args.json.write_text(json.dumps(rows, indent=2))
    print(class_table(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
