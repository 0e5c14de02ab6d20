"""Slip Stream in a real JupyterLab: make the pie-rule first move by clicking
a machine and then a destination, see the AI choose its colour and say what
it expects (its plan drawn as arrows right after that choice), play a few
moves against it by clicking, see a refused destination explained with its
rule, and check the engine through the kernel."""
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

#: A machine of the player to move that can move (the first click of a move).
MACHINE = "[data-act^='move '].legal"
#: A highlighted destination of the selected machine (the second click).
DESTINATION = ".ss-target.legal[data-act]"


def play_a_move(board, latencies: list, timings: list) -> None:
    """Select the first machine that can move, then its first destination."""
    latencies.append(click_and_wait(board, MACHINE, timings=timings)[0])
    expect(board.locator(".bk-pending")).to_contain_text("move", timeout=10_000)
    latencies.append(click_and_wait(board, DESTINATION, timings=timings)[0])
    expect(board).to_have_attribute("data-error", "")


def test_slip_stream_pie_move_and_moves_against_the_ai_by_clicking(lab_server, page):
    base, token = lab_server
    board, check, run_s = run_notebook_to_board(
        page, base, token, "04_slip_stream.ipynb", board_cell="board = BoardWidget(play",
        check_cell="Player 1's moves", check_text="Player 1's moves: none yet")
    out = check.locator(".jp-OutputArea-output")
    expect(board.locator(".bk-status")).to_contain_text("Player 1 makes the first move")
    latencies = []
    timings = []      # each click: answer drawn, answer received, target outlined

    # the pie rule's first move: a blue machine (either colour may move), then where it ends
    latencies.append(click_and_wait(board, "[data-act='move s4'].legal", timings=timings)[0])
    expect(board.locator(".bk-pending")).to_contain_text("move s4")
    # a space this machine cannot reach is answered with the rule (and changes nothing)
    board.locator(".ss-space[data-act='20d']").click()
    expect(board.locator(".bk-error")).to_contain_text(re.compile(r"SS-(R\d+|move)"), timeout=20_000)
    check_refusal_shown(board)
    expect(board.locator(".bk-pending")).to_contain_text("move s4")
    latencies.append(click_and_wait(board, DESTINATION, timings=timings)[0])

    # the AI (Player 2) chooses its colour, says what it expects, and moves if its colour is next
    expect(board.locator(".bk-log")).to_contain_text(re.compile(r"Player 2.*colour (red|blue)"),
                                                     timeout=60_000)
    expect(board.locator(".bk-expects")).to_contain_text("expects:", timeout=60_000)
    expect(board.locator(".bk-status")).to_contain_text(re.compile(r"Player 1 \((red|blue)\) to move"),
                                                        timeout=60_000)
    # said as a choice, and its plan drawn right away: our reply is arrow 1
    expect(board.locator(".bk-expects")).to_contain_text(re.compile(r"Player 2 \(\w+\) chooses \w+; then"))
    expect(board.locator(".bk-expects")).not_to_contain_text("plans takes")
    plan = board.locator("button.bk-plan")
    expect(plan).to_be_visible()
    plan.click()
    expect(plan).to_have_text("Hide the AI's plan", timeout=20_000)
    expect(board.locator("g.bk-plan-step[data-step='1']")).to_have_count(1, timeout=20_000)
    plan.click()
    expect(plan).to_have_text("AI's plan", timeout=20_000)
    expect(board.locator("g.bk-plan-step")).to_have_count(0, timeout=20_000)

    # three moves of our own by clicking; the AI answers each
    for _ in range(3):
        play_a_move(board, latencies, timings)
        expect(board.locator(".bk-status")).to_contain_text(
            re.compile(r"Player 1 \((red|blue)\) to move"), timeout=60_000)
    expect(board.locator(".bk-expects")).to_contain_text("Player 2")
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    board.screenshot(path=str(ARTIFACTS / "slip_stream_board.png"))

    # the kernel agrees: four moves of Player 1, the first from s4
    rerun(page, check)
    expect(out).to_contain_text(re.compile(r"Player 1's moves: move s4 \w+(, move \w+ \w+){3};"),
                                timeout=30_000)
    expect(out).to_contain_text(re.compile(r"machine moves: ([5-9]|\d\d)"))

    check_present(page, board, "slip_stream", ARTIFACTS)
    report_clicks(page, "slip_stream", ARTIFACTS, run_s, latencies, timings)
