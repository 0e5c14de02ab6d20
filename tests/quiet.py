"""Quiet moments for timing in a parallel test run.

With several workers (pytest-xdist) the other workers keep the machine's
cores busy while a browser test times a click, and the figure would measure
them. So every test outside ``tests/browser`` runs holding a shared lock, and
a timed click takes it exclusively: the other workers finish the test they
are running, then wait until the click is answered and drawn. Nothing waits
in a single-process run, or where file locks are not available.
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

#: one lock per test run (xdist gives its workers the run's id)
RUN = os.environ.get("PYTEST_XDIST_TESTRUNUID")


def _path() -> Path:
    return Path(tempfile.gettempdir()) / f"boardkit-quiet-{RUN}.lock"


@contextmanager
def _locked(mode: int) -> Iterator[None]:
    if RUN is None or fcntl is None:
        yield
        return
    with open(_path(), "a") as f:
        fcntl.flock(f, mode)
        try:
            yield
        finally:
            fcntl.flock(f, fcntl.LOCK_UN)


def busy() -> Iterator[None]:
    """Around any test that is not timing: a timed click waits for it."""
    return _locked(fcntl.LOCK_SH if fcntl else 0)


def quiet() -> Iterator[None]:
    """Around a timed click: the other tests wait for it."""
    return _locked(fcntl.LOCK_EX if fcntl else 0)
