"""A lesson's *Predict* answers stay folded in the file.

A code cell tagged ``predict`` answers the *Predict* question above it. Its
outputs are kept in the cell's metadata (``boardkit.answer_outputs``), not
as outputs, so a notebook opened fresh shows the question and not its
answer (nor a run number with nothing under it). ``notebooks/build.py``
stores them so; :func:`pre_save_hook` does the same whenever Jupyter saves
a notebook: after a teacher's Run All, the autosave of a shared copy no
longer writes every answer into the file the class opens next. The answer
shows again as soon as the cell is run.

boardkit installs the hook for Jupyter's server with the package
(``etc/jupyter/jupyter_server_config.d/boardkit.json``); it touches only
notebooks with ``predict`` cells. Pure Python, no Jupyter import.
"""
from __future__ import annotations

from typing import Any

#: The tag of a cell that answers a *Predict* question.
PREDICT = "predict"


def hide_predict_answers(nb: Any, *, keep_stored: bool = False) -> int:
    """Move the outputs of ``predict`` cells of the notebook ``nb`` (a dict
    as nbformat reads it) into their metadata; returns how many cells.

    ``keep_stored``: a cell with no outputs (not run) keeps the answer
    stored before, as when a notebook is saved before a cell is run."""
    moved = 0
    for cell in nb.get("cells", []):
        if cell.get("cell_type") != "code" or PREDICT not in cell.get("metadata", {}).get("tags", []):
            continue
        outputs = cell.get("outputs") or []
        if outputs or not keep_stored:
            cell.setdefault("metadata", {}).setdefault("boardkit", {})["answer_outputs"] = outputs
            moved += bool(outputs)
        cell["outputs"] = []
        cell["execution_count"] = None
    return moved


def pre_save_hook(model: dict, **kwargs: Any) -> None:
    """Jupyter's ``ContentsManager.pre_save_hook``: a notebook being saved
    keeps its *Predict* answers folded (see the module)."""
    if model.get("type") == "notebook" and isinstance(model.get("content"), dict):
        hide_predict_answers(model["content"], keep_stored=True)
