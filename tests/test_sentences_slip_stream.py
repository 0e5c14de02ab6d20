"""Every verdict notebook 04 (Slip Stream) states in words is tied to the
quantity it reads, and holds on games the notebook did not read.

Each claim is a row: a fragment of the notebook's text (editing the
sentence breaks the test, so the test is edited with it), the quantity it
states a verdict about (a rate or a difference of rates with its 95 %
interval, computed from the stored self-play games), the reference (half,
zero) and the verdict the sentence states. For each claim:

* the fragment is in the notebook (its cells' text and outputs, with the
  line breaks read as spaces);
* the stored games (``notebooks/data/slip_stream_<name>.json``, the
  notebook's own) give that verdict;
* the same quantity from a **second sample** of the same size, the same
  call from other seeds (``notebooks/data/slip_stream_<name>_second.json``,
  made by ``python -m benchmarks.slip_stream_second_sample``: seeds from
  100,000 on), does not say otherwise: a clear verdict (*more than half*)
  must come out again, and where the sentence says these games cannot
  tell (*not distinguishable from half*), the second sample must not find
  a clear edge either. A second sample not stored yet is reported as a
  skip naming the command that makes it.

The figures of section 9's table of first moves come from one seeded
search (no sample to draw again): they are read from the stored output.
"""
from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path

import pytest

from benchmarks.slip_stream_second_sample import SWEEPS
from boardkit.slip_stream.analysis import rate, rate_difference, summary
from boardkit.stats import verdict
from tests.sentences import not_contradicted, said_and_stored

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOK = ROOT / "notebooks" / "04_slip_stream.ipynb"
DATA = ROOT / "notebooks" / "data"
TILES = range(1, 7)


def _cell_text(cell: dict) -> str:
    text = "".join(cell["source"])
    outs = cell.get("outputs", []) + cell["metadata"].get("boardkit", {}).get("answer_outputs", [])
    return text + "".join("".join(o.get("text", "")) for o in outs)


@cache
def notebook_text() -> str:
    cells = json.loads(NOTEBOOK.read_text(encoding="utf-8"))["cells"]
    return " ".join(" ".join(_cell_text(c).split()) for c in cells)


@cache
def games(stem: str, second: bool) -> tuple:
    path = DATA / (f"slip_stream_{stem}_second.json" if second else f"slip_stream_{stem}.json")
    if second and not path.is_file():
        pytest.skip(f"no second sample of {stem} stored yet: python -m benchmarks.slip_stream_second_sample "
                    f"--only {stem} (about {SWEEPS[stem][0] // 3} s of CPU)")
    stored = json.loads(path.read_text(encoding="utf-8"))
    n, kwargs = SWEEPS[stem]
    assert stored["call"]["args"] == [n] and stored["call"]["kwargs"]["level"] == 1
    assert {k: v for k, v in stored["call"]["kwargs"].items() if k not in ("level", "seed_offset")} == kwargs
    assert stored["call"]["kwargs"].get("seed_offset", 0) == (100_000 if second else 0)
    assert len(stored["result"]) == n
    return tuple(stored["result"])


# ------------------------------------------------------------ quantities
def interval(r: dict) -> tuple[float, float]:
    return r["low"], r["high"]


def of(stem: str, key: str):
    """A rate of :func:`summary` for one stored sweep."""
    return lambda second: interval(summary(games(stem, second))[key])


def pooled(prefix: str, key: str):
    """A rate of :func:`summary` over the six score tiles' sweeps."""
    def quantity(second: bool) -> tuple[float, float]:
        return interval(summary([g for k in TILES for g in games(f"{prefix}_tile{k}", second)])[key])
    return quantity


def chooser_took_red(second: bool) -> tuple[float, float]:
    pie = [g for k in TILES for g in games(f"pie_tile{k}", second)]
    return interval(rate(sum(g["chooser_took"] == "red" for g in pie), len(pie)))


def pie_minus_no_pie(second: bool) -> tuple[float, float]:
    a = summary(games("pie_tile1", second))["first_mover_wins"]
    b = summary(games("nopie_tile1", second))["first_mover_wins"]
    return interval(rate_difference(a, b))


