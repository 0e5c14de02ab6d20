"""The play app's Python side (boardkit.lite) in plain Python, as its Web
Worker drives it: the link's settings and refusal sentences (the play
page's), the board's frames, a click answered before the bot thinks, a
refusal that changes nothing, the kept game replayed on the next load;
and it runs without IPython (the worker does not download it)."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from boardkit.lite import SAVE_VERSION, App, unpack_frame
from boardkit.play import parse_query

ROOT = Path(__file__).resolve().parents[1]


def frames(app: App) -> list[dict]:
    return [msg for msg, _buffers in app.frames()]


def click(app: App, word: str, req: int = 1) -> list[dict]:
    app.handle(json.dumps({"t": "msg", "content": {"kind": "click", "word": word,
                                                    "version": app.board.version, "id": req}}))
    return frames(app)


def test_a_link_picks_the_game_and_the_page_gets_its_title_then_the_board_then_what_to_keep():
    app = App("?game=super_race&ai=1&seed=3")
    out = frames(app)
    assert [m.get("t") or m.get("method") for m in out] == ["page", "open", "save"]
    page, opened, save = out
    assert page["title"] == "Super Race" and page["problems"] == []
    assert page["chosen"].startswith("game=super_race&players=")
    assert opened["state"]["version"] == app.board.version
    assert save["game"]["v"] == SAVE_VERSION and save["game"]["settings"]["seed"] == 3


def test_a_bad_link_gets_the_play_pages_own_sentences_and_the_default_game():
    query = "game=chess&players=9&ai=7"
    page = frames(App(query))[0]
    assert page["problems"] == parse_query(query)[1] and len(page["problems"]) >= 2
    assert page["title"] == "Slip Stream"


def test_a_click_is_answered_before_the_bot_thinks_and_the_bot_moves_on_the_next_turn():
    app = App("game=slip_stream&ai=1")
    frames(app)
    answer = click(app, sorted(app.board.game.legal_actions)[0])     # the colour: the bot is to move
    replies = [m["state"]["reply"] for m in answer if "reply" in m.get("state", {})]
    assert [r["ok"] for r in replies] == [True]
    assert app.waiting and app.board.game.current_player in app.board.bots
    thinking = [m["state"]["thinking"] for m in answer if "thinking" in m.get("state", {})]
    assert thinking and thinking[-1]
    # a click while the bot thinks is answered, and plays nothing
    state = app.board.game.state
    refused = click(app, "s1", 2)
    assert next(m["state"]["reply"] for m in refused if "reply" in m.get("state", {}))["ok"] is False
    assert app.board.game.state == state
    while app.think():
        pass
    assert not app.waiting and app.board.game.current_player not in app.board.bots
    assert any(m.get("t") == "save" for m in frames(app))


def test_a_refused_click_says_one_sentence_and_changes_nothing():
    app = App("game=slip_stream&ai=1")
    frames(app)
    state = app.board.game.state
    out = click(app, "nonsense")
    reply = next(m["state"]["reply"] for m in out if "reply" in m.get("state", {}))
    assert reply["ok"] is False and reply["error"] and "\n" not in reply["error"]
    assert app.board.game.state == state
    assert not any(m.get("t") == "save" for m in out)


def test_the_kept_game_is_replayed_on_the_next_load_and_another_links_game_is_not():
    app = App("game=slip_stream&ai=1")
    frames(app)
    click(app, sorted(app.board.game.legal_actions)[0])
    while app.think():
        pass
    kept = json.dumps(app._saved)
    again = App("ai=1&game=slip_stream", kept)        # the same link, its words in another order
    assert again.board.game.state == app.board.game.state
    assert frames(again)[0]["problems"] == []
    other = App("game=slip_stream&ai=2", kept)
    assert other.board.game.state != app.board.game.state


def test_a_kept_game_that_does_not_fit_starts_a_new_one_with_one_sentence():
    app = App("game=slip_stream&ai=1")
    frames(app)
    data = dict(app._saved)
    data["actions"] = [[0, "move nowhere"]]
    broken = App("game=slip_stream&ai=1", json.dumps(data))
    problems = frames(broken)[0]["problems"]
    assert len(problems) == 1 and "could not be resumed" in problems[0]
    assert App("game=slip_stream&ai=1", "{not json").board is not None


def test_kept_settings_a_link_could_not_give_are_not_used_and_the_links_game_starts():
    """A save from another version (a bots' level, a number of players or an
    option the game no longer has) never stops the page: the link's game starts."""
    app = App("game=slip_stream&ai=1")
    frames(app)
    for key, value in (("ai", 7), ("players", 9), ("option", "no such option")):
        data = dict(app._saved)
        data["settings"] = dict(data["settings"], **{key: value})
        again = App("game=slip_stream&ai=1", json.dumps(data))
        assert again.board is not None and again.settings.ai == 1, key
        assert frames(again)[0]["problems"] == [], key


def test_new_game_deals_again_with_the_same_choices():
    app = App("game=slip_stream&ai=1&seed=4")
    frames(app)
    app.handle(json.dumps({"t": "new"}))
    out = frames(app)
    assert [m.get("t") or m.get("method") for m in out][:2] == ["page", "open"]
    assert app.settings.seed == 5


def test_frames_unpack_as_the_page_unpacks_them():
    from boardkit.widget.messages import pack_frame
    msg, buffers = unpack_frame(pack_frame({"method": "update", "state": {"a": 1}}, [b"xy", b""]))
    assert msg == {"method": "update", "state": {"a": 1}} and buffers == [b"xy", b""]


NO_IPYTHON = """
import sys, importlib.abc
class NoIPython(importlib.abc.MetaPathFinder):
    def find_spec(self, name, *args):
        if name.split(".")[0] == "IPython":
            raise ImportError("no IPython in the worker")
sys.meta_path.insert(0, NoIPython())
from boardkit.lite import App
app = App("game=slime_race&ai=1")
assert not hasattr(sys.modules["IPython"], "__file__")    # the stand-in
print(len(app.outbox()))
"""


def test_the_app_runs_without_ipython():
    done = subprocess.run([sys.executable, "-c", NO_IPYTHON], capture_output=True, text=True, cwd=ROOT,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    assert int(done.stdout.strip()) == 3
