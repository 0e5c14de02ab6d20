"""Every verdict the Slime Race notebook (01) states in words is tied to the
quantity it states.

Each claim in :data:`CLAIMS` is a fragment of the notebook's text (a folded
answer, a line a conclusion cell prints, or the notes under the
conclusions), the function that computes the quantity from a sample, and
what the fragment says of it. For every claim the test checks that

(a) the fragment is still in the notebook (whitespace aside), so editing
    the sentence forces editing this table;
(b) the notebook's own data give the stated verdict or figure: the odds
    table's 200,000 random races (seed 0, the notebook's ``SEED``, re-run
    here), the stored strength matches (``data/strength_200.json``), the
    example class session;
(c) the same quantity re-drawn from new seeds at the same sample size does
    not say the opposite: 200,000 races with seed 1, re-run here (about a
    second each), and a stored second sample of 200 strength matches, games
    200–399 (``data/strength_sr_second_200.json``), made by the script that
    made the first with other game numbers::

        python benchmarks/strength.py --only sr --iterations 200 --first 200 --games 100 --workers 1 \
            --point a.json
        python benchmarks/strength.py --only sr --iterations 200 --first 300 --games 100 --workers 1 \
            --point b.json
        python benchmarks/strength.py --combine a.json b.json \
            --point notebooks/data/strength_sr_second_200.json

"The opposite" of *more than* is *less than* and back; a figure's opposite
is a second figure whose difference from it is more than chance allows
(the 95 % interval of the difference excludes zero). *Not distinguishable*
has no opposite: it says these races cannot tell, and a second sample is
only printed for the reader of a failure. The example class session is
one seeded session of ten races, and its verdict is *not distinguishable*:
nothing to re-draw against.
"""
from __future__ import annotations

import json
import math
import statistics
from functools import cache
from pathlib import Path

import pytest

from boardkit.stats import mean_interval, verdict, wilson

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOK = ROOT / "notebooks" / "01_slime_race.ipynb"
DATA = ROOT / "notebooks" / "data"
RACES = 200_000
#: the notebook's seed, and the seed of the re-drawn races
SEED, NEW_SEED = 0, 1
OPPOSITE = {"more than": "less than", "less than": "more than"}


@cache
def notebook_text() -> str:
    """Every cell's source and stored outputs, whitespace made single spaces."""
    parts = []
    for cell in json.loads(NOTEBOOK.read_text(encoding="utf-8"))["cells"]:
        parts.append("".join(cell["source"]))
        outs = cell.get("outputs", []) + cell["metadata"].get("boardkit", {}).get("answer_outputs", [])
        for out in outs:
            parts.append("".join(out.get("text", "")) + "".join(out.get("data", {}).get("text/plain", "")))
    return " ".join(" ".join(parts).split())


# ------------------------------------------------------------------ samples
@cache
def races(seed: int, policy: str = "card") -> dict:
    """The notebook's random races: 200,000, three players."""
    from boardkit.slime_race.batch import simulate_batch
    return simulate_batch(RACES, players=3, seed=seed, policy=policy)


@cache
def strength_games(which: str) -> list[dict]:
    """The notebook's 200 strength matches, or the second sample: as many
    matches, with other game numbers (so other seeds), the same bots."""
    first = json.loads((DATA / "strength_200.json").read_text(encoding="utf-8"))
    if which == "notebook":
        return first["games"]["sr"]
    second = json.loads((DATA / "strength_sr_second_200.json").read_text(encoding="utf-8"))
    games = second["results"]
    assert second["bot_kwargs"] == first["bot_kwargs"] and len(games) == len(first["games"]["sr"])
    assert not {g["game"] for g in games} & {g["game"] for g in first["games"]["sr"]}
    return games


# --------------------------------------------------------------- quantities
def bet_value(sim: dict, pair: str) -> tuple[float, float]:
    """A coin's expected points on ``pair`` and its standard error (the
    notebook's interval is this ± 1.96 standard errors)."""
    from boardkit.slime_race import COMPONENTS
    m = COMPONENTS.odds[pair]
    p = sim["pairs"].get(pair, 0) / sim["races"]
    return p * m, m * math.sqrt(p * (1 - p) / sim["races"])


def against_one(sim: dict) -> dict[str, str]:
    """Each space's verdict against 1 point per coin."""
    from boardkit.slime_race import PAIRS
    out = {}
    for pair in PAIRS:
        v, se = bet_value(sim, pair)
        out[pair] = verdict(v - 1.96 * se, v + 1.96 * se, 1.0, "1 point per coin")
    return out


