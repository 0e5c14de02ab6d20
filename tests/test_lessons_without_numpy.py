"""Every notebook runs to its end where numpy, matplotlib and tqdm are not
installed, as in the browser (JupyterLite ships none of them): boardkit
imports nothing optional at module level, a plot cell says in one sentence
that its picture is the stored one and shows it again
(:func:`boardkit.stored.plot_or_stored`), and sweeps too long for a lesson
come from the stored files in ``notebooks/data``.

The kernel runs with an import hook that makes those packages missing (a
``sitecustomize`` on its ``PYTHONPATH``), on a copy of the notebook so the
stored pictures it reads are the committed ones."""
from __future__ import annotations

import os
import re
import shutil
import sys
from pathlib import Path

import nbformat
import pytest

from boardkit.stored import missing_sentence

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))
MISSING = ("numpy", "matplotlib", "tqdm")
HOOK = f'''import sys
MISSING = {MISSING!r}
class _Missing:
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in MISSING:
            raise ModuleNotFoundError(f"No module named {{name!r}}", name=name)
        return None
sys.meta_path.insert(0, _Missing())
'''
PLOT_CELL = re.compile(r'plot_or_stored\("([^"]+)"\)')

pytestmark = pytest.mark.slow


def _run_without(notebook: Path, tmp_path: Path) -> nbformat.NotebookNode:
    from nbclient import NotebookClient
    hook = tmp_path / "hook"
    hook.mkdir()
    (hook / "sitecustomize.py").write_text(HOOK, encoding="utf-8")
    work = tmp_path / "notebooks"
    shutil.copytree(ROOT / "notebooks", work,
                    ignore=shutil.ignore_patterns(".ipynb_checkpoints", "__pycache__"))
    nb = nbformat.read(work / notebook.name, as_version=4)
    old = os.environ.get("PYTHONPATH")
    os.environ["PYTHONPATH"] = os.pathsep.join([str(hook), str(ROOT)] + ([old] if old else []))
    try:
        NotebookClient(nb, timeout=300, kernel_name="python3", allow_errors=True,
                       resources={"metadata": {"path": str(work)}}).execute()
    finally:
        if old is None:
            os.environ.pop("PYTHONPATH", None)
        else:
            os.environ["PYTHONPATH"] = old
    return nb


def test_the_hook_makes_the_packages_missing(tmp_path):
    """The check below can fail: a notebook that imports matplotlib
    outside a plot block stops with the hook in place."""
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell("import matplotlib.pyplot as plt"),
                nbformat.v4.new_code_cell("from boardkit.stored import plot_or_stored\n"
                                          "with plot_or_stored('nothing-here'):\n    import numpy")]
    path = tmp_path / "notebooks" / "x.ipynb"
    path.parent.mkdir()
    nbformat.write(nb, path)
    from nbclient import NotebookClient
    hook = tmp_path / "hook"
    hook.mkdir()
    (hook / "sitecustomize.py").write_text(HOOK, encoding="utf-8")
    old = os.environ.get("PYTHONPATH")
    os.environ["PYTHONPATH"] = os.pathsep.join([str(hook), str(ROOT)])
    try:
        NotebookClient(nb, timeout=60, kernel_name="python3", allow_errors=True,
                       resources={"metadata": {"path": str(path.parent)}}).execute()
    finally:
        os.environ.pop("PYTHONPATH", None) if old is None else os.environ.__setitem__("PYTHONPATH", old)
    first, second = nb.cells
    assert [o["ename"] for o in first.outputs if o["output_type"] == "error"] == ["ModuleNotFoundError"]
    assert [o.get("text") for o in second.outputs] == [missing_sentence("numpy", 0) + "\n"]


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=lambda p: p.stem)
def test_a_notebook_runs_to_its_end_without_numpy_or_matplotlib(notebook, tmp_path):
    stored = nbformat.read(notebook, as_version=4)
    nb = _run_without(notebook, tmp_path)
    errors = [(c.get("id"), o["ename"], o["evalue"][:120]) for c in nb.cells if c.cell_type == "code"
              and "raises-exception" not in c.metadata.get("tags", [])
              for o in c.outputs if o["output_type"] == "error"]
    assert errors == [], f"{notebook.name} stops where numpy or matplotlib is missing: {errors}"
    by_id = {c.get("id"): c for c in stored.cells}
    for cell in nb.cells:
        m = PLOT_CELL.search(cell.source) if cell.cell_type == "code" else None
        if not m:
            continue
        assert m.group(1) == cell.get("id"), f"{notebook.name}: a plot block names another cell's id"
        kept = [o for o in by_id[m.group(1)].outputs if "image/png" in o.get("data", {})]
        shown = [o for o in cell.outputs if "image/png" in o.get("data", {})]
        said = "".join(o.get("text", "") for o in cell.outputs if o["output_type"] == "stream")
        module = "numpy" if "numpy" in said.split(" is not installed")[0] else "matplotlib"
        assert missing_sentence(module, len(kept)) in said, f"{notebook.name} {cell.get('id')}: {said!r}"
        assert kept and [o["data"]["image/png"] for o in shown] == [o["data"]["image/png"] for o in kept], \
            f"{notebook.name} {cell.get('id')}: the stored picture is not shown again"


def test_every_plot_in_a_lesson_is_in_a_plot_block():
    """A cell that imports matplotlib does it inside ``plot_or_stored``."""
    loose = []
    for path in NOTEBOOKS:
        for cell in nbformat.read(path, as_version=4).cells:
            if cell.cell_type != "code":
                continue
            for line in cell.source.splitlines():
                if re.match(r"(import|from) (matplotlib|numpy)\b", line):
                    loose.append((path.name, cell.get("id"), line))
    assert loose == []


if __name__ == "__main__":
    sys.exit(pytest.main([__file__, "-q"]))
