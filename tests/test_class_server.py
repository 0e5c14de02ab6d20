"""The class server (boardkit.classroom): tables across devices, what a
device may see, the store, and messages from a browser. Each test runs a
server in this process on a loopback port, with simulated students that
speak the page's protocol (benchmarks/class_client.py)."""

from __future__ import annotations

import asyncio
import json
import re
import socket
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

pytest.importorskip("tornado")

import boardkit  # noqa: E402
from benchmarks.class_client import ClassStudent, Record, pair, solo_student  # noqa: E402
from boardkit.classroom.replay import rebuild, settings_of  # noqa: E402
from boardkit.classroom.server import ClassServer, make_app  # noqa: E402
from boardkit.classroom.store import FILE_NAME, SqliteStore  # noqa: E402
from boardkit.classroom.tables import BotPool  # noqa: E402


def _port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class CountingPool(BotPool):
    """The bots' pool, counting what it is asked."""

    asked = 0

    async def think(self, bot, game):
        self.asked += 1
        return await super().think(bot, game)


class Running:
    """A class server in this process (bots in threads)."""

    def __init__(self, folder: Path, playback: float = 0.0):
        self.folder = folder
        self.playback = playback
        self.pool = CountingPool(2, executor=ThreadPoolExecutor(2))

    async def __aenter__(self) -> Running:
        self.server = ClassServer(self.folder, playback=self.playback, pool=self.pool, student_seeds=True)
        await self.server.start()
        self.port = _port()
        self.http = make_app(self.server).listen(self.port, address="127.0.0.1")
        self.url = f"http://127.0.0.1:{self.port}"
        return self

    async def __aexit__(self, *exc: object) -> None:
        self.http.stop()
        await self.server.close()
        await self.http.close_all_connections()

    async def student(self, n: int = 0, name: str = "") -> ClassStudent:
        s = ClassStudent(self.url, Record(n, name or f"Student {n}"), seed=n)
        await s.connect()
        await s.hello()
        return s


def run(coro):
    """``coro`` to its end (at most 120 s), on an event loop of its own in a
    thread of its own: a browser test earlier in this worker may keep a
    loop running in this thread (Playwright's synchronous API)."""
    from concurrent.futures import ThreadPoolExecutor
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, asyncio.wait_for(coro, 120)).result()


def test_a_student_plays_a_bot_and_every_acknowledged_move_is_stored_once(tmp_path):
    async def go():
        async with Running(tmp_path) as srv:
            r = Record(0, "Ana")
            await solo_student(srv.url, r, "game=slip_stream&ai=1&seed=3", 6, deadline=1e12)
            assert r.error == "" and r.finished, r
            assert all(n == 1 for n in r.replies.values()) and len(r.replies) == r.clicks
            table = next(iter(srv.server.tables.values()))
            return r, table.id

    r, tid = run(go())
    store = SqliteStore(tmp_path / FILE_NAME)
    try:
        rec = next(t for t in store.tables() if t.id == tid)
        mine = [a for a in rec.actions if a.seat in [s.seat for s in rec.seats if s.kind == "person"]]
        assert len(mine) == r.total_moves
        game = rebuild(settings_of(rec.settings), rec.actions)  # checks every digest
        assert len([e for e in game.log if e.player == 0 or e.player == 1]) >= len(rec.actions)
    finally:
        store.close()


