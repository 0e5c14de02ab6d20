"""Opening a notebook leaves it unchanged.

Each notebook is opened fresh in JupyterLab with the project's kernel,
autosave set to every 2 seconds; once the kernel is idle the test waits
past two autosaves. The notebook must not be marked modified (its stored
metadata is what JupyterLab would write: the kernel spec, the kernel's
``language_info``) and the file on disk must be byte for byte the one
stored. Then an explicit save must write the same bytes again: what
JupyterLab writes is what ``notebooks/build.py`` wrote.
"""
from __future__ import annotations

import json
import time
import urllib.request

import pytest
from lab import wait_kernel_idle

from conftest import ROOT

pytestmark = pytest.mark.browser

NOTEBOOKS = sorted(p.name for p in (ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))
AUTOSAVE_S = 2
SETTINGS = "/lab/api/settings/@jupyterlab/docmanager-extension:plugin"

DIRTY = """name => {
  const w = window.jupyterapp.shell.currentWidget;
  if (!w || !w.context || !w.context.path.endsWith(name)) return null;
  return w.context.model.dirty;
}"""
SAVE = """async name => {
  const w = window.jupyterapp.shell.currentWidget;
  await w.context.save();
  return w.context.model.dirty;
}"""


def _settings(base: str, token: str, raw: str) -> None:
    body = json.dumps({"raw": raw}).encode()
    req = urllib.request.Request(f"{base}{SETTINGS}?token={token}", data=body, method="PUT",
                                 headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=10) as r:
        assert r.status in (200, 204)


@pytest.fixture
def short_autosave(lab_server):
    base, token = lab_server
    _settings(base, token, json.dumps({"autosave": True, "autosaveInterval": AUTOSAVE_S}))
    yield
    _settings(base, token, "{}")


def _file(base: str, token: str, name: str) -> str:
    """The notebook as the server holds it on disk (its JSON text)."""
    with urllib.request.urlopen(f"{base}/api/contents/{name}?token={token}&format=text&type=file",
                                timeout=30) as r:
        return json.load(r)["content"]


@pytest.mark.parametrize("name", NOTEBOOKS)
def test_opening_a_notebook_and_autosaving_changes_nothing(lab_server, page, short_autosave, name):
    base, token = lab_server
    stored = (ROOT / "notebooks" / name).read_text(encoding="utf-8")
    assert _file(base, token, name) == stored                      # the lab serves the tracked file
    page.goto(f"{base}/lab/tree/{name}?token={token}&reset")
    page.locator(".jp-NotebookPanel .jp-Notebook").first.wait_for(timeout=90_000)
    wait_kernel_idle(page)
    time.sleep(2 * AUTOSAVE_S + 1)                                  # past two autosaves
    assert page.evaluate(DIRTY, name) is False, f"opening {name} marks it modified"
    assert _file(base, token, name) == stored, f"autosave rewrote {name}"
    assert page.evaluate(SAVE, name) is False
    assert _file(base, token, name) == stored, f"JupyterLab writes {name} differently from build.py"
    _shut_down_kernels(base, token)


def _shut_down_kernels(base: str, token: str) -> None:
    with urllib.request.urlopen(f"{base}/api/sessions?token={token}", timeout=10) as r:
        sessions = json.load(r)
    for s in sessions:
        req = urllib.request.Request(f"{base}/api/sessions/{s['id']}?token={token}", method="DELETE")
        urllib.request.urlopen(req, timeout=30).close()
