"""Browser fixtures: a real JupyterLab and Debian's headless Chromium.

One ``sync_playwright()`` per pytest process (a session fixture). Without
Chromium the browser tests are skipped with a message — unless
``BOARDKIT_REQUIRE_BROWSER=1`` (CI), where a missing browser is a failure.
"""
from __future__ import annotations

import json
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
ARTIFACTS = Path(os.environ.get("BOARDKIT_ARTIFACTS", ROOT / "artifacts"))
REQUIRE = os.environ.get("BOARDKIT_REQUIRE_BROWSER") == "1"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def _need_browser():
    problems = []
    if not (Path(CHROMIUM).is_file() and os.access(CHROMIUM, os.X_OK)):
        problems.append(f"no Chromium at {CHROMIUM} (Debian: apt-get install chromium)")
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        problems.append("Python package 'playwright' is not installed")
    if problems:
        msg = "browser tests need a browser: " + "; ".join(problems)
        if REQUIRE:
            pytest.fail(msg + " — and BOARDKIT_REQUIRE_BROWSER=1 is set", pytrace=False)
        pytest.skip(msg + " (set BOARDKIT_REQUIRE_BROWSER=1 to make this a failure)")


@pytest.fixture(scope="session")
def _playwright():
    """One Playwright per pytest process (its sync API allows one)."""
    _need_browser()
    from playwright.sync_api import sync_playwright
    with sync_playwright() as p:
        yield p


@pytest.fixture(scope="session")
def browser_context(_playwright):
    user_data = tempfile.mkdtemp(prefix="boardkit-chromium-")
    try:
        ctx = _playwright.chromium.launch_persistent_context(
            user_data, executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS,
            viewport={"width": 1280, "height": 900})
        try:
            yield ctx
        finally:
            ctx.close()
    finally:
        shutil.rmtree(user_data, ignore_errors=True)


@pytest.fixture(scope="session")
def chromium(_playwright):
    """A Chromium whose contexts are separate browsers (each its own
    storage): students on their own devices, and their teacher."""
    browser = _playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
    try:
        yield browser
    finally:
        browser.close()


class ClassServerProc:
    """``python -m boardkit.classroom`` (the README's class command) on a
    free loopback port with its own folder; it can be killed and started
    again on the same folder."""

    def __init__(self, folder: Path, playback: float = 0.0):
        self.folder = folder
        self.port = _free_port()
        self.playback = playback
        self.url = f"http://127.0.0.1:{self.port}"
        self.proc: subprocess.Popen | None = None
        self.teacher = ""

    def start(self) -> ClassServerProc:
        log_path = self.folder.parent / f"{self.folder.name}.log"
        self.log = open(log_path, "a")
        self.proc = subprocess.Popen(
            [sys.executable, "-u", "-m", "boardkit.classroom", "--ip", "127.0.0.1", "--port", str(self.port),
             "--folder", str(self.folder), "--playback", str(self.playback)],
            stdout=self.log, stderr=subprocess.STDOUT, start_new_session=True)
        deadline = time.time() + 90
        while True:
            text = log_path.read_text()
            found = [line for line in text.splitlines() if "Teacher's page:" in line]
            if found and text.count("Students open") >= self.starts + 1:
                self.teacher = found[-1].split("Teacher's page:", 1)[1].strip()
                break
            if self.proc.poll() is not None or time.time() > deadline:
                raise RuntimeError("the class server did not start:\n" + text[-3000:])
            time.sleep(0.1)
        self.starts += 1
        return self

    starts = 0

    def kill(self) -> None:
        """SIGKILL: no goodbye, nothing flushed by the server itself."""
        assert self.proc is not None
        os.killpg(self.proc.pid, signal.SIGKILL)
        self.proc.wait()
        self.log.close()

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            _stop_server(self.proc, self.log, self.folder.parent / f"{self.folder.name}.log")


@pytest.fixture
def class_server():
    _need_browser()
    tmp = Path(tempfile.mkdtemp(prefix="boardkit-classsrv-"))
    server = ClassServerProc(tmp / "class").start()
    try:
        yield server
    finally:
        server.stop()
        shutil.rmtree(tmp, ignore_errors=True)


@pytest.fixture
def page(browser_context, request):
    page = browser_context.new_page()
    page.console_log = []
    page.on("console", lambda m: page.console_log.append(f"{m.type}: {m.text}"))
    page.on("pageerror", lambda e: page.console_log.append(f"pageerror: {e}"))
    page.kernel_errors = []

    def _on_ws(ws):
        def _frame(payload):
            text = payload.decode("utf-8", "replace") if isinstance(payload, bytes) else payload
            if '"msg_type": "error"' in text or '"msg_type":"error"' in text:
                page.kernel_errors.append(text[-1500:])
        ws.on("framereceived", _frame)

    page.on("websocket", _on_ws)
    yield page
    rep = getattr(request.node, "rep_call", None)
    if rep is not None and rep.failed:
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / f"FAILED-{request.node.name}.png"), full_page=True)
        (ARTIFACTS / f"FAILED-{request.node.name}.console.txt").write_text("\n".join(page.console_log))
    page.close()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    rep = outcome.get_result()
    setattr(item, f"rep_{rep.when}", rep)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _stop_server(proc: subprocess.Popen, log, log_path: Path) -> None:
    """Stop a server started in a session of its own, keep its log in the
    artifacts and remove its temporary folder (the log's parent)."""
    os.killpg(proc.pid, signal.SIGTERM)
    try:
        proc.wait(timeout=3)        # (its kernels are the test run's own: no need to wait them out)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()
    log.close()
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    shutil.copy(log_path, ARTIFACTS / log_path.name)
    shutil.rmtree(log_path.parent, ignore_errors=True)


