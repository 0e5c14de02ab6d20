"""The printable sheets (python -m boardkit.printables) print as designed.

Every sheet, on A4 and on US Letter: well-formed SVG whose size is the
paper's in millimetres; no text smaller than :data:`MIN_TEXT_MM` when
printed at 100 % (each nested board picture is scaled onto the paper, so a
picture's smallest type size times its scale); marks that colour tells
apart on screen also carry a letter, number or pattern (so a black-and-white
print loses nothing); the committed sheets under docs/printables/ are the
ones the command builds; a track file the game refuses is refused in one
sentence naming the game's rule, and a good one of your own is printed.
"""
from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from boardkit import SuperRace, printables
from boardkit.printables import MIN_TEXT_MM, PAPERS

ROOT = Path(__file__).resolve().parents[1]
COMMITTED = ROOT / "docs" / "printables"
NS = "{http://www.w3.org/2000/svg}"


@pytest.fixture(scope="module")
def sheets():
    return printables.sheets()


@pytest.fixture(scope="module")
def pages(sheets):
    return {(paper, s.name): printables.page(s, paper) for paper in PAPERS for s in sheets}


def _font_sizes(el: ET.Element) -> list[float]:
    """Every type size a picture declares: in its style sheet, in font-size
    attributes and in inline styles (its default, 16, too)."""
    sizes = [16.0]
    for node in el.iter():
        if node.tag == NS + "style" and node.text:
            sizes += [float(v) for v in re.findall(r"font-size:\s*([\d.]+)px", node.text)]
        if "font-size" in node.attrib:
            sizes.append(float(node.attrib["font-size"]))
        sizes += [float(v) for v in re.findall(r"font-size:\s*([\d.]+)px", node.attrib.get("style", ""))]
    return sizes


def test_sheets_are_well_formed_and_the_papers_size(pages):
    assert len(pages) == 2 * 10
    for (paper, name), svg in pages.items():
        root = ET.fromstring(svg)
        w, h = (float(root.attrib[k].removesuffix("mm")) for k in ("width", "height"))
        assert root.attrib["width"].endswith("mm") and root.attrib["height"].endswith("mm")
        assert sorted((w, h)) == sorted(PAPERS[paper]), f"{paper}/{name}: {w} × {h} mm"
        assert root.attrib["viewBox"] == f"0 0 {w:g} {h:g}", "1 user unit = 1 mm"


def test_every_text_is_readable_at_100_percent(pages):
    for (paper, name), svg in pages.items():
        root = ET.fromstring(svg)
        for node in root:
            if node.tag == NS + "text":
                assert float(node.attrib["font-size"]) >= MIN_TEXT_MM, f"{paper}/{name}: {node.text}"
            elif node.tag == NS + "svg":
                vb = [float(v) for v in node.attrib["viewBox"].split()]
                scale = min(float(node.attrib["width"]) / vb[2], float(node.attrib["height"]) / vb[3])
                smallest = min(_font_sizes(node)) * scale
                assert smallest >= MIN_TEXT_MM, (f"{paper}/{name}: type of {smallest:.2f} mm "
                                                 f"(under {MIN_TEXT_MM} mm)")
                # the picture lies on the paper, inside the margins
                right = float(node.attrib["x"]) + float(node.attrib["width"])
                bottom = float(node.attrib["y"]) + float(node.attrib["height"])
                pw, ph = (float(root.attrib[k][:-2]) for k in ("width", "height"))
                assert right <= pw - printables.MARGIN + 0.01 and bottom <= ph - printables.MARGIN


def _texts(svg: str) -> list[str]:
    return [t.text or "" for t in ET.fromstring(svg).iter(NS + "text")]


