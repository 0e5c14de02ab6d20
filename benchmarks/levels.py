"""Every game's bot levels: the slowest decision of each, and each level
against the level below.

Run from the repository root with the project's interpreter::

    .venv/bin/python -m benchmarks.levels                  # every game, ~6 min of CPU
    .venv/bin/python -m benchmarks.levels --quick          # a smoke run, ~1.5 min of CPU
    .venv/bin/python -m benchmarks.levels --only slime_culture_center --games 200 --workers 2
    .venv/bin/python -m benchmarks.levels --bots search --only slime_culture_center --games 200

The games are the registered ones that the play page offers
(:data:`boardkit.play.GAMES`, read from the registry: no list of games
here), and the levels are the page's (:func:`boardkit.play.make_bot`, the
names its registration gives them). For each game:

* **The slowest decision of each level.** A fixed set of positions:
  ``--positions`` seeded games (seeds 0, 1, …) played by the level-1 bot
  in every seat, every sixth decision and the first two. Each level's bot
  (seed 1) decides in each of them; the CPU time (``time.process_time``)
  of the slowest decision is reported, with the median, and how many times
  a bot's clock cap bound (a bot whose ``last_search`` says ``"capped"``:
  the Slip Stream AI; its levels are counts of positions, the clock only a
  safety cap, so a capped decision may differ on another machine).
* **Each level against the level below.** ``--games`` games of two
  players: game ``g`` is the game of seed ``g // 2`` with the stronger
  level in seat ``g % 2`` (so every seed is played with the seats
  swapped), each bot seeded from ``g``. The win rate of the level above
  (a shared win counts half) with its 95 % Wilson interval, and the
  verdict the interval allows against half. The slowest decision seen in
  these games is reported too.

``--bots search`` does the same for the core search bot's levels
(``MCTSBot.level(k)``, the iterations each game sets), from the page's
level-2 bot (the greedy bot, or the game's own) as level 0: whether the
search's level 1 beats greedy play, level 2 its level 1, and so on.

Every game depends only on its number, so the figures are the same
whatever ``--workers`` is (CPU times aside). ``--json FILE`` writes every
figure and every game's result.
"""
from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

PLAYERS = 2
LEVELS = (1, 2, 3)
#: ``--bots search``: the core search bot's levels (``MCTSBot.level(k)``,
#: the iterations each game sets), level 0 being the page's level-2 bot
#: (the greedy bot, or the game's own), so the first row says whether the
#: search's level 1 beats greedy play
SEARCH_LEVELS = (0, 1, 2, 3)


def bot(kind: str, name: str, level: int, seed: int) -> Any:
    """The bot of ``level``: the play page's (``kind`` "play") or the core
    search bot's (``kind`` "search"; level 0 is the page's level 2)."""
    from boardkit.play import make_bot
    if kind == "play" or level == 0:
        return make_bot(name, 2 if kind == "search" else level, seed)
    from boardkit.core.mcts import MCTSBot
    return MCTSBot.level(level, seed=seed)


def level_name(kind: str, c: Any, level: int) -> str:
    if kind == "play":
        return c.levels.get(level, "")
    return f"page's level 2: {c.levels.get(2, '')}" if level == 0 else f"MCTSBot.level({level})"


def _new(name: str, seed: int) -> Any:
    from boardkit.core.registry import games
    cls = games()[name]
    info = cls.Rules.info
    players = None if info.min_players == info.max_players else max(PLAYERS, info.min_players)
    return cls(players, seed, history=False)


def _capped(bot: Any) -> bool:
    s = getattr(bot, "last_search", None)
    return bool(isinstance(s, dict) and s.get("capped"))


def _positions(name: str, games: int) -> list[Any]:
    """The fixed positions: seeds 0 … games-1 played by the level-1 bot in
    every seat; the first two decisions and every sixth."""
    from boardkit.play import make_bot
    out = []
    for seed in range(games):
        game = _new(name, seed)
        bots = [make_bot(name, 1, 1000 * seed + s) for s in range(game.players)]
        k = 0
        while (who := game.current_player) is not None:
            if k < 2 or k % 6 == 0:
                out.append(game.copy())
            game.apply(bots[who].choose(game))
            k += 1
    return out


def timing(task: tuple) -> dict:
    """One level's decisions on the fixed positions of a game."""
    kind, name, level, games = task
    cpu, capped = [], 0
    for game in _positions(name, games):
        b = bot(kind, name, level, 1)
        t0 = time.process_time()
        b.choose(game)
        cpu.append(time.process_time() - t0)
        capped += _capped(b)
    return {"game": name, "level": level, "positions": len(cpu), "max": max(cpu),
            "median": statistics.median(cpu), "capped": capped}


