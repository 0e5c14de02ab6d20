"""How strong is the search bot? MCTS against greedy bots, many seeded games.

Run from the repository root with the project's interpreter::

    .venv/bin/python benchmarks/strength.py --games 200            # both games
    .venv/bin/python benchmarks/strength.py --games 60 --only scc --iterations 100

Each game ``g`` (0 … games-1) is fully seeded: the game's chance uses seed
``g``, the search bot sits in seat ``g % players`` (so every seat is played
equally often) with seed ``g``, and the greedy bots use seeds from ``g`` too.
Games run in a ``ProcessPoolExecutor`` and results are collected by game
number, so the table is identical whatever ``--workers`` is (the search bot
runs on an iteration budget, never on the clock).

* Slime Culture Center (3 players): the search bot's win rate against the
  1/3 a seat would win by chance and against the greedy seats' rate
  (95 % Wilson intervals; a shared win counts as a win for every winner).
* Slime Race (3 players, target 20 points): mean match points of the search
  seat and of a greedy seat (95 % normal intervals), the mean per-game
  difference (search seat minus the greedy seats' mean, paired), and win
  rates.

Prints a markdown table, the settings and the time per search move.

``--level k`` seats ``MCTSBot.level(k)``: as many iterations as the game
sets for that level. ``--point FILE`` writes a short JSON of one point of
a strength curve (one game kind, one bot): the call that made it, the bot,
the seeds, the win rates with their intervals, the CPU time per search move
(``time.process_time`` in the worker) and one compact row per game.
``--combine A B … --point FILE`` merges such files made by the same call
over different ``--first``/``--games`` ranges into one (its ``call`` names
every range).
"""
from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

PLAYERS = 3
SR_TARGET = 20
GAMES = {"scc": "Slime Culture Center", "sr": "Slime Race"}
#: MCTSBot settings that can be set from the command line
SETTINGS = (("horizon", int), ("temperature", float), ("exploration", float), ("wide", int),
            ("widen", float), ("prior_sample", int), ("prior_visits", float),
            ("root_sample", int), ("worlds", int),
            ("prior_worlds", int), ("rollout_sample", int),
            ("evaluation", str))


def make_game(which: str, seed: int):
    from boardkit import SlimeCultureCenter, SlimeRace
    if which == "scc":
        return SlimeCultureCenter(players=PLAYERS, seed=seed, history=False)
    return SlimeRace(players=PLAYERS, seed=seed, target=SR_TARGET, history=False)


def play_one(task: tuple) -> dict:
    """One seeded game: the search bot in seat ``g % players``, greedy elsewhere."""
    which, g, bot_kwargs = task
    from boardkit.core.bots import GreedyBot
    from boardkit.core.mcts import MCTSBot
    game = make_game(which, g)
    seat = g % PLAYERS
    bots = {s: GreedyBot(seed=1000 * g + s) for s in range(PLAYERS)}
    bots[seat] = MCTSBot(seed=g, **bot_kwargs)
    times: list[float] = []
    cpu: list[float] = []
    iterations = 0
    started = time.perf_counter()
    for _ in range(100_000):
        who = game.current_player
        if who is None:
            break
        t0 = time.perf_counter()
        c0 = time.process_time()
        action = bots[who].choose(game)
        if who == seat:
            cpu.append(time.process_time() - c0)
            times.append(time.perf_counter() - t0)
            iterations += bots[seat].last_search["iterations"]
        game.apply(action)
    else:
        raise RuntimeError(f"{which} game {g} did not end")
    out = game.outcome()
    return {"game": g, "seat": seat, "scores": list(out.scores), "winners": list(out.winners),
            "moves": len(times), "move_seconds": times, "move_cpu": cpu, "iterations": iterations,
            "seconds": time.perf_counter() - started}


# ----------------------------------------------------------------- statistics
def wilson(k: float, n: int, z: float = 1.96) -> tuple[float, float]:
    from boardkit.stats import wilson as interval
    return interval(k, n, z)


def mean_ci(xs: list[float], z: float = 1.96) -> tuple[float, float, float]:
    from boardkit.stats import mean_interval
    return mean_interval(xs, z)


def pct(x: float) -> str:
    return f"{100 * x:.1f} %"


