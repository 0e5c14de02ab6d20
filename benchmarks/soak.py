"""Soak: many seeded random games per game, every invariant after every action.

    python benchmarks/soak.py                 # 10,000 games per game, all cores
    python benchmarks/soak.py --games 200     # a small slice (the test suite runs one)

After every action: the state validates (every card, coin, tile accounted
for; phase and decision consistent), the step invariants hold (positions
never fall, stocks never grow, …), the search path agrees with the game
(legal list, a child leaves its parent alone), a random near-miss action is
refused with a rule id and changes nothing; every 50 actions and at the end
a full save/load reproduces the game. Prints games, actions and failures.
"""
from __future__ import annotations

import argparse
import json
import random
import sys
import time
import traceback
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import boardkit  # noqa: E402
from boardkit.core import BoardkitError, RandomBot, games  # noqa: E402
from boardkit.sweep import sweep  # noqa: E402

NEAR_MISSES = ["bet 9-9", "play nothing", "pass", "grow z9", "first 99", "deal x", "draw red+5",
               "bet 1-2", "play red+5", "play dash1", "grow red a1", "move a1 a2", "inject a1",
               "exchange red5", "resolve a1 a2", "process a1", "spawn brown h8"]


def soak_game(seed: int, *, game: str) -> dict:
    """One seeded random game with every check; returns counts and failures."""
    cls = games()[game]
    rng = random.Random(seed)
    players = rng.randint(cls.min_players, cls.max_players)
    # the game's short-game options (GameInfo.test_options), a target drawn
    opts = dict(cls.Rules.info.test_options)
    if "target" in cls.default_options:
        opts["target"] = rng.choice([10, 20, 30])
    failures: list[str] = []
    actions = 0
    try:
        g = cls(players=players, seed=seed, **opts)
        rules = g.rules
        bot = RandomBot(seed)
        while not g.is_over() and actions < 50_000:
            before = g.state
            legal = list(g.legal_actions)
            if not legal:
                failures.append(f"no legal action at {g.situation()}")
                break
            miss = rng.choice(NEAR_MISSES)
            if miss not in g.legal_actions:
                try:
                    g.apply(miss)
                    failures.append(f"{miss!r} was accepted though not legal")
                except BoardkitError as err:
                    if not err.rule:
                        failures.append(f"{miss!r} refused without a rule id")
                if g.state != before:
                    failures.append(f"refusing {miss!r} changed the state")
            action = bot.choose(g)
            child = rules.child(before, action)
            if rules.key(before) != rules.key(g.state):
                failures.append("child() changed its parent")
            g.apply(action)
            actions += 1
            after = g.state
            if rules.current(child) is not boardkit.CHANCE and child != after:
                failures.append(f"step {action!r} disagrees with apply")
            rules.validate_state(after)
            if rules.round_of(before) == rules.round_of(after):
                failures += rules.step_problems(before, after)
            if actions % 50 == 0:
                again = boardkit.load(g.to_json())
                if again.state != after:
                    failures.append("save/load changed the state")
            if failures:
                break
        if not failures and g.is_over():
            again = boardkit.load(g.to_json())
            if again.state != g.state or again.outcome() != g.outcome():
                failures.append("final save/load differs")
        elif not failures:
            failures.append("game did not end within 50,000 actions")
    except Exception as exc:  # noqa: BLE001 - a soak reports every kind of failure
        failures.append(f"{type(exc).__name__}: {exc}\n{traceback.format_exc(limit=4)}")
    return {"seed": seed, "actions": actions, "failures": failures}


def soak(game: str, count: int, workers: int | None = None, progress: bool = False,
         start: int = 0) -> dict:
    t = time.perf_counter()
    rows = sweep(partial(soak_game, game=game), range(start, start + count), workers=workers,
                 progress=f"{game}" if progress else False)
    failed = [r for r in rows if r["failures"]]
    return {"game": game, "games": count, "actions": sum(r["actions"] for r in rows),
            "failures": len(failed), "first_failures": failed[:3],
            "seconds": round(time.perf_counter() - t, 1)}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=10_000, help="games per game (default 10,000)")
    ap.add_argument("--workers", type=int, default=None, help="processes (default: all cores)")
    ap.add_argument("--start", type=int, default=0, help="first seed (default 0)")
    ap.add_argument("--game", action="append", choices=sorted(games()),
                    help="soak only this game (repeatable; default: every game)")
    ap.add_argument("--json", help="also write the results to this file")
    args = ap.parse_args(argv)
    results = [soak(name, args.games, args.workers, progress=True, start=args.start)
               for name in sorted(args.game or games())]
    print("| game | games | actions | failures | seconds |\n|---|---|---|---|---|")
    for r in results:
        print(f"| {r['game']} | {r['games']:,} | {r['actions']:,} | {r['failures']} | {r['seconds']} |")
    for r in results:
        for f in r["first_failures"]:
            print(f"\n{r['game']} seed {f['seed']}:\n  " + "\n  ".join(f["failures"]))
    if args.json:
        Path(args.json).write_text(json.dumps(results, indent=1))
    return 1 if any(r["failures"] for r in results) else 0


if __name__ == "__main__":
    raise SystemExit(main())