@pytest.mark.slow
def test_bk_seat_two_devices_play_slip_stream_and_a_click_out_of_turn_gets_one_sentence(tmp_path):
    async def go():
        async with Running(tmp_path) as srv:
            a = await srv.student(0, "Ana")
            table = await a.start("game=slip_stream&seats=person,person&seed=5")
            assert [s["open"] for s in table["seats"]] == [False, True]
            b = await srv.student(1, "Ben")
            await b.join(table["code"])
            await a.until(lambda: not any(s["open"] for s in a.table["seats"]))
            # Ben (seat 2) moves first in Slip Stream (SS-R10); Ana's click is refused, nothing changes
            await a.until(lambda: bool(a.svg))
            stored = srv.server.by_code[table["code"]]._stored
            reply = await a.click("s2")
            assert not reply["ok"] and "Ben plays it on another device" in reply["error"]
            assert srv.server.by_code[table["code"]]._stored == stored
            # they play each other to the end
            ra, rb = a.r, b.r
            await asyncio.gather(a.play(200, forward=True), b.play(200, forward=True))
            assert a.over() and b.over()
            assert ra.total_moves > 3 and rb.total_moves > 3
            t = srv.server.by_code[table["code"]]
            return t.id, ra.total_moves, rb.total_moves

    tid, na, nb = run(go())
    store = SqliteStore(tmp_path / FILE_NAME)
    try:
        rec = next(t for t in store.tables() if t.id == tid)
        # the stored result is the rebuilt game's own last sentence, however the game ended
        assert rec.finished is not None
        game = rebuild(settings_of(rec.settings), rec.actions)
        assert game.is_over() and rec.result == game.situation()
        by_seat = [sum(1 for a in rec.actions if a.seat == k) for k in (0, 1)]
        assert by_seat == [na, nb]
    finally:
        store.close()


def test_bk_seat_a_slime_race_device_receives_nothing_of_another_seats_hand(tmp_path):
    """Two people at one Slime Race table: everything Ana's page receives is
    the same when the other hands and the deck are dealt otherwise."""

    async def go():
        async with Running(tmp_path) as srv:
            a = await srv.student(0, "Ana")
            table = await a.start("game=slime_race&players=3&seats=person,person,bot&seed=7")
            b = await srv.student(1, "Ben")
            await b.join(table["code"])
            await asyncio.gather(a.play(4), b.play(4))
            t = srv.server.by_code[table["code"]]
            game = t.game
            return a, b, game

    a, b, game = run(go())
    # Ana's page: the hands of seats 2 and 3 are nowhere in what it received
    raw = (
        json.dumps({k: v for k, v in a.state.items() if not isinstance(v, bytes)}, ensure_ascii=False) + a.svg
    )
    hands = game.state["hands"]
    mine = set(hands[0])
    others = {c for k in (1, 2) for c in hands[k]} - mine

    def seen(c: str) -> bool:
        return f'"{c}"' in raw or f">{c}<" in raw or f'data-act="play {c}"' in raw

    assert any(seen(c) for c in mine)  # (how her own cards travel: the check can see them)
    shown = [c for c in others if seen(c)]
    assert not shown, shown
    # the log names no card drawn by anyone (played cards are public)
    assert not any(re.search(r"draws? [a-z0-9]+[+]", line) for line in a.lines), a.lines


def test_a_reload_returns_to_the_same_seat_and_a_wrong_token_to_the_lobby(tmp_path):
    async def go():
        async with Running(tmp_path) as srv:
            a = await srv.student(0, "Ana")
            table = await a.start("game=slip_stream&ai=1&seed=2")
            await a.play(2)
            token, lines = a.token, list(a.lines)
            await a.close()
            again = ClassStudent(srv.url, Record(0, "Ana"))
            await again.connect()
            seated = await again.hello(token)
            assert seated["t"] == "seated" and seated["code"] == table["code"]
            await again.until(lambda: bool(again.svg) and len(again.lines) >= len(lines))
            # the same moves (a seat's name may have gained its colour since)
            assert [x.split(": ", 1)[1] for x in again.lines[: len(lines)]] == [
                x.split(": ", 1)[1] for x in lines
            ]
            stranger = ClassStudent(srv.url, Record(1, "Eve"))
            await stranger.connect()
            assert (await stranger.hello(token[:-2] + "xx"))["t"] == "lobby"
            await again.close()
            await stranger.close()

    run(go())


