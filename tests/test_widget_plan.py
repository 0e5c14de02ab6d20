"""The AI's plan on a board: drawn from the position shown, also right after
the AI's pie-rule colour choice (Slip Stream), and said in whole sentences
(a colour choice as a choice, nothing "plans … and wins" once the game is
over)."""
from __future__ import annotations

import random
import re

from boardkit import RandomBot, SlipStream
from boardkit.slip_stream.ai import SlipStreamAI
from boardkit.widget import BoardWidget


def _after_the_ais_colour_choice():
    g = SlipStream(seed=2)
    bot = SlipStreamAI(1, depth=2)
    w = BoardWidget(g, bots={1: bot})
    w.act(next(iter(g.legal_actions)))                  # the first move (SS-R10) ...
    assert g.log[-1].player == 1 and g.log[-1].action.startswith("colour ")   # ... the AI chose
    assert g.current_player == 0
    return g, bot, w


def test_the_ais_plan_is_drawn_right_after_its_colour_choice():
    g, bot, w = _after_the_ais_colour_choice()
    line = bot.planned_actions()
    assert line[0] == g.log[-1].action                  # its own choice first, then the replies
    plan = w._plan()
    assert plan and plan == line[1:]
    assert g.rules.is_legal(g.state, plan[0])           # the human's reply, from the position now
    assert w.has_plan
    w.plan(True)
    steps = re.findall(r'class="bk-plan-step" data-step="(\d+)"', w.svg)
    assert steps and steps[0] == "1"                    # arrows drawn, numbered from 1
    # and after the next move as before
    w.act(plan[0] if g.rules.is_legal(g.state, plan[0]) else next(iter(g.legal_actions)))
    if not g.is_over() and g.current_player == 0:
        assert w.has_plan and 'class="bk-plan-step"' in w.svg


def test_a_plan_from_another_position_is_not_offered():
    g, bot, w = _after_the_ais_colour_choice()
    bot.last_search = dict(bot.last_search, pv=["colour blue" if g.log[-1].action == "colour red"
                                                 else "colour red", "move s4 2d"])
    assert w._plan() == []


def test_the_colour_choice_is_said_as_a_choice():
    g, bot, w = _after_the_ais_colour_choice()
    colour = g.log[-1].action.split()[1]
    said = bot.expects(g.seat_name)
    assert said.startswith(f"{g.seat_name(1)} chooses {colour}; then {g.seat_name(0)} "), said
    assert "plans takes" not in said and "takes" not in said
    assert w.expects == f"{g.seat_name(1)} (bot) expects: {said}"


class _Winner(RandomBot):
    """A bot whose last search said its move wins (what the AI says of a
    winning move)."""

    def expects(self, seat_name=None):
        return "Red plans 34b → 35b and wins the game"


def test_no_plan_is_said_once_the_game_is_over():
    g = SlipStream(seed=3)
    rng = random.Random(3)
    w = BoardWidget(g, bots={1: _Winner(3)})
    for _ in range(400):
        if g.is_over():
            break
        if g.current_player == 0:
            w.act(rng.choice(list(g.legal_actions)))
    assert g.is_over()
    if g.log[-1].player == 1:                           # the bot's move ended it
        assert w.expects == ""
    assert w._expectation(1) == ""                      # no "plans … and wins" after the end
    # while the game goes on, the line is said
    live = BoardWidget(SlipStream(seed=3), bots={1: _Winner(3)})
    assert live._expectation(1).endswith("expects: Red plans 34b → 35b and wins the game")