def mirrored_red_minus_designed_blue(second: bool) -> tuple[float, float]:
    o = summary(games("pie_tile1", second))["red_wins"]
    m = summary(games("pie_tile1_mirrored", second))["red_wins"]
    blue = {"rate": 1 - o["rate"], "low": 1 - o["high"], "high": 1 - o["low"]}
    return interval(rate_difference(m, blue))


NOT_HALF = "not distinguishable from half"
NOT_ZERO = "not distinguishable from zero"
MOVING_FIRST = ("Without the pie rule the first-move player wins at a rate *not distinguishable from half*, "
                "and with it too")
SIX_TILES = ("Over all six tiles red wins at a rate *not distinguishable from half*, with the pie rule "
             "and without it")
ON_ONE = ("On #1 STANDARD the first-move player's rate is *not distinguishable from half* with the pie rule "
          "and without it")
#: (fragment of the notebook, what it is about, the quantity, the reference, the verdict stated)
CLAIMS = [
    (MOVING_FIRST,
     "#1, no pie rule: the first-move player wins", of("nopie_tile1", "first_mover_wins"), "half", NOT_HALF),
    (MOVING_FIRST,
     "#1, pie rule: the first-move player wins", of("pie_tile1", "first_mover_wins"), "half", NOT_HALF),
    ("the difference, with minus without, is *not distinguishable from zero*",
     "#1: the first-move player's rate with minus without the pie rule", pie_minus_no_pie, "zero", NOT_ZERO),
    ("the colour that moved first also wins at a rate *not distinguishable from half*, although the chooser "
     "usually takes it", "#1, pie rule: the colour that moved first wins",
     of("pie_tile1", "first_colour_wins"), "half", NOT_HALF),
    ("although the chooser usually takes it", "#1, pie rule: the chooser takes the colour that moved",
     of("pie_tile1", "chooser_took_first_colour"), "half", "more than half"),
    (SIX_TILES,
     "six tiles, pie rule: red wins", pooled("pie", "red_wins"), "half", NOT_HALF),
    (SIX_TILES,
     "six tiles, no pie rule: red wins", pooled("nopie", "red_wins"), "half", NOT_HALF),
    *[("on none of them can these games tell red's rate from half", f"#{k}, {kind}: red wins",
       of(f"{stem}_tile{k}", "red_wins"), "half", NOT_HALF)
      for k in TILES for stem, kind in (("pie", "pie rule"), ("nopie", "no pie rule"))],
    ("With the pie rule the chooser wins at a rate *not distinguishable from half*",
     "six tiles, pie rule: the chooser wins", pooled("pie", "chooser_wins"), "half", NOT_HALF),
    ("The chooser takes red about half the time (*not distinguishable from half*)",
     "six tiles, pie rule: the chooser takes red", chooser_took_red, "half", NOT_HALF),
    ("it takes the colour that moved, whichever that is (*more than half* of the games)",
     "six tiles, pie rule: the chooser takes the colour that moved",
     pooled("pie", "chooser_took_first_colour"), "half", "more than half"),
    ("Red's rate is *not distinguishable from half* on the designed tiles and on the mirrored ones",
     "#1, designed tiles: red wins", of("pie_tile1", "red_wins"), "half", NOT_HALF),
    ("Red's rate is *not distinguishable from half* on the designed tiles and on the mirrored ones",
     "#1, mirrored tiles: red wins", of("pie_tile1_mirrored", "red_wins"), "half", NOT_HALF),
    ("the difference is *not distinguishable from zero*. So these games show no edge from the tiles'",
     "#1: red on the mirrored tiles minus blue on the designed ones", mirrored_red_minus_designed_blue,
     "zero", NOT_ZERO),
    (ON_ONE, "#1, pie rule: the first-move player wins", of("pie_tile1", "first_mover_wins"), "half",
     NOT_HALF),
    (ON_ONE, "#1, no pie rule: the first-move player wins", of("nopie_tile1", "first_mover_wins"), "half",
     NOT_HALF),
    ("The chooser takes the colour that moved *more than half* the time",
     "#1, pie rule: the chooser takes the colour that moved", of("pie_tile1", "chooser_took_first_colour"),
     "half", "more than half"),
]
IDS = [f"{i:02}-{what}" for i, (_, what, *_) in enumerate(CLAIMS)]


