"""Every stored picture is drawn on a fresh clone, before anything runs.

JupyterLab opens a notebook it has never seen *untrusted*: it drops stored
SVG and inline <svg> HTML. The notebooks store boards and film strips as
<img> elements of SVG data URIs, which it keeps. Each notebook is opened
without running a cell; every stored picture must be an image of non-zero
size whose pixels show several colours."""
from __future__ import annotations

import json

import pytest

from conftest import ARTIFACTS, ROOT

pytestmark = pytest.mark.browser

NOTEBOOKS = sorted(p.name for p in (ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))

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


def _stored_pictures(name: str) -> int:
    nb = json.loads((ROOT / "notebooks" / name).read_text(encoding="utf-8"))
    return sum(1 for c in nb["cells"] for o in c.get("outputs", [])
               if 'class="boardkit-static"' in "".join(o.get("data", {}).get("text/html", "")))


@pytest.fixture(scope="module")
def lab_page(lab_server, browser_context):
    """One JupyterLab page for every notebook of this module (each test
    opens its notebook in it, as a never-seen file, and closes it)."""
    base, token = lab_server
    page = browser_context.new_page()
    page.goto(f"{base}/lab?token={token}&reset")
    page.wait_for_function("() => window.jupyterapp && window.jupyterapp.started", timeout=90_000)
    page.evaluate("() => window.jupyterapp.started")
    yield page
    page.close()


@pytest.mark.parametrize("name", NOTEBOOKS)
def test_stored_pictures_show_in_an_untrusted_notebook(lab_page, name):
    page = lab_page
    expected = _stored_pictures(name)
    assert expected >= 1
    page.evaluate("async name => { await window.jupyterapp.commands.execute('application:close-all');"
                  " await window.jupyterapp.commands.execute('docmanager:open', {path: name}); }", name)
    # only this notebook is open (the ones before are closed, not just hidden)
    page.wait_for_function("name => { const w = window.jupyterapp.shell.currentWidget;"
                           " return w?.context?.path === name"
                           " && document.querySelectorAll('.jp-NotebookPanel').length === 1; }",
                           arg=name, timeout=90_000)
    panel = page.locator(f".jp-NotebookPanel:has(.jp-Notebook)[data-path='{name}'], "
                         f"#jp-main-dock-panel .jp-NotebookPanel:not(.lm-mod-hidden)").first
    panel.locator(".jp-Notebook").wait_for(timeout=90_000)
    imgs = panel.locator(".jp-OutputArea-output img.boardkit-static")
    imgs.nth(expected - 1).wait_for(state="attached", timeout=60_000)
    # a busy machine may show a notebook's outputs while an earlier rendering is still being
    # replaced: the count must settle at the notebook's own pictures, not merely pass it once
    try:
        page.wait_for_function(
            "([sel, n]) => document.querySelectorAll(sel).length === n",
            arg=["#jp-main-dock-panel .jp-NotebookPanel:not(.lm-mod-hidden)"
                 " .jp-OutputArea-output img.boardkit-static", expected], timeout=30_000)
    except Exception:
        pass
    assert imgs.count() == expected
    # nothing was dropped to run-together text
    assert panel.locator(".jp-OutputArea-output svg.boardkit").count() == 0
    # every picture at once: decoded, laid out at its width, several colours
    infos = imgs.evaluate_all(COUNT_COLOURS)
    assert len(infos) == expected
    for k, info in enumerate(infos):
        assert info["w"] > 100 and info["h"] > 50 and info["shown"] > 100, (k, info)
        assert info["colours"] >= 4, (k, info)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"untrusted-{name}.png"))