def test_bk_class_hostile_messages_are_refused_in_one_sentence_and_change_nothing(tmp_path):
    async def go():
        async with Running(tmp_path) as srv:
            a = await srv.student(0, "Ana")
            await a.start("game=slip_stream&ai=1&seed=4")
            await a.until(a.my_turn)
            t = next(iter(srv.server.tables.values()))
            before = (list(t._stored), a.state.get("version"))
            n = len(a.texts)
            for bad in [
                "not json",
                json.dumps([1, 2]),
                json.dumps({"t": "eval", "code": "1"}),
                json.dumps({"t": "msg", "content": {"kind": "click", "version": -1, "word": "s2"}}),
                json.dumps(
                    {
                        "t": "msg",
                        "content": {"kind": "click", "version": a.state["version"], "word": "x" * 5000},
                    }
                ),
                json.dumps({"t": "join", "name": "Eve", "code": "ZZZZ"}),
            ]:
                a.ws.write_message(bad)
            await a.until(lambda: len([m for m in a.texts[n:] if m["t"] == "refused"]) >= 4)
            sentences = [m["text"] for m in a.texts[n:] if m["t"] == "refused"]
            assert all(s.count(". ") <= 1 for s in sentences), sentences
            await asyncio.sleep(0.2)
            assert (list(t._stored)) == before[0]
            # too big: the server closes that connection, and the table is untouched
            a.ws.write_message("x" * 70_000)
            await a.until(lambda: a.closed, timeout=5)
            assert list(t._stored) == before[0]

    run(go())


def test_table_codes_cannot_be_guessed_without_limit(tmp_path):
    async def go():
        async with Running(tmp_path) as srv:
            e = await srv.student(0, "Eve")
            for code in [
                "AAAA",
                "AAAB",
                "AAAC",
                "AAAD",
                "AAAE",
                "AAAF",
                "AAAG",
                "AAAH",
                "AAAJ",
                "AAAK",
                "AAAL",
            ]:
                e.send({"t": "join", "name": "Eve", "code": code})
            await e.until(lambda: any("wait a minute" in m.get("text", "") for m in e.texts))

    run(go())


def test_the_teacher_page_needs_the_key_and_sees_every_table(tmp_path):
    from tornado.websocket import websocket_connect

    async def go():
        async with Running(tmp_path) as srv:
            a = await srv.student(0, "Ana")
            await a.start("game=slip_stream&ai=1&seed=1")
            b = await srv.student(1, "Ben")
            await b.start("game=slime_race&players=3&ai=1&seed=1")
            bad = await websocket_connect(f"ws://127.0.0.1:{srv.port}/teacher/ws")
            bad.write_message(json.dumps({"t": "hello", "key": "guess"}))
            texts = []
            for _ in range(3):
                m = await bad.read_message()
                if m is None:
                    break
                texts.append(m)
            assert texts and "teacher's" in json.loads(texts[0])["text"]
            assert not srv.server.teachers
            ok = await websocket_connect(f"ws://127.0.0.1:{srv.port}/teacher/ws")
            ok.write_message(json.dumps({"t": "hello", "key": srv.server.teacher_key}))
            seen = None
            for _ in range(5):
                m = json.loads(await ok.read_message())
                if m["t"] == "class":
                    seen = m
                    break
            assert seen is not None and sorted(t["title"] for t in seen["tables"]) == [
                "Slime Race",
                "Slip Stream",
            ]
            names = {s["who"] for t in seen["tables"] for s in t["seats"]}
            assert {"Ana", "Ben"} <= names
            # the teacher locks the activity: a student's own choice is not taken
            ok.write_message(
                json.dumps({"t": "activity", "query": "game=slime_culture_center&ai=1", "locked": True})
            )
            c = await srv.student(2, "Cy")
            await c.until(lambda: any(m.get("locked") for m in c.texts if m["t"] == "lobby"), timeout=5)
            table = await c.start("game=slip_stream")
            assert table["game"] == "slime_culture_center"
            ok.close()
            bad.close()

    run(go())


def test_a_killed_server_resumes_every_table_at_its_last_acknowledged_action(tmp_path):
    """(The browser test kills a real server with SIGKILL; here the store is
    reopened by a new server after the first one was dropped unclosed.)"""

    async def first():
        srv = ClassServer(
            tmp_path, playback=0, pool=BotPool(2, executor=ThreadPoolExecutor(2)), student_seeds=True
        )
        await srv.start()
        port = _port()
        http = make_app(srv).listen(port, address="127.0.0.1")
        r = Record(0, "Ana")
        s = ClassStudent(f"http://127.0.0.1:{port}", r)
        await s.connect()
        await s.hello()
        await s.start("game=slip_stream&ai=1&seed=9")
        await s.play(3)
        t = next(iter(srv.tables.values()))
        # the bot's reply to the last move is on the board before the snapshot
        await s.until(lambda: t.thinking is None and s.my_turn(), timeout=60)
        http.stop()
        return s.token, list(t._stored), t.game.state

    token, stored, state = run(first())

    async def second():
        async with Running(tmp_path) as srv:
            t = next(iter(srv.server.tables.values()))
            assert t._stored == stored and t.game.state == state
            s = await srv.student(0)
            seated = await s.hello(token)
            assert seated["t"] == "seated"
            await s.play(1)

    run(second())


