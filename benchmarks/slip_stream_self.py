"""How far is the Slip Stream AI's default level from what more time buys?
The default level against itself with 10× the time.

Run from the repository root with the project's interpreter (long: on a
shared machine run it with ``nice -n 10``)::

    .venv/bin/python -m benchmarks.slip_stream_self --games 100 --workers 2 \\
        --json notebooks/data/strength_slip_stream_self.json
    .venv/bin/python -m benchmarks.slip_stream_self --games 200 --workers 2 \\
        --rival no-proof --json notebooks/data/strength_slip_stream_proof.json

(The stored no-proof match, 200 games, was run as games 0-99 and 100-199,
``--first 100``, and merged: each game depends only on its number.)

Game ``g`` lays the course tiles in an order drawn from ``g // 2`` (score
tile #1), the first-move player (SS-R10) is seat 0, and the side with more
time sits in seat ``g % 2``: each course is played from both sides, and
each side is the first-move player in half the games.

* **The default level**: ``SlipStreamAI.level(2)`` (depth 4, and a search
  to the end of the game of at most 5,000 positions near the end).
* **10× the time** (``--rival times``, the default): at each of its
  decisions, the default level's search is run first on the same position
  and its CPU time ``t`` measured (its move is not used); then the AI
  searches with iterative deepening and no depth bound for ``10 t`` of CPU
  time, and to the end of the game with 10× the positions
  (``SlipStreamAI(depth=None, seconds=10 t, prove=10 × 5,000)``), and plays
  the deepest search it finished. CPU time, so a busy machine does not
  change the budgets much; the games are nearly, not exactly, reproducible.
* **Without the proof** (``--rival no-proof``): the default level with
  ``prove=0``, as it played before it searched to the end of the game; a
  depth budget only, so these games are exactly reproducible. The "long"
  figures of the summary are then this rival's.

Neither side values the moves it did not play (``explain=False``; it does
not change the move). Written: every game (winner, how it ended, the depth
each side reached, its CPU time per decision) and the summary: the longer
search's win rate with its 95 % Wilson interval, as the first-move player
and as the colour chooser, the mean depths and the measured time ratio.
"""
from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from functools import partial
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks.slip_stream_ai import apply_counted, game_row, seeded_game  # noqa: E402
from benchmarks.strength import pct  # noqa: E402
from boardkit.stats import wilson  # noqa: E402

TIMES = 10.0


def play_one(g: int, level: int = 2, times: float = TIMES, rival: str = "times") -> dict:
    """Game ``g``: the default level against itself with ``times`` × the time
    (``rival="times"``), or against itself without the search to the end
    of the game (``rival="no-proof"``, ``prove=0``: the level as it was
    before it had one), which sits in seat ``g % 2``."""
    from boardkit.slip_stream.ai import LEVELS, SlipStreamAI
    seat = g % 2                 # the rival's seat (more time, or no proof)
    game = seeded_game(g)
    base = {s: SlipStreamAI(seed=g * 2 + s, explain=False, **LEVELS[level]) for s in (0, 1)}
    if rival == "no-proof":
        base[seat] = SlipStreamAI(seed=g * 2 + seat, explain=False,
                                  **{**LEVELS[level], "prove": 0})
    elif rival != "times":
        raise ValueError(f"rival is 'times' or 'no-proof', not {rival!r}")
    depth = {0: [], 1: []}
    cpu = {0: [], 1: []}
    started = time.perf_counter()
    actions = 0
    while (who := game.current_player) is not None:
        t0 = time.process_time()
        action = base[who].choose(game)
        t = time.process_time() - t0
        d = base[who].last_search["depth"]
        if who == seat and rival == "times":
            long = SlipStreamAI(seed=g * 2 + who, depth=None, seconds=max(times * t, 1e-3),
                                explain=False,
                                prove=int(times * LEVELS[level].get("prove", 0)))
            t1 = time.process_time()
            action = long.choose(game)
            t = time.process_time() - t1
            d = long.last_search["depth"]
        depth[who].append(d)
        cpu[who].append(t)
        actions = apply_counted(game, action, g, actions)
    return game_row(game, g, seat, actions, started, depths=[depth[0], depth[1]],
                    cpu=[cpu[0], cpu[1]])


