"""What a projector shows, in a real JupyterLab (issue 34): every game's
board at 1280×720 and 1920×1080, Present on and off.

One notebook of this module's own (uploaded to the lab's copy of the
notebooks) holds a board of each game, a Slime Race one move before a
race's finish and a Slime Culture Center order decision; one page runs it
and every test looks at its boards.
"""
from __future__ import annotations

import json
import re
import urllib.request

import pytest
from lab import check_refusal_shown, click_and_wait, expect, run_notebook_to_board

from conftest import ARTIFACTS

pytestmark = pytest.mark.browser

NOTEBOOK = "projector_check.ipynb"
SIZES = ((1280, 720), (1920, 1080))

#: The moves of Slime Race (3 players, seed 7) up to its first race's last
#: card: Player 1 then plays "play red+10" and Red finishes 2nd.
_BEFORE_FINISH = [
    "bet 1-2", "bet 1-3", "bet 2-5", "bet 1-2", "bet 1-3", "bet 1-4", "bet 1-2", "bet 1-3", "bet 2-3",
    "play 1st+15", "play green+7", "play red+9", "play 2nd+10", "play 2nd+15", "play dash1", "play 1st+5",
    "play green+7", "play blue+6", "play blue+4", "play green+4", "play blue+5", "play 3rd+15", "play 3rd+5",
    "play dash2", "play blue+5", "play red+10", "play blue+4", "play blue+6", "play red+10", "play 4th+15",
    "play green+4", "play 4th+10", "play red+5", "play green+5", "play 3rd+10", "play green+5",
    "play last+35", "play 4th+5", "play green+7", "play 1st+10", "play orange+8", "play green+5",
    "play blue+6", "play purple+3", "play 2nd+5", "play orange+5", "play orange+5", "play purple+3",
    "play orange+8", "play orange+6", "play orange+6", "play orange+8", "play blue+5", "play purple+3",
    "play purple+4", "play red+5", "play green+4", "play purple+4", "play orange+6", "play blue+4"]

CELLS = [
    "from boardkit import GreedyBot, RandomBot, SlimeRace, SlipStream, SuperRace\n"
    "from boardkit import SlimeCultureCenter as SCC\n"
    "from boardkit.slip_stream.ai import SlipStreamAI\n"
    "from boardkit.super_race.bots import LapBot\n"
    "from boardkit.widget import BoardWidget",
    "scc = BoardWidget(SCC(players=3, seed=21, chance=['first 0']),\n"
    "                  bots={1: RandomBot(1), 2: RandomBot(2)}, mode='student', playback=0)\nscc",
    "slime = BoardWidget(SlimeRace(players=3, seed=7, target=30),\n"
    "                    bots={1: GreedyBot(1), 2: RandomBot(2)}, mode='student', playback=0)\nslime",
    "superrace = BoardWidget(SuperRace(players=2, seed=11), bots={1: LapBot(1)}, playback=0)\nsuperrace",
    "slip = BoardWidget(SlipStream(seed=6, chance=['first 0']),\n"
    "                   bots={1: SlipStreamAI.level(1, seed=1)}, playback=0)\nslip",
    "race = SlimeRace(players=3, seed=7, target=30)\n"
    f"for a in {_BEFORE_FINISH!r}:\n"
    "    race.apply(a)\n"
    "finish = BoardWidget(race, bots={1: GreedyBot(1), 2: RandomBot(2)}, mode='student', playback=0)\n"
    "finish",
    "order = SCC.scenario(players=2, board='RRRBBR..\\n.....R..' + '\\n........' * 6, actions_left=1)\n"
    "order.apply('spawn green h8')\n"
    "decision = BoardWidget(order)\ndecision",
    "fresh_scc = BoardWidget(SCC(players=2, seed=0, chance=['first 0']))\nfresh_scc",
    "fresh_slime = BoardWidget(SlimeRace(players=3, seed=7, target=30),\n"
    "                          bots={1: RandomBot(1), 2: RandomBot(2)},\n"
    "                          mode='student', playback=0)\nfresh_slime",
    "fresh_slip = BoardWidget(SlipStream(seed=6, chance=['first 0']))\nfresh_slip",
    "print('boards drawn:', 9)",
]
BOARDS = ("scc", "slime", "superrace", "slip", "finish", "decision", "fresh_scc", "fresh_slime", "fresh_slip")


