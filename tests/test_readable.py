"""A board a room can read: every picture of both games, in many positions
and with every view option, read the way a browser paints it
(:mod:`svg_audit`, which documents how colours and backgrounds are found).

* At 1280×720 with JupyterLab's sidebar closed a board is drawn about
  1180 px wide: no text may be smaller than 14 px there, and the whole
  Slime Race board (the hand included) must fit in 720 px of height.
* Every text contrasts at least 4.5:1 (WCAG AA) with what it sits on.
* Every text fits: inside the picture, and inside the box (card, button,
  cell, tile) it is written on.
"""
from __future__ import annotations

import random
import re
from functools import cache

import pytest
from svg_audit import Picture, contrast, rgb

from boardkit import SlimeCultureCenter, SlimeRace
from boardkit.core.svg import picture_html
from boardkit.core.view import View, changes
from boardkit.slime_culture_center.view import FILL

DISPLAY = 1180          # px: the board's width at 1280×720, sidebar closed
MIN_PX = 14
MAX_SR_HEIGHT = 720
AA = 4.5
LONG = ("step 12 of 30: " + "Teeny Sanguini plays 2nd +15; the slime in 2nd place moves 15 spaces and "
        "overtakes two others; Dragon draws a card (12 left in the deck); Every card has been played "
        "and only 1 slime(s) finished: the leaders by position take 1st and 2nd (SR-R10)")


def _play(game, rng, n=None, until=None):
    k = 0
    while not game.is_over() and (n is None or k < n) and not (until and until(game)):
        game.apply(rng.choice(list(game.legal_actions)))
        k += 1
    return game


def _options(game, extra=()):
    """Every view option, one at a time, plus a few together."""
    past = game.state_before(max(0, len(game.log) - 3)) if game.log else game.state
    yield "default", View()
    yield "seat 1", View(seat=1)
    yield "hide_hands", View(hide_hands=True)
    yield "all_hands", View(all_hands=True)
    yield "past state", View(state=past, all_hands=True, caption="step 2 of 5: a past position")
    yield "long caption", View(caption=LONG, all_hands=True)
    yield "changed", View(state=game.state, changed=changes(past, game.state), all_hands=True)
    yield "selected", View(selected=("x",))
    yield from extra


@cache
def slime_race_pictures() -> list[tuple[str, str]]:
    rng = random.Random(1)
    out = []

    def add(name, game, extra=()):
        for opt, view in _options(game, extra):
            out.append((f"SR {name} / {opt}", game.render(view)))

    add("start, 2 players", SlimeRace(players=2, seed=0))
    g5 = SlimeRace(players=5, seed=5)
    for a in ["bet 4-5"] * 15:                      # every coin on one space
        g5.apply(a)
    add("15 coins on one space, 5 players", g5)
    add("racing, 5 players", _play(SlimeRace(players=5, seed=2), rng, 40))
    add("racing, 3 players", _play(SlimeRace(players=3, seed=7), rng, 25))
    near = SlimeRace.scenario(players=3, positions={"red": 71, "orange": 69, "green": 65, "blue": 40},
                              finished=["red"], hands=[["2nd+15", "last+35", "dash1", "dash2", "1st+15",
                                                        "3rd+15", "4th+15"], ["red+5"], ["blue+4"]],
                              bets={0: ["1-2"] * 3, 1: ["1-3"] * 3, 2: ["4-5"] * 3})
    add("near the goal, rank cards", near)
    after = _play(SlimeRace(players=4, seed=3), rng, until=lambda g: g.state["race"] > 1)
    add("after a race", after)
    add("match over", _play(SlimeRace(players=3, seed=2, target=5), rng))
    return out