def summary(results: list[dict]) -> dict:
    def rate(rs: list[dict]) -> list:
        k = sum(1 for r in rs if r["seat"] in r["winners"])
        lo, hi = wilson(k, len(rs))
        return [k, len(rs), k / len(rs) if rs else 0.0, lo, hi]
    first = [r for r in results if r["first_move"]]
    second = [r for r in results if not r["first_move"]]
    long_cpu = sum(sum(r["cpu"][r["seat"]]) for r in results)
    long_n = sum(len(r["cpu"][r["seat"]]) for r in results)
    base_cpu = sum(sum(r["cpu"][1 - r["seat"]]) for r in results)
    base_n = sum(len(r["cpu"][1 - r["seat"]]) for r in results)
    return {
        "games": len(results), "long_wins": rate(results),
        "long_as_first_move_player": rate(first), "long_as_colour_chooser": rate(second),
        "mean_depth_long": statistics.fmean(d for r in results for d in r["depths"][r["seat"]]),
        "mean_depth_default": statistics.fmean(d for r in results
                                               for d in r["depths"][1 - r["seat"]]),
        "cpu_per_decision_long": long_cpu / max(1, long_n),
        "cpu_per_decision_default": base_cpu / max(1, base_n),
        "time_ratio": (long_cpu / max(1, long_n)) / max(1e-9, base_cpu / max(1, base_n)),
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=100, help="games (default 100)")
    ap.add_argument("--first", type=int, default=0, help="number of the first game")
    ap.add_argument("--workers", type=int, default=2, help="processes (default 2)")
    ap.add_argument("--level", type=int, default=2, help="the level (default 2, the default)")
    ap.add_argument("--times", type=float, default=TIMES, help="the time factor (default 10)")
    ap.add_argument("--rival", choices=("times", "no-proof"), default="times",
                    help="the rival seat: more time (default), or the level without its "
                         "search to the end of the game")
    ap.add_argument("--json", type=Path, default=None, help="write the games and figures here")
    args = ap.parse_args(argv)
    from boardkit.sweep import sweep
    started = time.perf_counter()
    task = partial(play_one, level=args.level, times=args.times, rival=args.rival)
    results = sweep(task, range(args.first, args.first + args.games), workers=args.workers)
    s = summary(results)
    if args.json:
        from boardkit.slip_stream.ai import LEVELS
        args.json.write_text(json.dumps(
            {"made_by": "benchmarks/slip_stream_self.py", "level": args.level,
             "budget": LEVELS[args.level], "times": args.times, "rival": args.rival,
             "summary": s,
             "games": results}) + "\n")
    k, n, p, lo, hi = s["long_wins"]
    if args.rival == "no-proof":
        print(f"{n} games in {time.perf_counter() - started:.0f} s; level {args.level} "
              f"without its search to the end won {k}/{n} = {pct(p)} [{pct(lo)}, {pct(hi)}]")
        return 0
    print(f"{n} games in {time.perf_counter() - started:.0f} s; level {args.level} against "
          f"itself with {args.times:g}× the time (measured: {s['time_ratio']:.1f}× the CPU time "
          f"a decision, mean depth {s['mean_depth_long']:.1f} against "
          f"{s['mean_depth_default']:.1f})")
    print(f"the longer search won {k}/{n} = {pct(p)} [{pct(lo)}, {pct(hi)}]")
    for key in ("long_as_first_move_player", "long_as_colour_chooser"):
        k, n, p, lo, hi = s[key]
        print(f"  {key.replace('_', ' ')}: {k}/{n} = {pct(p)} [{pct(lo)}, {pct(hi)}]")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