def summarise(which: str, results: list[dict]) -> tuple[list[str], dict]:
    n = len(results)
    wins = sum(1 for r in results if r["seat"] in r["winners"])
    greedy_wins = sum(1 for r in results for s in range(PLAYERS)
                      if s != r["seat"] and s in r["winners"])
    shared = sum(1 for r in results if r["seat"] in r["winners"] and len(r["winners"]) > 1)
    lo, hi = wilson(wins, n)
    glo, ghi = wilson(greedy_wins, n * (PLAYERS - 1))
    mine = [r["scores"][r["seat"]] for r in results]
    theirs = [r["scores"][s] for r in results for s in range(PLAYERS) if s != r["seat"]]
    diff = [r["scores"][r["seat"]] - statistics.fmean(
        [r["scores"][s] for s in range(PLAYERS) if s != r["seat"]]) for r in results]
    m, mlo, mhi = mean_ci(mine)
    t, tlo, thi = mean_ci(theirs)
    d, dlo, dhi = mean_ci(diff)
    moves = [x for r in results for x in r["move_seconds"]]
    unit = "points" if which == "sr" else "score"
    title = GAMES[which]
    rows = [
        f"| {title} | search bot win rate | {pct(wins / n)} ({wins}/{n}, {shared} shared) "
        f"| [{pct(lo)}, {pct(hi)}] |",
        f"| {title} | greedy seat win rate | {pct(greedy_wins / (n * (PLAYERS - 1)))} "
        f"({greedy_wins}/{n * (PLAYERS - 1)}) | [{pct(glo)}, {pct(ghi)}] |",
        f"| {title} | baseline (1 seat in {PLAYERS}) | {pct(1 / PLAYERS)} | |",
        f"| {title} | search bot mean {unit} | {m:.2f} | [{mlo:.2f}, {mhi:.2f}] |",
        f"| {title} | greedy seat mean {unit} | {t:.2f} | [{tlo:.2f}, {thi:.2f}] |",
        f"| {title} | search − greedy {unit} (paired, per game) | {d:+.2f} | [{dlo:+.2f}, {dhi:+.2f}] |",
    ]
    stats = {"games": n, "wins": wins, "win_rate": wins / n, "win_ci": [lo, hi],
             "greedy_win_rate": greedy_wins / (n * (PLAYERS - 1)), "greedy_win_ci": [glo, ghi],
             "mean": m, "mean_ci": [mlo, mhi], "greedy_mean": t, "greedy_mean_ci": [tlo, thi],
             "diff": d, "diff_ci": [dlo, dhi],
             "moves": len(moves), "move_mean": statistics.fmean(moves) if moves else 0.0,
             "move_median": statistics.median(moves) if moves else 0.0,
             "move_p95": sorted(moves)[int(0.95 * (len(moves) - 1))] if moves else 0.0,
             "move_max": max(moves) if moves else 0.0,
             "iterations_per_move": sum(r["iterations"] for r in results) / max(1, len(moves)),
             "game_seconds": sum(r["seconds"] for r in results)}
    return rows, stats


