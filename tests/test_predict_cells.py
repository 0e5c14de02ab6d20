"""Predict-then-run is honest: the cell that answers a *Predict* question
shows nothing before the student runs it.

Every *Predict* question in a game notebook is followed by a code cell
tagged ``predict``; that cell stores no output where a reader sees it (its
outputs are kept in ``metadata.boardkit.answer_outputs``, which nbval
compares with a fresh run, see the root conftest.py), and a folded answer
follows it. Slip Stream's core path asks at least five questions.
"""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = sorted((ROOT / "notebooks").glob("0[1-9]_*.ipynb"))
QUESTION = re.compile(r"\*\*Predict[.:]?\*\*|\*Predict:?\*")


def _cells(path: Path) -> list[dict]:
    return json.loads(path.read_text(encoding="utf-8"))["cells"]


def _text(cell: dict) -> str:
    return "".join(cell["source"])


def _is_question(i: int, cell: dict) -> bool:
    """A Predict question (not the notebook's how-to or its table of contents)."""
    return cell["cell_type"] == "markdown" and i > 1 and bool(QUESTION.search(_text(cell))) \
        and "Table of contents" not in _text(cell) and "How to use" not in _text(cell)


def _predict(cell: dict) -> bool:
    return cell["cell_type"] == "code" and "predict" in cell["metadata"].get("tags", [])


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_every_predict_question_is_answered_by_a_tagged_cell_that_shows_nothing_yet(path):
    cells = _cells(path)
    questions = [i for i, c in enumerate(cells) if _is_question(i, c)]
    assert questions, f"{path.name} asks no Predict question"
    answered = set()
    for i in questions:
        j = next(k for k in range(i + 1, len(cells)) if cells[k]["cell_type"] == "code")
        assert _predict(cells[j]), f"{path.name} cell {j} answers the question in cell {i}: not tagged"
        answered.add(j)
        later = [k for k in range(j + 1, len(cells)) if cells[k]["cell_type"] == "markdown"]
        assert later and "<details>" in _text(cells[later[0]]), f"{path.name}: no answer after cell {j}"
    for j, cell in enumerate(cells):
        if not _predict(cell):
            continue
        assert j in answered, f"{path.name} cell {j} is tagged predict without a question above it"
        assert cell["outputs"] == [], f"{path.name} cell {j} shows its answer before it is run"
        # …nor a run number with nothing under it: the cell looks never run
        assert cell["execution_count"] is None, f"{path.name} cell {j} shows a run number and no output"
        stored = cell["metadata"].get("boardkit", {}).get("answer_outputs")
        assert stored, f"{path.name} cell {j}: nbval has no stored answer to compare with"
        shown = "".join("".join(o.get("text", "")) + "".join(o.get("data", {}).get("text/plain", ""))
                        for o in stored)
        assert shown.strip(), f"{path.name} cell {j}: the stored answer is empty"


def test_slip_streams_core_path_asks_at_least_five_questions_and_starts_with_a_plain_move():
    cells = _cells(ROOT / "notebooks" / "04_slip_stream.ipynb")
    core_end = next(i for i, c in enumerate(cells) if '<a id="play"></a>' in _text(c))
    core = [i for i, c in enumerate(cells[:core_end]) if _is_question(i, c)]
    assert len(core) >= 5
    plain = next(i for i, c in enumerate(cells) if '<a id="plain"></a>' in _text(c))
    pie = next(i for i, c in enumerate(cells) if '<a id="pie"></a>' in _text(c))
    assert plain < pie, "the first move shown is a plain move; the pie rule comes after the rules"
    evaluation = next(i for i, c in enumerate(cells) if "chooser's expected lead" in _text(c))
    assert evaluation > min(i for i, c in enumerate(cells) if '<a id="goal"></a>' in _text(c))


class _Node(dict):
    """A notebook read as JSON, with attribute access as nbformat gives (``cell.source`` …)."""

    def __init__(self, data: dict):
        super().__init__({k: _Node(v) if isinstance(v, dict) else
                          [_Node(x) if isinstance(x, dict) else x for x in v] if isinstance(v, list) else v
                          for k, v in data.items()})

    def __getattr__(self, name: str):
        value = self[name]
        return "".join(value) if name == "source" and isinstance(value, list) else value


def _build():
    import importlib.util
    import sys
    spec = importlib.util.spec_from_file_location("notebook_build", ROOT / "notebooks" / "build.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("notebook_build", module)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_an_answer_shows_the_pictures_of_its_cell_without_a_kernel(path):
    """A ``predict`` cell tagged ``answer-picture``: its folded Answer holds the very pictures the
    cell shows (its stored outputs, as notebooks/build.py writes them), so GitHub and nbviewer show
    them when the Answer is opened; no other Answer holds such a block."""
    build = _build()
    nb = _Node(json.loads(path.read_text(encoding="utf-8")))
    tagged = 0
    for cell, answer in build.answer_cells(nb):
        wanted = build.ANSWER_PICTURE in cell.metadata.get("tags", [])
        pictures = build.answer_pictures(cell) if wanted else []
        if wanted:
            tagged += 1
            assert pictures, f"{path.name} {cell.id}: tagged answer-picture, but no small picture to show"
            inside = answer.source.split("<details>", 1)[1].rsplit("</details>", 1)[0]
            assert all(p in inside for p in pictures), \
                f"{path.name} {cell.id}: its pictures are not in the Answer"
        assert answer.source == build.with_pictures(answer.source, pictures), (
            f"{path.name}: the Answer after {cell.id} differs from its cell's pictures: rebuild it")
    if path.name.startswith(("05", "06")):
        assert tagged == 4, f"{path.name}: every picture answering a Predict is shown in its Answer"
