"""A slice of the class load test (benchmarks/classroom.py): three students
play 20 moves each against the level-1 bot on one Voilà server, speaking
the page's kernel and widget protocol. Every session finishes, every click
is answered exactly once, and each student's moves are in the board's move
log exactly once. (Speed is reported by the benchmark, not asserted.)"""
from __future__ import annotations

import json

import pytest

from conftest import ARTIFACTS

pytestmark = pytest.mark.browser


def test_three_students_play_twenty_moves_each_nothing_lost_or_doubled():
    from benchmarks.classroom import run_class
    r = run_class(3, moves=20, pool=3, seconds=240, stagger=0.5)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    (ARTIFACTS / "classroom_slice.json").write_text(json.dumps(r, indent=2))
    assert r["errors"] == [], r
    assert r["finished"] == 3, r
    assert r["moves"] >= 60 and r["moves_in_logs"] == r["moves"], r
    assert r["replies_not_once"] == 0 and r["clicks_unanswered"] == 0, r
    assert r["clicks"] >= r["moves"] and r["first_board_s"]["max"] is not None, r
