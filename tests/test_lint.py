"""Lint and types are part of the suite: ruff (rules chosen in
pyproject.toml, notebooks included) and mypy with 0 errors on boardkit/."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", *args], cwd=ROOT, capture_output=True, text=True,
                          timeout=600)


def test_ruff_finds_nothing():
    out = _run("ruff", "check", "--no-cache", "--output-format", "concise", ".")
    assert out.returncode == 0, out.stdout[-4000:] + out.stderr[-2000:]


def test_mypy_finds_no_error_in_boardkit():
    out = _run("mypy", "--cache-dir", "/dev/null")
    assert out.returncode == 0 and "Success" in out.stdout, out.stdout[-4000:] + out.stderr[-2000:]
