"""Opening a notebook shows every stored picture and leaves it unchanged.

Each notebook is opened fresh in JupyterLab with the project's kernel,
autosave set to every 2 seconds; once the kernel is idle the test waits
past two autosaves. The notebook must not be marked modified (its stored
metadata is what JupyterLab would write: the kernel spec, the kernel's
``language_info``) and the file on disk must be byte for byte the one
stored. Then an explicit save must write the same bytes again: what
JupyterLab writes is what ``notebooks/build.py`` wrote.

Every stored picture is drawn on a fresh clone, before anything runs:
JupyterLab opens a notebook it has never seen *untrusted*, and drops stored
SVG and inline <svg> HTML. The notebooks store boards and film strips as
<img> elements of SVG data URIs, which it keeps. In each notebook, opened
and not run (and before the explicit save), every stored picture must be
an image of non-zero size whose pixels show several colours.
"""
from __future__ import annotations

import json
import time
import urllib.request

import pytest

from conftest import ARTIFACTS, ROOT

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


#: Each picture decoded and drawn into a canvas: its size, its width as
#: shown, and how many colours a sample of its pixels holds.
COUNT_COLOURS = """imgs => Promise.all(imgs.map(img => new Promise(resolve => {
  const go = () => {
    const c = document.createElement('canvas');
    c.width = img.naturalWidth; c.height = img.naturalHeight;
    const g = c.getContext('2d');
    g.drawImage(img, 0, 0);
    const d = g.getImageData(0, 0, c.width, c.height).data;
    const seen = new Set();
    for (let i = 0; i < d.length; i += 4 * 97) seen.add(`${d[i] >> 4},${d[i + 1] >> 4},${d[i + 2] >> 4}`);
    resolve({w: img.naturalWidth, h: img.naturalHeight, shown: img.getBoundingClientRect().width,
             colours: seen.size});
  };
  if (img.complete) go(); else img.onload = go;
})))"""
#: The notebook shown in the main area (the others' panels are hidden).
SHOWN = "#jp-main-dock-panel .jp-NotebookPanel:not(.lm-mod-hidden)"


def _stored_pictures(name: str) -> int:
    nb = json.loads((ROOT / "notebooks" / name).read_text(encoding="utf-8"))
    return sum(1 for c in nb["cells"] for o in c.get("outputs", [])
               if 'class="boardkit-static"' in "".join(o.get("data", {}).get("text/html", "")))


def _check_stored_pictures(page, name: str) -> None:
    """Show ``name`` (already open) and check its stored pictures."""
    expected = _stored_pictures(name)
    assert expected >= 1
    page.evaluate("async path => { await window.jupyterapp.commands.execute('docmanager:open', {path}); }",
                  name)
    page.wait_for_function("name => window.jupyterapp.shell.currentWidget?.context?.path === name",
                           arg=name, timeout=30_000)
    pictures = f"{SHOWN} .jp-OutputArea-output img.boardkit-static"
    imgs = page.locator(pictures)
    # (the count must settle at this notebook's own pictures: one panel shown at a time)
    page.wait_for_function("([sel, n]) => document.querySelectorAll(sel).length === n",
                           arg=[pictures, expected], timeout=30_000)
    assert imgs.count() == expected, (name, imgs.count(), expected)
    # nothing was dropped to run-together text
    assert page.locator(f"{SHOWN} .jp-OutputArea-output svg.boardkit").count() == 0, name
    # every picture at once: decoded, laid out at its width, several colours
    infos = imgs.evaluate_all(COUNT_COLOURS)
    assert len(infos) == expected
    for k, info in enumerate(infos):
        assert info["w"] > 100 and info["h"] > 50 and info["shown"] > 100, (name, k, info)
        assert info["colours"] >= 4, (name, k, info)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"untrusted-{name}.png"))


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


def test_opening_the_notebooks_shows_every_stored_picture_and_autosaving_changes_nothing(
        lab_server, page, short_autosave):
    """All the notebooks, opened together in one page (one wait for all)."""
    base, token = lab_server
    stored = {name: (ROOT / "notebooks" / name).read_text(encoding="utf-8") for name in NOTEBOOKS}
    for name in NOTEBOOKS:
        assert _file(base, token, name) == stored[name]            # the lab serves the tracked file
    page.goto(f"{base}/lab?token={token}&reset")
    page.wait_for_function("() => window.jupyterapp && window.jupyterapp.started", timeout=90_000)
    page.evaluate(OPEN, NOTEBOOKS)
    page.wait_for_function(IDLE, timeout=120_000)
    idle = time.monotonic()
    for name in NOTEBOOKS:                          # (shown one by one, opened and never run)
        _check_stored_pictures(page, name)
    time.sleep(max(0.0, idle + 2 * AUTOSAVE_S + 1 - time.monotonic()))       # past two autosaves
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
