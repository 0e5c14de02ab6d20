"""``python -m boardkit.classroom``: the README's class command (the class
server; ``--voila`` serves the play notebook with a few ready kernels)."""
from __future__ import annotations

import sys
from pathlib import Path

from boardkit import classroom
from boardkit.classroom import voila

ROOT = Path(__file__).resolve().parents[1]


def test_the_voila_command_keeps_a_pool_and_refills_it_later():
    cmd = voila.voila_command(ROOT / "notebooks", "127.0.0.1", 9999, 30, 12)
    assert "--pool_size=30" in cmd and "--preheat_kernel=True" in cmd
    assert "--VoilaKernelManager.fill_delay=12" in cmd
    assert "--show_tracebacks=False" in cmd and "--strip_sources=True" in cmd


def test_bad_settings_get_one_sentence_and_no_server(capsys):
    assert classroom.main(["--voila", "--pool", "0"]) == 2
    assert "--pool is the number of kernels kept ready, 1 to 200, not 0." in capsys.readouterr().err
    assert classroom.main(["--voila", "--refill-after", "-1"]) == 2
    assert "--refill-after is 0 to 3600 seconds" in capsys.readouterr().err
    assert classroom.main(["--activity", "game=chess"]) == 2
    assert "There is no game 'chess' here" in capsys.readouterr().err
    assert classroom.main(["--playback", "11"]) == 2
    assert "--playback is 0 to 10 seconds a step, not 11." in capsys.readouterr().err


def test_the_voila_pool_is_a_few_kernels_not_the_class():
    assert voila.POOL <= 5


def test_ready_is_said_once_when_the_pool_is_first_full():
    """What Voilà prints passes through; "Ready" follows the first "pool is
    filled" line only (a refill later prints it again)."""
    import io
    script = ("print('[Voila] Voila is running'); "
              "print('[Voila] Kernel pool of play.ipynb is filled with 2 kernel(s)'); "
              "print('[Voila] Using pre-heated kernel'); "
              "print('[Voila] Kernel pool of play.ipynb is filled with 2 kernel(s)')")
    out = io.StringIO()
    assert voila.serve([sys.executable, "-c", script], "Ready: come in", out) == 0
    lines = out.getvalue().splitlines()
    assert lines.count("Ready: come in") == 1
    assert lines.index("Ready: come in") == 2 and lines[0] == "[Voila] Voila is running"
    assert len(lines) == 5


def test_voila_failing_to_start_is_passed_on():
    import io
    out = io.StringIO()
    code = voila.serve([sys.executable, "-c", "import sys; print('port in use'); sys.exit(3)"],
                           "Ready", out)
    assert code == 3 and out.getvalue() == "port in use\n"
