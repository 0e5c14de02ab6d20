"""Re-run the teaching notebooks in place and store their outputs.

    .venv/bin/python notebooks/build.py            # all notebooks
    .venv/bin/python notebooks/build.py 01         # those whose name starts with 01

The notebooks themselves are the source: edit them in JupyterLab (or any
editor) and run this to refresh the stored outputs. Only outputs change;
a teacher's cells, text and tags are kept as they are.

A code cell tagged ``predict`` answers the *Predict* question above it: its
outputs are not stored where a student sees them before running it (they
would give the answer away) but in the cell's metadata
(``boardkit.answer_outputs``), where nbval still compares them with a fresh
run (the root conftest.py puts them back for the comparison). When it is
also tagged ``answer-picture``, its small pictures (up to
``ANSWER_PICTURE_LIMIT`` bytes each: trees and hands, not boards) are
written inside the folded ``<details>`` Answer that follows it as well, so
that a viewer without a kernel (GitHub, nbviewer) shows them when the
Answer is opened. Lessons 05 and 06 tag theirs (a tree is 6–14 kB, the
hands 19 kB); the game notebooks' answers show boards, left as they are.

A code cell tagged ``raises-exception`` shows a refused move on purpose
(nbval expects the error; JupyterLab's Run All goes on). Every other cell
must run without an error. Every notebook is seeded, so running this twice
gives the same outputs; nbval (in the test suite) re-runs them and compares.

Each rebuilt notebook's teacher's page (docs/teachers/, notebooks/teachers.py)
is written again with it: its plan, worksheet and answer sheet are the
notebook's own.
"""
from __future__ import annotations

import re
import sys
import time
from pathlib import Path

import nbformat
from nbclient import NotebookClient

from boardkit.answers import PREDICT, hide_predict_answers

HERE = Path(__file__).resolve().parent
#: No cell may take longer than this (seconds) on a 2-core machine.
CELL_LIMIT = 5.0


def build(path: Path) -> Path:
    nb = nbformat.read(path, as_version=4)
    name = path.stem
    for cell in nb.cells:
        if cell.cell_type == "code":
            cell.outputs, cell.execution_count = [], None
            cell.metadata.pop("execution", None)
    client = NotebookClient(nb, timeout=600, kernel_name="python3", allow_errors=True,
                            record_timing=True, store_widget_state=False,
                            resources={"metadata": {"path": str(HERE)}})
    t0 = time.perf_counter()
    client.execute()
    slow = []
    for i, cell in enumerate(nb.cells):
        if cell.cell_type != "code":
            continue
        raises = "raises-exception" in cell.metadata.get("tags", [])
        for out in cell.get("outputs", []):
            if out.get("output_type") == "error" and not raises:
                raise SystemExit(f"{name}: cell {i} failed:\n{cell.source}\n"
                                 f"{out.get('ename')}: {out.get('evalue')}")
        timing = cell.metadata.pop("execution", {})
        start, end = timing.get("iopub.execute_input"), timing.get("shell.execute_reply")
        if start and end:
            from datetime import datetime
            took = (datetime.fromisoformat(end.rstrip("Z")) - datetime.fromisoformat(start.rstrip("Z")))
            if took.total_seconds() > CELL_LIMIT:
                slow.append((i, round(took.total_seconds(), 1)))
    nb.metadata.pop("widgets", None)
    normalise_metadata(nb)
    hide_predict_answers(nb)
    show_answer_pictures(nb)
    # No widget state is stored, so a stored widget view could never be
    # drawn again ("model not found"): keep only its static picture, which
    # every viewer shows; running the cell brings the live board back.
    for cell in nb.cells:
        for out in cell.get("outputs", []):
            out.get("data", {}).pop("application/vnd.jupyter.widget-view+json", None)
    nbformat.write(nb, path)
    print(f"built {path.name} in {time.perf_counter() - t0:.1f} s"
          + (f"; cells over {CELL_LIMIT} s: {slow}" if slow else ""))
    return path


