"""The SVG pictures: deterministic, well formed, legal targets marked."""
from __future__ import annotations

import xml.etree.ElementTree as ET

from boardkit import SlimeRace

NS = "{http://www.w3.org/2000/svg}"


def _targets(svg):
    root = ET.fromstring(svg)
    return {e.get("data-act"): e.get("class") for e in root.iter() if e.get("data-act")}


def test_svg_is_deterministic_and_parses():
    a = SlimeRace(players=3, seed=4).render()
    b = SlimeRace(players=3, seed=4).render()
    assert a == b
    root = ET.fromstring(a)
    assert root.tag == NS + "svg"


def test_betting_marks_all_ten_spaces_legal():
    t = _targets(SlimeRace(players=2, seed=1).render())
    bets = {k: v for k, v in t.items() if k.startswith("bet ")}
    assert len(bets) == 10 and all("legal" in v for v in bets.values())


def test_race_marks_only_own_cards_legal():
    g = SlimeRace.scenario(players=2, hands=[["red+5", "dash1"], ["blue+4"]],
                           bets={0: ["1-2"] * 3, 1: ["1-2"] * 3}, deck=["green+4"])
    t = _targets(g.render())
    legal = {k for k, v in t.items() if "legal" in v.split()}
    assert legal == {"play red+5", "play dash1"}
    # odds spaces stay clickable (to explain why not), but are not legal
    assert {k for k in t if k.startswith("bet ")} == {f"bet {p}" for p in g.c.odds}
    # another seat's view of the board offers nothing to click
    assert not any("legal" in v.split() for v in _targets(g.render(seat=1)).values())


def test_slimes_carry_letters_not_only_colour():
    svg = SlimeRace(players=2, seed=0).render()
    for letter in "ROGBP":
        assert f">{letter}</text>" in svg


def test_repr_svg_and_text_form():
    g = SlimeRace(players=2, seed=0)
    assert g._repr_svg_().startswith("<svg")
    text = str(g)
    assert "Track (goal after space 70)" in text and "Bets: none yet" in text


def test_explicit_text_colour_beats_the_css_class():
    from boardkit.core.svg import text
    el = str(text(0, 0, "Blue", class_="label", fill="white"))
    assert 'style="fill:white"' in el and "fill=" not in el.replace('style="fill:white"', "")