def match(task: tuple) -> dict:
    """Game ``g``: level ``upper`` against ``upper - 1``, seeds and seats from ``g``."""
    kind, name, upper, g = task
    game = _new(name, g // 2)
    seat = g % 2
    bots = {s: bot(kind, name, upper if s == seat else upper - 1, 1000 * g + s)
            for s in range(game.players)}
    worst = {upper: 0.0, upper - 1: 0.0}
    capped = {upper: 0, upper - 1: 0}
    while (who := game.current_player) is not None:
        b = bots[who]
        level = upper if who == seat else upper - 1
        t0 = time.process_time()
        action = b.choose(game)
        worst[level] = max(worst[level], time.process_time() - t0)
        capped[level] += _capped(b)
        game.apply(action)
    out = game.outcome()
    winners = out.winners
    share = (1.0 / len(winners)) if seat in winners else 0.0
    return {"game": name, "upper": upper, "g": g, "seat": seat, "score": share,
            "winners": list(winners), "worst": {str(k): v for k, v in worst.items()},
            "capped": {str(k): v for k, v in capped.items()}}


def main(argv: list[str] | None = None) -> int:
    from boardkit.play import GAMES
    from boardkit.stats import verdict, wilson
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=None,
                    help="games of each level against the level below (even; default 20, quick 4)")
    ap.add_argument("--positions", type=int, default=None,
                    help="seeded games whose positions time each level (default 2, quick 1)")
    ap.add_argument("--only", action="append", default=None, help="only this game (repeatable)")
    ap.add_argument("--quick", action="store_true", help="a smoke run")
    ap.add_argument("--bots", choices=("play", "search"), default="play",
                    help="the play page's levels (default) or the core search bot's, "
                         "from the page's level-2 bot up")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--json", type=Path, default=None)
    args = ap.parse_args(argv)
    n_games = args.games if args.games is not None else (4 if args.quick else 20)
    n_pos = args.positions if args.positions is not None else (1 if args.quick else 2)
    names = [n for n in GAMES if not args.only or n in args.only]
    kind = args.bots
    levels = LEVELS if kind == "play" else SEARCH_LEVELS
    if args.only and set(args.only) - set(names):
        raise SystemExit(f"unknown game(s) {sorted(set(args.only) - set(names))}; "
                         f"the games: {', '.join(GAMES)}")
    report: dict[str, Any] = {"call": "benchmarks/levels.py " + " ".join(
        argv if argv is not None else sys.argv[1:]), "bots": kind, "players": PLAYERS, "games": n_games,
        "positions_games": n_pos, "results": {}}
    started = time.perf_counter()
    cpu0 = time.process_time()
    with ProcessPoolExecutor(max_workers=args.workers) as pool:
        for name in names:
            c = GAMES[name]
            times = list(pool.map(timing, [(kind, name, k, n_pos) for k in levels]))
            games = list(pool.map(match, [(kind, name, k, g) for k in levels[1:]
                                          for g in range(n_games)], chunksize=1))
            rows = []
            for k in levels[1:]:
                mine = [r for r in games if r["upper"] == k]
                score = sum(r["score"] for r in mine)
                lo, hi = wilson(score, len(mine))
                rows.append({"upper": k, "games": len(mine), "score": score,
                             "rate": score / len(mine) if mine else None, "interval": [lo, hi],
                             "verdict": verdict(lo, hi, "half"),
                             "worst": max(max(r["worst"].values()) for r in mine),
                             "capped": sum(sum(r["capped"].values()) for r in mine)})
            report["results"][name] = {"title": c.title, "levels": {k: level_name(kind, c, k)
                                                                     for k in levels},
                                       "timing": times, "matches": rows, "rows": games}
            print(f"\n### {c.title} ({name}), {PLAYERS} players\n")
            print("| level | bot | slowest decision, CPU s (median) over "
                  f"{times[0]['positions']} positions | clock cap bound |")
            print("|---|---|---|---|")
            for t in times:
                print(f"| {t['level']} | {level_name(kind, c, t['level'])} | {t['max']:.3f} "
                      f"({t['median']:.3f}) | {t['capped']} |")
            print()
            print("| level against the level below | games | wins of the level above "
                  "(95 % Wilson) | verdict | slowest decision in these games, CPU s | cap bound |")
            print("|---|---|---|---|---|---|")
            for r in rows:
                lo, hi = r["interval"]
                print(f"| {r['upper']} ({level_name(kind, c, r['upper'])}) against {r['upper'] - 1} "
                      f"| {r['games']} | {r['score']:g} = {100 * r['rate']:.1f} % "
                      f"[{100 * lo:.1f}, {100 * hi:.1f}] | {r['verdict']} | {r['worst']:.3f} "
                      f"| {r['capped']} |", flush=True)
    report["wall_seconds"] = time.perf_counter() - started
    print(f"\n{time.perf_counter() - started:.0f} s wall (this process {time.process_time() - cpu0:.0f} s "
          f"of CPU; the workers' is in the figures)")
    if args.json:
        args.json.write_text(json.dumps(report, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
