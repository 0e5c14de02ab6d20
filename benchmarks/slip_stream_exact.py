"""How often does the Slip Stream AI throw a won position away? Its moves
against the exact answer.

Run from the repository root with the project's interpreter (long: on a
shared machine run it with ``nice -n 10``)::

    .venv/bin/python -m benchmarks.slip_stream_exact --games 0 880 --back 8 20 \\
        --short 6 --budget 100000 --json notebooks/data/strength_slip_stream_exact.json --workers 2
    .venv/bin/python -m benchmarks.slip_stream_exact --timing \\
        --json notebooks/data/strength_slip_stream_levels_timing.json

Positions: game ``g`` is a seeded game of the AI at depth 2 against itself
(score tile #1, the course order drawn from ``g``, seat 0 the first-move
player); its position ``lo + g % (hi - lo + 1)`` plies before the end is
taken (``--back lo hi``). Each is solved exactly by
:class:`boardkit.slip_stream.solve.Prover`: a search to the end of the game
(no evaluation), deepened one ply at a time until a forced win or loss is
proved, up to ``--plies`` plies; or, with ``--short S``, deepened up to S
plies (the shortest proof, when it is that short) and then a proof-number
search with no bound on the plies (df-pn: the length of a longer proof is
not known, only that it is longer than S). A position not decided, or not
within ``--budget`` positions searched, is counted as undecided and left
out of the shares (the count is reported, by distance from the end).

For each level of :data:`boardkit.slip_stream.ai.LEVELS` (depth 2, 4 and 6,
each within a second of CPU time, which no depth-limited search here
reached) the level's move is judged: in a won position it *keeps* the win
(the position after it is still a forced win for the mover), *changes the
result* (the opponent then has a forced win) or is undecided within the
bound. A lost position cannot be made worse. Shares of the decided
positions and of the won ones come with 95 % Wilson intervals. The horizon
check: where the win is forced within the level's depth (the result is
decided inside its horizon), its move must keep the win; every miss is
listed (``--short`` must then be at least the deepest level's depth).

``--reuse FILE …`` takes results and verdicts from earlier runs (the same
positions of the same games, the same AI): a position's result and the
verdict of a move already judged there are not searched again (nor a
position left undecided, unless ``--retry``). The figures
are written as JSON (``--json``) after every position, so a long run can be
read while it goes on, and a run that stopped goes on where it stopped.

The stored file (``notebooks/data/strength_slip_stream_exact.json``) is
the command above: games 0–879, every position proved the same way (a
proof of at most 6 plies looked for, then df-pn, 100,000 positions per
question), about 2.7 s of CPU time a position (40 minutes in all). The
positions come from the AI's own games, so a change to the AI's play (its
evaluation, its order of moves) needs a new run.

``--timing`` measures instead each level's CPU time per decision, every
legal move valued (as the board's AI does), on every sixth position of
three games and their opening decisions.
"""
from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks.strength import pct  # noqa: E402
from boardkit.stats import wilson  # noqa: E402


def levels() -> dict[str, dict]:
    """Each level's budget, and each level that searches to the end of the
    game (``prove``) once more without it: the same positions, so the
    difference the proof makes is paired."""
    from boardkit.slip_stream.ai import LEVELS
    out = {str(k): dict(v) for k, v in LEVELS.items()}
    for k, v in LEVELS.items():
        if v.get("prove"):
            out[f"{k} without proof"] = {**v, "prove": 0}
    return out


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
    bots = [SlipStreamAI(seed=g, depth=2, explain=False),
            SlipStreamAI(seed=g + 10_000, depth=2, explain=False)]
    states = []
    while (who := game.current_player) is not None:
        states.append(game.state)
        game.apply(bots[who].choose(game))
    return game, states