def test_two_devices_pair_and_solo_helpers_measure(tmp_path):
    async def go():
        async with Running(tmp_path, playback=0.05) as srv:
            a, b = await pair(
                srv.url,
                Record(0, "Ana"),
                Record(1, "Ben"),
                "game=slip_stream&seats=person,person",
                3,
                deadline=1e12,
            )
            s = await solo_student(
                srv.url, Record(2, "Cy"), "game=slime_race&players=2&ai=2", 3, deadline=1e12
            )
            return a, b, s

    a, b, s = run(go())
    assert a.error == b.error == s.error == ""
    assert a.total_moves >= 3 and b.total_moves >= 3 and s.total_moves >= 3
    assert a.first_board_s is not None and s.first_board_s is not None


@pytest.mark.slow
def test_class_games_come_back_replayed_and_the_export_keeps_no_names(tmp_path):
    from boardkit.classroom import class_games, export_class

    async def go():
        async with Running(tmp_path) as srv:
            a = await srv.student(0, "Ana Secret")
            b = await srv.student(1, "Ben Secret")
            table = await a.start("game=slip_stream&seats=person,person&seed=12")
            await b.join(table["code"])
            await asyncio.gather(a.play(500, forward=True), b.play(500, forward=True))
            c = await srv.student(2, "Cy")
            await c.start("game=slime_race&players=3&ai=1&seed=3")  # not finished
            await c.play(2)

    run(go())
    games = class_games(tmp_path)
    assert [g.game.info.name for g in games] == ["slip_stream"]
    assert games[0].game.current_player is None and games[0].seats == ["person", "person"]
    assert len(class_games(tmp_path, finished=False)) == 2
    text = json.dumps(export_class(tmp_path))
    assert "Secret" not in text and "token" not in text
    out = tmp_path / "export.json"
    out.write_text(text)
    again = class_games(out)
    assert again[0].game.to_json() == games[0].game.to_json()


def test_the_example_session_replays_with_every_game_finished():
    from boardkit.classroom import class_games
    from boardkit.classroom.games import EXAMPLE, read_class

    games = class_games()
    assert len(games) == len(read_class(EXAMPLE)) >= 20
    # every game boardkit ships (from the registry; the tests' example games aside)
    assert {g.game.info.name for g in games} == {
        n for n, c in boardkit.games().items() if c.__module__.startswith("boardkit.")
    }
    assert all(g.game.current_player is None for g in games)


def test_a_stored_action_that_does_not_lead_to_its_position_is_refused(tmp_path):
    from boardkit.classroom.games import EXAMPLE

    data = json.loads(EXAMPLE.read_text())
    data["tables"] = data["tables"][:1]
    seat, action, digest = data["tables"][0]["actions"][3]
    data["tables"][0]["actions"][3] = [seat, action, "0" * 16]
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data))
    from boardkit.classroom import class_games

    with pytest.raises(ValueError, match="does not lead to the stored position"):
        class_games(bad)


def test_bk_seat_spectators_and_bots_words_show_no_hidden_hand(tmp_path):
    """The teacher's Present (a spectator) shows no hand in Slime Race, and a
    searching bot's plan (which names its cards) is not said while the game
    goes on."""
    from boardkit.classroom.tables import Device
    from boardkit.play import make_bot

    async def go():
        async with Running(tmp_path) as srv:
            a = await srv.student(0, "Ana")
            await a.start("game=slime_race&players=2&seats=person,bot&ai=3&seed=8")
            await a.play(3)
            t = next(iter(srv.server.tables.values()))
            assert type(t.bots[1]) is type(make_bot("slime_race", 3, 0))
            spectator = await t.attach([], Device(lambda m, b: None))
            hands = t.game.state["hands"]
            seen = [
                c
                for k in (0, 1)
                for c in hands[k]
                if f'data-act="play {c}"' in spectator.svg or f">{c}<" in spectator.svg
            ]
            assert not seen and spectator.mode == "hotseat"
            assert a.state.get("expects", "") == ""
            t.detach(spectator)

    run(go())


