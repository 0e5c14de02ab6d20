"""Is the Slip Stream AI colour-blind at every level, on many positions?

A position on the designed course and its mirror image on the mirrored
course (:func:`~boardkit.slip_stream.analysis.mirrored_data`: lanes
a ↔ g, start spaces s1 ↔ s8, the colours swapped) must be worth exactly
the same to the player who holds the mirrored machines, at every level, and
the AI's choice in the mirror must be the mirror of its choice (where
several moves are equally good, one of the mirrors of those).

Run from the repository root with the project's interpreter (on a shared
machine with ``nice -n 10``)::

    .venv/bin/python -m benchmarks.slip_stream_fair --games 8 --workers 2 \\
        --json artifacts/slip_stream_fair.json

The positions are every decision of seeded random games on the designed
course, each played move for move in the mirror on the mirrored course by
the same seeds (the engine checks every mirrored action), the score tiles
#1 … #6 in turn (game ``g`` on tile ``1 + g % 6``), the pie move and the
colour choice included. At each one:

* the evaluation (:meth:`Fast.evaluate`) of the position and of its mirror;
* each level's search with its own depth and its own search to the end
  (``prove``), **without its CPU-time cap**: ``SlipStreamAI(seed, depth=…,
  prove=…)``, the code path of :meth:`SlipStreamAI.level` with no clock, so
  every value is exact and repeatable on any machine (the levels' cap of a
  CPU second only stops a search that a slow machine has not finished;
  their depth is reached in every stored timing). The root value, every
  legal move's value and the choice are compared with the mirror's.

A position with a single legal action is not searched (there is nothing to
choose). Printed (and written with ``--json``): positions checked per
level, mismatches (each with its position), CPU seconds per level. The
test suite runs the same check on a small slice
(``tests/test_slip_stream_fair.py``).
"""
from __future__ import annotations

import argparse
import json
import random
import re
import sys
import time
from functools import partial
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

_PLACE = re.compile(r"\b(?:s([1-8])|(\d+)([a-g]))\b")
LEVEL_IDS = (1, 2, 3)


def mirror_action(action: str) -> str:
    """The action's mirror image: lane a ↔ g (start space s1 ↔ s8), red ↔ blue."""
    if action.startswith("colour "):
        return "colour " + {"red": "blue", "blue": "red"}[action.split()[1]]

    def flip(m: re.Match) -> str:
        if m.group(1):
            return f"s{9 - int(m.group(1))}"
        return m.group(2) + "abcdefg"[6 - "abcdefg".index(m.group(3))]
    return _PLACE.sub(flip, action)


def mirror_code(code: int) -> int:
    """A compact place's mirror image (row 0: start space i ↔ 9 - i; lanes 1..7 ↔ 7..1)."""
    row, lane = code >> 3, (code & 7) + 1
    return row * 8 + ((9 if row == 0 else 8) - lane) - 1


def mirror_pos(pos: tuple) -> tuple:
    """A compact position's mirror image (the colours swap their machines and scores)."""
    red, blue, sr, sb, wheels, ngoal, c, turbo, turn = pos
    return (tuple(sorted(map(mirror_code, blue))), tuple(sorted(map(mirror_code, red))),
            sb, sr, wheels, ngoal, 1 - c, turbo, 1 - turn)


def mirrored_game(g: int, seed: int = 0):
    """(designed game, its state, mirrored game, its state) at every decision
    of seeded random game ``g`` (score tile ``1 + g % 6``)."""
    from boardkit.slip_stream import SlipStream
    from boardkit.slip_stream.analysis import mirrored_data
    rng = random.Random(f"fair/{seed}/{g}")
    tile = 1 + g % 6
    plain = SlipStream(seed=7919 * seed + g, history=False, score_tile=tile)
    mirror = SlipStream(seed=7919 * seed + g, history=False, score_tile=tile, components=mirrored_data())
    assert plain.state["course"] == mirror.state["course"]
    assert plain.state["first"] == mirror.state["first"]
    rules, mrules = plain.rules, mirror.rules
    state, mstate = rules.clone(plain.state), mrules.clone(mirror.state)
    while rules.current(state) is not None:
        assert mrules.current(mstate) == rules.current(state)
        yield plain, state, mirror, mstate
        action = rng.choice(rules.legal_actions(state))
        rules.step(state, action)
        mrules.step(mstate, mirror_action(action))
    assert mrules.current(mstate) is None and mstate["winner"] == state["winner"]


def mirrored_positions(games: int, seed: int = 0):
    """:func:`mirrored_game` for games 0 … ``games`` - 1 in turn."""
    for g in range(games):
        yield from mirrored_game(g, seed)


def level_budget(level: int) -> dict:
    """Level ``level``'s depth and search to the end, without its CPU-time cap."""
    from boardkit.slip_stream.ai import LEVELS
    return {"depth": LEVELS[level]["depth"], "prove": LEVELS[level].get("prove", 0)}


