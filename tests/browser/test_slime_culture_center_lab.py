"""Slime Culture Center in a real JupyterLab: play a turn (two actions) by
clicking, see a refused click explained, step through the checks, and check
the engine state through the kernel."""
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


def test_scc_play_a_turn_by_clicking(lab_server, page):
    base, token = lab_server
    board, check, run_s = run_notebook_to_board(
        page, base, token, "03_slime_culture_center.ipynb", board_cell="board = BoardWidget(play",
        check_cell="Player 1's actions", check_text="none yet")
    out = check.locator(".jp-OutputArea-output")
    expect(board.locator(".bk-status")).to_contain_text("Player 1, action 1 of 2")
    latencies = []
    timings = []      # each click: answer drawn, answer received, target outlined

    # action 1: spawn red at d4 — three clicks
    for word in ["spawn", "red", "d4"]:
        latencies.append(click_and_wait(board, f"[data-act='{word}'].legal", timings=timings)[0])
        expect(board).to_have_attribute("data-error", "")
    expect(board.locator(".bk-status")).to_contain_text("action 2 of 2")

    # a refused click: red is on the board now, so it cannot be spawned (SCC-R2)
    latencies.append(click_and_wait(board, "[data-act='spawn'].legal", timings=timings)[0])
    latencies.append(click_and_wait(board, "[data-act='red']", timings=timings)[0])
    expect(board.locator(".bk-error")).to_contain_text("SCC-R2")
    check_refusal_shown(board)
    board.locator(".bk-cancel").click()
    expect(board.locator(".bk-pending")).to_have_text("", timeout=10_000)
    # action 2: grow red at d5
    for word in ["grow", "red", "d5"]:
        latencies.append(click_and_wait(board, f"[data-act='{word}'].legal", timings=timings)[0])
    expect(board.locator(".bk-status")).to_contain_text(re.compile(r"Player 1, action 1 of 2|decides"),
                                                        timeout=30_000)
    expect(board.locator(".bk-log")).to_contain_text("Player 1: grow red d5")
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    board.screenshot(path=str(ARTIFACTS / "slime_culture_center_board.png"))

    # step through what happened since the click (the bots' turns included)
    expect(board.locator(".bk-stepper")).to_be_visible()
    board.locator(".bk-step-next").click()
    expect(board).to_have_attribute("data-step", "0", timeout=10_000)
    expect(board.locator(".bk-board")).to_contain_text("step 1 of")
    board.locator(".bk-step-live").click()
    expect(board).to_have_attribute("data-step", "-1", timeout=10_000)

    # the kernel agrees
    rerun(page, check)
    expect(out).to_contain_text("Player 1's actions: spawn red d4, grow red d5", timeout=30_000)
    expect(out).to_contain_text(re.compile(r"turn [4-9]"))

    check_present(page, board, "slime_culture_center", ARTIFACTS)
    report_clicks(page, "slime_culture_center", ARTIFACTS, run_s, latencies, timings)
