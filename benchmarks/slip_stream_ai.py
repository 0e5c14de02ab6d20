"""How strong is the Slip Stream AI? Seeded games against the core's bots.

Run from the repository root with the project's interpreter::

    .venv/bin/python -m benchmarks.slip_stream_ai --games 200 --workers 2
    .venv/bin/python -m benchmarks.slip_stream_ai --games 20 --only mcts --depth 4

Pairings: the Slip Stream AI (``SlipStreamAI.level(2)`` unless ``--level``,
``--depth`` or ``--seconds`` say otherwise) against ``RandomBot``,
``GreedyBot`` and the core's search bot ``MCTSBot.level(2)``.

Games come in pairs on one course: game ``g`` lays the course tiles in an
order drawn from ``g // 2``, the first-move player (SS-R10) is seat 0, and
the AI sits in seat ``g % 2``; so the AI is the first-move player in half
the games, and each course is played from both sides. Each bot is seeded
from ``g``. Games run over a process pool (:func:`boardkit.sweep.sweep`)
and come back in game order; with a depth budget only (``--depth`` without
``--seconds``) the table is identical whatever ``--workers`` is, while the
default level also has a clock budget, which can cut a search short on a
busy machine.

Prints a markdown table: the AI's win rate per opponent with its 95 %
Wilson interval (also as first-move player and as the one choosing the
colour), and the AI's time per decision (median, 90th percentile, max).
"""
from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from functools import partial
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks.strength import pct, wilson  # noqa: E402

OPPONENTS = {"random": "RandomBot", "greedy": "GreedyBot", "mcts": "MCTSBot.level(2)"}


def course_of(g: int) -> list[int]:
    """The course order of game ``g`` (shared by games 2k and 2k + 1)."""
    order = list(range(1, 8))
    random.Random(f"slip-stream-course/{g // 2}").shuffle(order)
    return order


def make_opponent(name: str, seed: int):
    from boardkit.core.mcts import MCTSBot
    from boardkit.sweep import make_bot
    if name == "mcts":
        return MCTSBot.level(2, seed=seed)
    if name not in OPPONENTS:
        raise ValueError(f"unknown opponent {name!r}; one of {', '.join(OPPONENTS)}")
    return make_bot(name, seed)


def seeded_game(g: int, score_tile: int = 1):
    """Game ``g`` of a Slip Stream benchmark: seeded ``g``, no history, the
    first player 0 and the course of :func:`course_of`."""
    from boardkit.slip_stream import SlipStream
    return SlipStream(seed=g, history=False, score_tile=score_tile,
                      chance=["first 0", "course " + " ".join(map(str, course_of(g)))])


def apply_counted(game, action: str, g: int, actions: int) -> int:
    """Apply ``action``; the number of actions so far (a game that does not
    end is an error)."""
    game.apply(action)
    actions += 1
    if actions > 2000:
        raise RuntimeError(f"game {g} did not end")
    return actions


def game_row(game, g: int, seat: int, actions: int, started: float, **more) -> dict:
    """The row of a finished game: who won, the scores, how it ended, and
    the benchmark's own figures (``more``)."""
    out = game.outcome()
    assert out is not None
    return {"game": g, "seat": seat, "first_move": seat == 0, "winners": list(out.winners),
            "scores": list(out.scores), "reason": out.reason, "actions": actions, **more,
            "seconds": time.perf_counter() - started}


def play_one(g: int, *, opponent: str, ai: dict, score_tile: int = 1) -> dict:
    """Game ``g``: the AI (``SlipStreamAI(**ai)``) in seat ``g % 2``."""
    from boardkit.slip_stream.ai import SlipStreamAI
    seat = g % 2
    game = seeded_game(g, score_tile)
    bots = {seat: SlipStreamAI(seed=g, **ai), 1 - seat: make_opponent(opponent, 1000 + g)}
    times: list[float] = []
    depths: list[int] = []
    started = time.perf_counter()
    actions = 0
    while (who := game.current_player) is not None:
        t0 = time.perf_counter()
        action = bots[who].choose(game)
        if who == seat:
            times.append(time.perf_counter() - t0)
            depths.append(bots[seat].last_search["depth"])
        actions = apply_counted(game, action, g, actions)
    return game_row(game, g, seat, actions, started, opponent=opponent, move_seconds=times,
                    depths=depths)


