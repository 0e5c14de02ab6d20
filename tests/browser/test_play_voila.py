"""The play page as a student meets it: Voilà (preheated kernels, as
``python -m boardkit.classroom`` serves it) in headless Chromium. Every game
is started from the page's own choices and played by clicking, a refused
click is explained, the bots' level changes, a new game is dealt, the sides
are swapped; a link with bad settings shows sentences, never code or a
traceback."""
from __future__ import annotations

import json
import re
import time

import pytest
from lab import click_and_wait, expect

import boardkit
from boardkit.play import GAMES
from conftest import ARTIFACTS

pytestmark = pytest.mark.browser

#: the games the page offers under Voilà, from their registration (the kernel imports
#: boardkit alone: the tests' example games are not there)
TITLES = {name: c.title for name, c in GAMES.items()
          if boardkit.games()[name].__module__.startswith("boardkit.")}
BOARD = ".boardkit-widget[data-ready='1']"
#: what a page must never show: Python's error report, or the notebook's code
TRACE = re.compile(r"Traceback|File \"|Error:.*line \d|play\.page\(|import ")


def open_play(page, url: str, timings: dict | None = None, name: str = ""):
    """Open the play page and wait for its board; record the seconds taken."""
    t0 = time.perf_counter()
    page.goto(url, wait_until="commit", timeout=120_000)
    board = page.locator(BOARD).first
    board.wait_for(timeout=120_000)
    if timings is not None:
        timings[name] = round(time.perf_counter() - t0, 2)
    expect(board).to_have_attribute("data-thinking", "", timeout=60_000)
    return board


def no_code_no_traceback(page) -> None:
    expect(page.locator(".jp-InputArea, .jp-InputPrompt, .CodeMirror, .cm-editor")).to_have_count(0)
    expect(page.locator(".jp-RenderedText[data-mime-type='application/vnd.jupyter.stderr']")).to_have_count(0)
    text = page.locator("body").inner_text()
    assert not TRACE.search(text), TRACE.search(text)


def log_lines(board) -> int:
    return board.locator(".bk-log li").count()


def play_a_move(board, clicks: int = 6) -> None:
    """Click the first legal target until the move log grows (a move may
    take several clicks: a piece, then where it goes)."""
    before = log_lines(board)
    for _ in range(clicks):
        click_and_wait(board, "[data-act].legal", timeout=60_000)
        expect(board).to_have_attribute("data-error", "")
        if log_lines(board) > before:
            return
    raise AssertionError(f"no move after {clicks} clicks on legal targets")


#: A target the rules refuse now (Slip Stream's start spaces lie under the machines).
REFUSED = {"slip_stream": ".ss-space[data-act='20d']"}


def refuse_a_click(board, selector: str = "[data-act]:not(.legal)") -> None:
    """A target the rules do not allow now: the board says why in a
    sentence and nothing is played."""
    before = log_lines(board)
    click_and_wait(board, selector, timeout=60_000)
    expect(board).to_have_attribute("data-error", "1")
    expect(board.locator(".bk-error")).to_contain_text(re.compile(r"\w+ \w+ \w+"))
    assert log_lines(board) == before


def choose(page, control: str, label: str) -> None:
    """Choose in one of the page's choices (unfolded first: they start folded)."""
    select = page.locator(f".{control} select")
    if not select.is_visible():
        page.locator(".bk-play-fold").click()
        expect(select).to_be_visible()
    select.select_option(label=label)


def test_play_page_shows_the_whole_board_at_1280x720(voila_server, page):
    """Issue 34, item 6: the page opens with its choices folded and the
    whole board in view at 1280×720 (Slip Stream's is the tallest), with
    its buttons; unfolded, the choices are there to use."""
    page.set_viewport_size({"width": 1280, "height": 720})
    board = open_play(page, f"{voila_server}?game=slip_stream&ai=1")
    page.wait_for_timeout(300)       # (the board settles to the window)
    svg = board.locator(".bk-board svg").bounding_box()
    assert svg["y"] >= 0 and svg["y"] + svg["height"] <= 720 + 1 and svg["width"] > 600, svg
    bar = board.locator(".bk-present").bounding_box()
    assert bar["y"] >= 0 and bar["y"] + bar["height"] <= 720, bar
    expect(page.locator(".bk-play-game select")).to_be_hidden()
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "play_voila_1280x720.png"))
    page.locator(".bk-play-fold").click()
    expect(page.locator(".bk-play-game select")).to_be_visible()
    expect(page.locator(".bk-play-seat-0 select")).to_be_visible()
    page.locator(".bk-play-fold").click()
    expect(page.locator(".bk-play-game select")).to_be_hidden()


