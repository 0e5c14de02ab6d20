"""What a room sees on the board: what just happened (rung on the live
board, played back step by step, a race's finish held), refusals in the
rule's words with their rulings as tags, and stored boards that say they
are pictures."""
from __future__ import annotations

import asyncio
import random
import re
import time

import pytest

import boardkit
from boardkit import RandomBot, SlimeCultureCenter, SlimeRace, SlipStream
from boardkit.core.errors import BoardkitError
from boardkit.core.rulings import NUMBERED_ID, ruling_titles
from boardkit.widget import BoardWidget, cited_rules, learner_sentence, offered
from tests.test_widget import DiceToy, in_kernel, send


class FirstBot(RandomBot):
    """Always the first legal action (a bot that answers at once)."""

    def choose(self, game):
        return next(iter(game.legal_actions))


async def until(check, timeout=5.0):
    t0 = time.monotonic()
    while not check():
        assert time.monotonic() - t0 < timeout, "never happened"
        await asyncio.sleep(0.005)


# ------------------------------------------------------------ what happened
def test_the_live_board_rings_what_changed_since_the_humans_move():
    g = SlipStream(seed=3)
    w = BoardWidget(g, bots={1: FirstBot(1)})
    while g.current_player != 0:
        w.act(next(iter(g.legal_actions)))       # (the bot answers at once)
    before = g.state
    w.act(next(iter(g.legal_actions)))
    ringed = w._live_changed()
    assert ringed, "a move and the bot's reply change the board"
    # every name rung is a place whose content differs since the move
    moved = {n for c in before["machines"] for n in set(before["machines"][c]) ^ set(g.state["machines"][c])}
    assert moved and moved <= set(ringed)
    assert w.step_index == -1 and 'class="changed' in w.svg or "changed" in w.svg
    w.undo()
    assert w._live_changed() == ()


def test_steps_are_played_back_at_the_boards_pace_and_can_be_paused():
    g = DiceToy()

    async def body():
        w = BoardWidget(g, bots={1: FirstBot(1)}, playback=0.05)
        send(w, "toggle", word="d1")
        send(w, "confirm", word="keep")
        await until(lambda: not w.thinking and w.playing)
        seen = []
        await until(lambda: (seen.append(w.step_index) or True) and not w.playing, timeout=5)
        assert w.step_index == -1                        # back on the live board
        assert [k for k in dict.fromkeys(seen) if k >= 0] == list(range(seen[0], w.step_count))
        # ▶ plays again from the first step worth seeing; ‖ stops where it is
        send(w, "play")
        assert w.playing and w.step_index >= 0
        k = w.step_index
        send(w, "pause")
        await asyncio.sleep(0.15)
        assert not w.playing and w.step_index == k
        # a click on a past step is refused, in words, and changes nothing
        send(w, "click", word="pass")
        assert "past step" in w.error and w.step_index == k
        send(w, "step", to=-1)
        w.close()

    in_kernel(body)


def test_a_move_from_python_shows_the_live_board_at_once():
    g = DiceToy()
    w = BoardWidget(g, bots={1: FirstBot(1)}, playback=0.5)
    w.toggle("d1")
    w.confirm("keep")
    assert w.step_index == -1 and not w.playing and w.step_count >= 2


@pytest.mark.parametrize("pace", [0, 0.02])
def test_sr_r9_a_finished_race_is_held_on_the_board_until_continue(pace):
    """The move that ends a race shows the finish (slimes past the goal, the
    winning space, the scores) and holds it; "Continue ▶" goes on to the
    next race's set-up."""
    for seed in range(40):
        g = SlimeRace(players=2, seed=seed)
        rng = random.Random(seed)
        finishing = None
        while g.current_player is not None and finishing is None:
            if g.current_player == 0 and g.state["phase"] == "race":
                for a in g.legal_actions:
                    child = g.copy(history=False)
                    if any("is over" in e for e in child.apply(a)) and child.state["phase"] != "over":
                        finishing = a
                        break
            if finishing is None:
                g.apply(rng.choice(list(g.legal_actions)))
        if finishing:
            break
    assert finishing, "no seed reached a race's finish by seat 0"
    race = g.state["race"]

    async def body():
        w = BoardWidget(g, bots={1: RandomBot(1)}, playback=pace)
        send(w, "click", word=finishing)
        await until(lambda: w.held)
        state = w._step_state(w.step_index)
        assert state["race"] == race and len(state["finished"]) >= 2 or \
            sum(1 for v in state["positions"].values() if v >= 72) >= 2
        assert "is over" in w.step_caption and "Continue" in w.hint
        assert g.state["race"] == race + 1                      # the game itself has moved on
        send(w, "next")
        await until(lambda: not w.held and not w.playing)
        assert w.step_index == -1
        w.close()

    in_kernel(body)
    # stepping back to the finishing move shows the finish too (Python side)
    i = next(k for k, e in enumerate(g.log) if any(f"Race {race} is over" in x for x in e.events))
    assert g.frame_state(i, 0)["race"] == race