def red_split(kind: str | None = None):
    """Spaces with Red more than 1 point per coin, without Red less
    (only the published or reconstructed spaces with ``kind``)."""
    from boardkit.slime_race import COMPONENTS

    def quantity(sim: dict) -> dict[str, str]:
        return {q: v for q, v in against_one(sim).items()
                if kind is None or COMPONENTS.odds_status[q].startswith(kind)}
    return quantity


def expected_red_split(kind: str | None = None) -> dict[str, str]:
    from boardkit.slime_race import COMPONENTS, PAIRS
    return {q: ("more than" if q.startswith("1-") else "less than") + " 1 point per coin"
            for q in PAIRS if kind is None or COMPONENTS.odds_status[q].startswith(kind)}


def best_bet(sim: dict) -> str:
    from boardkit.slime_race import PAIRS
    return max(PAIRS, key=lambda q: bet_value(sim, q)[0])


def best_value(sim: dict) -> tuple[float, float]:
    return bet_value(sim, "1-5")


def worth_more_than_one(sim: dict) -> set[str]:
    """The spaces whose value is above 1 point per coin (the policy cell
    compares the figures, not their intervals)."""
    from boardkit.slime_race import PAIRS
    return {q for q in PAIRS if bet_value(sim, q)[0] > 1}


def cards_ran_out(sim: dict) -> dict[str, str]:
    """How often every card is played before two slimes finish (SR-R10):
    against zero ("real") and against 1 % ("well under 1 %")."""
    low, high = wilson(sim["exhausted"], sim["races"])
    return {"zero": verdict(low, high, 0.0, "zero"), "1 %": verdict(low, high, 0.01, "1 %")}


def search_minus_greedy(games: list[dict]) -> str:
    diff = [g["scores"][g["seat"]] - statistics.fmean(s for k, s in enumerate(g["scores"]) if k != g["seat"])
            for g in games]
    _, low, high = mean_interval(diff)
    return verdict(low, high, "zero")


def search_win_rate(games: list[dict]) -> str:
    return verdict(*wilson(sum(g["seat"] in g["winners"] for g in games), len(games)), "a third")


def greedy_win_rate(games: list[dict]) -> str:
    wins = sum(k in g["winners"] for g in games for k in range(3) if k != g["seat"])
    return verdict(*wilson(wins, 2 * len(games)), "a third")


# ------------------------------------------------------------------- claims
#: (fragments that must be in the notebook, sample, quantity, what the text says)
CLAIMS = {
    "red pairs above 1, the others below": (
        ["worth more than 1 point per coin: 1-2, 1-3, 1-4, 1-5",
         "worth less than 1 point per coin: 2-3, 2-4, 2-5, 3-4, 3-5, 4-5",
         "every pair with Red (slime 1) above 1, every pair without it below: True",
         "the table is **not fair**: every pair with Red is worth more than 1 point per coin and every "
         "pair without Red less, each with its whole interval on its side of 1"],
        "card", red_split(), expected_red_split()),
    "published and reconstructed spaces split the same way": (
        ["published spaces — above 1: 1-2, 1-3; below 1: 3-5, 4-5",
         "reconstructed spaces — above 1: 1-4, 1-5; below 1: 2-3, 2-4, 2-5, 3-4",
         "The *published* spaces (1-2, 1-3, 3-5, 4-5) split the same way as the *reconstructed* ones"],
        "card", red_split("published"), expected_red_split("published")),
    "the reconstructed spaces": (
        ["reconstructed spaces — above 1: 1-4, 1-5; below 1: 2-3, 2-4, 2-5, 3-4"],
        "card", red_split("reconstructed"), expected_red_split("reconstructed")),
    "1-5 is the best bet": (
        ["best bet: 1-5 (×14)", "Red–Purple (1-5) is bet number 1 of 10",
         "Red–Purple (1-5) is the best bet of all"],
        "card", best_bet, "1-5"),
    "the best bet's value": (
        ["best bet: 1-5 (×14), 1.72 points per coin [1.70, 1.74] (200,000 races, seed 0)"],
        "card", best_value, (1.72, 1.70, 1.74)),
    "random card name: the same spaces above 1": (
        ["the same spaces are worth more than 1 point per coin under both: True",
         "the same spaces are worth more than 1 point per coin under both, and 1-5 stays the best bet"],
        "name", worth_more_than_one, {"1-2", "1-3", "1-4", "1-5"}),
    "random card name: 1-5 stays the best bet": (
        ["random card name Red wins 42.7 % of the races; best bet 1-5", "1-5 stays the best bet"],
        "name", best_bet, "1-5"),
    "running out of cards is rare but real": (
        ["races in which the cards ran out (SR-R10): 689 of 200,000 (0.34 %)",
         "Running out of cards (SR-R10) is rare but real: well under 1 % of the races",
         "with the reconstructed card values that is *almost* always true"],
        "card", cards_ran_out, {"zero": "more than zero", "1 %": "less than 1 %"}),
    "the search bot scores more than a greedy bot": (
        ["points, search bot minus greedy, match by match: +9.7 [+7.0, +12.3]: more than zero",
         "**Yes, clearly.** The match-by-match difference in points is *more than zero*: its whole 95 % "
         "interval lies above zero, so 200 matches rule out luck."],
        "strength", search_minus_greedy, "more than zero"),
    "the search bot wins more than a third": (
        ["the search bot wins (shared wins count) 64.5 % [57.7, 70.8] of 200: more than a third",
         "Its win rate is *more than a third* (a fair share)"],
        "strength", search_win_rate, "more than a third"),
    "a greedy seat wins about a third": (
        ["a greedy seat wins 29.8 % [25.5, 34.4] of 400: not distinguishable from a third",
         "a greedy seat's is *not distinguishable from a third*"],
        "strength", greedy_win_rate, "not distinguishable from a third"),
}


