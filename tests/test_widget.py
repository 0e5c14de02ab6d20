"""The board widget, driven from Python the way the browser drives it.

Most tests use two toy games defined here (five dice to keep, with a
toggle-and-confirm choice; a variant with a secret per seat), so they test
the widget and not a game under construction. A few use the real games.
"""
from __future__ import annotations

import asyncio
import base64
import copy
import itertools
import json
import re
import threading
import time
from dataclasses import replace
from xml.sax.saxutils import escape

import pytest

import boardkit
from boardkit import IllegalActionError, InvalidActionError, NothingToUndoError, RandomBot, SlimeRace
from boardkit.core.bots import Bot
from boardkit.core.game import Game
from boardkit.core.rules import NULL_SINK, GameInfo, Outcome, Refusal, Rules
from boardkit.core.svg import El, Picture, Targets, svg_document, text
from boardkit.core.view import View
from boardkit.widget import STALE, BoardWidget, offered, pack_picture, pack_svg, unpack_picture

# ------------------------------------------------------------------ toy games
DICE = ("d1", "d2", "d3", "d4", "d5")


class DiceRules(Rules):
    """Two players take turns keeping one to three of five dice, or pass;
    most pips wins. The dice are chosen by toggling them, then "keep"."""

    info = GameInfo(name="dice_toy", title="Dice Toy", ruling_prefix="DT", min_players=2,
                    max_players=2, perfect_information=True, chance=False)
    sub_steps = True    # each kept die is a step of its own

    @classmethod
    def _builtin_data(cls, name):
        return {}

    def initial_state(self, options):
        return {"options": options, "dice": {"d1": 6, "d2": 5, "d3": 4, "d4": 3, "d5": 2},
                "kept": [[], []], "turn": 0, "passes": 0}

    def current(self, state):
        return state["turn"]

    def candidates(self, state, ctx=None):
        free = [d for d in DICE if d in state["dice"]]
        for r in range(1, len(free) + 1):
            for combo in itertools.combinations(free, r):
                yield "keep " + " ".join(combo)
        yield "pass"

    def refusal(self, state, action, ctx=None):
        words = action.split()
        if words == ["pass"]:
            return None
        if not words or words[0] != "keep":
            return Refusal("DT-actions", "an action is 'keep d1 d3' or 'pass'")
        dice = words[1:]
        if not dice:
            return Refusal("DT-one", "choose at least one die to keep")
        if len(dice) > 3:
            return Refusal("DT-three", "keep at most three dice at a time")
        for d in dice:
            if d not in state["dice"]:
                return Refusal("DT-free", f"{d} is not on the table")
        if dice != sorted(set(dice)):
            return Refusal("DT-order", "name the dice once each, in order")
        return None

    def apply(self, state, action, sink=NULL_SINK):
        seat = state["turn"]
        words = action.split()
        if words[0] == "pass":
            state["passes"] += 1
            sink(state, f"{self.seat_name(seat)} passes")
        else:
            for d in words[1:]:
                state["kept"][seat].append(state["dice"].pop(d))
                sink(state, f"{self.seat_name(seat)} keeps {d}", frame=True)
            state["passes"] = 0
        state["turn"] = None if not state["dice"] or state["passes"] >= 2 else 1 - seat

    def outcome(self, state):
        if state["turn"] is not None:
            return None
        scores = tuple(sum(k) for k in state["kept"])
        return Outcome(tuple(i for i, s in enumerate(scores) if s == max(scores)), scores, "most pips")

    def situation(self, state):
        if state["turn"] is None:
            return "game over"
        return f"{self.seat_name(state['turn'])} to keep dice"


class DiceToy(Game):
    Rules = DiceRules

    def render(self, view=None, **kwargs):
        view = View.of(view, **kwargs)
        live = view.state is None
        state = self._state if live else view.state
        mine = live and state["turn"] is not None and not view.hide_hands
        targets = Targets(list(self.legal_actions) if mine else [], view.pending)
        parts = [text(10, 16, view.caption or self.rules.situation(state))]
        for i, d in enumerate(DICE):
            if d not in state["dice"]:
                continue
            die = El("g", El("rect", x=10 + 40 * i, y=30, width=30, height=30, class_="hl"),
                     text(25 + 40 * i, 50, str(state["dice"][d])), class_="die")
            if mine:
                die.set(data_toggle=d)
                die.add_class("target", "legal")
            if d in view.selected:
                die.add_class("selected")
            parts.append(die)
        if mine:
            parts.append(El("g", El("rect", x=10, y=70, width=50, height=20), text(15, 85, "keep"),
                            data_confirm="keep", class_="target legal"))
            parts.append(targets.mark(El("g", El("rect", x=70, y=70, width=50, height=20),
                                         text(75, 85, "pass")), "pass"))
        parts.extend(self._secrets(state, view))
        return svg_document(240, 130, *parts)

    def _secrets(self, state, view):
        return []


class SecretRules(DiceRules):
    info = replace(DiceRules.info, name="secret_dice", title="Secret Dice", perfect_information=False)

    def initial_state(self, options):
        return dict(super().initial_state(options), secret=[7, 9])

    def observation(self, state, seat):
        obs = json.loads(json.dumps(state))
        obs["secret"] = [s if i == seat else "?" for i, s in enumerate(state["secret"])]
        return obs


class SecretDice(DiceToy):
    """Each seat has a secret number: hot seat hides the other one."""

    Rules = SecretRules

    def _secrets(self, state, view):
        turn = state["turn"] if view.seat is None else view.seat
        if view.hide_hands:
            return [text(10, 120, "hand is hidden")]
        seats = range(2) if view.all_hands else ([turn] if turn is not None else [])
        return [El("text", text=f"secret {s}", x=10 + 60 * s, y=120, data_secret=str(secret))
                for s, secret in ((s, state["secret"][s]) for s in seats)]


# ------------------------------------------------------------------ bots
class FirstBot(Bot):
    """Plays the first legal action; records the thread it thought in."""

    label = "first bot"

    def __init__(self):
        super().__init__(0)
        self.threads: list[str] = []

    def choose(self, game):
        self.threads.append(threading.current_thread().name)
        return list(game.legal_actions)[0]


class GateBot(FirstBot):
    """Thinks until the test opens its gate."""

    label = "gate bot"

    def __init__(self):
        super().__init__()
        self.gate = threading.Event()

    def choose(self, game):
        assert self.gate.wait(10), "the test never opened the gate"
        return super().choose(game)


class BoomBot(Bot):
    def choose(self, game):
        raise RuntimeError("boom")


class CheatBot(Bot):
    def choose(self, game):
        return "keep d1 d2 d3 d4"


# ------------------------------------------------------------------ helpers
class Wire:
    """What the widget puts on its comm, message by message, encoded the way
    the kernel does but with strict UTF-8 (a lone surrogate would fail)."""

    def __init__(self, widget):
        self.msgs: list[tuple[dict, int]] = []
        widget.comm.publish_msg = self._publish

    def _publish(self, msg_type, data=None, metadata=None, buffers=None, **keys):
        raw = json.dumps(data, ensure_ascii=False, allow_nan=False).encode("utf-8")
        buffers = [bytes(memoryview(b).cast("B")) for b in buffers or []]
        if buffers:  # put them back where they were, as the page's widget manager does
            data = copy.deepcopy(data)
            for path, buf in zip(data.get("buffer_paths", []), buffers, strict=True):
                target = data["state"]
                for key in path[:-1]:
                    target = target[key]
                target[path[-1]] = buf
        self.msgs.append((data, len(raw) + sum(map(len, buffers))))

    def updates(self):
        return [d["state"] for d, _ in self.msgs if d.get("method") == "update"]

    def replies(self):
        return [s["reply"] for s in self.updates() if "reply" in s]

    def clear(self):
        self.msgs.clear()


_ids = itertools.count(1)


def send(w, kind, **extra):
    """Send a message the way the page does (made on the current board)."""
    msg = {"id": f"t-{next(_ids)}", "kind": kind, "version": w.version, **extra}
    w._on_frontend_msg(w, msg, [])
    return msg


def in_a_thread(fn):
    """Run ``fn()`` in a fresh thread and re-raise what it raised (a thread
    of its own has no event loop running, whatever this one runs)."""
    failure = []

    def run():
        try:
            fn()
        except BaseException as exc:
            failure.append(exc)

    t = threading.Thread(target=run)
    t.start()
    t.join()
    if failure:
        raise failure[0]


def in_kernel(coro_fn):
    """Run a test body inside a running asyncio loop, as a kernel runs the
    page's messages (bots in the background, as in a kernel)."""
    BoardWidget.bots_in_background = True
    try:
        in_a_thread(lambda: asyncio.run(coro_fn()))
    finally:
        BoardWidget.bots_in_background = None


async def settle(w, timeout=5.0):
    """Let the loop run until no bot is thinking."""
    t0 = time.monotonic()
    while w.thinking:
        assert time.monotonic() - t0 < timeout, "the bot never answered"
        await asyncio.sleep(0.002)


# ============================================================ the click model
def test_toggle_and_confirm_plays_the_selection():
    g = DiceToy()
    w = BoardWidget(g)
    assert 'data-toggle="d1"' in w.svg and 'data-confirm="keep"' in w.svg
    w.toggle("d3")
    w.toggle("d1")
    assert w.selected == ["d1", "d3"]
    assert 'class="die target legal selected"' in w.svg   # the game's view highlights them
    w.toggle("d3")
    w.toggle("d2")
    assert w.selected == ["d1", "d2"]
    w.confirm("keep")
    assert g.log[-1].action == "keep d1 d2" and g.state["kept"][0] == [6, 5]
    assert w.selected == [] and w.error == ""
    assert w.log_tail[-1] == "Player 1: keep d1 d2"


