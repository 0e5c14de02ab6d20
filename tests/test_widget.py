"""The board widget, driven from Python the way the browser drives it."""
from __future__ import annotations

import pytest

from boardkit import IllegalActionError, InvalidActionError, RandomBot, SlimeRace
from boardkit.widget import BoardWidget


class Capture:
    def __init__(self, widget):
        self.sent = []
        widget.send = lambda content, buffers=None: self.sent.append(content)


def test_click_bet_advances_game_and_redraws():
    g = SlimeRace(players=2, seed=0, chance=["first 0"])
    w = BoardWidget(g)
    v = w.version
    w.click("bet 1-3")
    assert g.state["bets"]["1-3"] == [0]
    assert w.version > v and 'data-act="bet 1-3"' in w.svg
    assert w.log_lines[-1] == "Dragon: bet 1-3"


def test_rejected_click_reports_rule_and_changes_nothing():
    g = SlimeRace(players=2, seed=0, chance=["first 0"])
    w = BoardWidget(g)
    cap = Capture(w)
    before = g.state
    w._on_frontend_msg(w, {"id": 7, "kind": "click", "word": "play red+5"}, [])
    assert cap.sent == [{"id": 7, "ok": False, "error": w.error}]
    assert "SR-R3" in w.error and g.state == before


@pytest.mark.parametrize("msg", [None, [], {"kind": "hack"}, {"kind": "click", "word": 5},
                                 {"kind": "click", "word": "x" * 5000}, {"kind": "click"}])
def test_bad_messages_get_an_error_reply(msg):
    w = BoardWidget(SlimeRace(players=2, seed=0))
    cap = Capture(w)
    before = w.game.state
    w._on_frontend_msg(w, msg, [])
    assert len(cap.sent) == 1 and cap.sent[0]["ok"] is False and cap.sent[0]["error"]
    assert w.game.state == before


def test_bots_reply_and_undo_takes_back_to_the_human():
    g = SlimeRace(players=3, seed=0, chance=["first 0"])
    w = BoardWidget(g, bots={1: RandomBot(1), 2: RandomBot(2)})
    start = g.state
    w.click("bet 2-4")
    assert g.current_player == 0 and sum(g.state["coins"]) == 6
    w.undo()
    assert g.state == start


def test_bots_move_first_when_they_start():
    g = SlimeRace(players=2, seed=0, chance=["first 1"])
    w = BoardWidget(g, bots={1: RandomBot(1)})
    assert g.current_player == 0 and sum(g.state["coins"]) == 5
    assert "random bot" in w.log_lines[-1]


def test_hotseat_hides_hand_until_revealed():
    g = SlimeRace(players=2, seed=0, chance=["first 0"])
    w = BoardWidget(g, mode="hotseat")
    assert w.curtain == "Pass the screen to Dragon"
    assert "hand is hidden" in w.svg and 'data-card=' not in w.svg
    with pytest.raises(InvalidActionError, match="take the screen"):
        w.click("bet 1-2")
    w.reveal()
    assert w.curtain == "" and "data-card=" in w.svg
    w.click("bet 1-2")
    assert w.curtain == "Pass the screen to Teeny Sanguini"
    hand1 = g.state["hands"][1]
    assert not any(f'data-card="{c}"' in w.svg for c in set(hand1) - set(g.state["hands"][0]))


def test_teacher_view_shows_all_hands():
    g = SlimeRace(players=2, seed=0)
    w = BoardWidget(g)
    assert "Teeny Sanguini:" in w.svg and "Dragon:" in w.svg


def test_play_a_card_by_click():
    g = SlimeRace.scenario(players=2, positions={"red": 5}, hands=[["red+9", "2nd+5"], ["blue+4"]],
                           bets={0: ["1-2"] * 3, 1: ["1-2"] * 3}, deck=["green+4"])
    w = BoardWidget(g)
    assert 'class="sr-card slime target legal"' in w.svg
    w.click("play red+9")
    assert g.state["positions"]["red"] == 14
    with pytest.raises(IllegalActionError):
        w.click("play red+9")  # now Teeny Sanguini's turn; not in hand


def test_repr_is_stable():
    w = BoardWidget(SlimeRace(players=2, seed=0, chance=["first 0"]), bots={1: RandomBot(0)})
    assert repr(w) == ("BoardWidget(Slime Race, teacher: race 1, betting round 1 of 3: "
                       "Dragon to bet; bots: Teeny Sanguini=random bot)")


def test_widget_rejects_bad_arguments():
    with pytest.raises(InvalidActionError):
        BoardWidget("not a game")
    with pytest.raises(InvalidActionError):
        BoardWidget(SlimeRace(players=2), mode="cinema")
    with pytest.raises(InvalidActionError):
        BoardWidget(SlimeRace(players=2), bots={5: RandomBot()})


def test_step_through_the_checks_of_the_last_click():
    from boardkit import SlimeCultureCenter
    g = SlimeCultureCenter.scenario(players=2, board="RRRBBG..\n" + "........\n" * 7, actions_left=1)
    w = BoardWidget(g)
    w.click("spawn")
    w.click("purple")
    w.click("h8")
    assert w.step_count >= 3 and w.step_index == -1
    live = w.svg
    w.step(1)
    assert w.svg != live and "step 2 of" in w.svg
    with pytest.raises(InvalidActionError, match="past step"):
        w.click("grow")
    with pytest.raises(InvalidActionError, match="no step"):
        w.step(99)
    w.step(-1)
    assert w.svg == live


def test_multi_click_action_builds_up_and_cancels():
    from boardkit import SlimeCultureCenter
    g = SlimeCultureCenter(players=2, seed=0, chance=["first 0"])
    w = BoardWidget(g)
    w.click("spawn")
    assert w.pending == "spawn" and "selected: spawn" in w.svg
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
    from boardkit import NothingToUndoError
    g = SlimeRace(players=2, seed=0, chance=["first 1"])
    w = BoardWidget(g, bots={1: RandomBot(1)})   # the bot has already bet
    assert not w.can_undo
    before = g.state
    with pytest.raises(NothingToUndoError, match="no move of yours"):
        w.undo()
    assert g.state == before
    w.click("bet 1-2")
    assert w.can_undo


def test_widget_output_has_a_static_picture_for_viewers_without_a_kernel():
    w = BoardWidget(SlimeRace(players=2, seed=0))
    data, _meta = w._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in data
    assert data["text/html"].startswith('<div class="boardkit-static"><svg')
    assert data["text/plain"] == repr(w)