#: A picture of an answering cell up to this size (bytes of its ``<img>``) is
#: also put inside the folded Answer below it (a board is larger and is not).
ANSWER_PICTURE_LIMIT = 30_000
#: The tag of a ``predict`` cell whose pictures are copied into its Answer.
ANSWER_PICTURE = "answer-picture"
#: The lines around the pictures put in an Answer (what lies between is rewritten on every build).
PICTURES_BEGIN = "<!-- the answering cell's pictures (notebooks/build.py): do not edit -->"
PICTURES_END = "<!-- end of the answering cell's pictures -->"
_IMG = re.compile(r'<img class="boardkit-static" src="data:image/svg\+xml;base64,[A-Za-z0-9+/=]+"[^>]*>')


def answer_pictures(cell) -> list[str]:
    """The ``<img>`` of each small picture a ``predict`` cell shows (from its stored answer)."""
    found = []
    for out in cell.get("metadata", {}).get("boardkit", {}).get("answer_outputs", []):
        html = out.get("data", {}).get("text/html", "")
        html = html if isinstance(html, str) else "".join(html)
        m = _IMG.fullmatch(html.strip())
        if m and len(m.group(0)) <= ANSWER_PICTURE_LIMIT:
            found.append(m.group(0))
    return found


def with_pictures(answer: str, pictures: list[str]) -> str:
    """An Answer cell's source with ``pictures`` last inside its ``<details>``
    (any pictures put there before are replaced; none: the block is removed)."""
    start, end = answer.find(PICTURES_BEGIN), answer.find(PICTURES_END)
    if start >= 0 and end > start:
        answer = answer[:start].rstrip("\n") + "\n" + answer[end + len(PICTURES_END):].lstrip("\n")
    if not pictures:
        return answer
    at = answer.rfind("</details>")
    block = "\n".join([PICTURES_BEGIN, *pictures, PICTURES_END])
    return answer[:at].rstrip("\n") + "\n\n" + block + "\n" + answer[at:]


def answer_cells(nb):
    """(predict cell, the markdown cell of its folded Answer) for each ``predict``
    cell followed by a ``<details>`` Answer (the next markdown cell)."""
    for i, cell in enumerate(nb.cells):
        if cell.cell_type == "code" and PREDICT in cell.metadata.get("tags", []):
            nxt = next((c for c in nb.cells[i + 1:] if c.cell_type == "markdown"), None)
            if nxt is not None and "<details>" in nxt.source and "</details>" in nxt.source:
                yield cell, nxt


def show_answer_pictures(nb) -> None:
    """Put the small pictures of each ``predict`` cell inside its folded
    Answer, as the same ``<img>`` of an SVG data URI: a viewer without a
    kernel (GitHub, nbviewer, an export) shows them when the Answer is
    opened, and they are the answering cell's own output, written on every
    build, so they cannot drift from it (tests/test_predict_cells.py checks)."""
    for cell, answer in answer_cells(nb):
        wanted = ANSWER_PICTURE in cell.metadata.get("tags", [])
        answer.source = with_pictures(answer.source, answer_pictures(cell) if wanted else [])


def normalise_metadata(nb, kernel_name: str = "python3") -> None:
    """The notebook's metadata as JupyterLab writes it when it opens the
    notebook with the project's kernel: the kernel spec's own name and
    display name, and the kernel's ``language_info`` (nbclient has stored
    the reply of the kernel that ran the cells). Otherwise opening a
    notebook marks it modified and autosave rewrites the tracked file."""
    from jupyter_client.kernelspec import KernelSpecManager

    spec = KernelSpecManager().get_kernel_spec(kernel_name)
    nb.metadata["kernelspec"] = {"display_name": spec.display_name, "language": spec.language,
                                 "name": kernel_name}
    if "language_info" not in nb.metadata:
        raise SystemExit("the kernel sent no language_info: its metadata cannot match JupyterLab's")


def notebooks() -> list[Path]:
    return sorted(HERE.glob("[0-9][0-9]_*.ipynb"))


if __name__ == "__main__":
    import teachers  # notebooks/teachers.py: each notebook's teacher's page follows it

    wanted = sys.argv[1:]
    for path in notebooks():
        if not wanted or any(path.name.startswith(w) for w in wanted):
            build(path)
            print("wrote", teachers.write(path).relative_to(teachers.ROOT))
    (teachers.PAGES / "README.md").write_text(teachers.index(), encoding="utf-8")
