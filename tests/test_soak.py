"""A small slice of the soak (benchmarks/soak.py runs 10,000 games per game)."""
from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from boardkit.core import games

spec = importlib.util.spec_from_file_location(
    "soak", Path(__file__).resolve().parents[1] / "benchmarks" / "soak.py")
assert spec and spec.loader
soak = importlib.util.module_from_spec(spec)
spec.loader.exec_module(soak)


@pytest.mark.parametrize("game", sorted(games()))
def test_soak_slice_has_no_failure(game):
    result = soak.soak(game, 6, workers=1)
    # every game was played, for more than a few actions each (a random
    # Super Race driver crashes within about 15)
    assert result["games"] == 6 and result["actions"] >= 60
    assert result["failures"] == 0, result["first_failures"]
