"""A lesson saved by Jupyter keeps its Predict answers folded
(boardkit/answers.py): after a Run All, the file holds each answer in the
cell's metadata, not as an output the next reader sees."""
from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from boardkit.answers import hide_predict_answers, pre_save_hook

ROOT = Path(__file__).resolve().parents[1]
CONFIG = Path(sys.prefix) / "etc" / "jupyter" / "jupyter_server_config.d" / "boardkit.json"


def _lesson(run: bool) -> dict:
    # (imported here, not at the top: importing it costs seconds in every worker that collects)
    import nbformat
    nb = nbformat.v4.new_notebook()
    answer = nbformat.v4.new_code_cell("print(6 * 7)", metadata={"tags": ["predict"]})
    other = nbformat.v4.new_code_cell("print('shown')")
    if run:
        answer.outputs = [nbformat.v4.new_output("stream", name="stdout", text="42\n")]
        answer.execution_count = 3
        other.outputs = [nbformat.v4.new_output("stream", name="stdout", text="shown\n")]
    nb.cells = [nbformat.v4.new_markdown_cell("*Predict:* what is 6 × 7?"), answer, other]
    return json.loads(nbformat.writes(nb))


def test_a_run_answer_moves_into_the_metadata_and_a_plain_cell_keeps_its_output():
    nb = _lesson(run=True)
    assert hide_predict_answers(nb, keep_stored=True) == 1
    answer, other = nb["cells"][1], nb["cells"][2]
    assert answer["outputs"] == [] and answer["execution_count"] is None
    assert "".join(answer["metadata"]["boardkit"]["answer_outputs"][0]["text"]) == "42\n"
    assert "".join(other["outputs"][0]["text"]) == "shown\n"


def test_a_cell_not_run_keeps_the_answer_stored_before():
    nb = _lesson(run=True)
    hide_predict_answers(nb)
    stored = nb["cells"][1]["metadata"]["boardkit"]["answer_outputs"]
    pre_save_hook({"type": "notebook", "content": nb}, path="x.ipynb")
    assert nb["cells"][1]["metadata"]["boardkit"]["answer_outputs"] == stored
    pre_save_hook({"type": "file", "content": "not a notebook"}, path="x.txt")   # left alone


def test_jupyter_saving_a_run_lesson_keeps_its_answers_folded(tmp_path):
    """Through Jupyter's own contents manager, configured by the file the
    package installs (as JupyterLab's server reads it)."""
    pytest.importorskip("jupyter_server")
    from jupyter_server.services.contents.filemanager import FileContentsManager
    from traitlets.config import Config
    assert CONFIG.is_file(), f"the install did not put {CONFIG.name} in {CONFIG.parent}"
    assert json.loads(CONFIG.read_text()) == json.loads(
        (ROOT / "jupyter-config" / "jupyter_server_config.d" / "boardkit.json").read_text())
    manager = FileContentsManager(root_dir=str(tmp_path), config=Config(json.loads(CONFIG.read_text())))
    manager.save({"type": "notebook", "format": "json", "content": _lesson(run=True)}, "lesson.ipynb")
    saved = json.loads((tmp_path / "lesson.ipynb").read_text(encoding="utf-8"))
    answer, other = saved["cells"][1], saved["cells"][2]
    assert answer["outputs"] == [] and answer["metadata"]["boardkit"]["answer_outputs"]
    assert other["outputs"], "a cell that answers no question keeps what it shows"