@cache
def culture_center_pictures() -> list[tuple[str, str]]:
    rng = random.Random(2)
    out = []

    def add(name, game, extra=()):
        for opt, view in _options(game, extra):
            out.append((f"SCC {name} / {opt}", game.render(view)))

    add("start, 2 players", SlimeCultureCenter(players=2, seed=0))
    mid = _play(SlimeCultureCenter(players=3, seed=1), rng, 24)
    moves = [a for a in mid.legal_actions if a.startswith("move ")]
    extra = [("pending spawn", View(pending="spawn")), ("pending grow", View(pending="grow"))]
    if moves:
        extra.append(("pending move", View(pending=" ".join(moves[0].split()[:2]))))
    add("mid game, 3 players", mid, extra)
    add("mid game, 6 players", _play(SlimeCultureCenter(players=6, seed=4), rng, 40))
    pic = "\n".join(["........", "1BBBB2..", ".....BBB"] + ["........"] * 5)
    decide = SlimeCultureCenter.scenario(players=3, board=pic, turn=1, actions_left=1,
                                         cancer=["board", "board", "hand"])
    decide.apply("spawn red h8")
    assert decide.state["phase"] == "decide"
    add("a decision", decide)
    pic = "\n".join(["...G....", "...G....", "..P1G...", "...G....", "...G....", "...G...."]
                    + ["........"] * 2)
    infected = SlimeCultureCenter.scenario(players=3, board=pic, actions_left=1,
                                           cancer=["board", "hand", "hand"])
    infected.apply("spawn red h8")
    add("infected tiles", infected)
    add("game over, 2 players", _play(SlimeCultureCenter(players=2, seed=5), rng))
    add("game over, 6 players, printed", _play(SlimeCultureCenter(players=6, seed=6, settlement="printed"),
                                                 rng))
    return out


@cache
def small_pictures() -> list[tuple[str, str]]:
    """The film strip and the small board the notebooks show."""
    g = SlimeCultureCenter.scenario(players=2, board="\n".join(["RRRBBR..", ".....R.."] + ["........"] * 6),
                                    actions_left=1)
    g.apply("spawn green h8")
    g.apply("resolve a1 d1")
    return [("SCC film", str(g.film())), ("SCC film, 3 columns", str(g.film(columns=3))),
            ("SCC mini", str(g.mini())), ("SCC mini with a caption", str(g.mini("a caption " * 12)))]


def all_pictures():
    return slime_race_pictures() + culture_center_pictures() + small_pictures()


def _scale(name: str, picture: Picture) -> float:
    """A board is shown at the display's width; a small picture at least at
    its own size."""
    return 1.0 if name in dict(small_pictures()) else DISPLAY / picture.width


def _report(pictures):
    return [(name, Picture(svg)) for name, svg in pictures]


@cache
def audited():
    return [(name, p, p.texts()) for name, p in _report(all_pictures())]


# ------------------------------------------------------------------ size
@pytest.mark.slow
def test_every_text_is_at_least_14px_at_1180px_wide(capsys):
    smallest = {}
    for name, p, texts in audited():
        scale = _scale(name, p)
        for t in texts:
            px = t.size * scale
            game = name.split()[0]
            if px < smallest.get(game, (99,))[0]:
                smallest[game] = (px, name, t.text)
    too_small = [(name, t.text, round(t.size * _scale(name, p), 1))
                 for name, p, texts in audited() for t in texts if t.size * _scale(name, p) < MIN_PX - 1e-6]
    assert not too_small, too_small[:10]
    with capsys.disabled():
        print("\n[smallest text at 1180 px] " + "; ".join(f"{g}: {v[0]:.1f} px ({v[2]!r})"
                                                         for g, v in smallest.items()))


def test_the_whole_slime_race_board_fits_720px_at_1180px_wide():
    tallest = max((p.height * DISPLAY / p.width, name) for name, p in _report(slime_race_pictures()))
    assert tallest[0] <= MAX_SR_HEIGHT, tallest
    for name, svg in slime_race_pictures():
        assert re.search(r'viewBox="0 0 (\d+) (\d+)"', svg), name


@pytest.mark.slow
def test_boards_are_drawn_for_the_display_width():
    for name, svg in slime_race_pictures() + culture_center_pictures():
        p = Picture(svg)
        assert p.width == DISPLAY, name