def judge(g: int, plies: int, budgets: dict[str, dict], lo: int = 8, hi: int = 20,
          budget: int | None = 200_000, known: dict | None = None,
          retry: bool = False, short: int | None = None) -> dict | None:
    """Position ``lo + g % (hi - lo + 1)`` plies before the end of game ``g``,
    solved and each level's move judged (None when it is not a position in
    play). ``known``: an earlier row of this position (its result and the
    verdicts of the moves judged there are taken, not searched again; one
    it left undecided is searched again only with ``retry``). ``short``:
    prove by :meth:`Prover.solve` (the shortest proof looked for up to
    ``short`` plies, then a proof-number search with no bound on the
    plies) instead of deepening to ``plies``."""
    from boardkit.slip_stream import SlipStream
    from boardkit.slip_stream.ai import Fast, SlipStreamAI, place_code
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
    t0 = time.process_time()
    verdicts: dict[str, int | None] = {}
    if known is not None and known["back"] == back and (known["result"] is not None
                                                        or not retry):
        result, proof = known["result"], known["proof_plies"]
        for v in known["levels"].values():
            if v["verdict"] is not None or result != 1:
                verdicts[v["action"]] = v["verdict"]
        reused = True
    elif short is not None:
        result, proof = prover.solve(pos, short)
        reused = False
    else:
        result, proof = prover.result(pos, plies)
        reused = False
    prover.nodes = 0
    how = ({k: known[k] for k in ("plies", "short", "budget") if k in known} if reused
           else {"plies": plies, **({"short": short, "budget": budget} if short is not None
                                    else {})})
    row: dict = {"game": g, "back": back, "range": [lo, hi], **how, "result": result,
                 "proof_plies": proof,
                 "moves": len(fast.moves(pos)), "reused": reused, "levels": {}}
    for k, level in budgets.items():
        ai = SlipStreamAI(seed=g, explain=False, **level)
        c0 = time.process_time()
        action = ai.choose(here)
        cpu = time.process_time() - c0
        words = action.split()
        move = (place_code(words[1]), place_code(words[2]))
        verdict = None
        if result == 1:
            if action in verdicts:
                verdict = verdicts[action]
            else:
                verdict = verdicts[action] = (
                    prover.move_result(pos, move, plies - 1) if short is None
                    else prover.move_verdict(pos, move, short))
        row["levels"][str(k)] = {"action": action, "verdict": verdict,
                                 "depth": ai.last_search["depth"], "cpu_seconds": cpu,
                                 "proof": ai.last_search["proof"],
                                 "evaluation": ai.last_search["evaluation"]}
    row["cpu_seconds"] = time.process_time() - t0
    return row


def _judge(task: tuple) -> dict | None:
    g, plies, budgets, lo, hi, budget, known, retry, short = task
    return judge(g, plies, budgets, lo, hi, budget, known, retry, short)


def share(k: int, n: int) -> list[float]:
    return [k / n if n else 0.0, *wilson(k, n)]


def summary(rows: list[dict], budgets: dict[str, dict]) -> dict:
    decided = [r for r in rows if r["result"] is not None]
    won = [r for r in decided if r["result"] == 1]
    backs = sorted({r["back"] for r in rows})
    out: dict = {"positions": len(rows), "decided": len(decided), "won": len(won),
                 "lost": len(decided) - len(won), "back": [backs[0], backs[-1]] if backs else [],
                 "by_back": {str(b): [sum(1 for r in rows if r["back"] == b),
                                      sum(1 for r in decided if r["back"] == b)]
                             for b in backs},
                 "by_band": {f"{a}-{b}": [sum(1 for r in rows if a <= r["back"] <= b),
                                          sum(1 for r in decided if a <= r["back"] <= b)]
                             for a, b in ((8, 12), (13, 20))},
                 "levels": {}}
    for k, budget in budgets.items():
        key = str(k)
        thrown = sum(1 for r in won if r["levels"][key]["verdict"] == -1)
        kept = sum(1 for r in won if r["levels"][key]["verdict"] == 1)
        unknown = len(won) - thrown - kept
        horizon = budget["depth"]
        inside = [r for r in won if r["proof_plies"] is not None and r["proof_plies"] <= horizon]
        misses = [r["game"] for r in inside if r["levels"][key]["verdict"] != 1]
        depths = [r["levels"][key]["depth"] for r in rows]
        cpu = [r["levels"][key]["cpu_seconds"] for r in rows if "cpu_seconds" in r["levels"][key]]
        out["levels"][key] = {
            "budget": budget, "thrown": thrown, "kept": kept, "undecided": unknown,
            "share_of_decided": share(thrown, len(decided)),
            "share_of_won": share(thrown, len(won)),
            "within_horizon": len(inside), "horizon_misses": misses,
            "depth_reached": [min(depths), max(depths)] if depths else [],
            "cpu_seconds_max": max(cpu) if cpu else None}
    return out


