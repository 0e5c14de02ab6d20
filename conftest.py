"""Test-session defaults for the whole repository.

The notebooks are tested with nbval (in the same environment, outputs
sanitised by tests/nbval_sanitize.cfg). These options are set here rather
than in pyproject's ``addopts`` so that ``-p no:nbval`` (the fast unit-test
subset in the README) still works.
"""
from __future__ import annotations

import os
import sys
import tempfile
import uuid
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent

# Compiled modules are kept from one process to the next: the workers, the
# kernels and the servers the suite starts import the same modules again and
# again (a kernel compiles about a second of IPython from source otherwise).
# Where the environment says not to write them beside the sources
# (PYTHONDONTWRITEBYTECODE), they are kept in a folder of the suite's own
# under the system's temporary folder instead; every process the suite
# starts inherits that.
if os.environ.get("PYTHONDONTWRITEBYTECODE"):
    del os.environ["PYTHONDONTWRITEBYTECODE"]
    os.environ.setdefault("PYTHONPYCACHEPREFIX", str(Path(tempfile.gettempdir()) / "boardkit-pycache"))
    sys.dont_write_bytecode = False
    sys.pycache_prefix = sys.pycache_prefix or os.environ["PYTHONPYCACHEPREFIX"]


def pytest_configure(config):
    if not hasattr(config, "workerinput") and getattr(config.option, "testrunuid", "") is None:
        # the parallel run's id, known here too (tests/quiet.py names its locks by it)
        config.option.testrunuid = uuid.uuid4().hex
    if not config.pluginmanager.hasplugin("nbval"):
        return
    opt = config.option
    if not (opt.nbval or opt.nbval_lax):
        opt.nbval = True
    opt.nbval_current_env = True
    if not opt.nbval_sanitize_with:
        opt.nbval_sanitize_with = str(ROOT / "tests" / "nbval_sanitize.cfg")
    opt.nbval_kernel_startup_timeout = max(float(opt.nbval_kernel_startup_timeout), 120.0)


#: nbval compares what a notebook teaches (text, numbers); board pictures
#: are checked by assertions (tests/test_notebook_pictures.py), not byte for
#: byte, so a change to a view does not rewrite every notebook's outputs.
PICTURES = ("image/svg+xml", "text/html")


def pytest_collection_modifyitems(session, config, items):
    for item in items:
        parent = getattr(item, "parent", None)
        if parent is not None and hasattr(parent, "skip_compare") and \
                not set(PICTURES) <= set(parent.skip_compare):
            parent.skip_compare = tuple(parent.skip_compare) + PICTURES
        # a Predict cell stores its outputs out of sight, and no run number
        # (notebooks/build.py): nbval compares a fresh run with those, as a
        # cell that was run
        cell = getattr(item, "cell", None)
        if cell is not None and "predict" in cell.get("metadata", {}).get("tags", []):
            cell.outputs = cell["metadata"].get("boardkit", {}).get("answer_outputs", [])
            if cell.get("execution_count") is None:
                cell.execution_count = 1


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item, nextitem):
    """Tests outside tests/browser run while no click is being timed
    (tests/quiet.py)."""
    if Path(item.path).resolve().is_relative_to(ROOT / "tests" / "browser"):
        yield
        return
    from tests.quiet import busy
    with busy():
        yield


def pytest_sessionfinish(session, exitstatus):
    """The parallel run's lock files go when the run ends (the controller
    knows the run's id; its workers have gone)."""
    if hasattr(session.config, "workerinput"):
        return
    uid = getattr(session.config.option, "testrunuid", None)
    if uid:
        from tests import quiet
        quiet.RUN = uid
        quiet.forget()


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config, log):
    """With several workers (``-n``, pytest-xdist), keep together what must
    share one process: a notebook's cells share one kernel, and a browser
    test file's tests share one JupyterLab and one Chromium (each worker
    starts its own, so two browser files run at once); the browser files that
    use the Voilà server go to one worker (one Voilà, with its pool of
    preheated kernels, instead of one per worker). Every other test is its own
    unit of work. Units go out largest first (xdist's ``--loadscope-reorder``),
    so the notebooks and the browser tests start early while the single
    tests fill the gaps. This replaces any ``--dist`` mode given."""
    from functools import cache

    from xdist.scheduler import LoadScopeScheduling

    @cache
    def uses_voila(path: str) -> bool:
        try:
            return "voila_server" in (ROOT / path).read_text(encoding="utf-8")
        except OSError:
            return False

    class Scheduling(LoadScopeScheduling):
        def _split_scope(self, nodeid: str) -> str:
            path = nodeid.split("::", 1)[0]
            if path.startswith("tests/browser/"):
                if uses_voila(path):
                    return "tests/browser/(the files that use Voilà: one Voilà and its kernels)"
                return path        # a browser file's tests share its worker's JupyterLab and Chromium
            if path.endswith(".ipynb"):
                return path
            return nodeid

    return Scheduling(config, log)
