"""Every verdict notebooks 05 and 06 (game search) state in words is tied to the
quantity it reads.

Each claim is a row: a fragment of the notebook's text (editing the
sentence breaks the test, so the test is edited with it), a function that
computes the quantity from the stored data (``notebooks/data/strength_*``,
or a cell's stored output where the figure comes from one seeded search),
and what the sentence says of it. For each claim:

* the fragment is in the notebook (cells' text and outputs, line breaks
  read as spaces);
* the stored data give what the sentence says;
* for a verdict read from a sample of games (a rate or a difference with
  its 95 % interval), the same quantity from a **second sample** of the
  same size, made by the same command from other games
  (``<stored file>_second.json``, see :data:`SECOND`), does not say
  otherwise: a clear verdict comes out again, and "these games cannot
  tell" does not meet a clear edge. A second sample not stored yet is
  reported as a skip naming the command that makes it and its cost.

Counts over a fixed set of positions (the exact benchmark's 880
positions, the node counts of one seeded search, game 184) are checked
for what they are: counts of these positions, not rates.
"""
from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path

import pytest

from boardkit.slip_stream.analysis import rate, rate_difference
from boardkit.stats import verdict
from tests.sentences import not_contradicted, said_and_stored

ROOT = Path(__file__).resolve().parents[1]
#: lesson A (the node counts) and lesson B (the strength appendix)
NOTEBOOKS = [ROOT / "notebooks" / "05_game_search.ipynb",
             ROOT / "notebooks" / "06_search_chance_and_sampling.ipynb"]
DATA = ROOT / "notebooks" / "data"

ROOT_SAMPLE = " --root-sample 1000"
#: how each sample is made, and its second sample (games from another range),
#: with the CPU time it took (the measured CPU per game × games)
SECOND = {
    "strength_slip_stream_self": (
        "python -m benchmarks.slip_stream_self --games 100 --first 100 --workers 2 "
        "--json notebooks/data/strength_slip_stream_self_second.json", "about 20 minutes of CPU"),
    "strength_slip_stream_proof": (
        "python -m benchmarks.slip_stream_self --games 200 --first 200 --rival no-proof --workers 2 "
        "--json notebooks/data/strength_slip_stream_proof_second.json", "about 8 minutes of CPU"),
    **{f"strength_mcts_curve_{g}_level{k}": (
        f"python benchmarks/strength.py --only {g} --level {k}{ROOT_SAMPLE * (g + str(k) == 'scc3')} "
        f"--first {n} --games {n} --workers 2 "
        f"--point notebooks/data/strength_mcts_curve_{g}_level{k}_second.json", "minutes to an hour of CPU")
       for g in ("sr", "scc") for k in (1, 2, 3) for n in (200 if (g, k) == ("sr", 2) else 150,)},
}


def _cell_text(cell: dict) -> str:
    text = "".join(cell["source"])
    outs = cell.get("outputs", []) + cell["metadata"].get("boardkit", {}).get("answer_outputs", [])
    return text + "".join("".join(o.get("text", "")) for o in outs)


@cache
def cells() -> list[dict]:
    return [c for path in NOTEBOOKS for c in json.loads(path.read_text(encoding="utf-8"))["cells"]]


@cache
def notebook_text() -> str:
    return " ".join(" ".join(_cell_text(c).split()) for c in cells())


def output_of(marker: str) -> str:
    """The stored output of the code cell whose source holds ``marker``."""
    cell = next(c for c in cells() if c["cell_type"] == "code" and marker in "".join(c["source"]))
    return _cell_text(cell)[len("".join(cell["source"])):]


@cache
def stored(stem: str, second: bool = False) -> dict:
    path = DATA / (f"{stem}_second.json" if second else f"{stem}.json")
    if second and not path.is_file():
        command, cost = SECOND[stem]
        pytest.skip(f"no second sample of {stem} stored yet: {command} ({cost})")
    return json.loads(path.read_text(encoding="utf-8"))


# ---------------------------------------------------------- sampled rates
def long_wins(stem: str):
    def quantity(second: bool) -> tuple[float, float]:
        k, n, *_ = stored(stem, second)["summary"]["long_wins"]
        r = rate(k, n)
        return r["low"], r["high"]
    return quantity


