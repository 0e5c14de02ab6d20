"""Serve the play page to a class: ``python -m boardkit.classroom``.

Runs Voilà on the notebooks folder with preheated kernels (a pool of
kernels that have already imported boardkit and drawn every game once, so a
student's board appears in a few seconds), prints the address students open,
and serves until Ctrl-C. It runs as root or as a normal user alike (Voilà
has no root check); as a normal user choose a port above 1024 (the default
8866 is).

    python -m boardkit.classroom                 # the whole local network, port 8866
    python -m boardkit.classroom --ip 127.0.0.1  # this machine only
    python -m boardkit.classroom --pool 8        # more kernels kept ready

Only ``play.ipynb`` is preheated; the lesson notebooks (linked from the
page as "How to play …") are served too, each run when opened.
"""
from __future__ import annotations

import argparse
import os
import socket
import sys
from pathlib import Path

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
#: Kernels kept ready for the play page (each about 100 MB; see benchmarks/classroom.py).
POOL = 6


def local_address() -> str:
    """This machine's address on the local network (the interface a route
    to another network would use; no packet is sent), or 127.0.0.1."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        try:
            s.connect(("10.254.254.254", 1))
            return str(s.getsockname()[0])
        except OSError:
            return "127.0.0.1"


def voila_command(notebooks: Path, ip: str, port: int, pool: int) -> list[str]:
    """The Voilà command line that serves ``notebooks`` with ``pool``
    preheated kernels for play.ipynb."""
    return [sys.executable, "-m", "voila", str(notebooks), "--no-browser",
            f"--Voila.ip={ip}", f"--port={port}", "--Voila.port_retries=0",
            "--preheat_kernel=True", f"--pool_size={pool}",
            # only the play page is kept ready: the lesson notebooks start when opened
            "--VoilaKernelManager.preheat_denylist=.*/0[0-9]_[^/]*[.]ipynb$",
            "--show_tracebacks=False", "--strip_sources=True"]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m boardkit.classroom", description=__doc__.split("\n\n")[0])
    ap.add_argument("--ip", default="0.0.0.0", help="address to listen on (default: every interface)")
    ap.add_argument("--port", type=int, default=8866)
    ap.add_argument("--pool", type=int, default=POOL, help=f"kernels kept ready (default {POOL})")
    ap.add_argument("--notebooks", type=Path, default=NOTEBOOKS, help="the folder holding play.ipynb")
    args = ap.parse_args(argv)
    if not (args.notebooks / "play.ipynb").is_file():
        print(f"There is no play.ipynb in {args.notebooks}: give --notebooks <the repository's notebooks/>.",
              file=sys.stderr)
        return 2
    host = local_address() if args.ip in ("0.0.0.0", "") else args.ip
    url = f"http://{host}:{args.port}/voila/render/play.ipynb"
    print(f"Students open: {url}\n"
          f"  one game per link, e.g. {url}?game=slip_stream&ai=2\n"
          f"  (games: slime_race, super_race, slime_culture_center, slip_stream; ai=1..3; "
          f"players=N; seats=person,bot,…)\n"
          f"Stop with Ctrl-C.", flush=True)
    cmd = voila_command(args.notebooks, args.ip, args.port, args.pool)
    os.execv(cmd[0], cmd)      # Voilà takes this process's place (Ctrl-C and signals reach it)


if __name__ == "__main__":
    raise SystemExit(main())
