"""Bounded cost: the most expensive track and saves the documented limits
allow are built, loaded and drawn in a fresh process each, within the
budget (2 s, 200 MB; benchmarks/worst_files.py prints the figures).

The time checked is the process's CPU time, with a generous factor: the
machines that run the suite are shared and a wall-clock figure measures the
neighbours as much as boardkit."""
from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

spec = importlib.util.spec_from_file_location(
    "worst_files", Path(__file__).resolve().parents[1] / "benchmarks" / "worst_files.py")
assert spec and spec.loader
worst = importlib.util.module_from_spec(spec)
spec.loader.exec_module(worst)

#: the budget times this, for a busy or slow machine
FACTOR = 3


@pytest.fixture(scope="module")
def files(tmp_path_factory):
    return worst.cases(tmp_path_factory.mktemp("worst"))


@pytest.mark.slow
def test_the_worst_files_the_limits_allow_cost_a_bounded_time_and_memory(files):
    rows = [worst.measure(case, arg) for case, arg in files]
    for r in rows:
        assert r["cpu_seconds"] <= worst.BUDGET_SECONDS * FACTOR, r
        assert r["peak_mb"] <= worst.BUDGET_MB, r
    # the cases did what they say: a whole championship, a long replay
    notes = " ".join(r["note"] for r in rows)
    assert "20 races" in notes and "SVG" in notes


def test_the_worst_track_is_at_the_limits():
    from boardkit import SuperRace
    from boardkit.super_race.track import MAX_CHECKPOINTS, MAX_TRACK_SQUARES, read_track
    track = SuperRace(track=read_track(worst.big_track(), "worst.txt")).track
    assert len(track.squares) == MAX_TRACK_SQUARES
    assert len(track.checkpoints) == MAX_CHECKPOINTS
