"""A newcomer's first minutes: the README's commands work as written."""
from __future__ import annotations

import os
import re
import secrets
import shlex
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")


def _lab_command() -> list[str]:
    m = re.search(r"^python3 -m venv \.venv && .* && (\.venv/bin/jupyter lab[^\n]*)$", README, re.M)
    assert m, "the README gives a set-up + JupyterLab command"
    words = shlex.split(m.group(1))
    words[0] = str(Path(sys.executable).with_name("jupyter"))
    return words


@pytest.mark.slow
def test_the_readme_lab_command_serves_the_notebooks(tmp_path):
    """Started exactly as the README says (plus a port and a token), as this
    user — root in CI and in many classroom containers, where JupyterLab
    refuses to start without --allow-root — it serves the notebook list."""
    cmd = _lab_command()
    assert "--allow-root" in cmd, "as root JupyterLab stops at once without --allow-root"
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    token = secrets.token_hex(8)
    env = dict(os.environ, JUPYTER_CONFIG_DIR=str(tmp_path / "config"),
               JUPYTER_RUNTIME_DIR=str(tmp_path / "runtime"))
    proc = subprocess.Popen(cmd + ["--no-browser", "--ip=127.0.0.1", f"--port={port}",
                                   f"--ServerApp.token={token}"],
                            cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    try:
        deadline = time.time() + 90
        body = ""
        while time.time() < deadline:
            if proc.poll() is not None:
                out = proc.stdout.read().decode(errors="replace") if proc.stdout else ""
                pytest.fail(f"JupyterLab stopped at once:\n{out[-2000:]}")
            try:
                url = f"http://127.0.0.1:{port}/api/contents/?token={token}"
                with urllib.request.urlopen(url, timeout=5) as r:
                    body = r.read().decode()
                break
            except OSError:
                time.sleep(0.5)
        lessons = sorted(p.name for p in (ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))
        assert len(lessons) >= 4 and all(name in body for name in lessons), (lessons, body[:300])
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/lab?token={token}", timeout=10) as r:
            assert r.status == 200 and "JupyterLab" in r.read().decode()
    finally:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()


def test_the_readme_names_a_fast_subset_and_the_full_time():
    assert "pytest tests -p no:nbval -m 'not browser and not slow'" in README
    assert re.search(r"(about|under) \d+ minutes?", README)
