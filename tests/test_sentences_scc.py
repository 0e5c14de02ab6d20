"""Every verdict of the Slime Culture Center notebook (03) is tied to the
quantity it states.

Each claim below is a fragment of the notebook's text (a folded answer or a
conclusion: it must still be there, word for word, so editing the sentence
means editing this test), the function that computes the quantity from the
stored games, and the verdict or number the sentence states. For each claim:

* the fragment is in the notebook;
* the stored games give the stated verdict;
* a second sample of the same size, drawn with other seeds by the same code,
  does not say otherwise: a clear verdict ("more than a third") must come out
  the same again, and "these games cannot tell" must not turn into a clear
  verdict on the second sample (where it does, the sentence gives both
  intervals, and each is a claim of its own).

A sentence about both samples pooled (the search bot's 400 games) has no
second sample of its size: there, neither half may say the opposite, and the
sentence says that 200 games are too few to be sure.

The second samples are stored next to the first ones in notebooks/data/
(re-running them takes minutes); they were made with::

    cd notebooks && PYTHONPATH=.. python -c "from boardkit.sweep import cached; \\
        from boardkit.slime_culture_center.analysis import simulate_games as s; \\
        cached('data/scc_random_1000_seed17.json', s, 1000, players=3, seed=17); \\
        cached('data/scc_greedy_300_seed18.json', s, 300, players=3, seed=18, \\
               seats=['greedy', 'random', 'random'])"
    PYTHONPATH=. python benchmarks/strength.py --only scc --iterations 200 --first 200 \\
        --games 200 --workers 2 --point notebooks/data/strength_200_scc_second.json

(the first samples: seeds 7 and 8 in the notebook's ``cached(...)`` calls, and
the same strength.py command with ``--first 0``, games 0–199, stored in
strength_200_scc.json; every game depends only on its own seed, so ranges and
workers do not change it: both strength files were played in four ranges of 50
and merged with ``--combine``).
tests/test_notebook_data.py replays the first games of the ``scc_*`` files.
"""
from __future__ import annotations

import json
import statistics
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest

from boardkit.slime_culture_center import COLOURS, TILES
from boardkit.stats import mean_interval, verdict, wilson

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "notebooks" / "data"
NOTEBOOK = ROOT / "notebooks" / "03_slime_culture_center.ipynb"


def _load(name: str):
    return json.loads((DATA / name).read_text(encoding="utf-8"))


def _text() -> str:
    cells = json.loads(NOTEBOOK.read_text(encoding="utf-8"))["cells"]
    return "\n".join(" ".join("".join(c["source"]).split()) for c in cells if c["cell_type"] == "markdown")


# ---------------------------------------------------------------- the samples
RANDOM = {"first": _load("scc_random_1000.json")["result"],
          "second": _load("scc_random_1000_seed17.json")["result"]}
GREEDY = {"first": _load("scc_greedy_300.json")["result"],
          "second": _load("scc_greedy_300_seed18.json")["result"]}
SEARCH = {"first": _load("strength_200_scc.json")["results"],
          "second": _load("strength_200_scc_second.json")["results"]}


# -------------------------------------------------------------- the quantities
def rate(k: float, n: int, reference: str) -> tuple[str, float]:
    low, high = wilson(k, n)
    return verdict(low, high, reference), k / n


def first_seat(games) -> tuple[str, float]:
    """The first player's win rate (a shared win counts) against a third."""
    return rate(sum(g["first"] in g["winners"] for g in games), len(games), "a third")


def greedy_player_1(games) -> tuple[str, float]:
    return rate(sum(0 in g["winners"] for g in games), len(games), "a third")


def stock_out_most(games) -> tuple[str, float]:
    """The colour whose stock ran out most often (and in how many games)."""
    ended = Counter(c for g in games for c in g["empty"])
    top = max(COLOURS, key=lambda c: ended[c])
    return top, ended[top]


