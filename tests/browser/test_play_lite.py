"""The zero-install site in Chromium, with every request that leaves
loopback blocked, served by a plain static server with gzip
(``lite/serve.py``): the play app starts from a link that picks the game, a
click makes a move, a wrong click is refused in the rule's sentence with
nothing played, a bad link gets the play page's sentence, a reload resumes
the game; a lesson runs to its end in JupyterLite.

The site is built once per test session (``lite/build.py``, run in a virtual
environment of its own with JupyterLite, into a folder named after what it
is built from, kept between runs under ``~/.cache/boardkit-lite`` with the
fetched Pyodide runtime; pytest-xdist's workers share one build). Where it
cannot be built (no npm, no registry), the tests are skipped with the
build's own sentence.
"""
from __future__ import annotations

import contextlib
import fcntl
import hashlib
import os
import random
import subprocess
import sys
import time
from pathlib import Path

import pytest
from lab import expect

from conftest import ARTIFACTS, CHROMIUM_ARGS, REQUIRE, ROOT


def _load_serve():
    """lite/serve.py (lite/ is not a package)."""
    import importlib.util
    spec = importlib.util.spec_from_file_location("boardkit_lite_serve", ROOT / "lite" / "serve.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


Site = _load_serve().Site

pytestmark = pytest.mark.browser

CACHE = Path(os.environ.get("BOARDKIT_LITE_CACHE", Path.home() / ".cache" / "boardkit-lite"))
BOARD = ".boardkit-widget[data-ready='1']"
#: What the site is built from (a change to any of it builds again).
SOURCES = ["boardkit", "widgets", "lite/build.py", "notebooks", "docs/rulings.md", "pyproject.toml"]


def _fingerprint() -> str:
    h = hashlib.sha256()
    for top in SOURCES:
        p = ROOT / top
        files = [p] if p.is_file() else sorted(f for f in p.rglob("*") if f.is_file()
                                               and "__pycache__" not in f.parts and ".ipynb_checkpoints"
                                               not in f.parts)
        for f in files:
            h.update(str(f.relative_to(ROOT)).encode())
            h.update(f.read_bytes())
    return h.hexdigest()[:16]


#: What the build runs with, in a virtual environment of its own (JupyterLite's
#: kernel extension is kept out of the JupyterLab that the other browser tests drive).
LITE_PACKAGES = ["jupyterlite-core>=0.8,<0.9", "jupyterlite-pyodide-kernel>=0.8.6,<0.9", "jupyter_server",
                 "jupyterlab_widgets", "anywidget", "hatchling"]


def _lite_python() -> Path:
    """The build's Python (its environment made once, under the cache)."""
    venv = CACHE / "venv"
    python = venv / "bin" / "python"
    ready = venv / ".ready"
    if ready.is_file() and ready.read_text() == repr(LITE_PACKAGES):
        return python
    done = subprocess.run([sys.executable, "-m", "venv", "--clear", str(venv)], capture_output=True,
                          text=True)
    if done.returncode == 0:
        done = subprocess.run([str(python), "-m", "pip", "install", "-q", *LITE_PACKAGES],
                              capture_output=True, text=True)
    if done.returncode:
        lines = (done.stderr or done.stdout).strip().splitlines() or ["(no output)"]
        _cannot_build(f"its tools did not install ({lines[-1]})")
    ready.write_text(repr(LITE_PACKAGES))
    return python


def _cannot_build(why: str) -> None:
    """A skip where the site cannot be built; under BOARDKIT_REQUIRE_BROWSER=1 (CI) a failure."""
    msg = f"the zero-install site cannot be built here: {why}"
    if REQUIRE:
        pytest.fail(msg + " — and BOARDKIT_REQUIRE_BROWSER=1 is set", pytrace=False)
    pytest.skip(msg)


@contextlib.contextmanager
def _locked(path: Path):
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "w") as fh:
        fcntl.flock(fh, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(fh, fcntl.LOCK_UN)


@pytest.fixture(scope="session")
def lite_site() -> Path:
    """The built site (one build for every worker, kept while its sources are unchanged)."""
    # sites are kept per checkout: another checkout's run never removes the site this one serves
    sites = CACHE / f"sites-{hashlib.sha256(str(ROOT).encode()).hexdigest()[:12]}"
    out = sites / f"site-{_fingerprint()}"
    with _locked(sites / "site.lock"):
        if not (out / ".boardkit-lite-site").is_file():
            for old in sites.glob("site-*"):      # this checkout's earlier builds (each marked as a build's)
                if (old / ".boardkit-lite-site").is_file():
                    subprocess.run([sys.executable, "-c", "import shutil,sys; shutil.rmtree(sys.argv[1])",
                                    str(old)], check=False)
            python = _lite_python()
            done = subprocess.run([str(python), str(ROOT / "lite" / "build.py"), "--out", str(out),
                                   "--cache", str(CACHE)], capture_output=True, text=True)
            if done.returncode:
                _cannot_build(done.stderr.strip())
    return out


@pytest.fixture(scope="session")
def lite_server(lite_site):
    site = Site(lite_site).start()
    yield site
    site.stop()


def _offline(ctx, outside: list[str]) -> None:
    def route(r):
        u = r.request.url
        if u.startswith(("http://127.0.0.1", "data:", "blob:")):
            return r.continue_()
        outside.append(u)
        return r.abort()
    ctx.route("**/*", route)


@pytest.fixture
def play(_playwright, lite_server):
    """A fresh browser (its own storage) on the play app, offline; call it with a query string."""
    browser = _playwright.chromium.launch(executable_path=os.environ.get("CHROMIUM", "/usr/bin/chromium"),
                                          headless=True, args=CHROMIUM_ARGS)
    ctx = browser.new_context(viewport={"width": 1280, "height": 720})
    outside: list[str] = []
    _offline(ctx, outside)
    page = ctx.new_page()
    page.errors = []
    page.on("pageerror", lambda e: page.errors.append(str(e)))

    def open_(query: str = ""):
        page.goto(f"{lite_server.url}play/{query}")
        page.locator(BOARD).wait_for(timeout=120_000)
        return page
    try:
        yield open_
    finally:
        with contextlib.suppress(Exception):
            page.screenshot(path=str(ARTIFACTS / "play-lite-last.png"))
        browser.close()
        assert outside == [], f"requests tried to leave loopback: {outside[:5]}"
        assert page.errors == [], page.errors


def _ready(page) -> bool:
    board = page.locator(BOARD)
    return (board.get_attribute("data-thinking") == ""
            and page.locator(f"{BOARD} [data-act].legal").count() > 0)


def _wait_ready(page, timeout: float = 60) -> None:
    end = time.monotonic() + timeout
    while not _ready(page):
        assert time.monotonic() < end, "the board never offered a move"
        page.wait_for_timeout(100)


def _move(page, rng: random.Random) -> None:
    """Click legal targets until a whole move is made (the log grows)."""
    logged = page.locator(".bk-log li").count()
    for _ in range(6):
        _wait_ready(page)
        targets = page.locator(f"{BOARD} [data-act].legal")
        before = page.locator(BOARD).get_attribute("data-version")
        targets.nth(rng.randrange(targets.count())).click()
        expect(page.locator(BOARD)).not_to_have_attribute("data-version", before or "", timeout=30_000)
        if page.locator(".bk-log li").count() > logged:
            return
    raise AssertionError("six clicks made no move")


def test_a_link_picks_the_game_a_click_moves_and_a_reload_resumes(play):
    page = play("?game=super_race&ai=1&seed=3")
    expect(page.locator("#title")).to_have_text("Super Race")
    expect(page.locator("#said")).to_be_empty()
    rng = random.Random(5)
    _move(page, rng)
    _wait_ready(page)
    _move(page, rng)
    _wait_ready(page)
    status = page.locator(".bk-status").inner_text()
    log = page.locator(".bk-log").inner_text()
    page.reload()
    page.locator(BOARD).wait_for(timeout=120_000)
    _wait_ready(page)
    assert page.locator(".bk-status").inner_text() == status
    assert page.locator(".bk-log").inner_text() == log


def test_a_wrong_click_is_refused_in_one_sentence_and_nothing_is_played(play):
    page = play("?game=slime_culture_center&ai=1")
    _wait_ready(page)
    logged = page.locator(".bk-log li").count()
    version = page.locator(BOARD).get_attribute("data-version")
    wrong = page.locator(f"{BOARD} [data-act]:not(.legal)")
    assert wrong.count() > 0
    wrong.first.click(force=True)
    expect(page.locator(".bk-error-text")).not_to_be_empty(timeout=15_000)
    said = page.locator(".bk-error-text").inner_text()
    assert "\n" not in said.strip()
    assert page.locator(".bk-log li").count() == logged
    assert page.locator(BOARD).get_attribute("data-version") == version


def test_a_bad_link_gets_the_play_pages_sentences_and_the_default_game(play):
    import boardkit
    from boardkit.play import GAMES, parse_query
    query = "game=chess&ai=7"
    page = play(f"?{query}")
    _settings, problems = parse_query(query)
    # the site ships the package's games only, not the examples this test process registered
    shipped = [name for name in GAMES if boardkit.games()[name].__module__.startswith("boardkit.")]
    said = " ".join(problems).replace(", ".join(GAMES), ", ".join(shipped))
    expect(page.locator("#said")).to_have_text(said)
    expect(page.locator("#title")).to_have_text("Slip Stream")


def test_new_game_deals_again_and_another_link_starts_its_own_game_in_view_at_1280x720(play):
    """New game deals again; the choices make another link, which starts
    its own game: Slip Stream, whose board (the tallest) fits a 1280×720
    window with its buttons once the bot has moved first: the pie rule's
    colour buttons (issue 34)."""
    page = play("?game=slime_race&players=3&seats=person,bot,bot&ai=1")
    expect(page.locator("#title")).to_have_text("Slime Race")
    assert page.locator(f"{BOARD}").count() == 1
    page.click("#new")
    expect(page.locator("#said")).to_be_empty()
    page.locator(BOARD).wait_for(timeout=60_000)
    page.locator("#other summary").click()
    page.select_option("select[name=game]", "slip_stream")
    page.click("#go")
    expect(page.locator("#title")).to_have_text("Slip Stream", timeout=120_000)
    assert "game=slip_stream" in page.url
    # the whole board and the pie rule's buttons in view (the bot moves first: the person chooses)
    board = page.locator(BOARD)
    pie = board.locator("[data-act^='colour ']")
    expect(pie.first).to_be_attached(timeout=120_000)
    page.wait_for_timeout(300)
    svg = board.locator(".bk-board svg").bounding_box()
    assert svg["y"] >= 0 and svg["y"] + svg["height"] <= 720 + 1 and svg["width"] > 600, svg
    for k in range(pie.count()):
        box = pie.nth(k).bounding_box()
        assert box["y"] >= 0 and box["y"] + box["height"] <= 720, box
    page.screenshot(path=str(ARTIFACTS / "play-lite-1280x720.png"))


#: The lesson run in JupyterLite (every notebook runs without numpy and
#: matplotlib in tests/test_lessons_without_numpy.py; this one in the browser itself).
LESSON = os.environ.get("BOARDKIT_LITE_LESSON", "04_slip_stream.ipynb")


def test_a_lesson_runs_to_its_end_in_jupyterlite(_playwright, lite_site, lite_server):
    """A lesson (its install cell first) runs top to bottom in the lite
    site's Pyodide kernel, offline, with no error; its plots say they are
    the stored pictures."""
    import json
    import re
    if not (lite_site / "lab" / "index.html").is_file():
        pytest.skip("the site was built without JupyterLite (--play-only)")
    notebook = LESSON
    cells = json.loads((lite_site / "files" / notebook).read_text(encoding="utf-8"))["cells"]
    code = sum(1 for c in cells if c["cell_type"] == "code")
    browser = _playwright.chromium.launch(executable_path=os.environ.get("CHROMIUM", "/usr/bin/chromium"),
                                          headless=True, args=CHROMIUM_ARGS)
    ctx = browser.new_context(viewport={"width": 1280, "height": 900})
    outside: list[str] = []
    _offline(ctx, outside)
    page = ctx.new_page()
    try:
        page.goto(f"{lite_server.url}lab/index.html?path={notebook}")
        page.locator(".jp-NotebookPanel .jp-Notebook").first.wait_for(timeout=300_000)
        page.locator("#jp-main-statusbar").get_by_text(re.compile(r"\(Pyodide\) \| Idle")).first.wait_for(
            timeout=300_000)
        page.locator(".lm-MenuBar-item", has_text="Run").first.click()
        page.locator('.lm-Menu-item[data-command="runmenu:run-all"]').first.click()
        # Run All stops at an error: the last cell's prompt counts every code cell only if none failed
        last = page.locator(".jp-NotebookPanel .jp-CodeCell").last
        expect(last.locator(".jp-InputPrompt")).to_have_text(f"[{code}]:", timeout=600_000)
        errors = page.locator('.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.stderr"]')
        assert not [e for e in errors.all_inner_texts() if "Error" in e]
        plots = sum(1 for c in cells
                    if c["cell_type"] == "code" and "plot_or_stored(" in "".join(c["source"]))
        said = page.locator(".jp-OutputArea-output", has_text="is not installed here (as in the browser)")
        assert said.count() == plots
    finally:
        with contextlib.suppress(Exception):
            page.screenshot(path=str(ARTIFACTS / "lite-lesson-last.png"))
        browser.close()
    assert outside == [], f"requests tried to leave loopback: {outside[:5]}"
