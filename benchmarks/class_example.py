"""The example class session the notebooks' "our class" sections use when
no class is given (``notebooks/data/class_example.json``).

    python benchmarks/class_example.py            # writes notebooks/data/class_example.json

A class server runs in this process on a loopback port; simulated
students (``benchmarks/class_client.py``: they click one of the targets
the board marks legal, at random) play whole games, seeded: Slip Stream
against the level-2 AI and in pairs on two devices, Slime Race with two
bots, Super Race against a bot, Slime Culture Center against a bot. The
finished games are exported without names (``export_class``). The
notebooks say what these students are: random clickers, not a class.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import socket
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "notebooks" / "data" / "class_example.json"

#: (query, tables, two devices) — what the example class played
ACTIVITY = [
    ("game=slip_stream&ai=2", 10, False),
    ("game=slip_stream&seats=person,person", 4, True),
    ("game=slime_race&players=3&seats=person,bot,bot&ai=2&target=10", 6, False),
    ("game=super_race&players=2&seats=person,bot&ai=2", 4, False),
    ("game=slime_culture_center&players=2&seats=person,bot&ai=2", 4, False),
]


async def _class(folder: Path, seed: int) -> None:
    from benchmarks.class_client import ClassStudent, Record
    from boardkit.classroom.server import ClassServer, make_app
    from boardkit.classroom.tables import BotPool

    server = ClassServer(
        folder, playback=0, pool=BotPool(2, executor=ThreadPoolExecutor(2)), student_seeds=True
    )
    await server.start()
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    http = make_app(server).listen(port, address="127.0.0.1")
    url = f"http://127.0.0.1:{port}"
    n = 0

    async def whole_game(query: str, k: int, duo: bool) -> None:
        a = ClassStudent(url, Record(k, f"S{k}"), seed=seed + k)
        await a.connect()
        await a.hello()
        table = await a.start(f"{query}&seed={seed + k}")
        players = [a]
        if duo:
            b = ClassStudent(url, Record(k + 1000, f"S{k}b"), seed=seed + k + 1000)
            await b.connect()
            await b.hello()
            await b.join(table["code"])
            players.append(b)
        await asyncio.gather(*(p.play(10_000, patience=300) for p in players))
        for p in players:
            await p.close()

    jobs = []
    for query, tables, duo in ACTIVITY:
        for _ in range(tables):
            jobs.append(whole_game(query, n, duo))
            n += 1
    sem = asyncio.Semaphore(6)

    async def limited(job):
        async with sem:
            await job

    await asyncio.gather(*(limited(j) for j in jobs))
    http.stop()
    await server.close()


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--out", type=Path, default=OUT)
    args = ap.parse_args(argv)
    from boardkit.classroom.games import export_class

    folder = Path(tempfile.mkdtemp(prefix="boardkit-example-class-"))
    asyncio.run(_class(folder, args.seed))
    data = export_class(folder)
    data["about"] = (
        "An example session: simulated students who click a legal target at random, "
        f"seeded ({args.seed}); made by benchmarks/class_example.py"
    )
    args.out.write_text(json.dumps(data, separators=(",", ":")) + "\n")
    print(f"{len(data['tables'])} finished games written to {args.out}")
    return 0


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    sys.exit(main())