@pytest.mark.parametrize("name", ["indianapolis", "monza"])
def test_super_race_marks_read_in_black_and_white(pages, name):
    svg = pages["a4", f"super_race_{name}"]
    track = SuperRace(players=1, track=name).rules.track
    squares = list(track.squares.values())
    texts = _texts(svg)
    drawn = [g for g in ET.fromstring(svg).iter(NS + "g") if g.attrib.get("class", "").startswith("su-sq ")]
    assert len(drawn) == len(squares)
    marks = {"red": "R", "yellow": "Y", "blue": "B"}
    corners = [q for q in squares if q.corner]
    seen = {"+1": 0, "R": 0, "Y": 0, "B": 0}
    for g in drawn:
        colour = g.attrib["class"].split()[1]
        said = [t.text for t in g.iter(NS + "text")]
        if colour != "grey":        # a coloured square carries its letter, or +1 on a corner
            assert said and said[0] in (marks[colour], "+1"), f"a {colour} square without its letter"
        for t in said:
            seen[t] = seen.get(t, 0) + 1
    assert seen["+1"] == len(corners) > 0
    for colour, letter in marks.items():
        assert seen[letter] == sum(q.colour == colour and not q.corner for q in squares)
    line = [q for q in squares if q.line]
    assert svg.count('fill="#9a9a9a"') == len(line) + 1, "a chequer on each start/finish square (+ the key)"
    pit = [q for q in squares if q.pit]
    assert svg.count('stroke-dasharray="4 3"') == len(pit) + 1, "each pit square dashed (+ the key)"
    assert svg.count('class="su-cp"') >= len(track.checkpoints), "checkpoints drawn as dashed lines"
    for k in range(1, len(track.checkpoints) + 1):
        assert str(k) in texts, f"checkpoint {k} numbered"


def test_oil_slicks_are_four_dots():
    sheet = printables.super_race_sheet("indianapolis", oil=["h12", "k5"])
    svg = printables.page(sheet, "a4")
    assert svg.count('fill="#000"/>') >= 2 * 4
    assert "oil slick: needs two identical dice" in _texts(svg)


def test_other_games_mark_by_letter_and_name(pages):
    cards = _texts(pages["a4", "slime_race_cards_1"]) + _texts(pages["a4", "slime_race_cards_2"])
    from boardkit.slime_race.components import COMPONENTS
    assert sum(t.startswith("+") or t in ("1", "2") for t in cards) == len(COMPONENTS.deck) == 60
    for slime in COMPONENTS.slimes:
        assert cards.count(COMPONENTS.names[slime]) == sum(c.startswith(slime + "+") for c in COMPONENTS.deck)
    board = _texts(pages["a4", "slime_race_board"])
    assert all(COMPONENTS.letters[s] in board for s in COMPONENTS.slimes)
    scc = " ".join(_texts(pages["a4", "slime_culture_center_board"]))
    for letter in "RBGOPN":
        assert letter in scc.split()
    for ja, _ in printables.SCC_TERMS:
        assert ja in scc
    tiles = _texts(pages["a4", "slip_stream_tiles_1"]) + _texts(pages["a4", "slip_stream_tiles_2"])
    assert all(f"tile {k}" in tiles for k in range(1, 8)) and "start" in tiles and "goal" in tiles


def test_committed_sheets_are_the_built_ones(pages):
    for (paper, name), svg in pages.items():
        path = COMMITTED / paper / f"{name}.svg"
        assert path.exists() and path.read_text(encoding="utf-8") == svg, (
            f"{path.relative_to(ROOT)} is out of date: python -m boardkit.printables --out docs/printables")


def test_a_bad_track_file_is_refused_in_one_sentence(tmp_path, capsys):
    bad = tmp_path / "my_track.txt"
    bad.write_text("name: Mine\nlegend:\n# = grey\n# = red\n", encoding="utf-8")
    assert printables.main(["--out", str(tmp_path / "out"), "--paper", "a4", "--track", str(bad)]) == 2
    said = capsys.readouterr().err.strip()
    assert "\n" not in said and "SU-files" in said and said.startswith("refused (SU-files)")
    assert not (tmp_path / "out").exists(), "nothing printed for a refused track"


def test_a_track_of_your_own_is_printed(tmp_path, capsys):
    own = (ROOT / "boardkit" / "super_race" / "tracks" / "monza.txt").read_text(encoding="utf-8")
    mine = tmp_path / "my_track.txt"
    mine.write_text(own.replace("name: Monza", "name: Our School"), encoding="utf-8")
    assert printables.main(["--out", str(tmp_path), "--paper", "letter", "--track", str(mine)]) == 0
    made = tmp_path / "letter" / "super_race_our_school.svg"
    assert made.exists() and "Super Race — Our School" in made.read_text(encoding="utf-8")