def mismatch_of_search(level: int, i: int, plain, state, mirror, mstate) -> str | None:
    """Search the position and its mirror at ``level`` (no clock): None when
    their values and choices mirror each other, else what differs."""
    from boardkit.slip_stream.ai import SlipStreamAI
    rules, mrules = plain.rules, mirror.rules
    seat = rules.current(state)
    legal = list(rules.legal_actions(state))
    mlegal = list(mrules.legal_actions(mstate))
    budget = level_budget(level)
    ai, mai = SlipStreamAI(i, **budget), SlipStreamAI(i + 1, **budget)
    choice = ai.decide(rules, state, seat, legal)
    mchoice = mai.decide(mrules, mstate, seat, mlegal)
    found, mfound = ai.last_search, mai.last_search
    if found["evaluation"] != mfound["evaluation"]:
        return f"value {found['evaluation']!r} ≠ mirror's {mfound['evaluation']!r}"
    if found["moves"]:
        values = {d["action"]: d["value"] for d in found["moves"]}
        mvalues = {mirror_action(d["action"]): d["value"] for d in mfound["moves"]}
        if values != mvalues:
            return f"move values differ: {sorted(set(values.items()) ^ set(mvalues.items()))[:6]}"
        best = max(values.values())
        if values[choice] != best or values[mirror_action(mchoice)] != best:
            return f"a choice not among the best: {choice}, mirror {mchoice}"
        if list(values.values()).count(best) == 1 and mchoice != mirror_action(choice):
            return f"choice {choice}, mirror's {mchoice}"
    elif state["phase"] == "colour":
        if mchoice != mirror_action(choice) and abs(found["evaluation"]) >= 1e-9:
            return f"colour choice {choice}, mirror's {mchoice}"
    return None


def check_game(g: int, *, seed: int, levels: tuple[int, ...], every: dict | None = None) -> dict:
    """Check every decision of game ``g`` (every ``every[level]``-th for a
    level, when given): counts, mismatches and CPU seconds."""
    from boardkit.slip_stream.ai import Fast
    out = {"game": g, "positions": 0, "evaluated": 0, "evaluation_mismatches": [],
           "levels": {str(k): {"checked": 0, "mismatches": [], "cpu_seconds": 0.0} for k in levels}}
    fasts: dict = {}
    for i, (plain, state, mirror, mstate) in enumerate(mirrored_game(g, seed)):
        rules, mrules = plain.rules, mirror.rules
        out["positions"] += 1
        legal = list(rules.legal_actions(state))
        where = f"game {g}, decision {i}: {rules.text(state)}"
        if sorted(map(mirror_action, legal)) != sorted(mrules.legal_actions(mstate)):
            out["evaluation_mismatches"].append(f"legal actions differ at {where}")
        pos = Fast.from_state(state)
        if pos is not None:
            key = (tuple(state["course"]), state["options"]["score_tile"])
            if key not in fasts:
                fasts[key] = (Fast(rules, state), Fast(mrules, mstate))
            fast, mfast = fasts[key]
            mpos = Fast.from_state(mstate)
            if mpos != mirror_pos(pos) or fast.evaluate(pos) != mfast.evaluate(mpos):
                out["evaluation_mismatches"].append(where)
            out["evaluated"] += 1
        if len(legal) < 2:
            continue
        for level in levels:
            if every and i % every.get(level, 1):
                continue
            row = out["levels"][str(level)]
            t0 = time.process_time()
            wrong = mismatch_of_search(level, 1000 * g + i, plain, state, mirror, mstate)
            row["cpu_seconds"] += time.process_time() - t0
            row["checked"] += 1
            if wrong:
                row["mismatches"].append(f"{where}: {wrong}")
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=8, help="seeded random games (default 8)")
    ap.add_argument("--seed", type=int, default=2, help="seed of the games (default 2; the suite: 1)")
    ap.add_argument("--levels", type=int, nargs="+", default=list(LEVEL_IDS), help="levels (default 1 2 3)")
    ap.add_argument("--workers", type=int, default=2, help="processes (default 2)")
    ap.add_argument("--json", type=Path, default=None, help="also write the figures here")
    args = ap.parse_args(argv)

    from boardkit.sweep import sweep
    started = time.perf_counter()
    task = partial(check_game, seed=args.seed, levels=tuple(args.levels))
    rows = sweep(task, range(args.games), workers=args.workers)
    summary = {
        "games": args.games, "seed": args.seed,
        "positions": sum(r["positions"] for r in rows),
        "evaluated": sum(r["evaluated"] for r in rows),
        "evaluation_mismatches": [m for r in rows for m in r["evaluation_mismatches"]],
        "levels": {}, "wall_seconds": round(time.perf_counter() - started, 1),
    }
    print(f"{args.games} games (seed {args.seed}), {summary['positions']} decisions; evaluation: "
          f"{summary['evaluated']} positions, {len(summary['evaluation_mismatches'])} mismatches")
    for level in args.levels:
        got = [r["levels"][str(level)] for r in rows]
        row = {"budget": level_budget(level), "checked": sum(x["checked"] for x in got),
               "mismatches": [m for x in got for m in x["mismatches"]],
               "cpu_seconds": round(sum(x["cpu_seconds"] for x in got), 1)}
        summary["levels"][str(level)] = row
        print(f"level {level} {row['budget']}: {row['checked']} positions searched (and their mirrors), "
              f"{len(row['mismatches'])} mismatches, {row['cpu_seconds']} CPU s")
        for m in row["mismatches"][:5]:
            print("   ", m)
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(summary, indent=1, ensure_ascii=False), encoding="utf-8")
    bad = summary["evaluation_mismatches"] or any(r["mismatches"] for r in summary["levels"].values())
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main())