def test_refused_confirm_keeps_the_selection_and_says_why():
    g = DiceToy()
    w = BoardWidget(g)
    for d in ("d1", "d2", "d3", "d4"):
        w.toggle(d)
    before = g.state
    with pytest.raises(IllegalActionError, match="DT-three"):
        w.confirm("keep")
    assert w.error == "Keep at most three dice at a time" and w.error_rule == "DT-three"
    assert w.selected == ["d1", "d2", "d3", "d4"] and g.state == before
    w.toggle("d4")
    w.confirm("keep")
    assert g.state["kept"][0] == [6, 5, 4]
    with pytest.raises(IllegalActionError, match="DT-one"):
        w.confirm("keep")                     # nothing selected


def test_toggle_or_confirm_must_name_a_target_on_the_board():
    w = BoardWidget(DiceToy())
    with pytest.raises(InvalidActionError, match="no 'd9' to choose"):
        w.toggle("d9")
    with pytest.raises(InvalidActionError, match="no 'discard' to choose"):
        w.confirm("discard")
    assert w.selected == []


def test_toggle_and_confirm_by_messages():
    g = DiceToy()
    w = BoardWidget(g)
    wire = Wire(w)
    send(w, "toggle", word="d5")
    send(w, "confirm", word="keep")
    assert [r["ok"] for r in wire.replies()] == [True, True]
    assert g.log[-1].action == "keep d5"


def test_cancel_forgets_the_selection():
    w = BoardWidget(DiceToy())
    w.toggle("d2")
    send(w, "cancel")
    assert w.selected == [] and 'selected"' not in w.svg


# ====================================================== bots in the background
def test_bot_thinks_in_the_background_and_the_board_stays_responsive():
    g = DiceToy()
    bot = GateBot()

    async def body():
        w = BoardWidget(g, bots={1: bot})
        wire = Wire(w)
        send(w, "click", word="pass")
        # the click is answered at once: the bot thinks, the board says so
        assert wire.replies()[-1]["ok"] is True
        assert w.thinking == "Player 2 (bot) is thinking…"
        assert g.current_player == 1 and len(g.log) == 1
        assert "data-act" not in w.svg       # nothing clickable while it thinks
        # a click meanwhile gets a clear answer and changes nothing
        send(w, "click", word="pass")
        reply = wire.replies()[-1]
        assert not reply["ok"] and reply["error"] == "Player 2 (bot) is still thinking — wait for its move"
        assert len(g.log) == 1
        with pytest.raises(InvalidActionError, match="still thinking"):
            w.toggle("d1")
        bot.gate.set()
        await settle(w)
        assert g.log[-1].player == 1 and g.current_player == 0
        assert w.error == "" and w.thinking == ""
        assert w.log_tail[-1].startswith("Player 2 (gate bot): ")
        assert bot.threads and bot.threads[0].startswith("boardkit-bot")
        w.close()

    in_kernel(body)


def test_a_bot_starts_thinking_only_once_the_answer_has_left_the_kernel(monkeypatch):
    """In a kernel every message leaves through one output thread, which
    needs the interpreter lock; a bot thinking holds it. So the bot starts
    only after the output thread has sent the click's answer."""
    import boardkit.widget.bots as widget_module

    class StartBot(FirstBot):
        def __init__(self):
            super().__init__()
            self.started = threading.Event()

        def choose(self, game):
            self.started.set()
            return super().choose(game)

    wires: list[Wire] = []

    class Output:                           # the kernel's output thread, run by hand
        def __init__(self):
            self.queued: list = []
            self.replies_before: list[int] = []

        def schedule(self, f):
            self.replies_before.append(len(wires[0].replies()))
            self.queued.append(f)

    out = Output()
    monkeypatch.setattr(widget_module, "_output_thread", lambda: out)
    g = DiceToy()
    bot = StartBot()

    async def body():
        w = BoardWidget(g, bots={1: bot})
        wires.append(Wire(w))
        send(w, "click", word="pass")
        assert wires[0].replies()[-1]["ok"] and w.thinking
        await asyncio.sleep(0.05)
        # the answer was sent before the bot's start was queued behind it…
        assert out.replies_before == [1] and len(out.queued) == 1
        assert not bot.started.is_set()     # …and the bot waits for the output thread
        out.queued.pop()()                  # the output thread is done: it wakes the loop
        await settle(w)
        assert bot.started.is_set() and g.log[-1].player == 1
        w.close()

    in_kernel(body)


def test_undo_while_the_bot_thinks_cancels_its_move():
    g = DiceToy()
    bot = GateBot()

    async def body():
        w = BoardWidget(g, bots={1: bot})
        start = g.state
        send(w, "toggle", word="d1")
        send(w, "confirm", word="keep")
        assert w.thinking
        send(w, "undo")
        assert w.thinking == "" and g.state == start and w.error == ""
        bot.gate.set()                       # its answer comes, for an old position
        await asyncio.sleep(0.05)
        assert g.state == start and len(g.log) == 0
        send(w, "click", word="pass")        # the bot is asked again
        await settle(w)
        assert [e.player for e in g.log] == [0, 1]
        w.close()

    in_kernel(body)


def test_a_bot_move_for_a_position_that_changed_is_not_applied():
    g = DiceToy()
    bot = GateBot()

    async def body():
        w = BoardWidget(g, bots={1: bot})
        send(w, "click", word="pass")
        g.apply("keep d5")                   # someone played for the bot from Python
        bot.gate.set()
        await settle(w)
        # the bot's stale answer was dropped; it was not its turn any more
        assert [e.action for e in g.log] == ["pass", "keep d5"]
        w.refresh()
        assert w.log_tail[-1] == "Player 2 (gate bot): keep d5"
        w.close()

    in_kernel(body)


def test_wait_blocks_until_the_bots_are_done():
    g = DiceToy()
    bot = GateBot()

    async def body():
        w = BoardWidget(g, bots={1: bot})
        send(w, "click", word="pass")
        assert w.thinking
        with pytest.raises(TimeoutError, match="still thinking"):
            w.wait(timeout=0.05)
        threading.Timer(0.05, bot.gate.set).start()
        w.wait(timeout=5)
        assert w.thinking == "" and g.current_player == 0 and len(g.log) == 2
        await asyncio.sleep(0.02)            # the loop's own callback then finds nothing to do
        assert len(g.log) == 2
        w.close()

    in_kernel(body)


def test_python_calls_play_the_bots_at_once():
    # a notebook cell reads like a script: no wait() needed after board.click
    g = DiceToy()

    async def body():
        bot = FirstBot()
        w = BoardWidget(g, bots={1: bot})
        events = w.click("pass")
        assert w.thinking == "" and len(g.log) == 2
        assert events == ["Player 1 passes", "Player 2 keeps d1"]
        assert bot.threads == [threading.current_thread().name]

    in_kernel(body)


def test_bots_play_synchronously_without_an_event_loop():
    g = DiceToy()
    w = BoardWidget(g, bots={1: FirstBot()})
    send(w, "click", word="pass")
    assert w.thinking == "" and len(g.log) == 2 and g.current_player == 0
    w.wait()   # nothing to wait for


def test_bots_play_at_once_outside_a_kernel_even_in_an_event_loop():
    g = DiceToy()

    async def body():   # (an asyncio loop runs, but no Jupyter kernel)
        w = BoardWidget(g, bots={1: FirstBot()})
        send(w, "click", word="pass")
        assert w.thinking == "" and len(g.log) == 2

    in_a_thread(lambda: asyncio.run(body()))


def test_bots_move_first_when_they_start():
    g = DiceToy()
    w = BoardWidget(g, bots={0: FirstBot()})
    assert [e.player for e in g.log] == [0] and g.current_player == 1
    assert "first bot" in w.log_tail[-1]


@pytest.mark.parametrize("bot, reason", [
    (BoomBot(), "RuntimeError: boom"),
    (CheatBot(), "DT-three: keep at most three dice"),
])
def test_a_failing_bot_leaves_the_game_unchanged(bot, reason):
    g = DiceToy()
    w = BoardWidget(g, bots={1: bot})
    w.click("pass")                           # the human's move stands
    after = g.state
    assert w.error.startswith("Player 2 (bot) failed: ") and reason in w.error
    assert g.state == after and g.current_player == 1 and w.thinking == ""
    wire = Wire(w)
    send(w, "click", word="pass")
    assert wire.replies()[-1]["ok"] is False and "Undo" in wire.replies()[-1]["error"]
    w.undo()                                  # back to the human, the error gone
    assert g.current_player == 0 and w.error == "" and len(g.log) == 0


def test_a_failing_bot_in_the_background_is_reported():
    g = DiceToy()

    async def body():
        w = BoardWidget(g, bots={1: BoomBot()})
        send(w, "click", word="pass")
        await settle(w)
        assert w.error == "Player 2 (bot) failed: RuntimeError: boom" and len(g.log) == 1
        w.close()

    in_kernel(body)


# ================================================================ hot seat
def test_hotseat_is_refused_for_a_game_without_hidden_information():
    with pytest.raises(InvalidActionError, match="hides nothing"):
        BoardWidget(DiceToy(), mode="hotseat")
    w = BoardWidget(DiceToy())
    with pytest.raises(InvalidActionError, match="hides nothing"):
        w.mode = "hotseat"
    assert w.mode == "teacher"


def test_hotseat_hides_the_hand_until_revealed():
    g = SecretDice()
    w = BoardWidget(g, mode="hotseat")
    assert w.curtain == "Pass the screen to Player 1"
    assert "hand is hidden" in w.svg and "data-secret" not in w.svg
    with pytest.raises(InvalidActionError, match="take the screen"):
        w.click("pass")
    w.reveal()
    assert w.curtain == "" and 'data-secret="7"' in w.svg and 'data-secret="9"' not in w.svg
    w.click("pass")
    assert w.curtain == "Pass the screen to Player 2" and "data-secret" not in w.svg


def test_hotseat_undo_goes_back_behind_the_curtain():
    g = SecretDice()
    w = BoardWidget(g, mode="hotseat")
    w.reveal()
    w.click("pass")
    w.reveal()
    assert 'data-secret="9"' in w.svg
    w.undo()                                  # Player 2 has no move yet: Player 1's pass is taken back
    assert g.current_player == 0
    assert w.curtain == "Pass the screen to Player 1" and "data-secret" not in w.svg
    w.reveal()
    assert 'data-secret="7"' in w.svg