def tiles_scored(games) -> tuple[str, float]:
    """Tiles scored per game (all players, without the unused cancer tiles'
    bonus), against a quarter of the tiles in the box."""
    scored = statistics.fmean(sum(g["scores"]) - (3 - g["cancer_used"]) for g in games)
    return ("less than a quarter" if scored < sum(TILES.values()) / 4 else "a quarter or more"), scored


def search_wins(games) -> tuple[str, float]:
    return rate(sum(g["seat"] in g["winners"] for g in games), len(games), "a third")


def greedy_seat_wins(games) -> tuple[str, float]:
    k = sum(s in g["winners"] for g in games for s in range(3) if s != g["seat"])
    return rate(k, 2 * len(games), "a third")


def _paired(xs: list[float]) -> tuple[str, float]:
    m, low, high = mean_interval(xs)
    return verdict(low, high, "zero"), m


def search_minus_greedy_wins(games) -> tuple[str, float]:
    return _paired([(g["seat"] in g["winners"])
                    - statistics.fmean(s in g["winners"] for s in range(3) if s != g["seat"]) for g in games])


def search_minus_greedy_tiles(games) -> tuple[str, float]:
    return _paired([g["scores"][g["seat"]]
                    - statistics.fmean(x for s, x in enumerate(g["scores"]) if s != g["seat"])
                    for g in games])


# ------------------------------------------------------------------ the claims
@dataclass(frozen=True)
class Claim:
    fragment: str                       #: words of the notebook that state it
    quantity: Callable                  #: games -> (verdict, figure)
    samples: dict                       #: "first"/"second" -> games
    says: str                           #: the verdict stated
    sample: str = "first"               #: the sample the sentence is about ("both": the two pooled)
    figure: float | None = None         #: a number the sentence states (checked to its digits)
    digits: int = 3
    second_given: bool = False          #: the sentence also gives the second sample's figure (its own claim)

    @property
    def clear(self) -> bool:
        return not self.says.startswith("not distinguishable")


CLAIMS = [
    # What the numbers say
    Claim("Red, the smallest stock (17 tiles), ran out most often in both samples: in 234 of the first "
          "1,000 games and in 215 of the other 1,000.", stock_out_most, RANDOM, "red", figure=234),
    Claim("and in 215 of the other 1,000", stock_out_most, RANDOM, "red", sample="second", figure=215),
    Claim("fewer than a quarter of the 129 tiles in the box are scored: 20.7 a game", tiles_scored, RANDOM,
          "less than a quarter", figure=20.7, digits=1),
    Claim("(20.9 in the other sample)", tiles_scored, RANDOM, "less than a quarter", sample="second",
          figure=20.9, digits=1),
    Claim("it wins 77.7 % [72.6, 82.0] of 300 games", greedy_player_1, GREEDY, "more than a third",
          figure=0.777),
    Claim("and 80.3 % [75.5, 84.4] of another 300: *more than a third* both times. The majority mechanism "
          "rewards a plan.", greedy_player_1, GREEDY, "more than a third", sample="second", figure=0.803),
    Claim("The first player wins 35.1 % [32.2, 38.1] of 1,000 random games", first_seat, RANDOM,
          "not distinguishable from a third", figure=0.351),
    Claim("and 31.6 % [28.8, 34.5] of another 1,000: each *not distinguishable from a third*. These games "
          "**cannot tell** whether moving first helps", first_seat, RANDOM,
          "not distinguishable from a third", sample="second", figure=0.316),
    # How strong are the bots? (the folded answer)
    Claim("In games 0–199 the search bot wins 39.5 % [33.0, 46.4]: *not distinguishable from a third*, so "
          "these 200 games alone cannot tell", search_wins, SEARCH, "not distinguishable from a third",
          figure=0.395, second_given=True),
    Claim("are *not distinguishable from zero* there too (+0.07 [-0.03, +0.17]", search_minus_greedy_wins,
          SEARCH, "not distinguishable from zero", figure=0.07, digits=2, second_given=True),
    Claim("and +0.90 [-0.23, +2.03])", search_minus_greedy_tiles, SEARCH, "not distinguishable from zero",
          figure=0.90, digits=2, second_given=True),
    Claim("The 200 games with other seeds say more: it wins 43.5 % [36.8, 50.4], *more than a third*",
          search_wins, SEARCH, "more than a third", sample="second", figure=0.435),
    Claim("with +0.14 [+0.04, +0.24] extra wins", search_minus_greedy_wins, SEARCH, "more than zero",
          sample="second", figure=0.14, digits=2),
    Claim("and +1.80 [+0.69, +2.91] extra tiles a game over a greedy seat", search_minus_greedy_tiles, SEARCH,
          "more than zero", sample="second", figure=1.80, digits=2),
    Claim("All 400 games together: the search bot wins 41.5 % [36.8, 46.4], more than a third", search_wins,
          SEARCH, "more than a third", sample="both", figure=0.415),
    Claim("while a greedy seat wins 31.0 % [27.9, 34.3] (*not distinguishable from a third*)",
          greedy_seat_wins, SEARCH, "not distinguishable from a third", sample="both", figure=0.310),
    Claim("game by game it wins +0.10 [+0.03, +0.18] more than a greedy seat", search_minus_greedy_wins,
          SEARCH, "more than zero", sample="both", figure=0.10, digits=2),
    Claim("and scores +1.35 [+0.56, +2.14] more tiles, both *more than zero*", search_minus_greedy_tiles,
          SEARCH, "more than zero", sample="both", figure=1.35, digits=2),
    Claim("So at this search budget the search bot has a small edge, and 200 games are too few to be sure of "
          "it.", search_wins, SEARCH, "more than a third", sample="both"),
]


