"""Stored results of long notebook sweeps (``notebooks/data/*.json``, made
by :func:`boardkit.sweep.cached`) are not stale: the first games of every
file are replayed and must match exactly (each game depends only on its own
seed, so the first k games of N are the games of a run of k); a stored
summary of one batch (a dict, e.g. the Slime Race odds table's 200,000
races) is computed again whole."""
from __future__ import annotations

import importlib
import json
from pathlib import Path

import pytest

DATA = Path(__file__).resolve().parents[1] / "notebooks" / "data"
FILES = sorted(p for p in DATA.glob("*.json") if not p.name.startswith(("strength", "class_")))


def test_there_are_stored_sweeps():
    assert FILES, "the notebooks' long sweeps are stored in notebooks/data"


@pytest.mark.slow
@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_a_stored_sweep_matches_a_fresh_replay_of_its_first_games(path):
    stored = json.loads(path.read_text(encoding="utf-8"))
    call = stored["call"]
    module, _, name = call["task"].rpartition(".")
    task = getattr(importlib.import_module(module), name)
    n, *rest = call["args"]
    if isinstance(stored["result"], dict):
        # a summary of a batch (one call, not one game per seed): computed again whole
        assert task(*call["args"], **call["kwargs"]) == stored["result"], \
            f"{path.name} is stale: delete it and re-run the notebook"
        return
    k = 1
    fresh = task(k, *rest, **call["kwargs"])
    assert len(stored["result"]) == n
    assert fresh == stored["result"][:k], f"{path.name} is stale: delete it and re-run the notebook"


def _strength():
    """benchmarks/strength.py, which plays the stored strength games."""
    import importlib.util
    spec = importlib.util.spec_from_file_location(
        "strength", Path(__file__).resolve().parents[1] / "benchmarks" / "strength.py")
    assert spec and spec.loader
    strength = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(strength)
    return strength


def _first_game_replays(strength, stored: dict) -> None:
    """The first stored game, played again with the stored bot arguments,
    ends the same way."""
    first = stored["results"][0]
    fresh = strength.play_one((stored["game"], first["game"], stored["bot_kwargs"]))
    keys = ("seat", "scores", "winners", "iterations")
    assert {k: fresh[k] for k in keys} == {k: first[k] for k in keys}


@pytest.mark.slow
def test_the_stored_strength_games_replay():
    """``strength_200.json`` (made by benchmarks/strength.py): its first
    game of each kind, played again, ends the same way."""
    strength = _strength()
    stored = json.loads((DATA / "strength_200.json").read_text(encoding="utf-8"))
    for which, rows in stored["games"].items():
        assert len(rows) == 200
        fresh = strength.play_one((which, 0, stored["bot_kwargs"]))
        assert {k: fresh[k] for k in ("game", "seat", "scores", "winners")} == rows[0], which


@pytest.mark.parametrize("name", ["scc_level1", "scc_level2", "scc_level3", "sr_level1"])
def test_the_stored_strength_curve_replays(name):
    """A point of the search bot's strength curve
    (``strength_mcts_curve_*.json``, made by benchmarks/strength.py): its
    first game, played again with the stored bot arguments, ends the same
    way (the levels are iteration counts, never the clock)."""
    strength = _strength()
    stored = json.loads((DATA / f"strength_mcts_curve_{name}.json").read_text(encoding="utf-8"))
    assert stored["games"] == len(stored["results"]) >= 100
    _first_game_replays(strength, stored)


def test_the_stored_match_without_the_search_to_the_end_replays():
    """``strength_slip_stream_proof.json`` (benchmarks/slip_stream_self.py
    ``--rival no-proof``: the default level against itself without its
    search to the end; budgets of depth and positions, no clock that a
    search reaches): its shortest game plays out the same again."""
    from benchmarks import slip_stream_self as bench
    stored = json.loads((DATA / "strength_slip_stream_proof.json").read_text(encoding="utf-8"))
    assert stored["rival"] == "no-proof" and stored["summary"]["games"] == len(stored["games"]) >= 100
    row = min(stored["games"], key=lambda r: r["actions"])
    fresh = bench.play_one(row["game"], level=stored["level"], rival="no-proof")
    for key in ("seat", "winners", "scores", "reason", "actions", "depths"):
        assert fresh[key] == row[key], key


@pytest.mark.parametrize("name", ["strength_200_scc", "strength_200_scc_second"])
def test_the_stored_search_bot_games_of_the_scc_notebook_replay(name):
    """The Slime Culture Center notebook's search-bot games (two sets of 200,
    made by benchmarks/strength.py ``--point``): the first game of each,
    played again with the stored bot arguments, ends the same way."""
    strength = _strength()
    stored = json.loads((DATA / f"{name}.json").read_text(encoding="utf-8"))
    assert stored["games"] == len(stored["results"]) == 200
    _first_game_replays(strength, stored)