def quantile(xs: list[float], q: float) -> float:
    s = sorted(xs)
    return s[min(len(s) - 1, int(q * (len(s) - 1) + 0.5))] if s else 0.0


def rate(results: list[dict]) -> str:
    n = len(results)
    k = sum(1 for r in results if r["seat"] in r["winners"])
    lo, hi = wilson(k, n)
    return f"{pct(k / n)} ({k}/{n}) [{pct(lo)}, {pct(hi)}]" if n else "—"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=200, help="games per pairing (default 200)")
    ap.add_argument("--workers", type=int, default=2, help="processes (default 2)")
    ap.add_argument("--first", type=int, default=0, help="number of the first game (default 0)")
    ap.add_argument("--only", choices=sorted(OPPONENTS), action="append",
                    help="play only against this opponent (repeatable)")
    ap.add_argument("--level", type=int, default=None, help="SlipStreamAI.level(k) (default 2)")
    ap.add_argument("--depth", type=int, default=None, help="the AI's depth budget (plies)")
    ap.add_argument("--seconds", type=float, default=None, help="the AI's time budget")
    ap.add_argument("--score-tile", type=int, default=1, help="score tile number (default 1)")
    ap.add_argument("--json", type=Path, default=None, help="also write every game's result here")
    args = ap.parse_args(argv)

    from boardkit.slip_stream.ai import DEFAULT_LEVEL, LEVELS
    from boardkit.sweep import sweep
    ai = dict(LEVELS[args.level or DEFAULT_LEVEL])
    if args.depth is not None or args.seconds is not None:
        ai = {"depth": args.depth, "seconds": args.seconds}
    games = range(args.first, args.first + args.games)
    rows = []
    report: dict = {"ai": ai, "score_tile": args.score_tile, "pairings": {}}
    all_times: list[float] = []
    started = time.perf_counter()
    for opp in args.only or list(OPPONENTS):
        t0 = time.perf_counter()
        task = partial(play_one, opponent=opp, ai=ai, score_tile=args.score_tile)
        results = sweep(task, games, workers=args.workers)
        wall = time.perf_counter() - t0
        times = [x for r in results for x in r["move_seconds"]]
        depths = [d for r in results for d in r["depths"]]
        all_times += times
        first = [r for r in results if r["first_move"]]
        second = [r for r in results if not r["first_move"]]
        rows.append(f"| {OPPONENTS[opp]} | {rate(results)} | {rate(first)} | {rate(second)} "
                    f"| {statistics.median(times):.3f} / {quantile(times, 0.9):.3f} / "
                    f"{max(times):.3f} | {statistics.fmean(depths):.1f} |")
        report["pairings"][opp] = results
        print(f"vs {OPPONENTS[opp]}: {len(results)} games in {wall:.0f} s wall, "
              f"{len(times)} AI decisions", flush=True)
    print()
    print(f"Slip Stream AI ({', '.join(f'{k}={v}' for k, v in ai.items())}), score tile "
          f"#{args.score_tile}, {args.games} games per pairing (seats alternated, the AI the "
          f"first-move player in half), {args.workers} workers, "
          f"{time.perf_counter() - started:.0f} s in all")
    print()
    print("| opponent | AI win rate [95 % Wilson] | as first-move player | as colour chooser "
          "| AI s/decision median / p90 / max | mean depth |")
    print("|---|---|---|---|---|---|")
    for row in rows:
        print(row)
    print()
    print(f"All AI decisions: {len(all_times)}, median {statistics.median(all_times):.3f} s, "
          f"p90 {quantile(all_times, 0.9):.3f} s, max {max(all_times):.3f} s")
    if args.json:
        args.json.write_text(json.dumps(report, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
