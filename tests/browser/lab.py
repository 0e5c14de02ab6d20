"""Helpers to drive a notebook in JupyterLab (JupyterLab 4 selectors)."""
from __future__ import annotations

import json
import math
import re
import statistics
import time
from pathlib import Path

from boardkit.core.rulings import NUMBERED_ID, RULE_ID
from tests.quiet import quiet

try:
    from playwright.sync_api import expect
except ImportError:  # the fixtures then skip with the reason (fail under BOARDKIT_REQUIRE_BROWSER=1)
    expect = None  # type: ignore[assignment]


def menu(page, name: str, command: str) -> None:
    """Click a main-menu entry by its command id (e.g. ``runmenu:run-all``)."""
    page.locator(".lm-MenuBar-item", has_text=name).first.click()
    page.locator(f'.lm-Menu-item[data-command="{command}"]').first.click()


def wait_kernel_idle(page, timeout: int = 120_000) -> None:
    """The status bar says "(ipykernel) | Idle" only once really connected."""
    page.locator("#jp-main-statusbar").get_by_text(
        re.compile(r"\(ipykernel\) \| Idle")).first.wait_for(timeout=timeout)
    page.locator('.jp-Notebook-ExecutionIndicator[data-status="idle"]').first.wait_for(
        state="attached", timeout=timeout)


def open_and_run_all(page, base: str, token: str, notebook: str) -> None:
    page.goto(f"{base}/lab/tree/{notebook}?token={token}&reset")
    page.locator(".jp-NotebookPanel .jp-Notebook").first.wait_for(timeout=90_000)
    wait_kernel_idle(page)
    menu(page, "Run", "runmenu:run-all")


def open_and_run_to(page, base: str, token: str, notebook: str, cell) -> None:
    """Open ``notebook`` and run its cells from the first down to ``cell``
    (a function of the page giving that cell's locator), that one included:
    Run All Above, then Run the cell. The rest of the lesson stays as it
    was stored (running the whole of each lesson is nbval's job)."""
    page.goto(f"{base}/lab/tree/{notebook}?token={token}&reset")
    page.locator(".jp-NotebookPanel .jp-Notebook").first.wait_for(timeout=90_000)
    wait_kernel_idle(page)
    cell(page).locator(".jp-InputArea-editor").click()
    menu(page, "Run", "notebook:run-all-above")
    menu(page, "Run", "notebook:run-cell")


def cell_with(page, text: str):
    """The notebook cell whose source contains ``text``."""
    return page.locator(".jp-NotebookPanel .jp-Notebook .jp-Cell").filter(
        has=page.locator(".jp-InputArea-editor", has_text=text)).first


def rerun(page, cell) -> None:
    cell.locator(".jp-InputArea-editor").click()
    menu(page, "Run", "notebook:run-cell")


def run_notebook_to_board(page, base: str, token: str, notebook: str, board_cell: str,
                          check_cell: str, check_text: str, timeout: int = 240_000):
    """Open ``notebook``, run it down to the cell whose source contains
    ``check_cell`` (which comes after the board's), and wait until the board
    in the cell whose source contains ``board_cell`` is drawn and the check
    cell shows ``check_text``. Returns (board, check cell, seconds taken).

    Refused moves the notebook shows on purpose (``raises-exception`` cells)
    are forgotten: from here on, any kernel error is a bug."""
    t0 = time.perf_counter()
    open_and_run_to(page, base, token, notebook, lambda p: cell_with(p, check_cell))
    board = cell_with(page, board_cell).locator(".boardkit-widget[data-ready='1']")
    board.wait_for(timeout=timeout)
    check = cell_with(page, check_cell)
    expect(check.locator(".jp-OutputArea-output")).to_contain_text(check_text, timeout=timeout)
    wait_kernel_idle(page, timeout=timeout)
    seconds = time.perf_counter() - t0
    page.kernel_errors.clear()
    board.scroll_into_view_if_needed()
    return board, check, seconds


#: In the page: a promise on the board that settles when the frame showing
#: the board's next answer is done (``data-frame-ms`` set), waited for
#: without polling.
_ARM = """(el, timeout) => {
  delete el.dataset.latencyMs; delete el.dataset.frameMs; delete el.dataset.pressedMs;
  el.__bkDrawn = new Promise((resolve, reject) => {
    const seen = new MutationObserver(() => {
      if (!el.dataset.frameMs) return;
      seen.disconnect(); clearTimeout(late); resolve(Number(el.dataset.latencyMs));
    });
    const late = setTimeout(() => {
      seen.disconnect();
      reject(new Error(`no answer shown in ${timeout} ms`));
    }, timeout);
    seen.observe(el, { attributes: true, attributeFilter: ["data-frame-ms"] });
  });
}"""


