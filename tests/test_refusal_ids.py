"""Every refusal a learner can see carries a rule id docs/rulings.md defines
(issue 36, odd inputs round 4): an Undo with nothing to take back
(``BK-undo``), the board's refusals of its page's requests (``BK-board``:
a changed board, a step it does not have, an unknown kind, no version);
and a bot interrupted while thinking inside a board's click is asked again
by itself."""
from __future__ import annotations

import asyncio

import pytest

from boardkit import BoardkitError, NothingToUndoError, RandomBot
from boardkit.core.rulings import ruling_titles
from boardkit.widget import BoardWidget
from tests.examples import Nim


def _board(**kw):
    return BoardWidget(Nim(heaps=[3, 4]), **kw)


def _send(w, content):
    w._on_frontend_msg(w, content, [])
    return w.reply


def test_nothing_to_undo_carries_its_rule_and_the_board_shows_it():
    with pytest.raises(NothingToUndoError) as err:
        Nim().undo()
    assert err.value.rule == "BK-undo"
    w = _board(bots={1: RandomBot(0)})
    reply = _send(w, {"id": 1, "kind": "undo", "version": w.version})
    assert not reply["ok"] and w.error_rule == "BK-undo"
    assert w.error_rule_title == ruling_titles()["BK-undo"] != ""


@pytest.mark.parametrize("content, words", [
    ({"kind": "click", "word": "take 1 from 0", "version": -5}, "The board changed"),
    ({"kind": "step", "to": 99}, "there is no step 99"),
    ({"kind": "dance"}, "unknown board message kind"),
    ({"kind": "click", "word": "take 1 from 0"}, "must carry the version"),
    ("not a dict", "must be an object"),
])
def test_the_boards_refusals_of_page_requests_carry_the_boards_rule(content, words):
    w = _board()
    before = w.game.state
    if isinstance(content, dict) and "version" not in content and words != "must carry the version":
        content = {**content, "version": w.version}
    reply = _send(w, content)
    assert not reply["ok"] and words.lower() in reply["error"].lower(), reply
    assert w.error_rule == "BK-board" and w.error_rule_title == ruling_titles()["BK-board"] != ""
    assert w.game.state == before


class Sleepy(RandomBot):
    """A bot interrupted (as by Ctrl-C or a kernel interrupt) the first
    ``times`` times it is asked."""

    def __init__(self, seed, times=1):
        super().__init__(seed)
        self.times = times

    def choose(self, game):
        if self.times:
            self.times -= 1
            raise KeyboardInterrupt
        return next(iter(game.legal_actions))


def test_a_bot_interrupted_inside_a_click_is_asked_again_at_the_next_request():
    w = _board(bots={1: Sleepy(0)})
    with pytest.raises(KeyboardInterrupt):
        w.click("take 1 from 0")
    assert w.game.current_player == 1 and len(w.game.log) == 1
    # the next request asks the bot first (it takes 1 from heap 0), then the person's click is played
    w.click("take 1 from 1")
    assert [e.action for e in w.game.log][:3] == ["take 1 from 0", "take 1 from 0", "take 1 from 1"]
    assert w.error == ""


def test_a_bot_interrupted_inside_a_click_is_asked_again_by_itself_where_a_loop_runs():
    async def go():
        w = _board(bots={1: Sleepy(0)})
        with pytest.raises(KeyboardInterrupt):
            w.click("take 1 from 0")
        assert w.game.current_player == 1
        for _ in range(5):
            await asyncio.sleep(0)
        return w
    from concurrent.futures import ThreadPoolExecutor
    with ThreadPoolExecutor(1) as pool:      # (a loop of its own: Playwright may hold this thread's)
        w = pool.submit(asyncio.run, go()).result()
    assert w.game.current_player == 0 and len(w.game.log) == 2      # the bot moved, untouched


def test_a_bot_interrupted_twice_at_one_position_waits_for_undo():
    w = _board(bots={1: Sleepy(0, times=2)})
    with pytest.raises(KeyboardInterrupt):
        w.click("take 1 from 0")
    with pytest.raises(KeyboardInterrupt):
        w.click("take 1 from 1")            # (asks the bot again first: interrupted again)
    with pytest.raises(BoardkitError, match="could not move"):
        w.click("take 1 from 1")
    w.undo()
    assert w.game.current_player == 0 and len(w.game.log) == 0