def _upload(base: str, token: str) -> None:
    nb = {"nbformat": 4, "nbformat_minor": 5, "metadata": {
        "kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"}},
        "cells": [{"cell_type": "code", "id": f"c{k}", "metadata": {}, "outputs": [], "execution_count": None,
                   "source": src} for k, src in enumerate(CELLS)]}
    body = json.dumps({"type": "notebook", "format": "json", "content": nb}).encode()
    req = urllib.request.Request(f"{base}/api/contents/{NOTEBOOK}?token={token}", data=body, method="PUT",
                                 headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=30) as r:
        assert r.status in (200, 201)


@pytest.fixture(scope="module")
def boards(lab_server, browser_context):
    """The notebook run once in one page: {name: board locator}."""
    base, token = lab_server
    _upload(base, token)
    page = browser_context.new_page()
    page.console_log = []
    page.on("console", lambda m: page.console_log.append(f"{m.type}: {m.text}"))
    page.on("pageerror", lambda e: page.console_log.append(f"pageerror: {e}"))
    page.kernel_errors = []
    page.set_viewport_size({"width": 1280, "height": 720})
    run_notebook_to_board(page, base, token, NOTEBOOK, board_cell="scc = BoardWidget(",
                          check_cell="boards drawn", check_text="boards drawn: 9")
    found = {}
    for name in BOARDS:
        cell = page.locator(".jp-NotebookPanel .jp-Notebook .jp-Cell").filter(
            has=page.locator(".jp-InputArea-editor", has_text=f"{name} = BoardWidget(")).first
        found[name] = cell.locator(".boardkit-widget[data-ready='1']")
        found[name].wait_for(timeout=60_000)
    yield page, found
    page.close()


def _shot(page, name: str) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"projector_{name}.png"))


#: In the page: the heights of the bar and of the stepper, and where the
#: board's picture starts, from the widget's top (presenting: the screen's).
_LAYOUT = """root => {
  const box = (s) => root.querySelector(s).getBoundingClientRect();
  const top = root.classList.contains('bk-presenting') ? 0 : root.getBoundingClientRect().top;
  return {bar: Math.round(box('.bk-bar:not(.bk-stepper)').height),
          stepper: Math.round(box('.bk-stepper').height),
          board: Math.round(box('.bk-board svg').top - top),
          pending: root.querySelector('.bk-pending').textContent};
}"""

#: Each game's clicks of one move, a selector each (Super Race: keep a die
#: and roll again, then undo it).
TWO_CLICKS = {
    "scc": ["[data-act].legal"] * 3,
    "slime": ["[data-act].legal"] * 2,
    "superrace": ["[data-toggle]", "[data-confirm='keep']"],
    "slip": ["[data-act^='move '].legal", ".ss-target.legal[data-act]"],
}


@pytest.mark.parametrize("game", sorted(TWO_CLICKS))
def test_the_bar_keeps_its_height_through_a_move(boards, game):
    """Item 2: the bar (and the stepper, and the board under them) keep
    their place through a move of several clicks and the bots' replies, at
    both projector sizes, Present on and off."""
    page, b = boards
    board = b[game]
    seen = {}
    try:
        for w, h in SIZES:
            page.set_viewport_size({"width": w, "height": h})
            for present in (False, True):
                if present:
                    board.locator(".bk-present").click()
                    expect(board).to_have_attribute("data-size", "present")
                board.scroll_into_view_if_needed()
                page.wait_for_timeout(300)
                layouts = [board.evaluate(_LAYOUT)]
                for selector in TWO_CLICKS[game]:
                    click_and_wait(board, selector, timeout=60_000)
                    expect(board).to_have_attribute("data-error", "")
                    layouts.append(board.evaluate(_LAYOUT))
                expect(board).to_have_attribute("data-thinking", "", timeout=60_000)
                layouts.append(board.evaluate(_LAYOUT))
                _shot(page, f"bar_{game}_{w}x{h}_{'present' if present else 'notebook'}")
                seen[f"{w}x{h} {'present' if present else 'notebook'}"] = layouts
                if game == "superrace":       # (three rolls a go: roll 2 again)
                    click_and_wait(board, ".bk-undo", timeout=60_000)
                if present:
                    board.locator(".bk-present").click()
                    expect(board).to_have_attribute("data-size", "normal")
    finally:
        page.set_viewport_size({"width": 1280, "height": 720})
    print(json.dumps(seen, indent=1))
    if game in ("scc", "slip"):
        assert any(lay["pending"] for lays in seen.values() for lay in lays), "no click left a selection"
    for where, lays in seen.items():
        for key in ("bar", "stepper", "board"):
            values = {lay[key] for lay in lays}
            assert max(values) - min(values) <= 1, (game, where, key, lays)