def test_teacher_view_shows_every_hand():
    w = BoardWidget(SecretDice())
    assert 'data-secret="7"' in w.svg and 'data-secret="9"' in w.svg


# ============================================================== robustness
def test_stale_click_is_refused_so_a_double_click_never_acts_twice():
    g = DiceToy()
    w = BoardWidget(g)
    wire = Wire(w)
    old = w.version
    for _ in range(2):                        # the same click, twice, on the same board
        w._on_frontend_msg(w, {"id": "x", "kind": "click", "word": "pass", "version": old}, [])
    assert [e.action for e in g.log] == ["pass"]
    first, second = wire.replies()
    assert first["ok"] is True and second == {"n": second["n"], "id": "x", "ok": False, "error": STALE}
    assert w.error == STALE
    # a double click on a die toggles it once
    v = w.version
    for _ in range(2):
        w._on_frontend_msg(w, {"id": "y", "kind": "toggle", "word": "d1", "version": v}, [])
    assert w.selected == ["d1"]


def test_refused_click_leaves_the_version_so_the_next_click_counts():
    g = DiceToy()
    w = BoardWidget(g)
    v = w.version
    wire = Wire(w)
    send(w, "confirm", word="keep")           # nothing selected: refused
    assert w.version == v and wire.replies()[-1]["ok"] is False and w.error_rule == "DT-one"
    send(w, "click", word="pass")
    assert wire.replies()[-1]["ok"] is True


@pytest.mark.parametrize("word", ["\ud800", "pass\udfff", "a\x00b", "\x1b[31mred", "bet\n1-3", "\u0085"])
def test_click_word_with_lone_surrogate_or_control_characters_gets_a_clean_reply(word):
    g = DiceToy()
    w = BoardWidget(g)
    wire = Wire(w)                            # encodes with strict UTF-8
    for kind in ("click", "toggle", "confirm"):
        send(w, kind, word=word)
    replies = wire.replies()
    assert len(replies) == 3 and not any(r["ok"] for r in replies)
    assert all("names a target on the board" in r["error"] for r in replies)
    for state in wire.updates():
        json.dumps(state, ensure_ascii=False).encode("utf-8")   # strict
    assert len(g.log) == 0


def test_odd_request_id_is_not_echoed():
    w = BoardWidget(DiceToy())
    wire = Wire(w)
    for bad in ("\ud800", "x" * 500, {"a": 1}, 1.5, True):
        w._on_frontend_msg(w, {"id": bad, "kind": "cancel", "version": w.version}, [])
    assert [r["id"] for r in wire.replies()] == ["\ufffd", None, None, None, None]


def test_state_message_from_the_page_cannot_break_anything():
    g = DiceToy()
    w = BoardWidget(g)
    w.click("pass")
    wire = Wire(w)
    before = {k: getattr(w, k) for k in ("step_index", "mode", "version", "svg", "svg_z", "log_start",
                                         "log_tail")}
    w._handle_msg({"content": {"data": {"method": "update", "state": {
        "step_index": 99, "mode": "bogus", "version": 12345, "svg": "<script>alert(1)</script>",
        "svg_z": pack_svg("<script>alert(1)</script>"),
        "log_start": 0, "log_tail": [], "selected": ["d9"], "no_such_trait": 1}}}, "buffers": []})
    assert {k: getattr(w, k) for k in before} == before and w.selected == []
    # the page is sent back the kernel's values, with the whole log
    (restore,) = wire.updates()
    assert restore["step_index"] == -1 and restore["mode"] == "teacher" and restore["version"] == w.version
    assert restore["log_start"] == 0 and restore["log_tail"] == ["Player 1: pass"]
    assert unpack_picture(restore["base_z"], restore["svg_z"]) == w.svg
    assert "no_such_trait" not in restore
    send(w, "click", word="pass")             # and the board still works
    assert len(g.log) == 2


def test_python_side_cannot_set_impossible_values_either():
    w = BoardWidget(DiceToy())
    with pytest.raises(InvalidActionError, match="no step 99"):
        w.step_index = 99
    with pytest.raises(InvalidActionError, match="mode must be one of"):
        w.mode = "bogus"
    with pytest.raises(InvalidActionError, match="no step"):
        w.step(99)
    with pytest.raises(InvalidActionError, match="whole number"):
        w.step("1")
    assert w.step_index == -1 and w.mode == "teacher"


@pytest.mark.parametrize("msg, says", [
    (None, "must be an object"),
    ([], "must be an object"),
    ("click", "must be an object"),
    ({}, "Unknown board message kind nothing"),
    ({"kind": "hack", "version": 1}, "Unknown board message kind 'hack'"),
    ({"kind": ["click"], "version": 1}, "Unknown board message kind a list"),
    ({"kind": "click", "word": "pass"}, "must carry the version"),
    ({"kind": "click", "word": "pass", "version": "1"}, "must carry the version"),
    ({"kind": "click", "word": 5, "version": None}, "must carry the version"),
    ({"kind": "click", "word": 5}, "must carry the version"),
    ({"kind": "click", "word": 5, "version": "now"}, "must carry the version"),
])
def test_bad_messages_get_exactly_one_error_reply(msg, says):
    g = DiceToy()
    w = BoardWidget(g)
    wire = Wire(w)
    before = g.state
    w._on_frontend_msg(w, msg, [])
    (reply,) = wire.replies()
    assert reply["ok"] is False and says in reply["error"]
    assert g.state == before


@pytest.mark.parametrize("extra", [{"word": 5}, {"word": "x" * 5000}, {}, {"word": "  "}])
def test_bad_click_words_get_an_error_reply(extra):
    w = BoardWidget(DiceToy())
    wire = Wire(w)
    send(w, "click", **extra)
    (reply,) = wire.replies()
    assert reply["ok"] is False and "names a target on the board" in reply["error"]


def test_every_message_gets_exactly_one_reply():
    g = DiceToy()
    w = BoardWidget(g, bots={1: FirstBot()})
    wire = Wire(w)
    msgs = [("toggle", {"word": "d1"}), ("confirm", {"word": "keep"}), ("click", {"word": "nope"}),
            ("undo", {}), ("undo", {}), ("cancel", {}), ("reveal", {}), ("step", {"to": 5}),
            ("step", {"to": -1}), ("click", {"word": "pass"}), ("step", {"to": 0})]
    for kind, extra in msgs:
        n = len(wire.msgs)
        sent = send(w, kind, **extra)
        assert len(wire.msgs) == n + 1, kind            # one update, with the reply in it
        assert wire.updates()[-1]["reply"]["id"] == sent["id"]
    assert [r["ok"] for r in wire.replies()] == [True, True, False, True, False, True, True, False,
                                                 True, True, True]


def test_internal_error_still_gets_a_reply():
    class Broken(DiceToy):
        def render(self, view=None, **kwargs):
            if self._state["passes"]:
                raise KeyError("oops")
            return super().render(view, **kwargs)

    g = Broken()
    w = BoardWidget(g)
    wire = Wire(w)
    send(w, "click", word="pass")             # played, but the picture fails
    (reply,) = wire.replies()
    assert reply["ok"] is True and "could not be drawn: KeyError" in w.error


# ============================================================== efficiency
def test_one_update_per_click_and_the_log_is_sent_as_an_append(capsys):
    g = DiceToy()
    w = BoardWidget(g, bots={1: FirstBot()})
    wire = Wire(w)
    send(w, "toggle", word="d5")
    (toggle,) = wire.msgs
    send(w, "confirm", word="keep")
    (toggle, confirm) = wire.msgs
    state = confirm[0]["state"]
    assert state["reply"]["ok"] and "svg_z" in state and "svg" not in state
    # the human's and the bot's moves: two new lines, nothing resent
    assert w.log_start == 0 and state["log_tail"] == ["Player 1: keep d5",
                                                             "Player 2 (first bot): keep d1"]
    wire.clear()
    send(w, "click", word="pass")
    (click,) = wire.msgs
    assert click[0]["state"]["log_start"] == 2 and len(click[0]["state"]["log_tail"]) == 2
    wire.clear()
    send(w, "undo")
    (undo,) = wire.msgs
    assert w.log_start == 2 and undo[0]["state"]["log_tail"] == []   # (log_start unchanged: not sent)
    with capsys.disabled():
        print(f"\n[bytes per request, Dice Toy] toggle {toggle[1]}, confirm+bot {confirm[1]}, "
              f"click+bot {click[1]}, undo {undo[1]}")


def test_full_state_carries_the_whole_log():
    g = DiceToy()
    w = BoardWidget(g, bots={1: FirstBot()})
    w.click("pass")
    w.click("pass")
    full = w.get_state()
    assert full["log_start"] == 0 and len(full["log_tail"]) == 4
    assert w.get_state(["log_tail"])["log_tail"] == w.log_tail   # an update: the tail only
    assert len(w.log_tail) == 2


def test_the_picture_travels_compressed_and_is_text_in_python():
    from boardkit import SlimeCultureCenter, SlipStream
    w = BoardWidget(SlipStream(seed=6, chance=["first 0"]))
    assert {"svg_z", "base_z"} <= set(w.keys) and "svg" not in w.keys   # only compressed forms are synced
    assert w.svg.startswith("<svg") and unpack_picture(w.base_z, w.svg_z) == w.svg
    assert len(w.base_z) < len(w.svg) / 4 and len(w.svg_z) < 100   # a new base: nothing changed in it
    with pytest.raises(AttributeError):
        w.svg = "<svg/>"                                        # drawn from the game only
    base = w.base_z
    w.click("move s4")
    # a change to the same base: the parts of the picture that are not as in the base
    assert w.base_z is base and "Selected the machine on s4" in w.svg
    assert unpack_picture(w.base_z, w.svg_z) == w.svg and len(w.svg_z) < len(base) / 4
    # a change as big as half the base: a new base
    w = BoardWidget(SlimeCultureCenter(players=2, seed=0, chance=["first 0"]))
    base = w.base_z
    w.click("spawn")                             # every square becomes a target
    assert w.base_z != base and len(w.svg_z) < 100 and unpack_picture(w.base_z, w.svg_z) == w.svg
    with pytest.raises(ValueError, match="parts"):
        unpack_picture(b"", w.svg_z)                            # not without its base
    assert pack_svg("") == b"" and unpack_picture(b"", b"") == ""
    assert unpack_picture(b"", pack_svg("<svg/>")) == "<svg/>"  # a picture's text is drawn as it is


