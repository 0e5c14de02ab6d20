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


def test_a_game_shows_one_picture_and_a_text_form():
    """A notebook stores a game as one picture (an <img>), not twice."""
    from IPython.core.formatters import DisplayFormatter
    g = SlimeRace(players=2, seed=0)
    data, _ = DisplayFormatter().format(g)
    assert set(data) == {"text/html", "text/plain"}
    assert data["text/html"].startswith('<img class="boardkit-static" src="data:image/svg+xml;base64,')
    assert g.picture().startswith("<svg")
    text = str(g)
    assert "Track (goal after space 70)" in text and "Bets: none yet" in text


def test_explicit_text_colour_beats_the_css_class():
    from boardkit.core.svg import text
    el = str(text(0, 0, "Blue", class_="label", fill="white"))
    assert 'style="fill:white"' in el and "fill=" not in el.replace('style="fill:white"', "")


# ============================================================ endings
def _play_until(game, done, seed=0):
    import random
    rng = random.Random(seed)
    while not done(game):
        game.apply(rng.choice(list(game.legal_actions)))
    return game


def test_slime_race_shows_the_scoring_of_the_last_race():
    # the first seed whose match goes on to a second race (a first race can
    # also end the match)
    g = next(g for g in (_play_until(SlimeRace(players=3, seed=s), lambda g: g.is_over()
                                     or g.state["race"] > 1) for s in range(3, 40))
             if not g.is_over())
    last = g.state["last_race"]
    C = g.c
    svg = g.render()
    mult = C.odds[last["pair"]]
    assert (f"Race 1: {C.names[last['first']]} 1st, {C.names[last['second']]} 2nd → space "
            f"{last['pair']} ×{mult}") in svg
    root = ET.fromstring(svg)
    rows = {int(e.get("data-seat")): "".join(e.itertext()) for e in root.iter(NS + "g")
            if e.get("class") == "sr-player"}
    for seat, pts in enumerate(last["payouts"]):
        coins = last["bets"].get(last["pair"], []).count(seat)
        assert (f"{coins} × {mult} = +{pts}" if coins else "0 coins: +0") in rows[seat]
    assert "No race finished yet." in SlimeRace(players=3, seed=3).render()


def test_slime_culture_center_ends_with_the_settlement_on_the_board():
    from boardkit import SlimeCultureCenter
    from boardkit.slime_culture_center import settle
    g = _play_until(SlimeCultureCenter(players=4, seed=3), lambda g: g.is_over(), seed=5)
    result = settle(g.state)
    root = ET.fromstring(g.render())
    rows = {e.get("data-colour"): "".join(e.itertext()) for e in root.iter(NS + "g")
            if e.get("class") == "scc-settle-row"}
    assert set(rows) == set(result["colours"])
    for colour, info in result["colours"].items():
        n = info["tiles"]
        assert f"{colour}: {n} tile" in rows[colour]
        for seat, k in info["shares"].items():
            if k:
                assert f"P{seat + 1} {k}" in rows[colour]
        for seat in info["ranking"]:
            assert f"P{seat + 1}:" in rows[colour]
    scores = [int(e.get("data-score")) for e in root.iter(NS + "text") if e.get("data-score")]
    assert scores == result["scores"]
    assert "★ wins" in g.render()
    # while the game goes on there is no settlement, but the stocks
    live = SlimeCultureCenter(players=2, seed=0).render()
    assert "scc-settle" not in live and "scc-stock" in live


# ======================================================= what a step changed
def test_changed_slimes_spaces_and_squares_are_outlined():
    from boardkit import SlimeCultureCenter
    g = SlimeRace(players=2, seed=1)
    svg = g.render(changed=("red", "1-3", "no-such-thing"))
    root = ET.fromstring(svg)
    moved = [e for e in root.iter(NS + "g") if "moved" in (e.get("class") or "").split()]
    assert [e.get("data-slime") for e in moved] == ["red"]
    assert 'class="sr-lane moved"' in svg
    space = next(e for e in root.iter(NS + "g") if e.get("data-pair") == "1-3")
    assert any(c.get("class") == "changed-inner" for c in space)
    assert 'class="changed-inner"' not in g.render()
    s = SlimeCultureCenter(players=2, seed=0, chance=["first 0"])
    s.apply("spawn red d4")
    from boardkit.core.view import changes
    changed = changes(s.state_before(len(s.log) - 1), s.state)
    assert "d4" in changed and "red" in changed       # the square and the stock
    root = ET.fromstring(s.render(changed=changed))
    outlined = {e.get("data-square") for e in root.iter(NS + "g")
                if "changed" in (e.get("class") or "").split()}
    assert outlined == {"d4"}