def test_the_finish_picture_ranks_only_finished_slimes_and_lights_the_winning_space(boards):
    """Item 3: the last card of a race, played on the page: the board holds
    at the finish; only the two slimes past the goal are ranked, the
    winning space the title names is lit, and the line above tells the
    finish, not the next race's set-up."""
    page, b = boards
    board = b["finish"]
    page.set_viewport_size({"width": 1280, "height": 720})
    board.scroll_into_view_if_needed()
    click_and_wait(board, "[data-act='play red+10'].legal", timeout=60_000)
    expect(board).to_have_attribute("data-held", "1", timeout=60_000)
    title = board.locator(".bk-board svg text.title").first.text_content()
    pair = re.search(r"the winning space is (\d-\d)", title).group(1)
    labels = board.locator(".sr-track text.small").all_text_contents()
    ranked = [t for t in labels if re.search(r"\b(1st|2nd|3rd|\dth|last)\b", t)]
    assert sorted(ranked) == ["1st", "2nd"], labels
    expect(board.locator(".sr-space.winning")).to_have_count(1)
    expect(board.locator(f".sr-space.winning[data-pair='{pair}']")).to_have_count(1)
    message = board.locator(".bk-message").inner_text()
    assert "Race 1 is over" in message and "next race" not in message and "shuffled" not in message, message
    _shot(page, "finish_held_1280x720")


#: In the page: the board's body text, a decision option's text and a
#: preview's square and its letter, in pixels on the screen.
_DECISION = """root => {
  const svg = root.querySelector('.bk-board svg');
  const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
  const px = (e) => parseFloat(getComputedStyle(e).fontSize) * scale;
  const square = root.querySelector('.scc-mini rect');
  const letter = [...root.querySelectorAll('.scc-mini text')].find((t) => /^[A-Z]$/.test(t.textContent));
  return {body: Number(root.dataset.bodyPx), option: Math.min(...[...root.querySelectorAll(
            '[data-highlight] text')].map(px)),
          square: square.width.baseVal.value * scale, letter: px(letter),
          fits: svg.getBoundingClientRect().bottom <= window.innerHeight + 1};
}"""


def test_decision_options_and_previews_read_at_1280_in_present(boards):
    """Item 4: at 1280×720 in Present, an order decision's options are at
    least 0.8 times the board's body text, which stays readable (14 px or
    more), and each preview's squares are large enough to read their
    letters (squares of 24 px or more, letters of 13 px or more); at
    1920×1080 too."""
    page, b = boards
    board = b["decision"]
    seen = {}
    try:
        for w, h in SIZES:
            page.set_viewport_size({"width": w, "height": h})
            board.locator(".bk-present").click()
            expect(board).to_have_attribute("data-size", "present")
            page.wait_for_timeout(300)
            seen[f"{w}x{h}"] = got = board.evaluate(_DECISION)
            _shot(page, f"decision_present_{w}x{h}")
            board.locator(".bk-present").click()
            expect(board).to_have_attribute("data-size", "normal")
            assert got["fits"], got
            assert got["body"] >= 14 and got["option"] >= 0.8 * got["body"], got
            assert got["square"] >= 24 and got["letter"] >= 13, got
    finally:
        page.set_viewport_size({"width": 1280, "height": 720})
    print(json.dumps(seen))


#: A refusal on each game's board: the clicks before it, then the refused one.
REFUSALS = {
    "fresh_slip": (["[data-act='move s4'].legal"], ".ss-space[data-act='20d']"),
    "fresh_scc": ([], "[data-act='grow']"),
    "fresh_slime": ([], ".sr-card[data-act]"),
    "superrace": ([], "[data-act]:not(.legal)"),
}
#: An action written out as code: quoted words with a space ('move s4 2d').
_CODE = re.compile(r"'[a-z0-9+-]+ [^']*'")


