"""Every picture stored in a notebook can be seen without running anything.

Each board or film strip is stored as an ``<img>`` of an SVG data URI in
``text/html`` (the form JupyterLab keeps in an untrusted notebook, and the
one viewers that strip ``<style>`` cannot break), and the SVG inside is
well formed, of non-zero size, and coloured."""
from __future__ import annotations

import base64
import json
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

NOTEBOOKS = sorted((Path(__file__).resolve().parents[1] / "notebooks").glob("[0-9][0-9]_*.ipynb"))


def _outputs(path):
    nb = json.loads(path.read_text(encoding="utf-8"))
    for i, cell in enumerate(nb["cells"]):
        for out in cell.get("outputs", []):
            yield i, out.get("data", {})


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_every_stored_picture_is_an_image_every_viewer_shows(path):
    pictures = 0
    for i, data in _outputs(path):
        assert "application/vnd.jupyter.widget-view+json" not in data, \
            f"cell {i}: a stored widget view cannot be drawn again (rebuild with notebooks/build.py)"
        svg = data.get("image/svg+xml")
        html = data.get("text/html")
        if svg is None and html is None:
            continue
        if html is not None and "<svg" in (html if isinstance(html, str) else "".join(html)):
            pytest.fail(f"cell {i}: an inline <svg> in text/html vanishes in an untrusted notebook")
        if html is None:
            continue
        html = html if isinstance(html, str) else "".join(html)
        m = re.fullmatch(r'<img class="boardkit-static" src="data:image/svg\+xml;base64,([A-Za-z0-9+/=]+)"'
                         r' width="(\d+)" height="(\d+)" [^>]*alt="[^"]+">', html)
        if m is None:
            continue  # some other HTML output (a table, a matplotlib figure …)
        pictures += 1
        inner = base64.b64decode(m.group(1)).decode("utf-8")
        root = ET.fromstring(inner)
        assert int(root.get("width")) == int(m.group(2)) > 100 and int(m.group(3)) > 50
        fills = set(re.findall(r'#[0-9a-fA-F]{6}\b|#[0-9a-fA-F]{3}\b', inner))
        assert len(fills) >= 3, f"cell {i}: a picture needs its colours"
        if svg is not None:
            assert ("".join(svg) if isinstance(svg, list) else svg) == inner
    assert pictures >= 1, f"{path.name} stores no picture"
