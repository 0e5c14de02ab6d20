"""Stored results of long notebook sweeps (``notebooks/data/*.json``, made
by :func:`boardkit.sweep.cached`) are not stale: the first games of every
file are replayed and must match exactly (each game depends only on its own
seed, so the first k games of N are the games of a run of k)."""
from __future__ import annotations

import importlib
import json
from pathlib import Path

import pytest

DATA = Path(__file__).resolve().parents[1] / "notebooks" / "data"
FILES = sorted(DATA.glob("*.json"))


def test_there_are_stored_sweeps():
    assert FILES, "the notebooks' long sweeps are stored in notebooks/data"


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_a_stored_sweep_matches_a_fresh_replay_of_its_first_games(path):
    stored = json.loads(path.read_text(encoding="utf-8"))
    call = stored["call"]
    module, _, name = call["task"].rpartition(".")
    task = getattr(importlib.import_module(module), name)
    n, *rest = call["args"]
    k = 4
    fresh = task(k, *rest, **call["kwargs"])
    assert len(stored["result"]) == n
    assert fresh == stored["result"][:k], f"{path.name} is stale: delete it and re-run the notebook"