def test_an_unchanged_picture_is_not_sent_again():
    w = BoardWidget(DiceToy())
    wire = Wire(w)
    send(w, "click", word="nope")                               # refused: the same picture
    (update,) = wire.updates()
    assert update["reply"]["ok"] is False and "svg_z" not in update and "base_z" not in update


def _click_through(w, words_seen, rng, clicks):
    """``clicks`` clicks on targets the board offers (what a person could
    click: an action's word, a die or card to choose, a confirm button),
    through the page's path; returns the bytes of each answer. A confirm
    may be refused (the choice does not fit): that answer counts too."""
    wire = Wire(w)
    sizes = []
    seen = w.get_state()                                # what the page has
    assert unpack_picture(seen["base_z"], seen["svg_z"]) == w.svg
    for _ in range(clicks):
        acts, toggles, confirms = offered(w.svg)
        targets = ([("click", a) for a in acts] + [("toggle", t) for t in toggles]
                   + [("confirm", c) for c in confirms])
        if not targets:
            break
        kind, word = rng.choice(targets)
        words_seen.append(word)
        wire.clear()
        send(w, kind, word=word)
        assert len(wire.msgs) == 1, (word, w.error)
        assert wire.replies()[-1]["ok"] or kind == "confirm", (word, w.error)
        sizes.append(wire.msgs[0][1])
        seen.update(wire.updates()[0])        # what the page has, and what a saved state holds
        assert unpack_picture(seen["base_z"], seen["svg_z"]) == w.svg
    return sizes


#: every game boardkit ships (from the registry; the tests' example games aside)
SHIPPED = sorted(n for n, c in boardkit.games().items() if c.__module__.startswith("boardkit."))


@pytest.mark.parametrize("game", SHIPPED)
def test_bytes_per_click_on_a_real_board_stay_under_10_kb(game, capsys):
    """About 20 clicks with the bots the notebooks seat: every answer after
    the first is one update of at most ~10 KB (the picture compressed, the
    rest as changes)."""
    import random
    import statistics

    from boardkit import GreedyBot, SlimeCultureCenter, SlipStream, SuperRace
    from boardkit.slip_stream.ai import SlipStreamAI
    from boardkit.super_race.bots import LapBot
    if game == "slime_race":
        g = SlimeRace(players=3, seed=7)
        bots = {1: GreedyBot(1), 2: RandomBot(2)}
    elif game == "slime_culture_center":
        g = SlimeCultureCenter(players=3, seed=0, chance=["first 0"])
        bots = {1: GreedyBot(1, sample=20), 2: RandomBot(2)}
    elif game == "super_race":
        g = SuperRace(players=2, seed=11)
        bots = {1: LapBot(1)}
    else:
        g = SlipStream(seed=6, chance=["first 0"])
        bots = {1: SlipStreamAI.level(1, seed=1)}
    w = BoardWidget(g, bots=bots, mode="student")
    words: list[str] = []
    sizes = _click_through(w, words, random.Random(1), 20)
    assert len(sizes) >= 12, words
    after_first = statistics.median(sizes[1:])
    picture = len(w.svg.encode())
    with capsys.disabled():
        print(f"\n[bytes per click, {g.info.title}, {len(bots)} bot(s)] median after the first "
              f"{after_first:.0f} (max {max(sizes[1:])}, {len(sizes)} clicks); the picture alone: "
              f"{picture} as text, {len(w.base_z)} as a base, {len(w.svg_z)} as the change to it")
    assert after_first <= 10_000, sizes


def test_the_same_picture_is_not_drawn_twice():
    from boardkit import SlimeCultureCenter
    g = SlimeCultureCenter(players=2, seed=0, chance=["first 0"])
    w = BoardWidget(g)
    drawn = []
    render = g.render
    g.render = lambda view=None, **kw: drawn.append(view) or render(view, **kw)
    w.click("spawn")
    assert len(drawn) == 1
    w.cancel()                                        # the picture before "spawn": drawn already
    w.click("spawn")
    with pytest.raises(InvalidActionError):
        w.click("d4")                                 # refused: the same picture
    assert len(drawn) == 1 and "selected: spawn" in w.svg
    w.click("red")
    w.click("d4")
    w.undo()                                          # back to a position drawn before
    assert len(drawn) == 3 and w.pending == "" and 'data-square="d4"' in w.svg
    assert w.svg == render(View(seat=0, all_hands=True))      # the teacher's view, as if drawn now
    w.refresh()                                       # Python asked for a redraw: drawn anew
    assert len(drawn) == 4


def test_offered_reads_only_the_click_targets():
    svg = ('<svg><style>g > rect { fill: red }</style>'
           '<g class="target legal" data-act="a &amp; b" data-toggle="t"><rect class="hl"/></g>'
           '<g class="target" data-act="not now"/><g data-confirm="keep"><rect class="legal"/></g>'
           '<text>data-act="no"</text><g class="legal target" xdata-act="x" data-act="c"/>'
           '<g class="target legal" data-act="a &amp; b"/></svg>')
    assert offered(svg) == (["a & b", "c"], ["t"], ["keep"])


def test_a_bot_move_in_the_background_is_one_more_update():
    g = DiceToy()

    async def body():
        w = BoardWidget(g, bots={1: FirstBot()})
        wire = Wire(w)
        send(w, "click", word="pass")
        assert len(wire.msgs) == 1 and wire.updates()[0]["thinking"] == "Player 2 (bot) is thinking…"
        await settle(w)
        assert len(wire.msgs) == 2
        later = wire.updates()[1]
        assert "reply" not in later and later["thinking"] == "" and later["log_start"] == 1
        w.close()

    in_kernel(body)


# ======================================================= with the real games
def test_click_bet_advances_game_and_redraws():
    from boardkit import SlimeRace
    g = SlimeRace(players=2, seed=0, chance=["first 0"])
    w = BoardWidget(g)
    v = w.version
    w.click("bet 1-3")
    assert g.state["bets"]["1-3"] == [0]
    assert w.version > v and 'data-act="bet 1-3"' in w.svg
    assert w.log_tail[-1] == "Dragon: bet 1-3"


def test_rejected_click_reports_rule_and_changes_nothing():
    from boardkit import SlimeRace
    g = SlimeRace(players=2, seed=0, chance=["first 0"])
    w = BoardWidget(g)
    wire = Wire(w)
    before = g.state
    send(w, "click", word="play red+5")
    (reply,) = wire.replies()
    assert reply["ok"] is False and reply["error"] == w.error
    assert w.error_rule == "SR-R4 SR-R3" and "SR-R" not in w.error and g.state == before
    assert w.error_rule_title == "A turn during the race\nBetting coins"      # a title per tag


def test_slime_race_bots_reply_and_undo_takes_back_to_the_human():
    from boardkit import SlimeRace
    g = SlimeRace(players=3, seed=0, chance=["first 0"])
    w = BoardWidget(g, bots={1: RandomBot(1), 2: RandomBot(2)})
    start = g.state
    w.click("bet 2-4")
    assert g.current_player == 0 and sum(g.state["coins"]) == 6
    w.undo()
    assert g.state == start


def test_slime_race_hotseat_hides_hand_until_revealed():
    from boardkit import SlimeRace
    g = SlimeRace(players=2, seed=0, chance=["first 0"])
    w = BoardWidget(g, mode="hotseat")
    assert w.curtain == "Pass the screen to Dragon"
    assert "hand is hidden" in w.svg and 'data-card=' not in w.svg
    w.reveal()
    assert w.curtain == "" and "data-card=" in w.svg
    w.click("bet 1-2")
    assert w.curtain == "Pass the screen to Teeny Sanguini"


def test_repr_is_stable():
    w = BoardWidget(DiceToy(), bots={1: RandomBot(0)})
    assert repr(w) == "BoardWidget(Dice Toy, teacher: Player 1 to keep dice; bots: Player 2=random bot)"


def test_widget_rejects_bad_arguments():
    with pytest.raises(InvalidActionError):
        BoardWidget("not a game")
    with pytest.raises(InvalidActionError):
        BoardWidget(DiceToy(), mode="cinema")
    with pytest.raises(InvalidActionError):
        BoardWidget(DiceToy(), bots={5: RandomBot()})


def test_step_through_the_checks_of_the_last_click():
    g = DiceToy()
    w = BoardWidget(g)
    for d in ("d1", "d2", "d3"):
        w.toggle(d)
    w.confirm("keep")
    assert w.step_count == 3 and w.step_index == -1
    live = w.svg
    w.step(1)
    assert w.svg != live and "step 2 of 3: Player 1 keeps d2" in w.svg
    with pytest.raises(InvalidActionError, match="past step"):
        w.click("pass")
    w.step(-1)
    assert w.svg == live


def test_scc_step_through_and_multi_click():
    from boardkit import SlimeCultureCenter
    g = SlimeCultureCenter(players=2, seed=0, chance=["first 0"])
    w = BoardWidget(g)
    with pytest.raises(InvalidActionError, match="'red' is a colour; placing a tile takes spawn"):
        w.click("red")                         # a colour before spawn or grow: says the order
    assert w.pending == "" and "spawn (発生) or grow (成長) first" in w.error
    assert "Stock — after spawn or grow, click a colour" in w.svg
    w.click("spawn")
    assert w.pending == "spawn" and "selected: spawn" in w.svg
    w.click("exchange")                        # another action's button: that action instead
    assert w.pending == "exchange" and w.error == ""
    w.click("spawn")
    w.click("red")
    assert w.pending == "spawn red"
    w.cancel()
    assert w.pending == ""
    w.click("spawn")
    w.click("red")
    w.click("d4")
    assert g.state["board"] == {"d4": "red"} and w.pending == ""
    with pytest.raises(IllegalActionError, match="SCC-R2"):
        w.click("spawn"), w.click("red")


