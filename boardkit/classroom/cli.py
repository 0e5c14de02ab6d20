"""``python -m boardkit.classroom``: serve a class.

    python -m boardkit.classroom                          # the class server, port 8866
    python -m boardkit.classroom --folder class-7b        # where this class's games are kept
    python -m boardkit.classroom --activity "game=NAME&ai=2" --lock   # NAME: a game's name
    python -m boardkit.classroom --voila                  # the play notebook under Voilà instead

It prints the address students open and the teacher's page (with the
teacher's key), then serves until Ctrl-C. A class's games are kept in
``--folder`` (``class.sqlite``); started again on the same folder, every
table goes on where it was.
"""

from __future__ import annotations

import argparse
import asyncio
import ipaddress
import logging
import re
import socket
import sys
from pathlib import Path
from typing import Any

from .voila import NOTEBOOKS, POOL, REFILL_AFTER, local_address


def parser() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(
        prog="python -m boardkit.classroom",
        description="Serve a class: every student's board in one process.",
    )
    ap.add_argument("--ip", default="0.0.0.0", help="address to listen on (default: every interface)")
    ap.add_argument("--port", type=int, default=8866)
    ap.add_argument(
        "--folder",
        type=Path,
        default=Path("class"),
        help="where the class's games are kept (default: ./class)",
    )
    ap.add_argument(
        "--activity",
        default=None,
        help="the game students start, as a link's settings, e.g. 'game=NAME&players=3&ai=2' "
        "(NAME: one of the games' names, boardkit.games())",
    )
    ap.add_argument("--lock", action="store_true", help="students cannot switch to another game")
    ap.add_argument(
        "--workers", type=int, default=None, help="processes the bots think in (default: the cores)"
    )
    ap.add_argument(
        "--playback",
        type=float,
        default=None,
        help="seconds per step when a board plays back the other players' moves (default 0.8)",
    )
    ap.add_argument(
        "--durable", action="store_true", help="sync every action to disk (safe through a power loss; slower)"
    )
    ap.add_argument("--voila", action="store_true", help="serve the play notebook under Voilà instead")
    ap.add_argument("--pool", type=int, default=POOL, help=f"(--voila) kernels kept ready (default {POOL})")
    ap.add_argument(
        "--refill-after",
        type=float,
        default=REFILL_AFTER,
        help=f"(--voila) seconds before a used kernel is replaced (default {REFILL_AFTER:g})",
    )
    ap.add_argument(
        "--notebooks", type=Path, default=NOTEBOOKS, help="(--voila) the folder holding play.ipynb"
    )
    return ap


#: A host name (letters, digits and hyphens between dots).
_HOST_NAME = re.compile(r"(?=.{1,253}$)[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?"
                        r"(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*")


def address_problem(ip: str, port: int) -> str | None:
    """The one sentence refusing ``--ip`` / ``--port`` (None when both can
    be listened on): a port from 1 to 65535, and an address of this machine
    (an IP address, or a name of it such as localhost). Checked before any
    server starts, for the class server and Voilà alike."""
    if not 1 <= port <= 65535:
        return f"--port is a whole number from 1 to 65535, not {port}."
    if ip == "":
        return None                      # every network, as 0.0.0.0
    shown = ip if len(ip) <= 60 else ip[:60] + "…"
    try:
        ipaddress.ip_address(ip)
        literal = True
    except ValueError:
        literal = False
    if not literal and not _HOST_NAME.fullmatch(ip):
        return (f"--ip is an address of this machine (e.g. 127.0.0.1, or 0.0.0.0 for every network), "
                f"not {shown!r}.")
    try:
        found = socket.getaddrinfo(ip, None, type=socket.SOCK_STREAM)
    except (OSError, UnicodeError):
        found = []
    for family, *_, where in found:     # the server listens on every address the name has: one will do
        try:
            with socket.socket(family, socket.SOCK_STREAM) as probe:
                probe.bind((where[0], 0))
            return None
        except OSError:
            continue
    return (f"--ip is an address of this machine (e.g. 127.0.0.1, or 0.0.0.0 for every network); "
            f"{shown!r} is not one.")


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
    problem = address_problem(args.ip, args.port)
    if problem:
        print(problem, file=sys.stderr)
        return 2
    if args.voila:
        from .voila import run

        return run(args.ip, args.port, args.pool, args.refill_after, args.notebooks)
    if args.workers is not None and not 1 <= args.workers <= 64:
        print(f"--workers is 1 to 64, not {args.workers}.", file=sys.stderr)
        return 2
    if args.playback is not None and not 0 <= args.playback <= 10:
        print(f"--playback is 0 to 10 seconds a step, not {args.playback:g}.", file=sys.stderr)
        return 2
    from ..play import parse_query

    if args.activity is not None:
        _, problems = parse_query(args.activity)
        if problems:
            print(f"--activity: {problems[0]}", file=sys.stderr)
            return 2
    logging.basicConfig(level=logging.WARNING, format="%(asctime)s %(name)s %(levelname)s %(message)s")
    host = local_address() if args.ip in ("0.0.0.0", "") else args.ip
    base = f"http://{host}:{args.port}"

    def ready(server: Any) -> None:
        a = server.activity
        what = server._describe(server.activity_settings()[0])
        print(
            f"Class server ready; this class's games are kept in {server.folder.resolve()}/class.sqlite\n"
            f"Students open:   {base}/\n"
            f"Teacher's page:  {base}/teacher#key={server.teacher_key}\n"
            f"  (keep that address to yourself: it lets whoever has it run the class)\n"
            f"Activity: {what['title']}, bots' level {what['level']}"
            + (" — locked" if a.get("locked") else " — students may pick another game")
            + "\n"
            f"Tables resumed: {len(server.tables)}. Stop with Ctrl-C.",
            flush=True,
        )

    async def go() -> None:
        from .server import ClassServer, serve

        async def set_first(server: ClassServer) -> None:
            # the activity given on the command line (the stored one otherwise)
            if args.activity is not None or args.lock:
                await server.set_activity(
                    args.activity if args.activity is not None else server.activity.get("query", ""),
                    args.lock,
                )

        await serve(args.folder, args.ip, args.port, workers=args.workers, playback=args.playback,
                    ready=ready, durable=args.durable, before=set_first)

    try:
        asyncio.run(go())
    except KeyboardInterrupt:
        pass
    except OSError as exc:
        print(f"The class server could not start: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