def test_refusals_say_no_code_and_title_every_ruling(boards):
    """Item 5: a refused click in each game reads as a sentence with no
    action code (Slip Stream's ended in "('move s4 2d')"), each ruling tag
    has its title (SS-R10's had none), and the callout by the target goes
    at the next click and within a few seconds (it lay over other targets
    for 6 s). A card clicked while Slime Race's coins are bet is answered
    with the reason (SR-R4). (One game after the other, then one wait for
    every callout to go.)"""
    page, b = boards
    page.set_viewport_size({"width": 1280, "height": 720})
    said = {}
    for name in sorted(REFUSALS):
        board = b[name]
        board.scroll_into_view_if_needed()
        before, refused = REFUSALS[name]
        for selector in before:
            click_and_wait(board, selector, timeout=60_000)
        board.locator(refused).first.click(force=True)
        expect(board).to_have_attribute("data-error", "1", timeout=30_000)
        said[name] = sentence = check_refusal_shown(board)
        assert not _CODE.search(sentence) and "('" not in sentence, (name, sentence)
        assert "of that colour" not in sentence, (name, sentence)
        tags = board.locator(".bk-error .bk-rule")
        for k in range(tags.count()):
            title = tags.nth(k).get_attribute("title")
            assert re.fullmatch(r"ruling \S+ — .+ \(docs/rulings\.md\)", title), (name, title)
        if name == "fresh_slime":
            expect(board.locator(".bk-error .bk-rule").first).to_have_text("SR-R4")
        _shot(page, f"refusal_{name}")
    # the callouts go within a few seconds, the sentences above the boards stay
    for name, sentence in said.items():
        expect(b[name].locator(".bk-callout")).to_be_hidden(timeout=5_000)
        expect(b[name].locator(".bk-error-text")).to_have_text(sentence)


def test_selection_captions_are_not_in_the_refusals_colour(boards):
    """Item 5: "Selected the machine on s4 …" (Slip Stream) and "selected:
    spawn …" (Slime Culture Center) are said in the selection's blue, not
    in the red kept for refusals."""
    page, b = boards
    page.set_viewport_size({"width": 1280, "height": 720})
    for name, first, said in (("fresh_slip", "[data-act='move s4'].legal", "Selected the machine on s4"),
                              ("fresh_scc", "[data-act='spawn'].legal", "selected: spawn")):
        board = b[name]
        board.scroll_into_view_if_needed()
        if not board.locator(".bk-pending").inner_text():
            board.locator(".bk-cancel").click(force=True)
            click_and_wait(board, first, timeout=60_000)
        caption = board.locator(".bk-board svg text", has_text=said).first
        expect(caption).to_be_attached()
        ink = caption.evaluate("e => getComputedStyle(e).fill")
        refused = board.locator(".bk-error").evaluate("e => getComputedStyle(e).color")
        callout = board.locator(".bk-callout").evaluate("e => getComputedStyle(e).color")
        r, g, bl = (int(x) for x in re.findall(r"\d+", ink)[:3])
        assert ink not in (refused, callout) and not (r > 120 and g < 60 and bl < 60), (name, ink, refused)


def test_slime_race_hand_in_view_outside_present(boards):
    """Item 5: at 1280×720 in the notebook (Present off), a Slime Race board
    scrolled to its top shows the player's hand without scrolling on."""
    page, b = boards
    board = b["fresh_slime"]
    page.set_viewport_size({"width": 1280, "height": 720})
    page.wait_for_timeout(300)
    board.evaluate("r => r.scrollIntoView({block: 'start'})")
    page.wait_for_timeout(300)
    panel = page.locator(".jp-NotebookPanel .jp-Notebook").first.bounding_box()
    hand = board.locator(".sr-hand").bounding_box()
    _shot(page, "slime_hand_1280x720")
    bottom = panel["y"] + panel["height"]
    assert hand["y"] >= panel["y"] and hand["y"] + hand["height"] <= bottom, (hand, panel)