def test_changes_diffs_every_table_of_the_state():
    from boardkit.core.view import changes
    before = {"options": {"a": 1}, "board": {"a1": "red"}, "positions": {"red": 3, "blue": 0}, "turn": 0}
    after = {"options": {"a": 2}, "board": {"b2": "blue"}, "positions": {"red": 8, "blue": 0}, "turn": 1}
    assert changes(before, after) == ("a1", "b2", "red")


def test_a_long_title_wraps_instead_of_running_off_the_board():
    from boardkit.core.svg import header, text_width
    caption = "step 3 of 9: " + "Dracky plays Blue +6; Blue moves 6 spaces: 5 → 11; " * 4
    lines, height = header(caption)
    assert len(lines) == 3 and height == 12 + 26 * 3
    assert " ".join(e.text for e in lines).split() == caption.split()
    assert all(text_width(e.text, 20, True) <= 1156 for e in lines)
    many, _ = header(caption * 3)
    assert len(many) == 3 and many[-1].text.endswith("…")     # the widget shows it whole


# ------------------------------------------- parts of pictures drawn before
def _views_along_a_game(make, names: list[str], seed: int, moves: int):
    """(game, [views]) at each position of a random game: the plain board,
    first clicks of actions pending, and some of ``names`` outlined as
    changed."""
    import random

    from boardkit.core.view import View

    game = make()
    rng = random.Random(seed)
    for _ in range(moves):
        legal = sorted(game.legal_actions)
        if not legal:
            return
        firsts = sorted({" ".join(a.split()[:k]) for a in legal for k in (1, 2)})
        views = [View()] + [View(pending=f) for f in firsts[:5]]
        views.append(View(changed=tuple(rng.sample(names, min(6, len(names))))))
        yield game, views
        game.apply(rng.choice(legal))


def test_parts_drawn_before_are_the_parts_drawn_afresh():
    """Slip Stream's spaces and Super Race's squares are drawn once per look
    and reused: every picture equals one drawn with nothing remembered, in
    whatever order the pictures come."""
    import re

    from boardkit import SlipStream, SuperRace
    from boardkit.slip_stream import view as ss_view
    from boardkit.super_race import view as su_view

    for make, drawn, least in ((lambda: SlipStream(seed=3), ss_view._DRAWN_SPACES, 1),
                               (lambda: SuperRace(players=2, seed=5), su_view._DRAWN_SQUARES, 100)):
        names = sorted(set(re.findall(r'data-(?:space|square)="([^"]+)"', make().render())))
        drawn.clear()
        forward = []
        for g, views in _views_along_a_game(make, names, 5, 30):
            forward.append([g.render(v) for v in views])
        assert len(drawn) == 1 and len(next(iter(drawn.values()))) >= least   # something was remembered
        drawn.clear()
        again = [[g.render(v) for v in reversed(views)][::-1]
                 for g, views in _views_along_a_game(make, names, 5, 30)]
        assert again == forward
        assert len(forward) >= 5 and sum(len(p) for p in forward) > 40


def test_a_stored_picture_keeps_what_is_drawn_and_drops_what_only_a_live_board_uses():
    """slim() removes hover titles, data- attributes, invisible click areas
    and the groups left empty (an <img> uses none of them); every drawn
    element stays, in order, with its look; a Slip Stream board halves."""
    import re
    import xml.etree.ElementTree as ET

    from boardkit import SlipStream
    from boardkit.core.svg import slim
    g = SlipStream(seed=3)
    live = g.render()
    assert "<title>" in live and 'class="hit"' in live and " data-" in live
    small = slim(live)
    assert "<title>" not in small and 'class="hit"' not in small and " data-" not in small
    assert len(small) < 0.6 * len(live)

    def unseen(el) -> bool:
        """A title, a click area, or a group of nothing else."""
        tag = el.tag.split("}")[-1]
        return tag == "title" or el.get("class") == "hit" or (tag == "g" and all(map(unseen, el)))

    def drawn(svg: str) -> list[tuple]:
        out = []
        for el in ET.fromstring(svg).iter():
            tag = el.tag.split("}")[-1]
            if unseen(el):
                continue
            out.append((tag, tuple(sorted((k, v) for k, v in el.attrib.items() if not k.startswith("data-"))),
                        (el.text or "").strip()))
        return out
    assert drawn(small) == drawn(live)
    assert "<g></g>" not in small and not re.search(r"<g [^>]*></g>|<g( [^>]*)?/>", small)
    assert re.search(r"<(rect|circle|text)\b", small)