def _games(claim: Claim, which: str):
    if which == "both":
        return claim.samples["first"] + claim.samples["second"]
    return claim.samples[which]


@pytest.mark.parametrize("claim", CLAIMS, ids=lambda c: c.fragment[:40])
def test_the_sentence_is_in_the_notebook(claim):
    assert claim.fragment in _text(), f"the notebook no longer says {claim.fragment!r}: edit the test too"


@pytest.mark.parametrize("claim", CLAIMS, ids=lambda c: c.fragment[:40])
def test_the_stored_games_say_what_the_sentence_says(claim):
    said, figure = claim.quantity(_games(claim, claim.sample))
    assert said == claim.says, f"{claim.fragment!r}: the stored games say {said!r}"
    if claim.figure is not None:
        assert round(figure, claim.digits) == pytest.approx(claim.figure), claim.fragment


@pytest.mark.parametrize("claim", [c for c in CLAIMS if c.sample == "first"], ids=lambda c: c.fragment[:40])
def test_a_second_sample_of_the_same_size_does_not_say_otherwise(claim):
    said, _ = claim.quantity(claim.samples["second"])
    assert len(claim.samples["second"]) == len(claim.samples["first"])
    if claim.clear:
        assert said == claim.says, f"{claim.fragment!r}: other seeds say {said!r}: the sentence cannot stand"
    else:
        assert claim.second_given or not said.startswith(("more than", "less than")), \
            f"{claim.fragment!r}: these games cannot tell, but other seeds say {said!r}: give both intervals"
    if claim.second_given:
        assert any(c.sample == "second" and c.quantity is claim.quantity and c.samples is claim.samples
                   and c.says == said for c in CLAIMS), \
            f"{claim.fragment!r}: the second sample's verdict is not given"


@pytest.mark.parametrize("claim", [c for c in CLAIMS if c.sample == "both"], ids=lambda c: c.fragment[:40])
def test_neither_half_of_a_pooled_sample_says_the_opposite(claim):
    opposite = {"more": "less", "less": "more"}.get(claim.says.split()[0])
    for which in ("first", "second"):
        said, _ = claim.quantity(claim.samples[which])
        assert opposite is None or not said.startswith(opposite), \
            f"{claim.fragment!r}: the {which} half says {said!r}"