# -------------------------------------------------------------- contrast
@pytest.mark.slow
def test_every_text_contrasts_4_5_to_1_with_what_it_sits_on(capsys):
    low = [(name, t.text, round(t.contrast, 2), t.background) for name, p, texts in audited()
           for t in texts if t.contrast < AA]
    assert not low, low[:10]
    worst = min(((t.contrast, name, t.text, t.background) for name, p, texts in audited() for t in texts))
    with capsys.disabled():
        print(f"\n[lowest contrast] {worst[0]:.2f}:1 — {worst[2]!r} on {worst[3]} ({worst[1]})")


def test_seat_digits_contrast_on_every_seat_colour():
    g = SlimeRace(players=5, seed=0)
    for a in ["bet 1-2", "bet 1-3", "bet 1-4", "bet 1-5", "bet 2-3"]:
        g.apply(a)
    p = Picture(g.render())
    digits = [t for t in p.texts() if t.text in "12345" and t.background != "#ffffff"]
    assert {t.background for t in digits} >= {"#e69f00", "#56b4e9", "#009e73", "#cc79a7", "#0072b2"}
    assert min(t.contrast for t in digits) >= AA


def test_each_right_card_shows_its_colour():
    g = SlimeCultureCenter(players=3, seed=1)
    p = Picture(g.render(all_hands=True))
    bands = [i for i in p.items if "band" in i.chain[-1][1]]
    assert len(bands) == 9
    for band in bands:
        card = band.chain[-2][2]["data-card"]
        colour = card.rstrip("0123456789")
        assert rgb(band.style["fill"]) == rgb(FILL[colour]), card
        assert contrast(rgb(band.style["fill"]), (1, 1, 1)) > 1.5       # not white on white


def test_the_audit_reads_css_the_way_a_browser_does():
    from svg_audit import Picture as P
    svg = ('<svg xmlns="http://www.w3.org/2000/svg" width="100" height="50" viewBox="0 0 100 50">'
           '<style>.a rect { fill: white; } .a rect.x { fill: #000 } '
           '.b text { fill: #777 !important }</style>'
           '<g class="a"><rect class="x" x="0" y="0" width="100" height="50" fill="#fff"/>'
           '<text x="10" y="20" style="fill:#fff">Hi</text></g>'
           '<g class="b"><text x="60" y="20" style="fill:#fff">Yo</text></g></svg>')
    a, b = P(svg).texts()
    assert a.background == "#000000" and a.contrast == 21
    assert b.colour == rgb("#777") and round(b.contrast, 2) == round(contrast(rgb("#777"), (0, 0, 0)), 2)
    with pytest.raises(ValueError, match="cannot read"):
        P(svg.replace(".a rect.x", ".a > rect.x")).texts()


# ------------------------------------------------------------------ fit
@pytest.mark.slow
def test_every_text_fits_the_picture_and_its_box():
    bad = []
    for name, p, texts in audited():
        for t in texts:
            if t.x0 < -0.5 or t.x1 > p.width + 0.5 or t.y - t.size / 2 < 0 or t.y + t.size / 2 > p.height:
                bad.append((name, t.text, "outside the picture"))
                continue
            box = t.box
            if box is None or Picture._tag(box.el) != "rect":
                continue
            x = float(box.el.get("x", 0))
            w = float(box.el.get("width"))
            if t.x0 < x - 1 or t.x1 > x + w + 1:
                bad.append((name, t.text, f"wider than its box ({t.x0:.0f}–{t.x1:.0f} in "
                                          f"{x:.0f}–{x + w:.0f})"))
    assert not bad, bad[:10]


# ----------------------------------------------------------- static pictures
def test_static_picture_fills_the_width_and_keeps_its_proportions():
    html = picture_html(SlimeRace(players=2, seed=0).render())
    assert 'style="width:100%;height:auto"' in html and "max-width" not in html
    small = picture_html(str(SlimeCultureCenter(players=2, seed=0).mini()))
    assert "width:100%;height:auto;max-width:" in small
    assert re.search(r'width="\d+" height="\d+"', html)      # an intrinsic size for old viewers


def test_a_picture_carries_its_own_white_page():
    svg = SlimeRace(players=2, seed=0).render()
    assert re.search(r'<rect x="0" y="0" width="1180" height="\d+" fill="#fff" class="page"/>', svg)