def curve_rate(game: str, level: int, second: bool) -> dict:
    games = stored(f"strength_mcts_curve_{game}_level{level}", second)["results"]
    return rate(sum(g["seat"] in g["winners"] for g in games), len(games))


def curve(game: str, level: int):
    def quantity(second: bool) -> tuple[float, float]:
        r = curve_rate(game, level, second)
        return r["low"], r["high"]
    return quantity


def curve_difference(game: str, high: int, low: int):
    def quantity(second: bool) -> tuple[float, float]:
        d = rate_difference(curve_rate(game, high, second), curve_rate(game, low, second))
        return d["low"], d["high"]
    return quantity


SR_ABOVE = "In Slime Race every level wins more than a greedy seat's one in three"
LEVEL_ONE = "Levels 2 and 3 win more often than level 1 (their differences from it are *more than zero*"
TWO_THREE = ("The first games cannot tell level 3 from level 2 (*not distinguishable from zero*), but the "
             "games from other seeds and all of them together put level 3 ahead, "
             "by 12.0 points [+5.1, +18.6]")
SCC = "In Slime Culture Center the first 150 games of each level cannot tell it from a greedy seat"
SCC_MORE = ("150 more of each level, from other seeds, put every level *more than a third*, and over all "
            "300 levels 1 and 3 win more than a third while level 2 stays *not distinguishable from a third*")
#: (fragment, what, the quantity (second sample or not → interval), reference, the verdict stated, its file)
SAMPLED = [
    ("10× the time wins *more than half*", "10× the time wins", long_wins("strength_slip_stream_self"),
     "half", "more than half"),
    *[(SR_ABOVE, f"Slime Race, level {k}: the search bot wins", curve("sr", k), "a third",
       "more than a third") for k in (1, 2, 3)],
    *[(LEVEL_ONE, f"Slime Race, level {k} minus level 1", curve_difference("sr", k, 1), "zero",
       "more than zero") for k in (2, 3)],
]
#: Where the text reports a first sample, its second sample and both together (the second sample is
#: the re-draw, told in the text): each verdict is checked on its own games.
BOTH = [(SCC, SCC_MORE, f"Slime Culture Center, level {k}", "scc", k, "not distinguishable from a third",
         "more than a third", pooled) for k, pooled in ((1, "more than a third"),
                                                        (2, "not distinguishable from a third"),
                                                        (3, "more than a third"))]
IDS = [f"{i:02}-{what}" for i, (_, what, *_) in enumerate(SAMPLED)]


@pytest.mark.parametrize("claim", SAMPLED, ids=IDS)
def test_the_sentence_is_there_and_the_stored_games_say_it(claim):
    said_and_stored(claim, notebook_text())


@pytest.mark.parametrize("claim", SAMPLED, ids=IDS)
def test_a_second_sample_does_not_say_otherwise(claim):
    not_contradicted(claim)


@pytest.mark.parametrize("claim", BOTH, ids=[c[2] for c in BOTH])
def test_a_first_sample_its_second_and_both_together_say_what_the_text_says(claim):
    first_text, more_text, what, game, level, first, second, both = claim
    text = notebook_text()
    assert " ".join(first_text.split()) in text and " ".join(more_text.split()) in text, what
    one, two = (stored(f"strength_mcts_curve_{game}_level{level}", s)["results"] for s in (False, True))
    wins = [sum(g["seat"] in g["winners"] for g in games) for games in (one, two)]
    for k, n, stated in ((wins[0], len(one), first), (wins[1], len(two), second),
                         (sum(wins), len(one) + len(two), both)):
        r = rate(k, n)
        assert verdict(r["low"], r["high"], "a third") == stated, (what, k, n)