def timing(budgets: dict[str, dict], games: int = 3) -> dict:
    """Each level's CPU time per decision, every legal move valued: on
    every sixth position of ``games`` seeded games and their opening
    decisions, and (``near_end``) on every other position near the end
    (:func:`boardkit.slip_stream.ai.near_end`, where levels 2 and 3 also
    search to the end of the game). ``short_of_depth``: decisions whose
    alpha-beta search stopped before the level's depth (its count of
    positions, or the clock), a forced result found earlier aside;
    ``capped``: decisions the clock's safety cap stopped."""
    from boardkit.slip_stream import SlipStream
    from boardkit.slip_stream.ai import WIN, Fast, SlipStreamAI, near_end
    positions: list[tuple[object, bool]] = []
    for g in range(games):
        game = SlipStream(seed=g, history=False, score_tile=1,
                          chance=["first 0", "course " + " ".join(map(str, course_of(g)))])
        bots = [SlipStreamAI(seed=g, depth=2, explain=False),
                SlipStreamAI(seed=g + 1, depth=2, explain=False)]
        k = 0
        while (who := game.current_player) is not None:
            pos = Fast.from_state(game.state)
            end = pos is not None and near_end(pos)
            if k < 2 or k % 6 == 0 or (end and k % 2 == 0):
                positions.append((game.copy(), end))
            game.apply(bots[who].choose(game))
            k += 1
    out: dict = {"positions": len(positions),
                 "near_end": sum(1 for _, end in positions if end), "levels": {}}
    for k, budget in budgets.items():
        cpu, cpu_end, depth, unvalued, short, capped = [], [], [], 0, 0, 0
        for game, end in positions:
            ai = SlipStreamAI(seed=1, **budget)
            ai.choose(game)
            s = ai.last_search
            cpu.append(s["cpu_seconds"])
            if end:
                cpu_end.append(s["cpu_seconds"])
            depth.append(s["depth"])
            capped += bool(s.get("capped"))
            unvalued += sum(1 for m in s["moves"] if m["value"] is None)
            if len(s["moves"]) > 1 and s["depth"] < budget["depth"] \
                    and abs(s["evaluation"]) < WIN / 2 and not s["proof"]["found"]:
                short += 1
        cpu.sort()
        cpu_end.sort()
        out["levels"][str(k)] = {
            "budget": budget, "median": statistics.median(cpu),
            "p90": cpu[int(0.9 * (len(cpu) - 1))], "max": cpu[-1],
            "near_end_median": statistics.median(cpu_end) if cpu_end else None,
            "near_end_max": cpu_end[-1] if cpu_end else None,
            "depth": [min(depth), max(depth)], "short_of_depth": short, "capped": capped,
            "moves_without_value": unvalued}
        print(f"level {k} {budget}: CPU s per decision median {statistics.median(cpu):.3f}, "
              f"p90 {cpu[int(0.9 * (len(cpu) - 1))]:.3f}, max {cpu[-1]:.3f}"
              + (f"; near the end median {statistics.median(cpu_end):.3f}, max {cpu_end[-1]:.3f}"
                 if cpu_end else "")
              + f"; depth {min(depth)}–{max(depth)}, short of its depth {short} times, "
              f"the clock's cap bound {capped} times; "
              f"moves left without a value: {unvalued}", flush=True)
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, nargs=2, default=(0, 300),
                    help="games FIRST END (one position each; default 0 300)")
    ap.add_argument("--plies", type=int, default=40, help="the proof bound (default 40)")
    ap.add_argument("--back", type=int, nargs=2, default=(8, 20),
                    help="plies before the end: game g takes lo + g %% (hi - lo + 1) (default 8 20)")
    ap.add_argument("--budget", type=int, default=200_000,
                    help="positions the prover may search per question (default 200,000; "
                         "beyond it the position counts as undecided)")
    ap.add_argument("--short", type=int, default=None,
                    help="prove by a proof-number search with no bound on the plies, after "
                         "looking for a proof of at most SHORT plies (the shortest; longer "
                         "proofs' length is not known); default: deepen to --plies")
    ap.add_argument("--reuse", type=Path, nargs="*", default=[],
                    help="earlier runs whose results and verdicts are taken")
    ap.add_argument("--merge", type=Path, nargs="*", default=[],
                    help="add the rows of these runs (other games, run side by side) to --json")
    ap.add_argument("--retry", action="store_true",
                    help="search again the positions an earlier run left undecided")
    ap.add_argument("--workers", type=int, default=1, help="processes (default 1)")
    ap.add_argument("--timing", action="store_true", help="measure the levels' time instead")
    ap.add_argument("--json", type=Path, default=None, help="write the rows and figures here")
    args = ap.parse_args(argv)
    budgets = levels()
    if args.timing:
        out = timing(budgets)
        if args.json:
            args.json.write_text(json.dumps({"made_by": "benchmarks/slip_stream_exact.py --timing",
                                             **out}) + "\n")
        return 0
    rows: list[dict] = []
    if args.json and args.json.exists():       # go on where a run stopped
        rows = json.loads(args.json.read_text())["rows"]
    for path in args.merge:
        rows += [r for r in json.loads(path.read_text())["rows"]
                 if r["game"] not in {x["game"] for x in rows}]
    rows.sort(key=lambda r: r["game"])
    done = {r["game"] for r in rows}
    known: dict[int, dict] = {}
    for i, path in enumerate(args.reuse):
        for r in json.loads(path.read_text())["rows"]:
            was = known.get(r["game"])
            if was is not None and was["back"] == r["back"]:
                # the verdicts of both runs' moves (a move's verdict is the same in both)
                r = {**(r if r["result"] is not None else was),
                     "levels": {**was["levels"],
                                **{f"{i}/{k}": v for k, v in r["levels"].items()}}}
            known[r["game"]] = r
    lo, hi = args.back
    tasks = [(g, args.plies, budgets, lo, hi, args.budget, known.get(g), args.retry, args.short)
             for g in range(*args.games) if g not in done]
    started = time.perf_counter()

    def write() -> None:
        if args.json:
            args.json.write_text(json.dumps(
                {"made_by": "benchmarks/slip_stream_exact.py", "plies": args.plies,
                 "budget": args.budget, "levels": {str(k): v for k, v in budgets.items()},
                 "rows": rows, "summary": summary(rows, budgets)}) + "\n")
    if args.merge:
        write()
    with ProcessPoolExecutor(max_workers=max(1, args.workers)) as pool:
        for row in pool.map(_judge, tasks, chunksize=1):
            if row is None:
                continue
            rows.append(row)
            rows.sort(key=lambda r: r["game"])
            write()
            print(f"game {row['game']}: {row['back']} plies before the end, result "
                  f"{row['result']} (proof {row['proof_plies']} plies"
                  f"{', reused' if row['reused'] else ''}), "
                  + ", ".join(f"L{k} {v['verdict']}" for k, v in row["levels"].items())
                  + f", {row['cpu_seconds']:.1f} s CPU", flush=True)
    s = summary(rows, budgets)
    print()
    print(f"{s['positions']} positions {s['back'][0]}–{s['back'][1]} plies before the end, "
          f"{s['decided']} decided within {args.plies} plies ({s['won']} won, {s['lost']} lost "
          f"for the player to act); {time.perf_counter() - started:.0f} s")
    print()
    print("| level | budget | won positions changed to lost | share of decided [95 %] "
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