def test_bot_lookahead_leaves_no_frames_behind():
    from boardkit import GreedyBot, SlimeCultureCenter
    g = SlimeCultureCenter(players=2, seed=3, chance=["first 0"])
    w = BoardWidget(g, bots={1: GreedyBot(1, sample=20)})
    w.click("spawn"), w.click("red"), w.click("d4")
    n = len(g.log)
    w.click("grow"), w.click("red"), w.click("d5")
    # one frame per event since the click: the grow, the checks, the bot's two actions…
    events = sum(len(e.events) for e in g.log[n:])
    assert len(g.log) - n >= 3 and w.step_count == events


def test_undo_with_no_human_move_is_refused_and_disabled():
    g = DiceToy()
    w = BoardWidget(g, bots={0: FirstBot()})   # the bot has already moved
    assert not w.can_undo
    before = g.state
    with pytest.raises(NothingToUndoError, match="no move of yours"):
        w.undo()
    assert g.state == before
    w.click("pass")
    assert w.can_undo


def test_widget_output_has_a_static_picture_for_viewers_without_a_kernel():
    w = BoardWidget(DiceToy())
    data, _meta = w._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in data
    html = data["text/html"]
    assert html.startswith('<img class="boardkit-static" src="data:image/svg+xml;base64,')
    import base64
    import re
    svg = base64.b64decode(re.search(r'base64,([^"]+)"', html).group(1)).decode()
    # the stored form says it is a picture, and nothing on it looks clickable
    assert svg == w.stored_svg() != w.svg
    assert "run the cell to play" in svg and "legal" not in svg and "legal" in w.svg
    assert data["text/plain"] == repr(w)


# ================================================ the page script, in a browser
# board.js in headless Chromium with a stand-in for anywidget's model, wired
# to the real BoardWidget: what the page sends goes through
# _on_frontend_msg, and the updates come back to the page.
FAKE_MODEL = r"""
window.__sent = []; window.__held = []; window.__hold = false; window.__leaked = [];
document.addEventListener("keydown", (e) => window.__leaked.push(e.key));
// binary values come from Python as {__bytes__: base64}; the page gets a
// DataView, as from the widget manager
window.fromPy = (u) => Object.fromEntries(Object.entries(u).map(([k, v]) =>
  [k, v && typeof v === "object" && "__bytes__" in v
    ? new DataView(Uint8Array.from(atob(v.__bytes__), (c) => c.charCodeAt(0)).buffer) : v]));
window.boot = async (src, css, state) => {
  state = fromPy(state);
  const style = document.createElement("style"); style.textContent = css; document.head.append(style);
  const handlers = new Map();
  const model = {
    get: (k) => state[k], set: (k, v) => { state[k] = v; }, save_changes() {},
    on(n, cb) { if (!handlers.has(n)) handlers.set(n, new Set()); handlers.get(n).add(cb); },
    off(n, cb) { handlers.get(n)?.delete(cb); },
    send(content) {
      window.__sent.push(content);
      if (window.__hold) window.__held.push(content); else deliver(content);
    },
    apply(u) {
      u = fromPy(u);
      Object.assign(state, u);
      for (const k of Object.keys(u)) for (const cb of [...(handlers.get(`change:${k}`) ?? [])]) cb();
    },
  };
  async function deliver(content) { for (const u of await window.pySend(content)) model.apply(u); }
  window.release = async () => {
    window.__hold = false;
    for (const c of window.__held.splice(0)) await deliver(c);
  };
  window.model = model;
  const mod = await import(URL.createObjectURL(new Blob([src], { type: "text/javascript" })));
  mod.default.initialize({ model });
  mod.default.render({ model, el: document.getElementById("host") });
};
"""


def for_page(state: dict) -> dict:
    """A state update as page.evaluate can carry it: binary values as
    ``{"__bytes__": base64}`` (the fake model makes them DataViews)."""
    return {k: {"__bytes__": base64.b64encode(v).decode()} if isinstance(v, bytes) else v
            for k, v in state.items()}


def boot_board(page, w: BoardWidget, *, width: int | None = None, src: str | None = None):
    """board.js (``src``, or the shipped one) in ``page``, on the fake model,
    wired to ``w``: what the page sends goes through _on_frontend_msg and
    the updates come back. Returns (the Wire, the ready board)."""
    from boardkit.widget import widget_file
    wire = Wire(w)

    def py_send(content):
        wire.clear()
        w._on_frontend_msg(w, content, [])   # not in a kernel: bots reply at once
        return [for_page(u) for u in wire.updates()]

    state = for_page({k: v for k, v in w.get_state().items() if not k.startswith("_")})
    page.expose_function("pySend", py_send)
    style = f' style="width:{width}px"' if width else ""
    page.set_content(f'<div id="outer"{style}><div id="host"></div></div>')
    page.add_script_tag(content=FAKE_MODEL)
    page.evaluate("([s, c, st]) => boot(s, c, st)",
                  [src if src is not None else widget_file("board.js").read_text(),
                   widget_file("board.css").read_text(), state])
    root = page.locator(".boardkit-widget[data-ready='1']")
    root.wait_for()
    return wire, root


def show_picture(page, root, svg: str, version: int) -> None:
    """Put ``svg`` on the stand-in page's board as Python would (compressed,
    a new version) and wait until it is drawn."""
    from playwright.sync_api import expect
    page.evaluate("([z, v]) => model.apply({svg_z: z, version: v})",
                  [for_page({"z": pack_svg(svg)})["z"], version])
    expect(root).to_have_attribute("data-version", str(version))


#: One Playwright and one Chromium for this process's page tests, owned by
#: one thread of their own (Playwright's sync API allows one session per
#: thread, and the lab tests may hold one in this process's main thread).
_BROWSER: dict = {}


def _browser_thread():
    from concurrent.futures import ThreadPoolExecutor
    if "pool" not in _BROWSER:
        _BROWSER["pool"] = ThreadPoolExecutor(1, thread_name_prefix="boardkit-page-tests")
    return _BROWSER["pool"]


@pytest.fixture(scope="module", autouse=True)
def _close_the_browser():
    yield
    pool = _BROWSER.pop("pool", None)
    if pool is not None:
        def close():
            if "browser" in _BROWSER:
                _BROWSER.pop("browser").close()
                _BROWSER.pop("playwright").stop()
        pool.submit(close).result()
        pool.shutdown()


def in_a_browser(body):
    """Run ``body(page)`` with a new page of a headless Chromium (one per
    process, in the thread that owns it). Skipped without Chromium or
    Playwright, unless BOARDKIT_REQUIRE_BROWSER=1."""
    import os
    from pathlib import Path
    chromium = os.environ.get("CHROMIUM", "/usr/bin/chromium")
    missing = [] if Path(chromium).is_file() else [f"no Chromium at {chromium}"]
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        missing.append("no playwright")
    if missing:
        if os.environ.get("BOARDKIT_REQUIRE_BROWSER") == "1":
            pytest.fail("; ".join(missing))
        pytest.skip("; ".join(missing))

    def run():
        if "browser" not in _BROWSER:
            _BROWSER["playwright"] = sync_playwright().start()
            _BROWSER["browser"] = _BROWSER["playwright"].chromium.launch(
                executable_path=chromium, args=["--no-sandbox", "--headless"])
        context = _BROWSER["browser"].new_context()      # (each test a browser's storage of its own)
        try:
            page = context.new_page()
            page.errors = []
            page.on("pageerror", lambda e: page.errors.append(str(e)))
            body(page)
        finally:
            context.close()

    _browser_thread().submit(run).result()


@pytest.mark.browser
def test_page_script_clicks_keys_log_and_connection_status():
    in_a_browser(_page_script_clicks_keys_log_and_connection_status)


