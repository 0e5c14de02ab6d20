"""Super Race in a real JupyterLab: play a whole go by clicking — keep a die,
reroll the others, choose a colour, draw the squares in order — with a
refused square explained on the board, and check the engine through the
kernel."""
from __future__ import annotations

import re

import pytest
from lab import (
    check_present,
    check_refusal_shown,
    click_and_wait,
    expect,
    report_clicks,
    rerun,
    run_notebook_to_board,
)

from conftest import ARTIFACTS

pytestmark = pytest.mark.browser

LEGAL_SQUARE = ".target.legal[data-act]:not([data-act^='drive']):not([data-act='forfeit'])"


def test_super_race_play_a_go_by_clicking(lab_server, page):
    base, token = lab_server
    board, check, run_s = run_notebook_to_board(
        page, base, token, "02_super_race.ipynb", board_cell="board = BoardWidget(race",
        check_cell="Player 1's squares", check_text="Player 1's squares: none yet; goes played: 0")
    out = check.locator(".jp-OutputArea-output")
    expect(board.locator(".bk-status")).to_contain_text("Player 1")
    latencies = []
    timings = []      # each click: answer drawn, answer received, target outlined

    # keep one die, roll the other four again: roll 2 of 3
    toggles = board.locator("[data-toggle]")
    expect(toggles).to_have_count(5)
    first = toggles.first.get_attribute("data-toggle")
    latencies.append(click_and_wait(board, f"[data-toggle='{first}']", timings=timings)[0])
    latencies.append(click_and_wait(board, "[data-confirm='keep']", timings=timings)[0])
    expect(board.locator(".bk-status")).to_contain_text("roll 2 of 3", timeout=20_000)

    # choose a colour that can be drawn; a square that cannot come next is refused
    if board.locator("[data-act='forfeit'].legal").count():
        latencies.append(click_and_wait(board, "[data-act='forfeit'].legal", timings=timings)[0])
    else:
        latencies.append(click_and_wait(board, "[data-act^='drive'].legal", timings=timings)[0])
        expect(board.locator(".bk-pending")).to_contain_text("drive")
        wrong = board.locator(".target[data-act]:not(.legal):not([data-act^='drive'])"
                              ":not([data-act='forfeit'])")
        wrong.first.click()
        expect(board.locator(".bk-error")).to_contain_text(re.compile(r"SU-(R\d+|actions)"),
                                                           timeout=20_000)
        check_refusal_shown(board)
        # the refusal changed nothing: the same colour is still chosen, go on
        for _ in range(8):
            if not board.locator(LEGAL_SQUARE).count():
                break
            latencies.append(click_and_wait(board, LEGAL_SQUARE, timings=timings)[0])
    # the go is over: the bot (Player 2) has driven and Player 1 rolls again
    expect(board.locator(".bk-log")).to_contain_text(re.compile(r"Player 1: (drive|forfeit)"),
                                                     timeout=60_000)
    expect(board.locator(".bk-log")).to_contain_text(re.compile(r"Dice: roll 1"))
    expect(board.locator(".bk-log")).to_contain_text(re.compile(r"Player 2 \(lap planner\): "
                                                                r"(drive|forfeit)"),
                                                     timeout=60_000)
    # Player 1's next go: keep a die, twice
    expect(board.locator(".bk-status")).to_contain_text("Player 1", timeout=20_000)
    for roll in (2, 3):
        expect(toggles.first).to_be_visible()
        first = toggles.first.get_attribute("data-toggle")
        latencies.append(click_and_wait(board, f"[data-toggle='{first}']", timings=timings)[0])
        latencies.append(click_and_wait(board, "[data-confirm='keep']", timings=timings)[0])
        expect(board.locator(".bk-status")).to_contain_text(f"roll {roll} of 3", timeout=20_000)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    board.screenshot(path=str(ARTIFACTS / "super_race_board.png"))

    # the kernel agrees
    rerun(page, check)
    expect(out).to_contain_text(re.compile(r"goes played: [1-9]"), timeout=30_000)
    check_present(page, board, "super_race", ARTIFACTS)
    report_clicks(page, "super_race", ARTIFACTS, run_s, latencies, timings)
