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

from conftest import ROOT

pytestmark = pytest.mark.browser

NOTEBOOKS = sorted(p.name for p in (ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))
AUTOSAVE_S = 2
SETTINGS = "/lab/api/settings/@jupyterlab/docmanager-extension:plugin"

#: Every notebook open in the page, and whether each is marked modified.
DIRTY = """() => {
  const out = {};
  for (const w of window.jupyterapp.shell.widgets("main")) {
    if (w.context) out[w.context.path] = w.context.model.dirty;
  }
  return out;
}"""
#: Open every notebook in one page (their kernels start side by side).
OPEN = """async names => {
  await window.jupyterapp.started;
  for (const path of names) await window.jupyterapp.commands.execute("docmanager:open", {path});
}"""
#: Save every open notebook; whether any is still marked modified.
SAVE = """async () => {
  const dirty = [];
  for (const w of window.jupyterapp.shell.widgets("main")) {
    if (!w.context) continue;
    await w.context.save();
    if (w.context.model.dirty) dirty.push(w.context.path);
  }
  return dirty;
}"""
#: Every open notebook's kernel is connected and idle.
IDLE = """() => {
  const ws = [...window.jupyterapp.shell.widgets("main")].filter((w) => w.sessionContext);
  return ws.length > 0 && ws.every((w) => w.sessionContext.session?.kernel?.status === "idle");
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


def test_opening_the_notebooks_and_autosaving_changes_nothing(lab_server, page, short_autosave):
    """All the notebooks, opened together in one page (one wait for all)."""
    base, token = lab_server
    stored = {name: (ROOT / "notebooks" / name).read_text(encoding="utf-8") for name in NOTEBOOKS}
    for name in NOTEBOOKS:
        assert _file(base, token, name) == stored[name]            # the lab serves the tracked file
    page.goto(f"{base}/lab?token={token}&reset")
    page.wait_for_function("() => window.jupyterapp && window.jupyterapp.started", timeout=90_000)
    page.evaluate(OPEN, NOTEBOOKS)
    page.wait_for_function(IDLE, timeout=120_000)
    time.sleep(2 * AUTOSAVE_S + 1)                                  # past two autosaves
    dirty = page.evaluate(DIRTY)
    assert set(dirty) == set(NOTEBOOKS), dirty
    assert not any(dirty.values()), f"opening marks these modified: {dirty}"
    for name in NOTEBOOKS:
        assert _file(base, token, name) == stored[name], f"autosave rewrote {name}"
    assert page.evaluate(SAVE) == []
    for name in NOTEBOOKS:
        assert _file(base, token, name) == stored[name], f"JupyterLab writes {name} differently from build.py"
    page.evaluate("() => window.jupyterapp.commands.execute('application:close-all')")
    _shut_down_kernels(base, token)


def _shut_down_kernels(base: str, token: str) -> None:
    with urllib.request.urlopen(f"{base}/api/sessions?token={token}", timeout=10) as r:
        sessions = json.load(r)
    for s in sessions:
        req = urllib.request.Request(f"{base}/api/sessions/{s['id']}?token={token}", method="DELETE")
        urllib.request.urlopen(req, timeout=30).close()
