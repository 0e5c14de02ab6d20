"""How often does the Slip Stream AI throw a won position away? Its moves
against the exact answer.

Run from the repository root with the project's interpreter (long: run it
with ``nice -n 19`` on a shared machine)::

    .venv/bin/python -m benchmarks.slip_stream_exact --positions 300 \\
        --json notebooks/data/slip_stream_exact.json

Positions: game ``g`` is a seeded game of the AI at depth 2 against itself
(score tile #1, the course order drawn from ``g``, seat 0 the first-move
player); its position ``8 + g % 5`` plies before the end (8–12;
``--back 8 20`` for 8–20: a position 17 plies before the end took
100 s to solve, so 300 of them would take hours) is taken.
Each is solved exactly by :class:`boardkit.slip_stream.solve.Prover`: a
search to the end of the game (no evaluation), deepened one ply at a time
until a forced win or loss is proved, up to ``--plies`` plies (a position
not decided within them, or within ``--budget`` positions searched, is
counted as undecided and left out of the shares).

For each level (1: depth 2, 2: depth 6, both without a clock, so the
figures do not depend on the machine's load; 3: its own budget, depth 12
or 1 s) the level's move is judged: in a won position it *keeps* the win
(the position after it is still a forced win for the mover), *throws it
away* (the opponent then has a forced win) or is undecided within the
bound. A lost position cannot be made worse. Shares come with 95 % Wilson
intervals. The horizon check: where the win is forced within the level's
depth (the result is decided inside its horizon), its move must keep the
win; every miss is listed.

The figures are written as JSON (``--json``) after every position, so a
long run can be read while it goes on.
"""
from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks.strength import pct, wilson  # noqa: E402

LEVEL_BUDGETS = {1: {"depth": 2}, 2: {"depth": 6}, 3: {"depth": 12, "seconds": 1.0}}


def course_of(g: int) -> list[int]:
    order = list(range(1, 8))
    random.Random(f"slip-stream-exact/{g}").shuffle(order)
    return order


def game_states(g: int, score_tile: int = 1) -> tuple[object, list[dict]]:
    """Game ``g`` played by the AI at depth 2 on both seats: (the game, every
    state where a player acted)."""
    from boardkit.slip_stream import SlipStream
    from boardkit.slip_stream.ai import SlipStreamAI
    game = SlipStream(seed=g, history=False, score_tile=score_tile,
                      chance=["first 0", "course " + " ".join(map(str, course_of(g)))])
    bots = [SlipStreamAI(seed=g, depth=2), SlipStreamAI(seed=g + 10_000, depth=2)]
    states = []
    while (who := game.current_player) is not None:
        states.append(game.state)
        game.apply(bots[who].choose(game))
    return game, states


def judge(g: int, plies: int, levels: dict[int, dict], lo: int = 8, hi: int = 20,
          budget: int | None = 150_000) -> dict | None:
    """Position ``lo + g % (hi - lo + 1)`` plies before the end of game ``g``, solved and
    each level's move judged (None when it is not a position in play)."""
    from boardkit.slip_stream import SlipStream
    from boardkit.slip_stream.ai import Fast, SlipStreamAI
    from boardkit.slip_stream.solve import Prover
    back = lo + g % (hi - lo + 1)
    game, states = game_states(g)
    if len(states) < back:
        return None
    state = states[-back]
    pos = Fast.from_state(state)
    if pos is None:
        return None
    here = SlipStream.from_state(state, seed=g)
    fast = SlipStreamAI(0, depth=1).fast(here.rules, state)
    prover = Prover(fast, budget=budget)
    t0 = time.perf_counter()
    result, proof = prover.result(pos, plies)
    prover.nodes = 0
    row: dict = {"game": g, "back": back, "result": result, "proof_plies": proof,
                 "moves": len(fast.moves(pos)), "levels": {}}
    if result == 1:
        row["winning_moves"] = sum(1 for m in fast.moves(pos)
                                   if prover.move_result(pos, m, proof - 1) == 1)
    for k, level in levels.items():
        ai = SlipStreamAI(seed=g, explain=False, **level)
        action = ai.choose(here)
        words = action.split()
        move = (_code(words[1]), _code(words[2]))
        verdict = None
        if result == 1:
            verdict = prover.move_result(pos, move, plies - 1)
        row["levels"][str(k)] = {"action": action, "verdict": verdict,
                                 "depth": ai.last_search["depth"],
                                 "evaluation": ai.last_search["evaluation"]}
    row["seconds"] = time.perf_counter() - t0
    return row


