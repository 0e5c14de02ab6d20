"""A slice of the class load test (benchmarks/classroom.py): the README's
class command started as its own process; three students play against the
level-2 bot and a pair plays on two devices, speaking the students' page's
protocol. Every click is answered exactly once, and every acknowledged
move is in the class's store exactly once. (Speed is reported by the
benchmark, not asserted.)"""
from __future__ import annotations

import json

import pytest

pytestmark = pytest.mark.slow   # the real command with a class: the full suite's

pytest.importorskip("tornado")


def test_three_students_and_a_pair_play_nothing_lost_or_doubled(tmp_path):
    from concurrent.futures import ThreadPoolExecutor

    from benchmarks.classroom import run_class_server
    with ThreadPoolExecutor(1) as pool:      # (its own event loop: Playwright may hold this thread's)
        r = pool.submit(run_class_server, 3, pairs=1, moves=4, seconds=240, playback=0.2).result()
    (tmp_path / "classroom_slice.json").write_text(json.dumps(r, indent=2))
    assert r["errors"] == [], r
    assert r["finished"] == r["students"] == 5, r
    assert r["moves"] >= 5 * 4 and r["moves_stored"] >= r["moves"], r
    assert r["moves_lost"] == 0 and r["moves_doubled"] == 0, r
    assert r["replies_not_once"] == 0 and r["clicks_unanswered"] == 0, r
    assert r["first_board_p95_s"] is not None and r["server_cpu_s"] > 0, r