def test_level_3_against_level_2_first_second_and_both_as_the_text_says():
    """Slime Race, level 3 minus level 2: the first games cannot tell, the second sample and both
    together say level 3 wins more (by the figure the text gives for both)."""
    assert " ".join(TWO_THREE.split()) in notebook_text()
    counts = {}
    for second in (False, True):
        for level in (2, 3):
            games = stored(f"strength_mcts_curve_sr_level{level}", second)["results"]
            counts[level, second] = (sum(g["seat"] in g["winners"] for g in games), len(games))
    both = {k: tuple(map(sum, zip(counts[k, False], counts[k, True]))) for k in (2, 3)}
    said = {}
    for name, c3, c2 in (("first", counts[3, False], counts[2, False]),
                         ("second", counts[3, True], counts[2, True]), ("both", both[3], both[2])):
        d = rate_difference(rate(*c3), rate(*c2))
        said[name] = (verdict(d["low"], d["high"], "zero"), d)
    assert said["first"][0] == "not distinguishable from zero"
    assert said["second"][0] == said["both"][0] == "more than zero"
    d = said["both"][1]
    assert f"{100 * d['difference']:.1f} points [{100 * d['low']:+.1f}, {100 * d['high']:+.1f}]" in TWO_THREE


# ------------------------------------------------ counts of fixed positions
def test_alpha_beta_visits_about_a_third_and_the_order_another_third():
    """Section 3's answer, from the node counts of its seeded search."""
    text = notebook_text()
    assert "Fewer — about a third of minimax's positions at depth 3 here" in text
    assert "Our quick order saves about another third at depth 3; the table nothing at all here" in text
    out = output_of("best_move(minimax, depth)")
    row = re.search(r"^ +3 \| +(\d+) \| +(\d+) \| +(\d+) \| +(\d+) \| +(\d+) \| True$", out, re.M)
    minimax, _, plain, ordered, table = map(int, row.groups())
    assert round(3 * plain / minimax) == 1                   # about a third
    assert round(3 * (plain - ordered) / plain) == 1         # about another third
    assert table == ordered                                  # the table: nothing


@cache
def exact() -> dict:
    return stored("strength_slip_stream_exact")


def test_no_level_misses_a_win_forced_within_its_depth():
    assert "Where the win is forced within the AI's own depth, it never misses it" in notebook_text()
    won = [r for r in exact()["rows"] if r["result"] == 1]
    for k, level in exact()["levels"].items():
        inside = [r for r in won if r["proof_plies"] is not None and r["proof_plies"] <= level["depth"]]
        assert all(r["levels"][k]["verdict"] == 1 for r in inside), k
    assert any(r["proof_plies"] is not None and r["proof_plies"] <= 6 for r in won)


def test_the_search_to_the_end_keeps_wins_and_never_throws_one_away():
    text = notebook_text()
    assert "So it can turn a thrown-away win into a kept one, but never the other way round" in text
    assert "the table above shows it keeping won positions that the level without it threw away" in text
    won = [r for r in exact()["rows"] if r["result"] == 1]
    for k in ("2", "3"):
        plain = f"{k} without proof"
        saved = sum(r["levels"][k]["verdict"] == 1 and r["levels"][plain]["verdict"] == -1 for r in won)
        worse = sum(r["levels"][k]["verdict"] == -1 and r["levels"][plain]["verdict"] == 1 for r in won)
        assert saved > 0 and worse == 0, k


def test_game_184_is_told_as_its_data_say():
    text = notebook_text()
    assert "Four of blue's five moves win; the levels without a search to the end play the fifth" in text
    assert "That happens nine moves later" in text
    assert "until then the evaluation sees blue ahead and close to the last token (about +6)" in text
    assert "the search to the end of levels 2 and 3 proves that 34b → 35b wins, and they play it" in text
    out = output_of("row = next(r for r in rows if r[\"game\"] == 184)")
    every = re.findall(r"^  \S+ → \S+ +blue (wins|loses) against best play$", out, re.M)
    assert (every.count("wins"), len(every)) == (4, 5)
    line = re.search(r"^after 33c → 35c, level 3 for both: (.*)$", out, re.M).group(1)
    assert len(line.split("; ")) == 9
    row = next(r for r in exact()["rows"] if r["game"] == 184)
    for k in ("1", "2 without proof", "3 without proof"):
        assert row["levels"][k]["action"] == "move 33c 35c" and row["levels"][k]["verdict"] == -1
        assert round(row["levels"][k]["evaluation"]) == 6
    for k in ("2", "3"):
        v = row["levels"][k]
        assert v["action"] == "move 34b 35b" and v["verdict"] == 1 and v["proof"]["found"]