# ---------------------------------------------------------------- refusals
def test_a_refusal_reads_in_the_rules_words_with_its_rulings_as_tags():
    from boardkit.core.errors import IllegalActionError
    e = IllegalActionError("Slime Culture Center: illegal 'spawn green …': SCC-spawn: 発生 (spawn) takes a "
                           "colour that is not on the board; green is on the board (SCC-R2) — grow it "
                           "instead [turn 2: Player 1, action 1 of 2]", rule="SCC-spawn")
    text = learner_sentence(e, "Slime Culture Center", "turn 2: Player 1, action 1 of 2")
    assert text == ("発生 (spawn) takes a colour that is not on the board; green is on the board — "
                    "grow it instead")
    assert cited_rules(e) == ["SCC-spawn", "SCC-R2"]


def test_scc_an_action_button_that_cannot_be_used_says_why_in_rule_terms():
    g = SlimeCultureCenter(players=2, seed=0, chance=["first 0"])
    w = BoardWidget(g)
    for button, rule, words in [("grow", "SCC-grow", "no slime is on the board yet"),
                                ("move", "SCC-R3", "no face-up slime"),
                                ("inject", "SCC-R6", "the board holds none")]:
        with pytest.raises(BoardkitError):
            w.click(button)
        assert w.error_rule.split()[0] == rule and words in w.error, (button, w.error)
        assert w.error_rule_title.split("\n")[0] == ruling_titles()[rule]
        assert not re.search(r"write '|an action looks like|illegal '", w.error)
        assert w.pending == ""


SYNTAX = re.compile(r"illegal '|an action looks like|write '|<[a-z ]+>|unknown action|\('[^']*'\)|\b"
                    + NUMBERED_ID + r"\b")
#: every registered game (the tests' examples too), at three players where it can seat a choice of players
GAMES = [(c, {"players": min(3, c.Rules.info.max_players)}
          if c.Rules.info.min_players < c.Rules.info.max_players else {})
         for _, c in sorted(boardkit.games().items())]
#: The rulings some games' refusals of clicks reach in the drive below (at least), by registered name.
REACHED = {"slime_race": {"SR-R3"}, "super_race": {"SU-R2", "SU-R3", "SU-R5"},
           "slime_culture_center": {"SCC-spawn", "SCC-R3", "SCC-actions"},      # (grow: its own test below)
           "slip_stream": {"SS-R2", "SS-move", "SS-actions"}}
_TARGET = re.compile(r'data-(act|toggle|confirm)="([^"]*)"')


@pytest.mark.slow
@pytest.mark.parametrize("cls,options", GAMES, ids=lambda x: getattr(x, "__name__", ""))
def test_every_refusal_a_click_can_produce_names_its_rule_in_plain_words(cls, options):
    """Drive clicks on every kind of target (legal or not, one and two clicks
    deep) over seeded games; every refusal a learner can see is a sentence in
    the rule's words (no syntax lesson, no bare id, no "illegal '…'"), cites
    a ruling of docs/rulings.md, and changes nothing."""
    titles = ruling_titles()
    kinds: dict[tuple, str] = {}
    for seed in range(2):
        g = cls(seed=seed, **options)
        w = BoardWidget(g)
        rng = random.Random(seed)
        for _ in range(40 if cls is not SlipStream else 12):       # (Slip Stream's board is big)
            if g.current_player is None:
                break
            targets = list(dict.fromkeys(_TARGET.findall(w.svg)))
            legal = [("act", word) for word in offered(w.svg)[0]]       # (then a second click)
            sample = rng.sample(targets, min(8, len(targets))) + rng.sample(legal, min(3, len(legal)))
            for kind, word in sample:
                w.cancel()
                before = g.state
                try:
                    if kind == "act":
                        w.click(word)
                        if w.pending:
                            seconds = [x for k, x in dict.fromkeys(_TARGET.findall(w.svg)) if k == "act"]
                            w.click(rng.choice(seconds))
                    elif kind == "toggle":
                        w.toggle(word)
                    else:
                        w.confirm(word)
                except BoardkitError as exc:
                    assert g.state == before
                    rules = w.error_rule.split()
                    kinds.setdefault((type(exc).__name__, rules[0] if rules else None), w.error)
                    assert w.error and not SYNTAX.search(w.error), w.error
                    assert w.error[0] == w.error[0].upper(), w.error
                    assert rules and all(r in titles for r in rules), (w.error, rules)
                    # every tag has its title (a line each), none from the situation alone
                    assert w.error_rule_title.split("\n") == [titles[r] for r in rules], w.error_rule_title
                    continue
                if len(g.log) and g.state != before:
                    w.undo()
            w.cancel()
            w.act(rng.choice(list(g.legal_actions)))
    reached = {rule for _, rule in kinds}
    assert REACHED.get(cls.Rules.info.name, set()) <= reached, (sorted(reached), kinds)