def test_a_bot_thinks_once_per_move(tmp_path):
    async def go():
        async with Running(tmp_path) as srv:
            a = await srv.student(0, "Ana")
            await a.start("game=slip_stream&ai=1&seed=6")
            await a.play(5)
            t = next(iter(srv.server.tables.values()))
            bot_moves = sum(1 for seat, _ in t._stored if seat == 1)
            assert srv.pool.asked in (bot_moves, bot_moves + 1)  # (+1: one thinking now)

    run(go())


def test_a_move_the_store_cannot_keep_is_not_played_and_its_answer_says_so(tmp_path):
    async def go():
        async with Running(tmp_path) as srv:
            a = await srv.student(0, "Ana")
            await a.start("game=slip_stream&seats=person,bot&ai=1&seed=6")
            await a.until(a.my_turn)
            t = next(iter(srv.server.tables.values()))
            stored, state = list(t._stored), t.game.state

            async def broken(*args, **kwargs):
                raise OSError("disk full")

            srv.server.store.record = broken
            from boardkit.widget import offered

            for _ in range(4):
                acts = offered(a.svg)[0]
                pending = a.state.get("pending", "")
                acts = [w for w in acts if not pending or w.split()[0] != pending.split()[0]] or acts
                reply = await a.click(acts[0])
                if not reply["ok"]:
                    break
            assert not reply["ok"] and "could not be kept" in reply["error"]
            assert t._stored == stored and t.game.state == state
            await asyncio.sleep(0.3)
            assert t._stored == stored and t.game.state == state  # no bot answered a move taken back

    run(go())


def test_leaving_a_game_that_goes_on_opens_the_seat_for_a_classmate(tmp_path):
    async def go():
        async with Running(tmp_path) as srv:
            a = await srv.student(0, "Ana")
            table = await a.start("game=slip_stream&seats=person,person&seed=5")
            b = await srv.student(1, "Ben")
            await b.join(table["code"])
            await b.leave()
            t = srv.server.by_code[table["code"]]
            assert t.open_seats() == [1]
            await a.until(lambda: any(s["open"] for s in a.table["seats"]))
            c = await srv.student(2, "Cy")
            await c.join(table["code"])
            assert t.rec.seats[1].name == "Cy"

    run(go())


def test_a_hot_seat_table_shows_a_curtain_between_its_players(tmp_path):
    async def go():
        async with Running(tmp_path) as srv:
            a = await srv.student(0, "Ana")
            table = await a.start("game=slime_race&players=2&seats=person,person&seed=3", hotseat=True)
            assert a.table["you"] == [0, 1] and not any(s["open"] for s in table["seats"])
            await a.until(lambda: bool(a.state.get("curtain")))
            assert a.state["curtain"].startswith("Pass the screen to")
            reply = await a.request("reveal")
            assert reply["ok"] and a.state["curtain"] == ""
            assert a.my_turn()
    run(go())


def test_the_example_session_is_found_beside_the_notebook_where_boardkit_is_a_wheel(tmp_path, monkeypatch):
    """Installed from a wheel (as in the browser) the checkout's notebooks are
    not beside the package: the lesson's own data folder holds the example."""
    import shutil

    from boardkit.classroom import games
    (tmp_path / "data").mkdir()
    shutil.copy(games.EXAMPLE, tmp_path / "data" / games.EXAMPLE.name)
    monkeypatch.chdir(tmp_path)
    gone = tmp_path / "site-packages" / "notebooks" / "data" / games.EXAMPLE.name
    monkeypatch.setattr(games, "EXAMPLE", gone)
    assert games.example() == Path("data") / games.EXAMPLE.name
    assert len(games.class_games(None, game="slip_stream")) >= 1
    (tmp_path / "data" / games.EXAMPLE.name).unlink()
    with pytest.raises(FileNotFoundError, match="class_example.json"):
        games.class_games(None)
