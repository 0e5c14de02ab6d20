"""The search bot's levels: iterations per CPU second and the slowest move,
per game and level, at the opening, the middle and the crowded end.

Run from the repository root with the project's interpreter::

    .venv/bin/python benchmarks/mcts_levels.py                # every game, levels 1-3
    .venv/bin/python benchmarks/mcts_levels.py --only scc --seeds 0 1 2 --players 6

For each game (Slime Race, Super Race, Slime Culture Center; Slip Stream
has its own AI, ``SlipStreamAI``, timed by ``benchmarks/slip_stream_exact.py``,
and is left out) and each seed, one game is played by greedy bots (lap
planners in Super Race) with ``history=False``; of the decisions where the
seat has more than one legal action, three are searched: the first
(opening), the one with the most legal actions in the middle fifth of the
game (middle) and in its last fifth (the crowded end). Each is searched by
``MCTSBot.level(k, seed=1)`` for k = 1, 2, 3, once after a warm-up search
(each search is seeded, so the two do the same work).

The CPU time of a search is ``time.process_time`` (not the wall clock: the
machine may be shared); iterations per CPU second are the iterations the
level ran in that game (``MCTSBot.budget``) over that time, the root's
ranking of the legal actions included. Printed, not asserted: a markdown
table per game and level with the iterations, the slowest move's CPU
seconds, and iterations per CPU second in each phase (the median over the
seeds). ``--players`` changes the number of players (more players, more
predations to order in a crowded Slime Culture Center). ``--json FILE``
writes every measurement.
"""
from __future__ import annotations

import argparse
import gc
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

#: key -> (title, default players)
GAMES = {"sr": ("Slime Race", 3), "sur": ("Super Race", 4), "scc": ("Slime Culture Center", 3)}
PHASES = ("opening", "middle", "end")


def make_game(which: str, seed: int, players: int):
    from boardkit import SlimeCultureCenter, SlimeRace, SuperRace
    if which == "scc":
        return SlimeCultureCenter(players=players, seed=seed, history=False)
    if which == "sr":
        return SlimeRace(players=players, seed=seed, target=20, history=False)
    return SuperRace(players=players, seed=seed, history=False)


def positions(which: str, seed: int, players: int) -> dict:
    """phase -> (seat, game copy) of one seeded game between greedy bots."""
    from boardkit.core.bots import GreedyBot
    g = make_game(which, seed, players)
    if which == "sur":
        from boardkit.super_race.bots import LapBot
        bots = [LapBot(seed + i) for i in range(players)]
    else:
        bots = [GreedyBot(1000 * seed + i, sample=40 if which == "scc" else None)
                for i in range(players)]
    found = []
    while g.current_player is not None:
        who = g.current_player
        legal = len(list(g.legal_actions))
        if legal > 1:
            found.append((legal, who, g.copy()))
        g.apply(bots[who].choose(g))
    n = len(found)

    def widest(lo: float, hi: float) -> tuple:
        part = found[int(lo * n):max(int(lo * n) + 1, int(hi * n))]
        legal, who, game = max(part, key=lambda t: t[0])  # the first of the widest
        return who, game
    return {"opening": found[0][1:], "middle": widest(0.4, 0.6), "end": widest(0.8, 1.0)}


def search_cpu(bot, g, seat: int) -> tuple[float, int]:
    rules, state = g.rules, g.state
    legal = list(g.legal_actions)
    gc.collect()
    c0 = time.process_time()
    bot.decide(rules, rules.observation(state, seat), seat, legal)
    return time.process_time() - c0, bot.last_search["iterations"]


def measure(which: str, seeds: list[int], players: int, levels: list[int]) -> list[dict]:
    from boardkit.core.mcts import MCTSBot
    out = []
    for seed in seeds:
        for phase, (seat, g) in positions(which, seed, players).items():
            for k in levels:
                bot = MCTSBot.level(k, seed=1)
                search_cpu(bot, g, seat)                       # warm-up
                cpu, it = search_cpu(bot, g, seat)
                out.append({"game": which, "players": players, "seed": seed, "phase": phase,
                            "level": k, "iterations": it, "cpu_s": cpu,
                            "it_per_cpu_s": it / cpu if cpu > 0 else None,
                            "legal": len(list(g.legal_actions))})
    return out


def table(rows: list[dict]) -> list[str]:
    lines = ["| game | players | level | iterations | worst CPU s per move (phase, seed) | "
             "iterations per CPU s: opening / middle / end (median over seeds) |",
             "|---|---|---|---|---|---|"]
    keys = sorted({(r["game"], r["players"], r["level"]) for r in rows},
                  key=lambda t: (list(GAMES).index(t[0]), t[1], t[2]))
    for game, players, k in keys:
        mine = [r for r in rows if (r["game"], r["players"], r["level"]) == (game, players, k)]
        worst = max(mine, key=lambda r: r["cpu_s"])
        rates = []
        for phase in PHASES:
            xs = sorted(r["it_per_cpu_s"] for r in mine if r["phase"] == phase)
            rates.append(f"{xs[len(xs) // 2]:,.0f}" if xs else "—")
        its = sorted({r["iterations"] for r in mine})
        lines.append(f"| {GAMES[game][0]} | {players} | {k} | {'/'.join(map(str, its))} | "
                     f"{worst['cpu_s']:.2f} ({worst['phase']}, seed {worst['seed']}) | "
                     f"{' / '.join(rates)} |")
    return lines


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--only", choices=sorted(GAMES), action="append",
                    help="this game only (repeatable)")
    ap.add_argument("--seeds", type=int, nargs="+", default=[0, 1])
    ap.add_argument("--players", type=int, default=None,
                    help="players (default: 3, Super Race 4)")
    ap.add_argument("--levels", type=int, nargs="+", default=[1, 2, 3])
    ap.add_argument("--json", type=Path, default=None)
    args = ap.parse_args(argv)
    rows: list[dict] = []
    for which in args.only or list(GAMES):
        players = args.players or GAMES[which][1]
        t0 = time.process_time()
        rows += measure(which, args.seeds, players, args.levels)
        print(f"{GAMES[which][0]}: measured in {time.process_time() - t0:.0f} CPU s", flush=True)
    print()
    print("\n".join(table(rows)))
    if args.json:
        args.json.write_text(json.dumps({"call": " ".join(sys.argv), "rows": rows}, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
