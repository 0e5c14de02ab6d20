"""Quiet moments for timing in a parallel test run.

With several workers (pytest-xdist) the other workers keep the machine's
cores busy while a browser test times a click, and the figure would measure
them. So every test outside ``tests/browser`` runs holding a shared lock, and
a timed click takes it exclusively: the other workers finish the test they
are running, then wait until the click is answered and drawn. A timed click
that waits goes first: a second lock (the gate) keeps new tests from
starting meanwhile. Nothing waits in a single-process run, or where file
locks are not available.
"""
from __future__ import annotations

import os
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

try:
    import fcntl
except ImportError:     # not on this platform: no quiet moments
    fcntl = None  # type: ignore[assignment]

#: one pair of locks per test run (xdist gives its workers the run's id)
RUN = os.environ.get("PYTEST_XDIST_TESTRUNUID")
_held = [0]             # shared locks this process holds (a timed click here must not wait for itself)


def _path(name: str) -> Path:
    return Path(tempfile.gettempdir()) / f"boardkit-{name}-{RUN}.lock"


def forget() -> None:
    """Remove this run's lock files (at the end of the run)."""
    for name in ("gate", "quiet"):
        _path(name).unlink(missing_ok=True)


def _active() -> bool:
    return RUN is not None and fcntl is not None


@contextmanager
def busy() -> Iterator[None]:
    """Around any test that is not timing: a timed click waits for it."""
    if not _active() or _held[0]:             # (already held here: a test inside a test)
        _held[0] += 1
        try:
            yield
        finally:
            _held[0] -= 1
        return
    with open(_path("gate"), "a") as gate, open(_path("quiet"), "a") as lock:
        fcntl.flock(gate, fcntl.LOCK_SH)      # (not while a timed click waits)
        fcntl.flock(lock, fcntl.LOCK_SH)
        fcntl.flock(gate, fcntl.LOCK_UN)
        _held[0] += 1
        try:
            yield
        finally:
            _held[0] -= 1
            fcntl.flock(lock, fcntl.LOCK_UN)


@contextmanager
def quiet() -> Iterator[None]:
    """Around a timed click: the other tests wait for it."""
    if not _active() or _held[0]:
        yield
        return
    with open(_path("gate"), "a") as gate, open(_path("quiet"), "a") as lock:
        fcntl.flock(gate, fcntl.LOCK_EX)
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)
            fcntl.flock(gate, fcntl.LOCK_UN)