def sample(kind: str, new: bool):
    if kind == "strength":
        return strength_games("second" if new else "notebook")
    return races(NEW_SEED if new else SEED, kind)


def _is_verdict(stated) -> bool:
    if isinstance(stated, dict):
        return all(map(_is_verdict, stated.values()))
    return isinstance(stated, str) and stated.startswith(("more than", "less than", "not distinguishable"))


def _says_the_opposite(stated, fresh) -> bool:
    if isinstance(stated, dict):
        return any(_says_the_opposite(stated[k], fresh.get(k)) for k in stated)
    for word, opposite in OPPOSITE.items():
        if stated.startswith(word):
            return fresh == opposite + stated[len(word):]
    return False          # "not distinguishable": nothing is its opposite


@pytest.mark.parametrize("name", CLAIMS)
def test_the_sentence_is_in_the_notebook_and_its_data_say_it(name):
    fragments, kind, quantity, stated = CLAIMS[name]
    text = notebook_text()
    for fragment in fragments:
        assert " ".join(fragment.split()) in text, f"{name}: the notebook no longer says {fragment!r}"
    got = quantity(sample(kind, new=False))
    if isinstance(stated, tuple):             # a figure [low, high], as printed (2 decimals)
        value, se = got
        assert (round(value, 2), round(value - 1.96 * se, 2), round(value + 1.96 * se, 2)) == stated, name
    else:
        assert got == stated, f"{name}: the notebook's data give {got}"


@pytest.mark.parametrize("name", CLAIMS)
def test_the_sentence_holds_on_a_new_sample_of_the_same_size(name):
    _, kind, quantity, stated = CLAIMS[name]
    old, new = quantity(sample(kind, new=False)), quantity(sample(kind, new=True))
    if isinstance(stated, tuple):             # two figures: their difference is within chance
        (a, sa), (b, sb) = old, new
        half = 1.96 * math.hypot(sa, sb)
        assert verdict(b - a - half, b - a + half, "zero") == "not distinguishable from zero", \
            f"{name}: {a:.3f} in the notebook, {b:.3f} on new races"
    elif _is_verdict(stated):
        assert not _says_the_opposite(stated, new), f"{name}: new sample says {new}"
    else:                                     # a name or a set of names: the same on new races
        assert new == stated, f"{name}: new sample gives {new}"


def test_the_example_class_cannot_tell():
    """The class section's printed verdict follows from the example session
    and the random races it is compared with (the notebook's own line)."""
    from boardkit.classroom import class_games
    from boardkit.slime_race.analysis import races_of
    from boardkit.stats import rate_sentence
    text = notebook_text()
    assert "otherwise these games **cannot tell** our class's bets from random luck" in text
    sim = races(SEED)
    ours = [race for g in class_games(None, game="slime_race") for race in races_of(g.game)]
    paid = sum(race["pair"] in race["bets"] for race in ours)
    expected = statistics.fmean(sum(sim["pairs"].get(q, 0) / RACES for q in race["bets"]) for race in ours)
    line = rate_sentence("races in which a coin paid", paid, len(ours), expected,
                         name=f"the random races' {100 * expected:.1f} % for the same bets")
    assert line == ("races in which a coin paid 60.0 % [31.3, 83.2] of 10: not distinguishable from the "
                    "random races' 47.4 % for the same bets")
    assert line in text