@pytest.fixture(scope="session")
def lab_server():
    """JupyterLab on a free loopback port serving a *copy* of notebooks/."""
    _need_browser()
    tmp = Path(tempfile.mkdtemp(prefix="boardkit-lab-"))
    work = tmp / "work"
    shutil.copytree(ROOT / "notebooks", work, ignore=shutil.ignore_patterns(".ipynb_checkpoints"))
    settings = tmp / "user-settings" / "@jupyterlab"
    (settings / "apputils-extension").mkdir(parents=True)
    (settings / "apputils-extension" / "notification.jupyterlab-settings").write_text(
        json.dumps({"fetchNews": "false", "checkForUpdates": False}))
    (settings / "notebook-extension").mkdir(parents=True)
    (settings / "notebook-extension" / "tracker.jupyterlab-settings").write_text(
        json.dumps({"windowingMode": "none"}))
    port, token = _free_port(), secrets.token_hex(16)
    env = dict(os.environ, JUPYTER_PLATFORM_DIRS="1", JUPYTER_CONFIG_DIR=str(tmp / "config"),
               JUPYTER_DATA_DIR=str(tmp / "data"), JUPYTER_RUNTIME_DIR=str(tmp / "runtime"),
               IPYTHONDIR=str(tmp / "ipython"))
    cmd = [sys.executable, "-m", "jupyterlab", "--no-browser", "--ServerApp.ip=127.0.0.1",
           f"--ServerApp.port={port}", "--ServerApp.port_retries=0", "--ServerApp.allow_root=True",
           f"--IdentityProvider.token={token}", f"--ServerApp.root_dir={work}",
           "--LabApp.news_url=None", "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
           "--LabApp.extension_manager=readonly",
           "--LabApp.expose_app_in_browser=True",    # window.jupyterapp: open files in one page
           f"--LabApp.workspaces_dir={tmp / 'workspaces'}",
           f"--LabApp.user_settings_dir={tmp / 'user-settings'}"]
    log = open(tmp / "jupyter.log", "w")
    proc = subprocess.Popen(cmd, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.time() + 90
        while True:
            if proc.poll() is not None:
                raise RuntimeError("jupyter lab exited early:\n" + (tmp / "jupyter.log").read_text())
            try:
                with urllib.request.urlopen(f"{base}/api/status?token={token}", timeout=2) as r:
                    if r.status == 200:
                        break
            except OSError:
                pass
            if time.time() > deadline:
                raise RuntimeError("jupyter lab did not come up in 90 s")
            time.sleep(0.2)
        yield base, token
    finally:
        _stop_server(proc, log, tmp / "jupyter.log")


@pytest.fixture(scope="session")
def voila_server():
    """The play page served by the class command's Voilà option
    (``python -m boardkit.classroom --voila``: preheated kernels) on a
    free loopback port, serving a copy of notebooks/. Yields the address the
    command tells students to open, once it says the class may come."""
    _need_browser()
    tmp = Path(tempfile.mkdtemp(prefix="boardkit-voila-"))
    work = tmp / "work"
    shutil.copytree(ROOT / "notebooks", work, ignore=shutil.ignore_patterns(".ipynb_checkpoints"))
    port = _free_port()
    env = dict(os.environ, JUPYTER_PLATFORM_DIRS="1", JUPYTER_CONFIG_DIR=str(tmp / "config"),
               JUPYTER_DATA_DIR=str(tmp / "data"), JUPYTER_RUNTIME_DIR=str(tmp / "runtime"),
               IPYTHONDIR=str(tmp / "ipython"))
    log = open(tmp / "voila.log", "w")
    proc = subprocess.Popen([sys.executable, "-u", "-m", "boardkit.classroom", "--voila", "--ip", "127.0.0.1",
                             "--port", str(port), "--pool", "2", "--notebooks", str(work)],
                            env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    url = f"http://127.0.0.1:{port}/voila/render/play.ipynb"
    try:
        deadline = time.time() + 120
        while f"Ready: 2 boards are waiting. Students open {url}" not in (tmp / "voila.log").read_text():
            if proc.poll() is not None:
                raise RuntimeError("the class server exited early:\n" + (tmp / "voila.log").read_text())
            if time.time() > deadline:
                raise RuntimeError("the class server did not say Ready in 120 s:\n"
                                   + (tmp / "voila.log").read_text()[-3000:])
            time.sleep(0.2)
        yield url
    finally:
        _stop_server(proc, log, tmp / "voila.log")
