"""Lint and types are part of the suite: ruff (rules chosen in
pyproject.toml, notebooks included) and mypy with 0 errors on boardkit/."""
from __future__ import annotations

import hashlib
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _cache(kind: str) -> str:
    """mypy's cache for this checkout and this kind of run, outside the
    repository (a developer's second run checks only what changed; a clean
    clone starts empty)."""
    tag = hashlib.sha256(str(ROOT).encode()).hexdigest()[:12]
    return str(Path(tempfile.gettempdir()) / f"boardkit-mypy-{tag}-{kind}")


def _run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", *args], cwd=ROOT, capture_output=True, text=True,
                          timeout=600)


def test_ruff_finds_nothing():
    out = _run("ruff", "check", "--no-cache", "--output-format", "concise", ".")
    assert out.returncode == 0, out.stdout[-4000:] + out.stderr[-2000:]


def test_mypy_finds_no_error_in_boardkit():
    out = _run("mypy", "--cache-dir", _cache("all"))
    assert out.returncode == 0 and "Success" in out.stdout, out.stdout[-4000:] + out.stderr[-2000:]


#: The public API: what a game's author and a notebook use (every function
#: and method in these modules is annotated).
PUBLIC = ["boardkit/__init__.py", "boardkit/core/__init__.py", "boardkit/core/game.py",
          "boardkit/core/registry.py", "boardkit/core/rules.py", "boardkit/core/bots.py",
          "boardkit/core/mcts.py", "boardkit/core/view.py", "boardkit/core/errors.py",
          "boardkit/core/first.py", "boardkit/widget/__init__.py", "boardkit/widget/board.py",
          "boardkit/widget/bots.py", "boardkit/widget/steps.py"]


def test_the_public_api_is_fully_typed():
    out = _run("mypy", "--cache-dir", _cache("public"), "--disallow-untyped-defs",
               "--disallow-incomplete-defs", *PUBLIC)
    errors = [line for line in out.stdout.splitlines()
              if line.split(":", 1)[0] in PUBLIC and ": error:" in line]
    assert not errors, "\n".join(errors)