def _page_script_clicks_keys_log_and_connection_status(page):
    import re

    from playwright.sync_api import expect

    from boardkit.widget import widget_file
    g = DiceToy()
    w = BoardWidget(g, bots={1: FirstBot()})
    src = widget_file("board.js").read_text().replace("const LOST_MS = 15000;", "const LOST_MS = 2500;")
    wire, root = boot_board(page, w, src=src)
    answered = re.compile(r"\d")

    def then(gesture):
        root.evaluate("el => { delete el.dataset.latencyMs; }")
        gesture()
        expect(root).to_have_attribute("data-latency-ms", answered)

    def focused(attr):
        return page.evaluate(f"document.activeElement.getAttribute('{attr}')")

    # a click toggles a die; the board shows it pressed
    then(lambda: page.locator("[data-toggle='d1']").click())
    assert w.selected == ["d1"] and page.get_attribute("[data-toggle='d1']", "aria-pressed") == "true"
    expect(root.locator(".bk-pending")).to_have_text("chosen: d1")
    # keyboard: arrows move, Enter acts, the focus stays on the same die across the redraw
    page.focus("[data-toggle='d2']")
    page.keyboard.press("ArrowRight")
    assert focused("data-toggle") == "d3"
    then(lambda: page.keyboard.press("Enter"))
    assert w.selected == ["d1", "d3"]
    # (the focus comes back in the frame that shows the redraw)
    page.wait_for_function("document.activeElement?.getAttribute('data-toggle') === 'd3'", timeout=2000)
    page.keyboard.press("ArrowDown")
    assert focused("data-act") == "pass"
    page.keyboard.press("ArrowUp")
    page.keyboard.press("a")                  # a notebook shortcut (insert cell) must not leak
    then(lambda: page.keyboard.press("Escape"))
    assert w.selected == [] and page.evaluate("window.__leaked") == []
    # toggle and confirm; the log arrives as appends
    for sel in ("[data-toggle='d2']", "[data-toggle='d4']", "[data-confirm='keep']"):
        then(lambda sel=sel: page.locator(sel).click())
    assert g.log[-2].action == "keep d2 d4"
    expect(root.locator(".bk-log li")).to_have_text(["Player 1: keep d2 d4", "Player 2 (first bot): keep d1"])
    # a double click acts once; the second is refused
    page.evaluate("""() => { const t = document.querySelector('[data-act="pass"]');
        for (let i = 0; i < 2; i++) t.dispatchEvent(new MouseEvent('click', {bubbles: true})); }""")
    expect(root.locator(".bk-error-text")).to_have_text(STALE)
    expect(root.locator(".bk-error .bk-rule")).to_have_text("BK-board")       # the board's own ruling
    assert [e.action for e in g.log if e.player == 0] == ["keep d2 d4", "pass"]
    assert root.get_attribute("data-last-error") == STALE
    # no answer: "kernel busy…", then "disconnected — re-run this cell"; an answer clears it
    page.evaluate("window.__hold = true")
    page.locator("[data-act='pass']").click()
    expect(root.locator(".bk-conn")).to_have_text("kernel busy…")
    expect(root.locator(".bk-conn")).to_have_text("disconnected — re-run this cell")
    page.evaluate("release()")
    expect(root.locator(".bk-conn")).to_have_text("")
    expect(root.locator(".bk-log li")).to_have_count(6)
    then(lambda: root.locator(".bk-undo").click())
    expect(root.locator(".bk-log li")).to_have_count(4)
    # a bot thinking is shown
    page.evaluate("model.apply({thinking: 'Player 2 (bot) is thinking…'})")
    expect(root.locator(".bk-thinking")).to_have_text("Player 2 (bot) is thinking…")
    expect(root).to_have_attribute("data-thinking", "1")
    # a closed connection (ipywidgets marks the view): nothing is sent
    page.evaluate("document.getElementById('outer').classList.add('jupyter-widgets-disconnected')")
    sent = page.evaluate("window.__sent.length")
    page.locator("[data-toggle]").first.click()
    expect(root.locator(".bk-conn")).to_have_text("disconnected — re-run this cell")
    assert page.evaluate("window.__sent.length") == sent
    assert page.errors == []


@pytest.mark.browser
def test_page_draws_pictures_by_parts_and_keeps_their_style_sheet_once():
    """One board for both: the style sheet (and no text selection), then
    the parts redrawn."""
    def both(page):
        _, root = boot_board(page, BoardWidget(DiceToy()))
        _page_keeps_the_style_sheet(page, root)
        _page_redraws_changed_parts(page, root)
    in_a_browser(both)


def _page_keeps_the_style_sheet(page, root):
    css = ".bk-t1 { fill: rgb(1, 2, 3); } svg > .bk-t2 { fill: rgb(4, 5, 6); }"

    def show(version, *shapes):
        body = "".join(f'<rect class="{c}" width="5" height="5"/>' for c in shapes)
        show_picture(page, root, f'<svg xmlns="http://www.w3.org/2000/svg"><style>{escape(css)}</style>{body}</svg>',
                     version)

    show(2000, "bk-t1", "bk-t2")
    # the sheet lives outside the picture, decoded (">" was "&gt;" in the SVG), and applies
    assert root.locator(".bk-board style").count() == 0
    assert root.evaluate("el => el.querySelector(':scope > style').textContent") == css
    fills = "el => [...el.querySelectorAll('.bk-board rect')].map((r) => getComputedStyle(r).fill)"
    assert root.evaluate(fills) == ["rgb(1, 2, 3)", "rgb(4, 5, 6)"]
    # a new picture with the same sheet leaves the page's sheet alone
    root.evaluate("el => { el.querySelector(':scope > style').firstChild.__kept = true; }")
    show(2001, "bk-t2")
    assert root.evaluate("el => el.querySelector(':scope > style').firstChild.__kept === true")
    assert root.evaluate(fills) == ["rgb(4, 5, 6)"]
    # a picture without a sheet: the last one's rules go
    show_picture(page, root, '<svg xmlns="http://www.w3.org/2000/svg">'
                             '<rect class="bk-t2" width="5" height="5"/></svg>', 2002)
    assert root.evaluate("el => el.querySelector(':scope > style').textContent") == ""
    assert root.evaluate(fills) != ["rgb(4, 5, 6)"]
    # a click on the board never starts selecting the picture's text
    assert root.evaluate("el => getComputedStyle(el.querySelector('.bk-board')).userSelect") == "none"


def _page_redraws_changed_parts(page, root):

    def show(version, label, *parts):
        svg = (f'<svg xmlns="http://www.w3.org/2000/svg" aria-label="{label}">'
               + "".join(parts) + "</svg>")
        show_picture(page, root, svg, version)
        return svg

    def same_as_parsed(svg):     # the board shows exactly what a fresh parse of svg gives
        return root.evaluate("""(el, svg) => {
            const t = document.createElement('template'); t.innerHTML = svg;
            return el.querySelector('.bk-board').innerHTML === t.innerHTML; }""", svg)

    mark = "el => [...el.querySelector('.bk-board svg').children].forEach((c, i) => { c.__n = i; })"
    kept = "el => [...el.querySelector('.bk-board svg').children].map((c) => c.__n ?? null)"
    a = '<g class="a"><rect width="1" height="1"/><title>a &lt; b</title></g>'
    b = '<g class="b"><text x="1">b</text></g>'
    c = '<rect class="c" width="2" height="2"/>'
    show(3000, "first", a, b, c)
    root.evaluate(mark)
    # one part changed and the picture's label: the other parts stay as they are
    svg = show(3001, "second", a, '<g class="b"><text x="1">B</text></g>', c)
    assert root.evaluate(kept) == [0, None, 2]
    assert same_as_parsed(svg)
    assert root.locator(".bk-board svg").get_attribute("aria-label") == "second"
    # a part more, a part fewer, one moved: the others stay as they are
    root.evaluate(mark)
    svg = show(3002, "third", a, b, c, '<circle r="1"/>')
    assert root.evaluate(kept) == [0, None, 2, None]       # (b is new again)
    assert same_as_parsed(svg)
    root.evaluate(mark)
    svg = show(3002, "third", '<circle r="2"/>', a, c, '<circle r="1"/>')
    assert root.evaluate(kept) == [None, 0, 2, 3]
    assert same_as_parsed(svg)
    root.evaluate(mark)
    svg = show(3002, "third", c, a, c, '<circle r="1"/>', c)
    assert root.evaluate(kept) == [None, 1, 2, 3, None]
    assert same_as_parsed(svg)
    show(3002, "third", a, b, c, '<circle r="1"/>')
    # text between the parts: not cut, drawn whole
    root.evaluate(mark)
    svg = show(3003, "third", a, "loose text", b, c, '<circle r="1"/>')
    assert root.evaluate(kept) == [None, None, None, None]
    assert same_as_parsed(svg)
    # a part holding HTML (the parser moves it out of the picture): drawn whole, as parsed
    show(3004, "third", a, b, c, '<circle r="1"/>')
    svg = show(3005, "third", a, '<g class="b"><p>html</p></g>', c, '<circle r="1"/>')
    assert same_as_parsed(svg)


@pytest.mark.browser
def test_page_outlines_a_click_at_once_and_draws_only_the_newest_picture():
    in_a_browser(_page_outlines_a_click_and_draws_the_newest_picture)