def test_play_page_every_game_by_clicking(voila_server, page):
    timings: dict = {}
    refused: list[str] = []
    board = open_play(page, f"{voila_server}?game=slime_race&ai=1&seed=3", timings, "first_board_s")
    for name, title in TITLES.items():
        if name != "slime_race":
            choose(page, "bk-play-game", title)
        expect(page.locator(".bk-play h2")).to_have_text(title, timeout=60_000)
        expect(page.locator(".boardkit-widget")).to_have_count(1, timeout=60_000)
        board = page.locator(BOARD).first
        board.wait_for(timeout=60_000)
        expect(board).to_have_attribute("data-thinking", "", timeout=60_000)
        rules = page.locator("a.bk-play-rules")
        assert rules.get_attribute("href") == f"{GAMES[name].notebook}#{GAMES[name].rules_anchor}"
        selector = REFUSED.get(name, "[data-act]:not(.legal)")
        if board.locator(selector).count():
            refuse_a_click(board, selector)
            refused.append(name)
        play_a_move(board)
    assert len(refused) >= 2 and "slip_stream" in refused, refused
    no_code_no_traceback(page)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    (ARTIFACTS / "play_voila.json").write_text(json.dumps(timings, indent=2))
    print(timings)


def test_play_page_level_new_game_and_swap_sides(voila_server, page):
    board = open_play(page, f"{voila_server}?game=slip_stream&ai=1")
    expect(page.locator(".bk-play")).to_contain_text("Slip Stream AI, level 1")
    play_a_move(board)
    expect(board).to_have_attribute("data-thinking", "", timeout=60_000)

    # the bots' level: the same game goes on, the bot is now level 3
    moves = log_lines(board)
    choose(page, "bk-play-level", "3 — strongest")
    expect(page.locator(".bk-play-done")).to_contain_text("level 3")
    expect(page.locator(".bk-play")).to_contain_text("Slip Stream AI, level 3")
    assert log_lines(board) >= moves

    # swap sides: the person now plays Player 2 in the same game
    page.locator("button.bk-play-swap").click()
    expect(page.locator(".bk-play-done")).to_contain_text("you now play Player 2")
    expect(page.locator(".bk-play-seat-0 select")).to_have_value("bot")
    expect(page.locator(".bk-play-seat-1 select")).to_have_value("person")
    board = page.locator(BOARD).first
    expect(board).to_have_attribute("data-thinking", "", timeout=60_000)
    expect(board.locator(".bk-status")).to_contain_text("Player 2", timeout=60_000)
    play_a_move(board)

    # a new game: a fresh deal, the log starts again
    played = log_lines(board)
    page.locator("button.bk-play-new").click()
    expect(page.locator(".bk-play-notice")).to_have_count(0, timeout=60_000)
    board = page.locator(BOARD).first
    expect(board).to_have_attribute("data-thinking", "", timeout=60_000)
    assert log_lines(board) < played and log_lines(board) <= 3, "a new game starts afresh"
    no_code_no_traceback(page)


@pytest.mark.parametrize("query, says", [
    ("game=chess&ai=9&players=x", ["no game 'chess'", "bots' level"]),
    ("game=slime_race&players=9&seats=bot,bot&track=monza&%3Cscript%3Ealert(1)%3C/script%3E=1",
     ["number of players is a whole number from 2 to 5", "has no 'track'", "is not a setting"]),
])
def test_play_page_bad_links_say_why_and_show_no_code(voila_server, page, query, says):
    open_play(page, f"{voila_server}?{query}")
    notice = page.locator(".bk-play-problem")
    for text in says:
        expect(notice.filter(has_text=text)).to_have_count(1)
    no_code_no_traceback(page)
    assert not [c for c in page.console_log if c.startswith("pageerror")], page.console_log
