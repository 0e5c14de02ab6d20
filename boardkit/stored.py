"""A lesson's plot where numpy or matplotlib is missing: the picture stored
with the notebook, said to be one.

The lessons run in JupyterLite too, in the browser, where the site ships
neither numpy nor matplotlib (they are compiled packages of the full Pyodide
distribution, many megabytes a student would download). A plot cell wraps
its drawing in :func:`plot_or_stored`::

    with plot_or_stored("01-046"):
        import matplotlib.pyplot as plt
        ...
        plt.show()

Where matplotlib imports, the block draws as usual. Where ``import numpy``
or ``import matplotlib`` fails, the block stops there, one sentence says
so, and the picture stored in the notebook file under that cell's id (the
output the notebook was built with) is shown again: a cell that runs clears
its outputs, so without this the lesson would lose the picture. Nothing else
is caught: any other error is the lesson's error and shows as one.
"""
from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

#: What a lesson may lack (the top-level package of the failed import).
OPTIONAL = ("numpy", "matplotlib")
#: The outputs a stored picture is made of.
PICTURES = ("image/png", "image/svg+xml")


def stored_pictures(cell_id: str, folder: str | Path = ".") -> list[dict]:
    """The pictures stored under the cell ``cell_id`` in the notebooks of
    ``folder`` (the kernel's folder is the notebook's own), as mime bundles;
    [] when no notebook there holds that cell or it has no stored picture."""
    for path in sorted(Path(folder).glob("*.ipynb")):
        try:
            cells = json.loads(path.read_text(encoding="utf-8")).get("cells", [])
        except (OSError, ValueError, AttributeError):
            continue
        for cell in cells:
            if isinstance(cell, dict) and cell.get("id") == cell_id:
                return [{k: v for k, v in out["data"].items() if k in PICTURES + ("text/plain",)}
                        for out in cell.get("outputs", [])
                        if isinstance(out, dict) and isinstance(out.get("data"), dict)
                        and any(k in out["data"] for k in PICTURES)]
    return []


def missing_sentence(module: str, found: int) -> str:
    """The one sentence said instead of a plot."""
    if found:
        return (f"{module} is not installed here (as in the browser), so this plot is not drawn "
                f"from this run: below is the picture stored with the notebook, from the data "
                f"it was built with.")
    return (f"{module} is not installed here (as in the browser), so this plot is not drawn, and this copy "
            f"of the notebook holds no stored picture of it.")


@contextmanager
def plot_or_stored(cell_id: str, folder: str | Path = ".") -> Iterator[None]:
    """Run the block; if it stops because numpy or matplotlib is missing,
    say so in one sentence and show the cell's stored picture instead."""
    try:
        yield
    except ModuleNotFoundError as e:
        top = (e.name or "").split(".")[0]
        if top not in OPTIONAL:
            raise
        pictures = stored_pictures(cell_id, folder)
        print(missing_sentence(top, len(pictures)))
        if pictures:
            from IPython.display import display
            for bundle in pictures:
                display(_bundle(bundle), raw=True)


def _bundle(data: dict[str, Any]) -> dict[str, Any]:
    """A stored output's data as a display bundle (a notebook file may hold
    a text output as a list of lines)."""
    return {k: "".join(v) if isinstance(v, list) else v for k, v in data.items()}