def _code(name: str) -> int:
    from boardkit.slip_stream.ai import place_code
    return place_code(name)


def summary(rows: list[dict], levels: dict[int, dict]) -> dict:
    decided = [r for r in rows if r["result"] is not None]
    won = [r for r in decided if r["result"] == 1]
    out: dict = {"positions": len(rows), "decided": len(decided), "won": len(won),
                 "lost": len(decided) - len(won), "levels": {}}
    for k, budget in levels.items():
        key = str(k)
        thrown = sum(1 for r in won if r["levels"][key]["verdict"] == -1)
        kept = sum(1 for r in won if r["levels"][key]["verdict"] == 1)
        unknown = len(won) - thrown - kept
        horizon = budget["depth"]
        inside = [r for r in won if r["proof_plies"] <= horizon]
        misses = [r["game"] for r in inside if r["levels"][key]["verdict"] != 1]
        out["levels"][key] = {
            "budget": budget, "thrown": thrown, "kept": kept, "undecided": unknown,
            "share_of_decided": [thrown / len(decided) if decided else 0.0,
                                 *wilson(thrown, len(decided))],
            "share_of_won": [thrown / len(won) if won else 0.0, *wilson(thrown, len(won))],
            "within_horizon": len(inside), "horizon_misses": misses}
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--positions", type=int, default=300, help="games, one position each")
    ap.add_argument("--first", type=int, default=0, help="number of the first game")
    ap.add_argument("--plies", type=int, default=16, help="the proof bound (default 16)")
    ap.add_argument("--back", type=int, nargs=2, default=(8, 12),
                    help="plies before the end: game g takes lo + g %% (hi - lo + 1) (default 8 12)")
    ap.add_argument("--budget", type=int, default=150_000,
                    help="positions the prover may search per question (default 150,000; "
                         "beyond it the position counts as undecided)")
    ap.add_argument("--json", type=Path, default=None, help="write the rows and figures here")
    args = ap.parse_args(argv)
    levels = LEVEL_BUDGETS
    rows: list[dict] = []
    if args.json and args.json.exists():       # go on where a run stopped
        rows = json.loads(args.json.read_text())["rows"]
    done = {r["game"] for r in rows}
    started = time.perf_counter()
    for g in range(args.first, args.first + args.positions):
        if g in done:
            continue
        row = judge(g, args.plies, levels, *args.back, budget=args.budget)
        if row is None:
            continue
        rows.append(row)
        if args.json:
            args.json.write_text(json.dumps(
                {"made_by": "benchmarks/slip_stream_exact.py", "plies": args.plies,
                 "levels": {str(k): v for k, v in levels.items()},
                 "rows": rows, "summary": summary(rows, levels)}, indent=None) + "\n")
        print(f"game {g}: {row['back']} plies before the end, result {row['result']} "
              f"(proof {row['proof_plies']} plies), "
              + ", ".join(f"L{k} {v['verdict']}" for k, v in row["levels"].items())
              + f", {row['seconds']:.1f} s", flush=True)
    s = summary(rows, levels)
    print()
    print(f"{s['positions']} positions {args.back[0]}–{args.back[1]} plies before the end, "
          f"{s['decided']} decided within "
          f"{args.plies} plies ({s['won']} won, {s['lost']} lost for the player to act); "
          f"{time.perf_counter() - started:.0f} s")
    print()
    print("| level | budget | won positions thrown away | share of decided [95 %] "
          "| share of won [95 %] | undecided | win forced within its depth: kept |")
    print("|---|---|---|---|---|---|---|")
    for k, v in s["levels"].items():
        sd, sw = v["share_of_decided"], v["share_of_won"]
        print(f"| {k} | {v['budget']} | {v['thrown']} | {pct(sd[0])} [{pct(sd[1])}, {pct(sd[2])}] "
              f"| {pct(sw[0])} [{pct(sw[1])}, {pct(sw[2])}] | {v['undecided']} "
              f"| {v['within_horizon'] - len(v['horizon_misses'])}/{v['within_horizon']}"
              + (f" (misses: games {v['horizon_misses']})" if v["horizon_misses"] else "") + " |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