def click_and_wait(board, selector: str, timeout: int = 20_000, timings: list | None = None) -> tuple:
    """Click a board target; wait for the redraw (a new ``data-version``) or
    a rejection; return the in-page click → redraw milliseconds.

    The wait is a promise in the page that a mutation observer settles, not
    a polled locator: polling a locator re-runs the selector engine over the
    whole notebook every few milliseconds, on the page's main thread, and
    would itself delay the answer it waits for. In a parallel run the other
    workers pause while the click is timed (tests/quiet.py).

    ``timings``, when given, also gets ``{"drawn", "frame", "reply",
    "highlight"}``, in milliseconds from the click event: the answer drawn
    into the page, the frame that shows it done (style, layout and paint),
    the answer received (the rest is inflating and drawing the picture), and
    the frame that shows the clicked target outlined (before any answer).
    """
    before = board.get_attribute("data-version")
    target = board.locator(selector).first
    root = board.element_handle()
    with quiet():
        root.evaluate(_ARM, timeout)
        target.click()
        ms = float(root.evaluate("el => el.__bkDrawn"))
    if timings is not None:
        frame, reply, pressed = (root.get_attribute(f"data-{k}-ms") for k in ("frame", "reply", "pressed"))
        timings.append({"drawn": ms, "frame": float(frame), "reply": float(reply) if reply else None,
                        "highlight": float(pressed) if pressed else None})
    # bots reply in the background: wait until none is thinking
    expect(board).to_have_attribute("data-thinking", "", timeout=timeout)
    return ms, before


def summary(xs):
    xs = sorted(x for x in xs if x is not None)
    if not xs:
        return {"n": 0}
    p90 = xs[min(len(xs) - 1, math.ceil(0.9 * len(xs)) - 1)]      # nearest rank
    return {"n": len(xs), "min": round(xs[0], 1), "median": round(statistics.median(xs), 1),
            "p90": round(p90, 1), "max": round(xs[-1], 1)}


def timing_summary(timings: list) -> dict:
    """Medians and p90 of each part of :func:`click_and_wait`'s timings."""
    return {key: summary([t[key] for t in timings]) for key in ("drawn", "frame", "reply", "highlight")}


def report_clicks(page, name: str, artifacts: Path, run_s: float, latencies: list,
                  timings: list) -> dict:
    """Write ``<name>_lab.json`` (time to the board, click figures, errors seen),
    print it, and fail on any page error or kernel error."""
    result = {"run_until_board_s": round(run_s, 1),
              "click_to_redraw_ms": summary([x for x in latencies if x]),
              "click_to_frame_ms": summary([t["frame"] for t in timings]),
              "board_clicks_ms": timing_summary(timings),
              "board_clicks_raw_ms": timings,
              "console_errors": [c for c in page.console_log if c.startswith(("error", "pageerror"))],
              "kernel_errors": page.kernel_errors}
    artifacts.mkdir(parents=True, exist_ok=True)
    (artifacts / f"{name}_lab.json").write_text(json.dumps(result, indent=2))
    print(json.dumps(result, indent=2))
    assert not [c for c in page.console_log if c.startswith("pageerror")], page.console_log
    assert not page.kernel_errors, page.kernel_errors
    return result


#: What a learner's sentence never holds: the engine's prefix, a typed
#: action's syntax lesson, a bare ruling id (those are tags beside it).
_ENGINE_WORDS = re.compile(r"illegal '|an action looks like|write '|\b" + NUMBERED_ID + r"\b")


def check_refusal_shown(board) -> str:
    """A refused click reads in the rule's words above the board, with its
    rulings as tags, and beside the clicked target (a callout on the board).
    Returns the sentence."""
    sentence = board.locator(".bk-error-text").inner_text()
    assert sentence and not _ENGINE_WORDS.search(sentence), sentence
    tags = board.locator(".bk-error .bk-rule")
    assert tags.count() >= 1 and re.fullmatch(RULE_ID, tags.first.inner_text())
    assert "ruling" in tags.first.get_attribute("title")
    expect(board.locator(".bk-callout")).to_be_visible()
    assert board.locator(".bk-callout").inner_text() == sentence
    return sentence


#: Present mode on the two projector sizes every board is judged at.
PROJECTOR_SIZES = ((1280, 720), (1920, 1080))
#: The words around the board, each at least 0.8 × the board's body text.
AROUND_THE_BOARD = (".bk-hint", ".bk-step-label", ".bk-present", ".bk-undo", ".bk-error", ".bk-message",
                    ".bk-expects")


def check_present(page, board, name: str, artifacts: Path) -> dict:
    """Present at 1280×720 and 1920×1080: the words around the board are at
    least 0.8 times the board's own body text as shown, the board fits the
    screen, and a screenshot of each is kept. Back to the notebook after."""
    seen = {}
    size = page.viewport_size
    try:
        for w, h in PROJECTOR_SIZES:
            page.set_viewport_size({"width": w, "height": h})
            board.locator(".bk-present").click()
            expect(board).to_have_attribute("data-size", "present")
            page.wait_for_timeout(300)        # (the board settles to the screen)
            body = float(board.get_attribute("data-body-px"))
            sizes = board.evaluate("""(root, sels) => Object.fromEntries(sels.map((s) => {
                const e = root.querySelector(s);
                return [s, e ? parseFloat(getComputedStyle(e).fontSize) : 0];
            }))""", list(AROUND_THE_BOARD))
            small = {s: px for s, px in sizes.items() if px < 0.8 * body or px < 15}
            assert not small, (w, h, body, small)
            svg = board.locator(".bk-board svg").bounding_box()
            assert svg["y"] + svg["height"] <= h + 1 and svg["width"] > 0.5 * w, svg
            artifacts.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(artifacts / f"{name}_present_{w}x{h}.png"))
            seen[f"{w}x{h}"] = {"board_text_px": body, "around_px": min(sizes.values())}
            board.locator(".bk-present").click()
            expect(board).to_have_attribute("data-size", "normal")
    finally:
        page.set_viewport_size(size)
    return seen
