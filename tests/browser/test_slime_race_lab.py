"""Slime Race in a real JupyterLab: run the notebook, bet and play by
clicking, and check through the kernel that the game advanced."""
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


def test_slime_race_bet_and_play_by_clicking(lab_server, page):
    base, token = lab_server
    board, check, run_s = run_notebook_to_board(
        page, base, token, "01_slime_race.ipynb", board_cell="board = BoardWidget(table",
        check_cell="actions so far", check_text="actions so far")
    expect(board.locator(".bk-status")).to_contain_text("Dragon to bet")
    latencies = []
    timings = []      # each click: answer drawn, answer received, target outlined

    # --- three bets by clicking odds spaces (bots reply in between)
    for space in ["1-3", "1-3", "1-2"]:
        ms, _ = click_and_wait(board, f"[data-act='bet {space}'].legal", timings=timings)
        latencies.append(ms)
        expect(board).to_have_attribute("data-error", "")
    expect(board.locator(".bk-status")).to_contain_text("Dragon to play a card", timeout=20_000)
    expect(board.locator(".bk-log li").last).to_contain_text(re.compile(r"draws a card|bet|play"))

    # --- a rejected click: betting is over, the board says why
    ms, _ = click_and_wait(board, "[data-act='bet 4-5']", timings=timings)
    latencies.append(ms)
    expect(board.locator(".bk-error")).to_contain_text("SR-R3")
    check_refusal_shown(board)

    # --- play the first legal card by clicking it
    card = board.locator(".sr-card.target.legal").first
    played = card.get_attribute("data-card")
    ms, _ = click_and_wait(board, ".sr-card.target.legal", timings=timings)
    latencies.append(ms)
    expect(board).to_have_attribute("data-error", "")
    expect(board.locator(".bk-log")).to_contain_text(f"Dragon: play {played}")
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "slime_race_after_play.png"), full_page=False)
    board.screenshot(path=str(ARTIFACTS / "slime_race_board.png"))

    # --- the kernel saw it: re-run the check cell
    rerun(page, check)
    out = check.locator(".jp-OutputArea-output")
    expect(out).to_contain_text("phase: race", timeout=30_000)
    expect(out).to_contain_text("Dragon's coins left: 0")
    text = out.inner_text()
    cards_played = int(re.search(r"cards played: (\d+)", text).group(1))
    assert cards_played >= 1

    # --- undo by clicking: back to Dragon's turn with the card in hand
    latencies.append(click_and_wait(board, ".bk-undo")[0])
    expect(board.locator(".bk-log")).not_to_contain_text(f"Dragon: play {played}", timeout=20_000)
    expect(board.locator(".bk-status")).to_contain_text("Dragon to play a card")
    rerun(page, check)
    expect(out).not_to_contain_text(f"cards played: {cards_played}", timeout=30_000)
    after_undo = int(re.search(r"cards played: (\d+)", out.inner_text()).group(1))
    assert after_undo < cards_played

    check_present(page, board, "slime_race", ARTIFACTS)
    report_clicks(page, "slime_race", ARTIFACTS, run_s, latencies, timings)
    assert cards_played >= 1
