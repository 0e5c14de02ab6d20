"""``python -m boardkit.classroom``: the README's class command (the class
server; ``--voila`` serves the play notebook with a few ready kernels)."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

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


@pytest.mark.parametrize("voila_too", [[], ["--voila"]])
@pytest.mark.parametrize("args, sentence", [
    (["--port", "70000"], "--port is a whole number from 1 to 65535, not 70000."),
    (["--port", "0"], "--port is a whole number from 1 to 65535, not 0."),
    (["--port", "-1"], "--port is a whole number from 1 to 65535, not -1."),
    (["--ip", "bad_ip"], "--ip is an address of this machine (e.g. 127.0.0.1, or 0.0.0.0 for every "
                         "network), not 'bad_ip'."),
    (["--ip", "203.0.113.7"], "'203.0.113.7' is not one."),
])
def test_a_port_or_address_nobody_can_reach_is_refused_before_any_server_starts(
        capsys, monkeypatch, tmp_path, voila_too, args, sentence):
    """``--port 70000`` once printed a dead address and listened elsewhere;
    ``--port -1`` and ``--ip bad_ip`` ended in a traceback: one sentence
    now, and nothing is started (neither the class server nor Voilà)."""
    from boardkit.classroom import cli

    def started(*a, **k):
        raise AssertionError("a server was started")
    monkeypatch.setattr(voila, "run", started)
    monkeypatch.setattr(cli.asyncio, "run", started)
    assert classroom.main(args + voila_too + ["--folder", str(tmp_path / "class")]) == 2
    err = capsys.readouterr().err
    assert sentence in err and err.count("\n") == 1 and "Traceback" not in err
    assert not (tmp_path / "class").exists()


def test_a_good_address_is_accepted():
    from boardkit.classroom.cli import address_problem
    for ip in ("127.0.0.1", "0.0.0.0", "", "localhost", "::1"):
        problem = address_problem(ip, 8866)
        assert problem is None or ip == "::1", (ip, problem)      # (a machine may have no IPv6)
    assert address_problem("127.0.0.1", 1) is None and address_problem("127.0.0.1", 65535) is None


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
