"""The quiet moments of a parallel test run (tests/quiet.py)."""
from __future__ import annotations

import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from tests import quiet as q

ROOT = Path(__file__).resolve().parent.parent
pytestmark = pytest.mark.skipif(q.fcntl is None, reason="no file locks on this platform")

HOLD = """
import sys, time
sys.path.insert(0, {root!r})
from tests import quiet as q
q.RUN = {run!r}
with q.busy():
    print("busy", flush=True)
    time.sleep({seconds})
    print(time.time(), flush=True)          # the last thing before the test is over
"""


def test_a_timed_click_waits_for_the_test_another_worker_runs(monkeypatch):
    run = f"test-{time.time_ns()}"
    monkeypatch.setattr(q, "RUN", run)
    monkeypatch.setattr(q, "_held", [0])      # (this test itself may run inside busy())
    other = subprocess.Popen([sys.executable, "-c", HOLD.format(root=str(ROOT), run=run, seconds=0.3)],
                             stdout=subprocess.PIPE, text=True)
    try:
        assert other.stdout.readline().strip() == "busy"
        with q.quiet():
            got_it = time.time()
        over = float(other.stdout.readline())
        assert got_it >= over                 # only once the other test was over
    finally:
        other.wait(10)
        q.forget()


def test_a_timed_click_inside_a_test_of_this_process_does_not_wait_for_itself(monkeypatch):
    monkeypatch.setattr(q, "RUN", f"test-{time.time_ns()}")
    monkeypatch.setattr(q, "_held", [0])

    def timed_click_in_a_test():
        with q.busy(), q.busy(), q.quiet():    # (a test inside a test, too)
            pass

    t = threading.Thread(target=timed_click_in_a_test, daemon=True)
    t.start()
    try:
        t.join(5)
        assert not t.is_alive(), "the timed click waits for its own test"
        assert q._held == [0]
    finally:
        q.forget()


def test_nothing_waits_in_a_single_process_run(monkeypatch):
    monkeypatch.setattr(q, "RUN", None)
    with q.busy(), q.quiet():
        pass
    assert not list(Path(q.tempfile.gettempdir()).glob("boardkit-*-None.lock"))