def test_the_match_without_the_search_to_the_end_is_told_with_both_samples():
    """Section 6: the stored 200 games cannot tell the side without the
    search to the end from half; 200 more from games 200-399 (the second
    sample) and all 400 put it below half: the sentence says both."""
    text = notebook_text()
    assert ("In the first 200 games the side without it wins at a rate *not distinguishable from half*; "
            "in 200 more, played later with the same command from games 200–399, it wins *less than half*, "
            "and so it does over all 400. So the search to the end does win games") in text
    quantity = long_wins("strength_slip_stream_proof")
    assert verdict(*quantity(False), "half") == "not distinguishable from half"
    assert verdict(*quantity(True), "half") == "less than half"
    k, n = (sum(stored("strength_slip_stream_proof", s)["summary"]["long_wins"][i] for s in (False, True))
            for i in (0, 1))
    both = rate(k, n)
    assert n == 400 and verdict(both["low"], both["high"], "half") == "less than half"


# ------------------------------------------------ lessons A and B: answers read from their cells
def _printed_list(out: str, head: str) -> list[float]:
    line = next(x for x in out.splitlines() if x.startswith(head))
    return [float(v) for v in line.split("[", 1)[1].rstrip("]").split(",")]


def test_the_100_iteration_answer_says_what_the_visits_and_means_show():
    """Lesson B: after 100 iterations the visits are spread (no move has twice another's), the
    means close; the answer gives the printed extremes."""
    out = output_of("big = grow(100)")
    visits = _printed_list(out, "visits after 100 iterations")
    means = _printed_list(out, "their mean values")
    text = notebook_text()
    assert "**Shared out, not piled up — here.**" in text
    assert max(visits) < 2 * min(visits)                       # "no move has even twice the visits"
    assert (f"The most visited move has {max(visits):.0f} visits, the least visited {min(visits):.0f}: "
            "no move has even twice the visits of another") in text
    assert f"The seven means are close ({min(means):.2f} to {max(means):.2f})" in text
    assert max(means) - min(means) < 0.1
    best, worst = means.index(max(means)), means.index(min(means))
    assert "the best mean has the most visits and the worst the fewest" in text
    assert visits[best] == max(visits) and visits[worst] == min(visits)


def test_the_keep_decision_answer_gives_the_printed_difference():
    out = output_of("best = expectimax(decision)")
    worth = dict(re.findall(r"^(keep .+?) +worth (\d\.\d+)$", out, re.M))
    two, one = float(worth["keep 2 red, roll 3"]), float(worth["keep 1 red, roll 4"])
    points = round(100 * (two - one))
    assert f"costs about {points} points of percentage ({two:.3f} − {one:.3f})" in notebook_text()


def test_lesson_a_answer_1_says_the_averages_as_they_are():
    from boardkit.core.searchtree import numeric_tree
    lesson = numeric_tree([[3, 9, 6], [7, 5, 8], [4, 11, 2]])
    means = {c.label: sum(leaf.value for leaf in c.children) / 3 for c in lesson.children}
    assert max(means, key=means.get) == "B"
    assert (f"B also has the largest average ({means['B']:.2f}, against A's {means['A']:g} and C's "
            f"{means['C']:.2f})") in notebook_text()


def test_the_ai_node_counts_are_compared_like_with_like():
    out = output_of('print("depth | AI nodes, every iteration')
    rows = {int(d): (int(n), int(last)) for d, n, last in
            re.findall(r"^ +(\d) \| +(\d+) \| .+? \| +(\d+)$", out, re.M)}
    for d in range(2, 7):
        assert rows[d][1] == rows[d][0] - rows[d - 1][0]
    table = output_of("best_move(minimax, depth)")
    row = re.search(r"^ +3 \| +(\d+) \| +(\d+) \| +(\d+) \| +(\d+) \| +(\d+) \| True$", table, re.M)
    plain, ordered = int(row.group(3)), int(row.group(4))
    assert rows[3][1] > plain
    assert f"({rows[3][1]} against {plain}, and {ordered} with the order)" in notebook_text()