def _page_outlines_a_click_and_draws_the_newest_picture(page):
    from playwright.sync_api import expect

    g = DiceToy()
    w = BoardWidget(g)
    wire, root = boot_board(page, w)
    # the picture arrived compressed and is drawn as Python drew it
    expect(root.locator(".bk-board svg [data-toggle='d1']")).to_have_count(1)
    # a click is outlined at once, before any answer; the answer's redraw ends it
    page.evaluate("window.__hold = true")
    page.locator("[data-toggle='d2']").click()
    expect(root.locator(".bk-board .bk-pressed[data-toggle='d2']")).to_have_count(1)
    expect(root).to_have_attribute("data-pressed-ms", re.compile(r"\d"))
    assert w.selected == []                                  # Python has not seen it yet
    page.wait_for_timeout(200)
    page.evaluate("release()")
    expect(root.locator(".bk-board .bk-pressed")).to_have_count(0)
    # the latency figures count from the click: answer received ≤ drawn ≤ its frame done
    expect(root).to_have_attribute("data-frame-ms", re.compile(r"\d"))
    reply, drawn, frame = (float(root.get_attribute(f"data-{k}-ms")) for k in ("reply", "latency", "frame"))
    assert 200 <= reply <= drawn <= frame, (reply, drawn, frame)
    assert w.selected == ["d2"]
    expect(root.locator("[data-toggle='d2']")).to_have_attribute("aria-pressed", "true")
    # a refused click: no new picture, the outline still goes away
    page.locator("[data-act='pass']").evaluate("e => e.setAttribute('data-act', 'nope')")
    target = page.locator("[data-act='nope']").bounding_box()
    page.locator("[data-act='nope']").click()
    # the refusal in the rule's words, its ruling as a tag, and a callout by the target
    expect(root.locator(".bk-error-text")).to_have_text("An action is 'keep d1 d3' or 'pass'")
    expect(root.locator(".bk-rule")).to_have_text("DT-actions")
    expect(root.locator(".bk-callout")).to_have_text("An action is 'keep d1 d3' or 'pass'")
    near = root.locator(".bk-callout").bounding_box()
    assert abs((near["y"] - 10) - (target["y"] + target["height"])) < 30 or \
        abs((near["y"] + near["height"] + 10) - target["y"]) < 30, (near, target)
    expect(root.locator(".bk-board .bk-pressed")).to_have_count(0)
    # pictures inflated out of order: only the newest is ever drawn after it
    page.evaluate("""() => {
        window.__drawn = [];
        new MutationObserver(() => {
          const t = document.querySelector('.bk-board svg text');
          window.__drawn.push(t ? t.textContent : '');
        }).observe(document.querySelector('.bk-board'), {childList: true, subtree: true});
    }""")
    big = pack_svg('<svg xmlns="http://www.w3.org/2000/svg"><text>old</text>'
                   + '<rect width="1" height="1"/>' * 200_000 + '</svg>')
    new = pack_svg('<svg xmlns="http://www.w3.org/2000/svg"><text>new</text></svg>')
    page.evaluate("""async ([big, small]) => {
        model.apply({svg_z: big, version: 1000});
        await new Promise((r) => setTimeout(r, 0));          // the big one is being inflated
        model.apply({svg_z: small, version: 1001});
    }""", [for_page({"z": big})["z"], for_page({"z": new})["z"]])
    expect(root).to_have_attribute("data-version", "1001")
    expect(root.locator(".bk-board svg text")).to_have_text("new")
    page.wait_for_timeout(300)                               # the big one is done by now
    drawn = page.evaluate("window.__drawn")
    assert drawn[-1] == "new" and "old" not in drawn[drawn.index("new"):], drawn
    # a picture that cannot be unpacked: said in the error line, the last picture stays
    page.evaluate("model.apply({svg_z: new DataView(new Uint8Array([120, 1, 2, 3]).buffer), version: 1002})")
    expect(root.locator(".bk-error")).to_contain_text("the board could not be shown")
    expect(root).to_have_attribute("data-picture", "error")
    expect(root.locator(".bk-board svg text")).to_have_text("new")
    page.evaluate("([z]) => model.apply({svg_z: z, version: 1003, error: ''})",
                  [for_page({"z": w.get_state()["svg_z"]})["z"]])
    expect(root).to_have_attribute("data-picture", "")
    expect(root.locator(".bk-error")).to_have_text("")
    expect(root.locator("[data-toggle='d1']")).to_have_count(1)
    # a picture as a base and a change to it (what Python sends)
    parts = ['<svg xmlns="http://www.w3.org/2000/svg">', "<text>a</text>", "<text>z</text>", "</svg>"]
    base_z, _ = pack_picture(Picture.of(parts))
    _, change = pack_picture(Picture.of([parts[0], "<text>b</text>", parts[3]]), tuple(parts))
    page.evaluate("([b, z]) => model.apply({base_z: b, svg_z: z, version: 1004})",
                  [for_page({"z": base_z})["z"], for_page({"z": change})["z"]])
    expect(root.locator(".bk-board svg text")).to_have_text("b")
    # a change to another base: said, the last picture stays
    other = (*parts[:3], "<text>y</text>", "</svg>")
    _, stray = pack_picture(Picture.of([*parts[:2], "</svg>"]), other)
    page.evaluate("([z]) => model.apply({svg_z: z, version: 1005})", [for_page({"z": stray})["z"]])
    expect(root.locator(".bk-error")).to_contain_text("a change to a picture of 5 parts, on one of 4")
    expect(root.locator(".bk-board svg text")).to_have_text("b")
    assert [e for e in page.errors] == []


# ============================================ feedback: what can be clicked now
def test_the_hint_says_what_can_be_clicked_from_the_legal_targets():
    from boardkit import SlimeCultureCenter, SlimeRace
    g = SlimeRace(players=2, seed=0, chance=["first 0"])
    w = BoardWidget(g)
    assert w.hint == "Click one of the 10 outlined odds spaces to bet a coin on that pair"
    for pair in ["1-2"] * 6:
        w.click(pair if pair.startswith("bet") else f"bet {pair}")
    assert w.hint == "Click one of your outlined cards to play it"
    s = SlimeCultureCenter(players=2, seed=0, chance=["first 0"])
    w = BoardWidget(s)
    assert w.hint.startswith("Click an outlined action button: spawn")
    w.click("spawn")
    assert w.hint.startswith("Click an outlined colour in the stock to spawn it (so far: spawn;")
    w.click("red")
    assert w.hint.startswith("Click an outlined empty square to spawn red there")
    w.cancel()
    assert w.hint.startswith("Click an outlined action button")
    # a game without phrases of its own lists the targets
    d = BoardWidget(DiceToy())
    assert d.hint == "Click the outlined d1, d2, d3, d4, d5 to choose, then “keep” — or click pass"


def test_the_hint_follows_the_state_of_the_board():
    g = DiceToy()
    w = BoardWidget(g)
    w.toggle("d1")
    w.confirm("keep")
    w.step(0)
    assert "looking back at a step" in w.hint and "now" in w.hint
    w.step(-1)
    while not g.is_over():
        w.click("pass")
    assert w.hint == "The game is over. ↶ Undo takes back your last move."

    async def body():
        bot = GateBot()
        t = BoardWidget(DiceToy(), bots={1: bot})
        send(t, "click", word="pass")
        assert t.thinking and t.hint == ""         # nothing to click while it thinks
        bot.gate.set()
        await settle(t)
        assert t.hint.startswith("Click the outlined")
        t.close()

    in_kernel(body)


def test_click_hint_is_generic_without_phrases():
    import boardkit.slime_race.view  # noqa: F401  (a game's view registers its phrasing)
    from boardkit.core.view import click_hint
    assert click_hint("nope", []) == ""
    many = [f"bet {k}" for k in range(9)]
    assert click_hint("nope", many) == ("Click one of the outlined targets: bet 0, bet 1, bet 2, bet 3, "
                                        "bet 4, bet 5 … (9 in all)")
    assert click_hint("slime_race", ["play red+5"]) == "Click one of your outlined cards to play it"


# ================================================ following the bots, step by step
def test_slime_race_steps_through_everything_since_your_last_move():
    from boardkit import SlimeRace
    g = SlimeRace(players=3, seed=0, chance=["first 0"])
    w = BoardWidget(g, bots={1: RandomBot(1), 2: RandomBot(2)})
    for _ in range(3):
        start = len(g.log)
        w.click("bet 1-3")
    entries = g.log[start:]
    # one step per log entry since the human's move: the bots' bets and the dealer's draw too
    assert w.step_count == len(entries) == 4
    assert [h["text"] for h in w.happened] == [e for entry in entries for e in entry.events]
    w.step(1)
    assert w.step_caption.startswith("step 2 of 4: Teeny Sanguini bets a coin on ")
    assert "step 2 of 4: Teeny Sanguini" in w.svg
    assert 'class="changed-inner"' in w.svg           # the odds space that got the coin
    w.step(-1)
    # in the race: a played card moves a slime; its step marks it
    card = sorted(g.state["hands"][0])[0]
    w.click(f"play {card}")
    k = next(i for i, h in enumerate(w.happened) if " moves " in h["text"])
    w.step(w.happened[k]["step"])
    moved = re.findall(r'class="sr-slime (\w+) moved"', w.svg)
    assert len(moved) >= 1 and 'class="sr-lane moved"' in w.svg


def test_scc_steps_outline_the_changed_squares_on_the_big_board():
    from boardkit import SlimeCultureCenter
    g = SlimeCultureCenter(players=2, seed=0, chance=["first 0"])
    w = BoardWidget(g)
    for word in ("spawn", "red", "d4"):
        w.click(word)
    assert w.step_count == 1
    w.step(0)
    outlined = set(re.findall(r'class="scc-square changed" data-square="(\w\d)"', w.svg))
    assert outlined == {"d4"}
    assert "step 1 of 1: " in w.svg and w.step_caption.startswith("step 1 of 1: Player 1 spawns")


def test_what_happened_lists_every_event_not_only_the_last_twelve():
    from boardkit import SlimeRace
    g = SlimeRace(players=5, seed=4, chance=["first 0"])
    w = BoardWidget(g, bots={s: RandomBot(s) for s in range(1, 5)})
    for _ in range(3):
        start = len(g.log)
        w.click("bet 2-4")
    card = sorted(g.state["hands"][0])[0]
    start = len(g.log)
    w.click(f"play {card}")
    events = [e for entry in g.log[start:] for e in entry.events]
    assert len(events) > 12
    assert [h["text"] for h in w.happened] == events
    assert all(0 <= h["step"] < w.step_count for h in w.happened)
    # the line says how many events it leaves out, and points to no panel (Present hides "What happened")
    before = re.match(r"\((\d+) earlier events\) … (.*)", w.message)
    assert len(w.message) <= 260 and before and "What happened" not in w.message
    assert int(before.group(1)) + len(before.group(2).split(" · ")) == len(events)


def test_a_long_step_caption_is_sent_whole():
    class Wordy(DiceRules):
        def apply(self, state, action, sink=NULL_SINK):
            super().apply(state, action, sink)
            sink(state, "a very long account of what happened " * 12, frame=True)

    class WordyGame(DiceToy):
        Rules = Wordy

    w = BoardWidget(WordyGame())
    w.click("pass")
    # "passes" has no sub-step of its own: it is listed with the one that follows
    assert [(h["step"], h["text"][:15]) for h in w.happened] == [(0, "Player 1 passes"),
                                                                 (0, "a very long acc")]
    w.step(w.step_count - 1)
    assert w.step_caption == "step 1 of 1: " + "a very long account of what happened " * 12


# ======================================================== presentation size
def test_size_present_from_python_and_only_from_python():
    w = BoardWidget(DiceToy(), size="present")
    assert w.size == "present"
    w.size = "normal"
    with pytest.raises(InvalidActionError, match="size must be one of"):
        w.size = "huge"
    with pytest.raises(InvalidActionError, match="size must be one of"):
        BoardWidget(DiceToy(), size="huge")
    wire = Wire(w)
    w.set_state({"size": "present"})           # the page may not set it
    assert w.size == "normal" and wire.updates()[-1]["size"] == "normal"


@pytest.mark.browser
def test_page_feedback_above_the_board_hints_disabled_buttons_and_presentation():
    in_a_browser(_page_feedback_hints_disabled_and_presentation)