def point(which: str, results: list[dict], call: str, kwargs: dict) -> dict:
    """The short JSON of one point of a strength curve (see the module doc)."""
    from boardkit.core.mcts import MCTSBot
    rules = make_game(which, 0).rules
    bot = MCTSBot(seed=0, **kwargs)
    results = sorted(results, key=lambda r: r["game"])
    n = len(results)
    wins = sum(1 for r in results if r["seat"] in r["winners"])
    greedy = sum(1 for r in results for s in range(PLAYERS) if s != r["seat"] and s in r["winners"])
    for r in results:   # a game's CPU seconds: its search moves' total and slowest
        if "move_cpu" in r:
            r["move_cpu_total"], r["move_cpu_max"] = sum(r["move_cpu"]), max(r["move_cpu"], default=0.0)
    moves = sum(r["moves"] for r in results)
    return {
        "call": call,
        "what": f"{GAMES[which]}, {PLAYERS} players"
                + (f", target {SR_TARGET}" if which == "sr" else "")
                + f": MCTSBot(seed=g, **bot_kwargs) in seat g % {PLAYERS}, "
                  "GreedyBot(seed=1000 * g + s) in the other seats, the game seeded g",
        "game": which, "bot_kwargs": kwargs, "iterations": bot.budget(rules),
        "settings": {k: v for k, v in bot.settings(rules).items() if k != "levels"},
        "first": results[0]["game"], "games": n,
        "wins": wins, "win_rate": wins / n, "win_ci": list(wilson(wins, n)),
        "greedy_wins": greedy, "greedy_win_rate": greedy / (n * (PLAYERS - 1)),
        "greedy_win_ci": list(wilson(greedy, n * (PLAYERS - 1))),
        "search_moves": moves,
        "move_cpu_mean": sum(r["move_cpu_total"] for r in results) / max(1, moves),
        "move_cpu_max": max(r["move_cpu_max"] for r in results),
        "results": [{"game": r["game"], "seat": r["seat"], "scores": r["scores"],
                     "winners": r["winners"], "moves": r["moves"],
                     "iterations": r["iterations"], "move_cpu_total": r["move_cpu_total"],
                     "move_cpu_max": r["move_cpu_max"]} for r in results],
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=200, help="games per game type (default 200)")
    ap.add_argument("--workers", type=int, default=2, help="processes (default 2)")
    ap.add_argument("--only", choices=sorted(GAMES), action="append",
                    help="run only this game (repeatable)")
    ap.add_argument("--first", type=int, default=0, help="number of the first game (default 0)")
    ap.add_argument("--level", type=int, default=None, help="MCTSBot.level(k) budget")
    ap.add_argument("--iterations", type=int, default=None)
    for name, typ in SETTINGS:
        ap.add_argument(f"--{name.replace('_', '-')}", type=typ, default=None,
                        help="MCTSBot setting (default: the game's preset)")
    ap.add_argument("--rounds", default="game", help="an int, 'none', or 'game' (the preset)")
    ap.add_argument("--json", type=Path, default=None, help="also write every game's result here")
    ap.add_argument("--point", type=Path, default=None,
                    help="write the short JSON of one strength point (one --only game) here")
    ap.add_argument("--combine", type=Path, nargs="+", default=None,
                    help="merge these --point files (same call, other games) into --point")
    args = ap.parse_args(argv)
    if args.combine:
        parts = [json.loads(p.read_text(encoding="utf-8")) for p in args.combine]
        calls = {p["call"].split(" --first")[0] for p in parts}
        if len(calls) != 1 or len({p["game"] for p in parts}) != 1 or not args.point:
            raise SystemExit("--combine: files of one call and game, and --point, are needed")
        rows = [r for p in parts for r in p["results"]]
        if len({r["game"] for r in rows}) != len(rows):
            raise SystemExit("--combine: a game is in two files")
        numbers = sorted(r["game"] for r in rows)
        ranges = []   # the games as runs of consecutive numbers
        for g in numbers:
            if ranges and ranges[-1][1] == g - 1:
                ranges[-1][1] = g
            else:
                ranges.append([g, g])
        base = calls.pop()
        call = "; ".join(f"{base} --first {a} --games {b - a + 1}" for a, b in ranges)
        out = point(parts[0]["game"], rows, call, parts[0]["bot_kwargs"])
        args.point.write_text(json.dumps(out, indent=1) + "\n", encoding="utf-8")
        print(f"{args.point}: {out['wins']}/{out['games']} wins, {pct(out['win_rate'])} "
              f"[{pct(out['win_ci'][0])}, {pct(out['win_ci'][1])}]")
        return 0

    from boardkit.core.mcts import DEFAULT_LEVEL, LEVELS, MCTSBot
    kwargs: dict = {}
    if args.iterations is not None:
        kwargs["iterations"] = args.iterations
    elif args.level is not None:
        kwargs["level"] = args.level
    else:
        kwargs["iterations"] = LEVELS[DEFAULT_LEVEL]
    for name, _ in SETTINGS:
        v = getattr(args, name)
        if v is not None:
            kwargs[name] = v
    if args.rounds != "game":
        kwargs["rounds"] = None if args.rounds.lower() == "none" else int(args.rounds)

    which = args.only or ["scc", "sr"]
    all_rows: list[str] = []
    report: dict = {"kwargs": kwargs, "workers": args.workers, "games": {}}
    started = time.perf_counter()
    with ProcessPoolExecutor(max_workers=args.workers) as pool:
        for w in which:
            t0 = time.perf_counter()
            tasks = [(w, g, kwargs) for g in range(args.first, args.first + args.games)]
            results = list(pool.map(play_one, tasks, chunksize=1))
            wall = time.perf_counter() - t0
            rows, stats = summarise(w, results)
            stats["wall_seconds"] = wall
            all_rows += rows
            report["games"][w] = {"stats": stats, "results": results}
            if args.point:
                call = ("benchmarks/strength.py " + " ".join(argv if argv is not None else sys.argv[1:]))
                call = " ".join(t for t in call.split() if t)
                out = point(w, results, call, kwargs)
                args.point.write_text(json.dumps(out, indent=1) + "\n", encoding="utf-8")
            bot = MCTSBot(seed=0, **kwargs)
            from boardkit import SlimeCultureCenter, SlimeRace
            rules = (SlimeCultureCenter if w == "scc" else SlimeRace)(players=PLAYERS).rules
            settings = {k: v for k, v in bot.settings(rules).items()}
            print(f"{GAMES[w]}: {stats['games']} games in {wall:.0f} s wall "
                  f"({stats['game_seconds']:.0f} s of game time over {args.workers} workers); "
                  f"search moves: {stats['moves']}, mean {stats['move_mean']:.3f} s, "
                  f"median {stats['move_median']:.3f} s, p95 {stats['move_p95']:.3f} s, "
                  f"max {stats['move_max']:.3f} s, {stats['iterations_per_move']:.0f} iterations/move; "
                  f"settings {settings} iterations={bot.budget(rules)}", flush=True)
    print()
    print(f"Search bot ({PLAYERS} players, one MCTSBot vs {PLAYERS - 1} GreedyBots, seat rotated; "
          f"Slime Race target {SR_TARGET}); total {time.perf_counter() - started:.0f} s")
    print()
    print("| game | measure | value | 95 % interval |")
    print("|---|---|---|---|")
    for row in all_rows:
        print(row)
    if args.json:
        args.json.write_text(json.dumps(report, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