@pytest.mark.parametrize("claim", CLAIMS, ids=IDS)
def test_the_sentence_is_there_and_the_stored_games_say_it(claim):
    said_and_stored(claim, notebook_text())


@pytest.mark.parametrize("claim", CLAIMS, ids=IDS)
def test_a_second_sample_from_other_seeds_does_not_say_otherwise(claim):
    not_contradicted(claim)


def test_the_first_moves_table_gives_the_figures_the_text_quotes():
    """Section 9: every first move a small gain for the colour that moved,
    +0.98 to +1.44 points, the chooser taking that colour; quoted in
    section 9's text and in "What the numbers say"."""
    cells = json.loads(NOTEBOOK.read_text(encoding="utf-8"))["cells"]
    out = next(_cell_text(c) for c in cells if c["id"] == "963fbebe")
    rows = re.findall(r"^move (\S+ \S+) +(red|blue) +(red|blue) +([-+]\d+\.\d\d) points$", out, re.M)
    assert len(rows) == 14 and all(moved == took for _, moved, took, _ in rows)
    leads = [float(x) for *_, x in rows]
    low, high = f"{min(leads):+.2f}", f"{max(leads):+.2f}"
    text = notebook_text()
    assert f"({low} to {high} points for whoever then plays that colour), so the chooser takes the colour " \
           "that moved, whichever it is" in text
    assert f"The most even first moves are worth {low}" in text
    assert f"section 9's table: {low} to {high} points for whoever then plays that colour" in text
    first = re.search(r"the AI's own first move here: move (\S+ \S+)", out).group(1)
    assert dict((m, float(x)) for m, _, _, x in rows)[first] == min(leads)


def test_an_edge_smaller_than_the_intervals_is_about_five_points():
    """Section 12's answer: "an edge smaller than the intervals (about 5
    points either way)": the half-width of #1's first-move intervals."""
    assert "An edge smaller than the intervals (about 5 points either way)" in notebook_text()
    for stem in ("pie_tile1", "nopie_tile1"):
        low, high = of(stem, "first_mover_wins")(False)
        assert round(100 * (high - low) / 2) == 5


def test_the_example_session_is_read_as_its_games_say():
    """"The AI wins nearly every game whatever colour it takes" (the
    example class session, one stored set of games: no second sample)."""
    from boardkit.classroom import class_games
    assert "the AI wins nearly every game whatever colour it takes" in notebook_text()
    games = class_games(None, game="slip_stream")
    against_ai = [g for g in games if "bot" in g.seats]
    colours = set()
    won = 0
    for g in against_ai:
        returns = g.game.rules.returns(g.game.state)
        winner = max(range(2), key=returns.__getitem__)
        won += g.seats[winner] == "bot"
        colours.add(g.game.state["colours"][g.seats.index("bot")])
    assert against_ai and won >= 0.9 * len(against_ai) and colours == {"red", "blue"}


def test_moving_first_without_the_pie_rule_is_told_with_both_samples():
    """Section 12: over the six tiles without the pie rule, the stored 900
    games cannot tell the first-move player's rate from half, and 900 from
    other seeds put it below half: the sentence gives both."""
    quantity = pooled("nopie", "first_mover_wins")
    first, second = quantity(False), quantity(True)
    assert verdict(*first, "half") == NOT_HALF and verdict(*second, "half") == "less than half"
    rates = [100 * summary([g for k in TILES for g in games(f"nopie_tile{k}", s)])["first_mover_wins"]["rate"]
             for s in (False, True)]
    both = summary([g for s in (False, True) for k in TILES for g in games(f"nopie_tile{k}", s)])
    r = both["first_mover_wins"]
    assert verdict(r["low"], r["high"], "half") == "less than half"
    assert (" ".join(f"""Without it the first-move player wins {rates[0]:.1f} % of these 900 games, *not
        distinguishable from half*, but {rates[1]:.1f} % of 900 more from other seeds (the last line), less
        than half: without the pie rule, moving first may be a small disadvantage at this level of play (both
        samples together: {100 * r["rate"]:.1f} % of {r["n"]:,} games, [{100 * r["low"]:.1f},
        {100 * r["high"]:.1f}]).""".split())) in notebook_text()