def test_every_game_of_the_package_has_rulings_its_clicks_must_reach():
    """A game of the package says above which refusals the drive must reach
    (the tests' example games need not)."""
    shipped = {n for n, c in boardkit.games().items() if c.__module__.startswith("boardkit.")}
    assert shipped <= set(REACHED), sorted(shipped - set(REACHED))


# --------------------------------------------------------- stored pictures
@pytest.mark.parametrize("cls,options", GAMES, ids=lambda x: getattr(x, "__name__", ""))
def test_a_stored_board_is_a_picture_that_says_so(cls, options):
    g = cls(seed=1, **options)
    w = BoardWidget(g)
    stored = w.stored_svg()
    assert "run the cell to play" in stored
    assert not re.search(r'class="[^"]*\blegal\b', stored)
    texts = " ".join(re.findall(r">([^<>]+)<", stored))
    assert not re.search(r"\bclick\b|Reroll the others|Drive (red|yellow|blue)", texts, re.I), texts
    # … and a game shown in a notebook is a picture of its position
    assert not re.search(r'class="[^"]*\blegal\b', g.picture())


# --------------------------------------------------------------- decisions
def test_scc_r12_each_decision_option_names_both_slimes_lights_them_and_shows_where_it_leads():
    for seed in range(40):
        g = SlimeCultureCenter(players=3, seed=seed)
        rng = random.Random(seed)
        while g.current_player is not None and g.state["phase"] != "decide":
            g.apply(rng.choice(list(g.legal_actions)))
        if g.state["phase"] == "decide" and g.state["decision"]["options"][0].startswith("resolve"):
            break
    else:
        pytest.fail("no predation decision in 40 seeded games")
    svg = BoardWidget(g).svg
    options = g.state["decision"]["options"]
    for i, option in enumerate(options):
        said, squares = g.rules.decision_option(g.state, option)
        # "green slime (7 tiles, a3) eats purple slime (1 tile, b7): 1 contact tile becomes green"
        # (the size says it is a size: "7 tiles", not a bare 7)
        slime = r"\w+ slime \(\d+ tiles?, [a-h][1-8]\)"
        assert re.match(rf"{slime} .*{slime}", said), said
        _, predator, prey = option.split()
        assert {predator, prey} <= set(squares)
        button = re.search(rf'<g class="scc-button[^"]*"[^>]*data-act="{option}"[^>]*>', svg).group(0)
        assert f'data-highlight="{" ".join(squares)}"' in button
        assert f"after choice {i + 1}" in svg
    # what the option says is what taking it next does
    first = g.copy()
    events = first.apply(options[0])
    assert g.rules.decision_option(g.state, options[0])[0] in events


def test_the_ais_plan_is_drawn_on_the_live_board_as_arrows_when_asked():
    from boardkit.slip_stream.ai import SlipStreamAI
    g = SlipStream(seed=2)
    bot = SlipStreamAI(1, depth=2)
    w = BoardWidget(g, bots={1: bot})
    for _ in range(4):                          # a few moves: the bot answers each
        if g.is_over() or g.current_player != 0:
            break
        w.act(next(iter(g.legal_actions)))
    assert w.has_plan and bot.planned_actions()
    assert "bk-plan" not in w.svg                # drawn only when asked
    send(w, "plan")
    assert w.show_plan and 'class="bk-plan"' in w.svg
    send(w, "plan")
    assert not w.show_plan and "bk-plan" not in w.svg
    # a board without a searching bot offers no plan
    assert not BoardWidget(SlipStream(seed=2)).has_plan
