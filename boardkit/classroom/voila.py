"""The notebook as an app: ``python -m boardkit.classroom --voila`` serves
the play page under Voilà (a Jupyter kernel per visitor).

Runs Voilà on the notebooks folder with preheated kernels (a pool of
kernels that have already imported boardkit and drawn every game once, so a
student's board appears in a few seconds), prints the address students open,
and serves until Ctrl-C. It runs as root or as a normal user alike (Voilà
has no root check); as a normal user choose a port above 1024 (the default
8866 is).

    python -m boardkit.classroom --voila                 # the whole local network, port 8866
    python -m boardkit.classroom --voila --ip 127.0.0.1  # this machine only

Each kernel kept ready costs about 100 MB and 6 s of one core to get
ready. A kernel handed to a visitor is replaced ``--refill-after`` seconds
later (default 10), not at once. The pool is a few kernels (``--pool``,
default 3), not the class size: a class plays on the class server
(``python -m boardkit.classroom``), which holds every board in one process.

Only ``play.ipynb`` is preheated; the lesson notebooks (linked from the
page as "How to play …") are served too, each run when opened.
"""

from __future__ import annotations

import signal
import socket
import subprocess
import sys
from pathlib import Path
from typing import Any

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
#: Kernels kept ready for the play page (each about 100 MB and 6 s of CPU;
#: see benchmarks/classroom.py): a few visitors, not a class (the class
#: server holds a class in one process).
POOL = 3
#: Seconds before a kernel handed to a student is replaced in the pool.
REFILL_AFTER = 10.0
#: What Voilà prints once its pool of kernels is full.
POOL_FILLED = "is filled with"


def local_address() -> str:
    """This machine's address on the local network (the interface a route
    to another network would use; no packet is sent), or 127.0.0.1."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        try:
            s.connect(("10.254.254.254", 1))
            return str(s.getsockname()[0])
        except OSError:
            return "127.0.0.1"


def voila_command(
    notebooks: Path, ip: str, port: int, pool: int, refill_after: float = REFILL_AFTER
) -> list[str]:
    """The Voilà command line that serves ``notebooks`` with ``pool``
    preheated kernels for play.ipynb, each replaced ``refill_after``
    seconds after a student takes it."""
    return [
        sys.executable,
        "-m",
        "voila",
        str(notebooks),
        "--no-browser",
        f"--Voila.ip={ip}",
        f"--port={port}",
        "--Voila.port_retries=0",
        "--preheat_kernel=True",
        f"--pool_size={pool}",
        f"--VoilaKernelManager.fill_delay={refill_after:g}",
        # only the play page is kept ready: the lesson notebooks start when opened
        "--VoilaKernelManager.preheat_denylist=.*/0[0-9]_[^/]*[.]ipynb$",
        "--show_tracebacks=False",
        "--strip_sources=True",
    ]


def serve(cmd: list[str], ready_line: str, out: Any = None) -> int:
    """Run Voilà, pass its output through, and print ``ready_line`` once
    its kernel pool is first full. Returns Voilà's exit status; Ctrl-C
    stops it (the signal reaches both processes: they share the terminal)."""
    out = out or sys.stdout
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, bufsize=1)
    # a stop asked of this process (SIGTERM) stops Voilà; its output then ends
    signal.signal(signal.SIGTERM, lambda *_: proc.terminate())
    said = False
    try:
        assert proc.stdout is not None
        for line in proc.stdout:
            out.write(line)
            if not said and POOL_FILLED in line:
                out.write(ready_line + "\n")
                said = True
            out.flush()
        return proc.wait()
    except KeyboardInterrupt:
        proc.terminate()
        try:
            return proc.wait(20)
        except subprocess.TimeoutExpired:
            proc.kill()
            return proc.wait()


def run(ip: str, port: int, pool: int, refill_after: float, notebooks: Path) -> int:
    """Serve the play page under Voilà (``python -m boardkit.classroom --voila``)."""
    if not 1 <= pool <= 200:
        print(f"--pool is the number of kernels kept ready, 1 to 200, not {pool}.", file=sys.stderr)
        return 2
    if not 0 <= refill_after <= 3600:
        print(f"--refill-after is 0 to 3600 seconds, not {refill_after:g}.", file=sys.stderr)
        return 2
    if not (notebooks / "play.ipynb").is_file():
        print(
            f"There is no play.ipynb in {notebooks}: give --notebooks <the repository's notebooks/>.",
            file=sys.stderr,
        )
        return 2
    from ..play import GAMES

    names = list(GAMES)               # the games the play page offers (from their registration)
    host = local_address() if ip in ("0.0.0.0", "") else ip
    url = f"http://{host}:{port}/voila/render/play.ipynb"
    print(
        f"Getting {pool} boards ready (about {3 * pool // 2 + 10} s on 2 cores)…\n"
        f"Students will open: {url}\n"
        f"  one game per link, e.g. {url}?game={names[0]}&ai=2\n"
        f"  (games: {', '.join(names)}; ai=1..3; "
        f"players=N; seats=person,bot,…)\n"
        f"Stop with Ctrl-C.",
        flush=True,
    )
    cmd = voila_command(notebooks, ip, port, pool, refill_after)
    return serve(cmd, f"Ready: {pool} boards are waiting. Students open {url}")
