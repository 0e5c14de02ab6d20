"""``python -m boardkit.classroom``: the README's class command serves the
play page with a pool of ready kernels and says when the class can come."""
from __future__ import annotations

import sys
from pathlib import Path

from boardkit import classroom

ROOT = Path(__file__).resolve().parents[1]


def test_the_voila_command_keeps_a_pool_and_refills_it_later():
    cmd = classroom.voila_command(ROOT / "notebooks", "127.0.0.1", 9999, 30, 12)
    assert "--pool_size=30" in cmd and "--preheat_kernel=True" in cmd
    assert "--VoilaKernelManager.fill_delay=12" in cmd
    assert "--show_tracebacks=False" in cmd and "--strip_sources=True" in cmd


def test_bad_settings_get_one_sentence_and_no_server(capsys):
    assert classroom.main(["--pool", "0"]) == 2
    assert "--pool is the number of kernels kept ready, 1 to 200, not 0." in capsys.readouterr().err
    assert classroom.main(["--refill-after", "-1"]) == 2
    assert "--refill-after is 0 to 3600 seconds" in capsys.readouterr().err


def test_ready_is_said_once_when_the_pool_is_first_full():
    """What Voilà prints passes through; "Ready" follows the first "pool is
    filled" line only (a refill later prints it again)."""
    import io
    script = ("print('[Voila] Voila is running'); "
              "print('[Voila] Kernel pool of play.ipynb is filled with 2 kernel(s)'); "
              "print('[Voila] Using pre-heated kernel'); "
              "print('[Voila] Kernel pool of play.ipynb is filled with 2 kernel(s)')")
    out = io.StringIO()
    assert classroom.serve([sys.executable, "-c", script], "Ready: come in", out) == 0
    lines = out.getvalue().splitlines()
    assert lines.count("Ready: come in") == 1
    assert lines.index("Ready: come in") == 2 and lines[0] == "[Voila] Voila is running"
    assert len(lines) == 5


def test_voila_failing_to_start_is_passed_on():
    import io
    out = io.StringIO()
    code = classroom.serve([sys.executable, "-c", "import sys; print('port in use'); sys.exit(3)"],
                           "Ready", out)
    assert code == 3 and out.getvalue() == "port in use\n"
