"""The most expensive files the documented limits allow, and what building,
loading and drawing them costs.

    python benchmarks/worst_files.py            # a table: seconds and peak MB per case
    python benchmarks/worst_files.py CASE       # one case (run in its own process)

Every case runs in a fresh process (its peak memory is its own). The
limits: a Super Race track has at most ``MAX_TRACK_SQUARES`` squares and
``MAX_CHECKPOINTS`` checkpoints; a championship at most 20 races; a save at
most ``MAX_SAVE_BYTES`` bytes, ``MAX_LOG`` entries and ``MAX_FORCED``
waiting outcomes (see ``boardkit/core/saves.py`` and
``boardkit/super_race/track.py``). tests/test_worst_files.py runs the same
cases with a generous factor for a busy machine.
"""
from __future__ import annotations

import json
import resource
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

#: Each case must finish within this many seconds and megabytes (peak RSS).
BUDGET_SECONDS = 2.0
BUDGET_MB = 200


def big_track(width: int | None = None, height: int | None = None,
              checkpoints: int | None = None) -> str:
    """A track file that fills its whole grid with squares (the most
    positions a search can visit), with as many checkpoints as allowed:
    the start/finish line is the first column, each checkpoint a column."""
    from boardkit.core.grid import square_name
    from boardkit.super_race.track import MAX_CHECKPOINTS, MAX_TRACK_SQUARES
    cps = checkpoints or MAX_CHECKPOINTS
    if width is None or height is None:
        height = 20
        width = MAX_TRACK_SQUARES // height
    rows = []
    for y in range(height):
        row = ["S" if x == 0 else ("+" if (x + y) % 7 == 0 else "#") for x in range(width)]
        rows.append("".join(row))
    step = max(2, (width - 1) // (cps + 1))
    lines = ["name: worst", "start: east", "", "legend:", ". = off", "# = grey",
             "+ = grey corner", "S = grey line", "", "grid:", *rows, "", "checkpoints:"]
    for i in range(cps):
        x = 1 + step * (i + 1)
        lines.append(f"{i + 1}: " + " ".join(square_name((x, y)) for y in range(height)))
    return "\n".join(lines) + "\n"


def worst_super_race_save(path: Path, driven: bool = False) -> Path:
    """A championship of the most races, four players, two laps, on the
    biggest track. Played at random, a driver is stranded within a few
    goes, so every race ends with four distances measured; ``driven``: by
    GreedyBot, whose long races make a save of ~8,000 entries (a minute or
    two to make)."""
    from boardkit import GreedyBot, RandomBot, SuperRace
    from boardkit.core.saves import MAX_LOG
    from boardkit.super_race.track import read_track
    g = SuperRace(players=4, seed=2 if driven else 1,
                  track=read_track(big_track(), "worst.txt"), races=20, laps=2)
    bots = [(GreedyBot if driven else RandomBot)(s) for s in range(4)]
    while not g.is_over() and len(g.log) < MAX_LOG - 10:
        g.apply(bots[g.current_player].choose(g))
    path.write_text(g.to_json(), encoding="utf-8")
    return path


def worst_slime_race_save(path: Path) -> Path:
    """A Slime Race match to the highest target, five players, saved just
    before the log limit (the longest replay a save can ask for)."""
    from boardkit import RandomBot, SlimeRace
    from boardkit.core.saves import MAX_LOG
    g = SlimeRace(players=5, seed=1, target=10_000)
    bot = RandomBot(1)
    while len(g.log) < MAX_LOG - 5 and not g.is_over():
        g.apply(bot.choose(g))
    path.write_text(g.to_json(), encoding="utf-8")
    return path


def case(name: str, arg: str | None = None) -> dict:
    """Run one case in this process; its seconds and this process's peak MB."""
    import boardkit
    from boardkit import SuperRace
    from boardkit.super_race.track import read_track
    text = big_track()
    note = ""
    t = time.perf_counter()
    cpu = time.process_time()
    if name == "super_race_build":
        SuperRace(players=4, track=read_track(text, "worst.txt"), laps=2, races=20)
    elif name == "super_race_draw":
        g = SuperRace(players=4, track=read_track(text, "worst.txt"), laps=2, races=20)
        t, cpu = time.perf_counter(), time.process_time()
        note = f"SVG {len(g.render()) / 1e6:.2f} MB"
    elif name in ("super_race_load", "slime_race_load"):
        assert arg is not None
        data = Path(arg).read_text(encoding="utf-8")
        t, cpu = time.perf_counter(), time.process_time()
        g = boardkit.load(data)
        note = f"save {len(data.encode()) / 1e3:.0f} KB, {len(g.log)} entries" + (
            f", {len(g.state['results'])} races" if name == "super_race_load" else "")
    elif name == "super_race_load_draw":
        assert arg is not None
        g = boardkit.load(Path(arg).read_text(encoding="utf-8"))
        t, cpu = time.perf_counter(), time.process_time()
        note = f"SVG {len(g.render()) / 1e6:.2f} MB"
    else:
        raise SystemExit(f"unknown case {name}")
    seconds, cpu = time.perf_counter() - t, time.process_time() - cpu
    return {"case": name, "seconds": round(seconds, 3), "cpu_seconds": round(cpu, 3),
            "peak_mb": _peak_mb(),
            "note": note}


def _peak_mb() -> int:
    """This process's peak resident memory, in MB: the kernel's high-water
    mark of its own address space (``VmHWM``; ``ru_maxrss`` would keep the
    parent's peak across the fork and exec that started it)."""
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return round(int(line.split()[1]) / 1024)
    except OSError:
        pass
    return round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024)


def measure(name: str, arg: str | None = None) -> dict:
    """:func:`case` in a fresh process (its peak memory is its own)."""
    proc = subprocess.run([sys.executable, __file__, name] + ([arg] if arg else []),
                          capture_output=True, text=True)
    if proc.returncode:
        raise RuntimeError(proc.stderr[-2000:])
    return json.loads(proc.stdout.strip().splitlines()[-1])


def cases(tmp: Path, driven: bool = False) -> list[tuple[str, str | None]]:
    """(case, its file) for every case; the saves are made in ``tmp``."""
    sr = str(worst_super_race_save(tmp / "super_race.json"))
    out: list[tuple[str, str | None]] = [
        ("super_race_build", None), ("super_race_draw", None),
        ("super_race_load", sr), ("super_race_load_draw", sr),
        ("slime_race_load", str(worst_slime_race_save(tmp / "slime_race.json")))]
    if driven:
        long = str(worst_super_race_save(tmp / "super_race_driven.json", driven=True))
        out += [("super_race_load", long), ("super_race_load_draw", long)]
    return out


def main() -> None:
    import argparse
    import tempfile
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--driven", action="store_true",
                    help="also a championship driven by GreedyBot (~8,000 entries; slow to make)")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        print("| case | seconds | CPU seconds | peak MB | note |\n|---|---|---|---|---|")
        for c, arg in cases(Path(tmp), args.driven):
            r = measure(c, arg)
            print(f"| {r['case']} | {r['seconds']} | {r['cpu_seconds']} | {r['peak_mb']} "
                  f"| {r['note']} |")


if __name__ == "__main__":
    if len(sys.argv) > 1 and not sys.argv[1].startswith("-"):
        print(json.dumps(case(sys.argv[1], sys.argv[2] if len(sys.argv) > 2 else None)))
    else:
        main()
