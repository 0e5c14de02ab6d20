"""Regenerate the teaching notebooks and execute them (outputs are stored).

    .venv/bin/python notebooks/build.py            # all notebooks
    .venv/bin/python notebooks/build.py 01         # those whose name starts with 01

Every notebook is seeded, so running this twice gives the same outputs;
nbval (in the test suite) re-runs them and compares.
"""
from __future__ import annotations

import sys
from pathlib import Path

import nbformat
from nbclient import NotebookClient
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from sources import NOTEBOOKS  # noqa: E402

#: A code cell containing this line shows a refused move: it is tagged
#: ``raises-exception`` (nbval expects the error; JupyterLab's Run All goes on).
RAISES = "# This cell is refused on purpose: read the error."


def build(name: str, cells: list[tuple[str, str]]) -> Path:
    nb = new_notebook()
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3 (ipykernel)",
                                 "language": "python"}
    nb.metadata["language_info"] = {"name": "python"}
    for kind, src in cells:
        src = src.strip("\n")
        nb.cells.append(new_markdown_cell(src) if kind == "md" else new_code_cell(src))
    for i, cell in enumerate(nb.cells):
        cell["id"] = f"{name[:2]}-{i:03d}"
        if cell.cell_type == "code" and RAISES in cell.source:
            # JupyterLab's "Run All" goes on past a cell with this tag
            cell.metadata["tags"] = ["raises-exception"]
    client = NotebookClient(nb, timeout=600, kernel_name="python3", allow_errors=True, record_timing=False,
                            store_widget_state=False, resources={"metadata": {"path": str(HERE)}})
    client.execute()
    for cell in nb.cells:
        if cell.cell_type != "code":
            continue
        raises = RAISES in cell.source
        for out in cell.get("outputs", []):
            if out.get("output_type") == "error" and not raises:
                raise SystemExit(f"{name}: cell failed:\n{cell.source}\n{out.get('ename')}: {out.get('evalue')}")
    nb.metadata.pop("widgets", None)
    # widget model ids are random and their state is not stored: give them
    # stable names so a rebuild without changes leaves the files unchanged
    k = 0
    for cell in nb.cells:
        for out in cell.get("outputs", []):
            view = out.get("data", {}).get("application/vnd.jupyter.widget-view+json")
            if view:
                view["model_id"] = f"{name}-widget-{k}"
                k += 1
    path = HERE / f"{name}.ipynb"
    nbformat.write(nb, path)
    return path


if __name__ == "__main__":
    wanted = sys.argv[1:]
    for name, cells in NOTEBOOKS.items():
        if not wanted or any(name.startswith(w) for w in wanted):
            print("built", build(name, cells))
