"""Every game notebook has a house-rulings table that agrees with
docs/rulings.md: each ruling id of the game once, with its title and its
short reading there (the ``*Reading:*`` line under the ruling's heading,
written for the table), and a link to the section of the notebook whose
cells show it on a board (the section must exist and one of its code cells
must cite the id, in its source or its output: naming the id in prose is
not showing it)."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import boardkit
from boardkit.play import GAMES as PLAY

ROOT = Path(__file__).resolve().parents[1]
DOC = (ROOT / "docs" / "rulings.md").read_text(encoding="utf-8")
HEADINGS = dict(re.findall(r"^### ([A-Z]{2,3}-R\d+) — (.*)$", DOC, re.M))
#: each ruling's short reading: the paragraph "*Reading:* …" right under its heading
READING = re.compile(r"^### ([A-Z]{2,3}-R\d+) — [^\n]*\n\n\*Reading:\* (.+?)\n\n", re.M | re.S)
READINGS = {rid: " ".join(text.split()) for rid, text in READING.findall(DOC)}
#: each shipped game's ruling prefix and its notebook (from the registry and the play page's choices)
GAMES = {c.Rules.info.ruling_prefix: PLAY[name].notebook.removesuffix(".ipynb")
         for name, c in sorted(boardkit.games().items()) if c.__module__.startswith("boardkit.")}
ANCHOR = re.compile(r'^#+ <a id="([\w-]+)"></a>', re.M)
ROW = re.compile(r"^\| ([A-Z]{2,3}-R\d+) \| \*\*(.+?)\*\* — (.+?) \| \[(.+?)\]\(#([\w-]+)\) \|$", re.M)


def _text(cell: dict) -> str:
    text = "".join(cell["source"])
    outputs = cell.get("outputs", []) + cell["metadata"].get("boardkit", {}).get("answer_outputs", [])
    for out in outputs:
        text += "".join(out.get("text", "")) + "".join(out.get("data", {}).get("text/plain", ""))
    return text


def _sections(cells: list[dict], code_only: bool = False) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    current = None
    for cell in cells:
        m = ANCHOR.search("".join(cell["source"])) if cell["cell_type"] == "markdown" else None
        if m:
            current = m.group(1)
            out.setdefault(current, [])
        if current is not None and (cell["cell_type"] == "code" or not code_only):
            out[current].append(_text(cell))
    return out


def test_every_ruling_has_a_short_reading_of_its_own():
    """A reading is written for the table: one or two sentences, not the
    ruling's first sentence cut at its full stop."""
    assert sorted(READINGS) == sorted(HEADINGS), sorted(set(HEADINGS) - set(READINGS))
    for rid, reading in READINGS.items():
        assert 4 <= len(reading.split()) <= 45, f"{rid}: a reading is a short sentence or two"
        assert reading.endswith((".", ")")), f"{rid}: a reading is whole sentences"


@pytest.mark.parametrize("prefix", GAMES, ids=GAMES.get)
def test_the_house_rulings_table_agrees_with_docs_rulings(prefix):
    cells = json.loads((ROOT / "notebooks" / f"{GAMES[prefix]}.ipynb").read_text(encoding="utf-8"))["cells"]
    sections = _sections(cells)
    shown = _sections(cells, code_only=True)
    assert "rulings" in sections, "no house-rulings section"
    table = next(t for t in sections["rulings"] if "| id | reading | shown in |" in t)
    rows = ROW.findall(table)
    ids = [r[0] for r in rows]
    wanted = [k for k in HEADINGS if k.startswith(prefix + "-")]
    assert sorted(ids) == sorted(wanted) and len(ids) == len(set(ids))
    for rid, title, reading, _, anchor in rows:
        assert title == HEADINGS[rid], f"{rid}: the title differs from docs/rulings.md"
        assert " ".join(reading.split()) == READINGS.get(rid), \
            f"{rid}: the reading differs from docs/rulings.md"
        assert anchor in sections and anchor != "rulings", f"{rid}: no section #{anchor}"
        assert any(re.search(rf"\b{re.escape(rid)}\b", t) for t in shown[anchor]), \
            f"{rid}: no code cell of #{anchor} shows it"