def _page_feedback_hints_disabled_and_presentation(page):
    from playwright.sync_api import expect

    from boardkit import SlimeRace
    g = SlimeRace(players=2, seed=0, chance=["first 0"])
    w = BoardWidget(g)
    # JupyterLab at 1280×720 with the sidebar closed gives an output about 1180 px wide
    page.set_viewport_size({"width": 1280, "height": 720})
    wire, root = boot_board(page, w, width=1180)

    def box(sel):
        return page.locator(sel).first.bounding_box()

    # the board fills the width, keeping its proportions (no 980 px cap)
    svg = box(".bk-board svg")
    assert abs(svg["width"] - 1180) < 2 and abs(svg["height"] - 1180 * 630 / 1180) < 3
    # feedback and hint sit above the board
    assert box(".bk-feedback")["y"] + box(".bk-feedback")["height"] <= svg["y"] + 0.5
    expect(root.locator(".bk-hint")).to_have_text(w.hint)
    # disabled buttons look and say disabled
    for sel in (".bk-undo", ".bk-cancel", ".bk-step-prev", ".bk-step-next", ".bk-step-live"):
        b = root.locator(sel)
        expect(b).to_be_disabled()
        assert b.get_attribute("aria-disabled") == "true"
        assert float(b.evaluate("e => getComputedStyle(e).opacity")) < 0.6
        assert b.evaluate("e => getComputedStyle(e).cursor") == "not-allowed"
    # a click on no target says what can be clicked, without asking Python
    sent = page.evaluate("window.__sent.length")
    page.mouse.click(svg["x"] + 1000, svg["y"] + 450)     # empty paper
    expect(root.locator(".bk-hint")).to_have_text(f"That is not something to click. {w.hint}")
    assert root.locator(".bk-hint").get_attribute("data-flash") == "1"
    assert page.evaluate("window.__sent.length") == sent and root.get_attribute("data-misses") == "1"
    # a legal click: what it did appears above the board; Undo comes alive
    top = box(".bk-board svg")["y"]
    page.locator("[data-act='bet 1-3']").click()
    expect(root.locator(".bk-message")).to_contain_text("bets a coin on 1-3")
    assert box(".bk-board svg")["y"] == top
    undo = root.locator(".bk-undo")
    expect(undo).to_be_enabled()
    assert undo.get_attribute("aria-disabled") == "false"
    for _ in range(5):
        expect(root).to_have_attribute("data-version", str(w.version))
        page.locator("[data-act='bet 1-2']").click()
    expect(root.locator(".bk-status")).to_contain_text("to play a card")
    # a refused click: the reason appears above the board, in the same place; nothing moves
    page.locator("[data-act='bet 4-5']").click()
    expect(root.locator(".bk-error")).to_contain_text("SR-R3")
    assert box(".bk-board svg")["y"] == top
    assert box(".bk-error")["y"] + box(".bk-error")["height"] <= top
    expect(root.locator(".bk-hint")).to_have_text("Click one of your outlined cards to play it")
    # "what happened" lists the events; a click on one shows its step
    expect(root.locator(".bk-happened-list li")).to_have_count(len(w.happened))
    def rel(sel):               # where, in the widget (the page may scroll)
        return box(sel)["y"] - box(".boardkit-widget")["y"], box(sel)["x"]

    where = rel(".bk-step-next"), rel(".bk-board svg")
    root.locator(".bk-happened-list li").first.click()
    expect(root).to_have_attribute("data-step", "0")
    assert w.step_index == 0
    expect(root.locator(".bk-step-label")).to_have_text(w.step_caption)
    assert (rel(".bk-step-next"), rel(".bk-board svg")) == where        # nothing moved
    root.locator(".bk-step-live").click()
    expect(root).to_have_attribute("data-step", "-1")
    # presentation: the board as large as the screen allows, all of it visible
    root.locator(".bk-present").click()
    expect(root).to_have_attribute("data-size", "present")
    page.wait_for_timeout(200)
    svg = box(".bk-board svg")
    inner = page.evaluate("""() => { const r = document.querySelector('.bk-board svg').getBBox();
        const m = document.querySelector('.bk-board svg').getScreenCTM();
        return {top: m.f + r.y * m.d, bottom: m.f + (r.y + r.height) * m.d, width: r.width * m.a}; }""")
    assert inner["bottom"] <= 720.5 and inner["top"] >= 0 and inner["width"] >= 1000
    # the words around the board at least 0.8 times the board's own body text
    body = float(root.get_attribute("data-body-px"))
    for sel in (".bk-hint", ".bk-step-label", ".bk-present", ".bk-error", ".bk-message", ".bk-expects"):
        px = page.evaluate("(s) => parseFloat(getComputedStyle(document.querySelector(s)).fontSize)", sel)
        assert px >= 0.8 * body and px >= 15, (sel, px, body)
    page.keyboard.press("Escape")
    expect(root).to_have_attribute("data-size", "normal")
    page.evaluate("model.apply({size: 'present'})")              # board.size = "present" from Python
    expect(root).to_have_attribute("data-size", "present")
    # its two feedback lines: what the AI expects (one line) and what to click;
    # an error takes both
    long = "Player 2 (bot) expects: " + "move 3a 4b; " * 40
    page.evaluate("(x) => model.apply({expects: x, hint: 'Click one of the outlined dice', error: ''})", long)
    feedback = box(".bk-feedback")

    def inside(sel):
        b = box(sel)
        return b["height"] > 0 and b["y"] >= feedback["y"] - 0.5 and \
            b["y"] + b["height"] <= feedback["y"] + feedback["height"] + 0.5
    expect(root.locator(".bk-hint")).to_have_text("Click one of the outlined dice")
    assert inside(".bk-expects") and inside(".bk-hint")
    page.evaluate("() => model.apply({error: 'SS-R2: a machine cannot enter an occupied space'})")
    expect(root.locator(".bk-hint")).to_be_hidden()
    expect(root.locator(".bk-expects")).to_be_hidden()
    assert inside(".bk-error")
    # a click that hits no target still says what to click, over the error
    root.locator(".bk-board svg").click(position={"x": 3, "y": 3})
    expect(root.locator(".bk-hint")).to_have_attribute("data-flash", "1")
    expect(root.locator(".bk-hint")).to_be_visible()
    assert inside(".bk-hint")
    assert page.errors == []


def test_student_mode_shows_only_the_learners_hand_never_the_bots():
    from boardkit import GreedyBot, RandomBot, SlimeRace
    g = SlimeRace(players=3, seed=7)
    w = BoardWidget(g, bots={1: GreedyBot(1), 2: RandomBot(2)}, mode="student")
    teacher = BoardWidget(SlimeRace(players=3, seed=7), bots={1: GreedyBot(1), 2: RandomBot(2)})
    bot_cards = set(g.state["hands"][1]) | set(g.state["hands"][2])
    mine = set(g.state["hands"][0])
    own_only = bot_cards - mine
    assert own_only, "the test needs a card only a bot holds"
    assert not w.curtain
    assert 'class="sr-all-hands"' in teacher.svg          # the teacher sees every hand …
    assert 'class="sr-all-hands"' not in w.svg            # … the student only their own
    assert all(f'data-card="{c}"' in w.svg for c in mine)
    assert not any(f'data-card="{c}"' in w.svg for c in own_only)


def test_a_searching_bot_says_what_it_expects_after_its_move():
    """A bot with ``expects()`` (the search bots) has its expected line shown
    under the message; a bot without one shows nothing there."""
    from boardkit.core.mcts import MCTSBot
    game = SlimeRace(players=2, seed=4)
    bot = MCTSBot(3, iterations=30)
    board = BoardWidget(game, bots={1: bot})
    while game.current_player == 0:
        board.act(next(iter(game.legal_actions)))
    assert board.expects.startswith(f"{game.seat_name(1)} (bot) expects: ")
    assert bot.expects(game.seat_name) in board.expects
    board.undo()                              # it expected that from a position taken back
    assert board.expects == ""
    plain = BoardWidget(SlimeRace(players=2, seed=4), bots={1: RandomBot(1)})
    while plain.game.current_player == 0:
        plain.act(next(iter(plain.game.legal_actions)))
    assert plain.expects == ""


@pytest.mark.browser
def test_page_keeps_the_focus_where_it_was_when_the_focused_targets_word_changes():
    in_a_browser(_page_keeps_the_focus_where_it_was)


def _page_keeps_the_focus_where_it_was(page):
    """A Super Race die that is rolled again changes its word (d3-yc → d3-…):
    the focus stays on that die (the target nearest where it was), not on
    the first target of the board."""
    from playwright.sync_api import expect

    from boardkit import SuperRace
    g = SuperRace(players=2, seed=1)
    w = BoardWidget(g, playback=0)
    wire, root = boot_board(page, w)
    page.focus("[data-toggle='d3-yc']")
    version = root.get_attribute("data-version")
    # the reroll asked without moving the focus (a click event on "keep")
    page.evaluate("""() => document.querySelector('[data-confirm="keep"]')
        .dispatchEvent(new MouseEvent('click', {bubbles: true}))""")
    expect(root).not_to_have_attribute("data-version", version or "")
    assert any(e.action == "keep" for e in g.log) and g.state["dice"][2] != "yc"    # d3 rolled again
    page.wait_for_function("document.activeElement?.getAttribute('data-toggle')?.startsWith('d3-')",
                           timeout=3000)


def test_the_hints_name_the_buttons_as_the_board_labels_them():
    """A hint quotes a button's label (“‖ Pause”, “now ⇥”, “Continue ▶”) exactly
    as the board's front-end module writes it, glyph included."""
    import inspect
    import re
    from pathlib import Path

    from boardkit.widget.board import BoardWidget

    js = (Path(__file__).resolve().parents[1] / "widgets" / "board.js").read_text(encoding="utf-8")
    hints = inspect.getsourcefile(BoardWidget._hint)       # (the module that writes the hints)
    assert hints is not None
    quoted = re.findall(r"“([^”]+)”", Path(hints).read_text(encoding="utf-8"))
    buttons = [q for q in quoted if "Pause" in q or q in ("now ⇥", "Continue ▶")]
    assert "‖ Pause" in buttons
    for label in buttons:
        assert label in js, f"the hint names “{label}”, a label the board does not show"
