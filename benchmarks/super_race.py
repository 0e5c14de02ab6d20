"""Super Race calibration and strategies: goes per solo lap on both tracks,
and win rates of strategies in 2–4 player races, many seeded games.

Run from the repository root with the project's interpreter::

    .venv/bin/python benchmarks/super_race.py --games 200 --workers 2

The results are stored in ``notebooks/data/super_race_*.json`` through
:func:`boardkit.sweep.cached` with exactly the calls the notebook
``02_super_race.ipynb`` makes, so the notebook shows these very games
without replaying them (the test suite recomputes a slice and compares).
Intervals are 95 % (normal for a mean, Wilson for a rate).

A second sample of the same size, drawn from other seeds (1000 on), checks
that the notebook's conclusions are not luck of the seeds
(``tests/test_sentences_super_race.py`` reads it)::

    .venv/bin/python benchmarks/super_race.py --games 200 --workers 2 --second

stores ``notebooks/data/super_race_*_second.json`` for the samples whose
conclusions the notebook states in words (``SECOND``).
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

DATA = ROOT / "notebooks" / "data"

#: (file stem, strategies) of the races the notebook shows
RACES = (("super_race_races_planner_greedy", ("planner", "greedy")),
         ("super_race_races_planner_search", ("planner", "search")),
         ("super_race_races_four", ("planner", "bold", "greedy", "random")))
#: (file stem, track, strategy) of the solo laps the notebook shows
SOLO = (("super_race_solo_indianapolis", "indianapolis", "planner"),
        ("super_race_solo_indianapolis_bold", "indianapolis", "bold"),
        ("super_race_solo_monza", "monza", "planner"))
#: the samples drawn a second time (seeds from SECOND_FIRST on) with ``--second``
SECOND = ("super_race_solo_indianapolis", "super_race_solo_indianapolis_bold", "super_race_races_four")
SECOND_FIRST = 1000


def _first(first: int) -> dict:
    # the first sample's recorded call has no ``first`` (the notebook's call)
    return {"first": first} if first else {}


def solo_data(stem: str, track: str, strategy: str, games: int, workers: int | None = None,
              first: int = 0):
    from boardkit.super_race.analysis import solo_laps
    from boardkit.sweep import cached
    return cached(DATA / f"{stem}.json", solo_laps, games, track, strategy,
                  workers=workers, **_first(first))


def race_data(stem: str, strategies: tuple[str, ...], games: int, workers: int | None = None,
              first: int = 0):
    from boardkit.super_race.analysis import races
    from boardkit.sweep import cached
    return cached(DATA / f"{stem}.json", races, games, list(strategies),
                  workers=workers, **_first(first))


def main(argv: list[str] | None = None) -> int:
    from boardkit.super_race.analysis import lap_summary, win_rates
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--race-games", type=int, default=None,
                    help="games per race pairing (default: --games)")
    ap.add_argument("--workers", type=int, default=None)
    ap.add_argument("--second", action="store_true",
                    help=f"a second sample of the SECOND files from seed {SECOND_FIRST} on (*_second.json)")
    args = ap.parse_args(argv)
    race_games = args.race_games or args.games
    if args.second:
        for stem, track, strategy in SOLO:
            if stem in SECOND:
                solo_data(stem + "_second", track, strategy, args.games, args.workers, SECOND_FIRST)
        for stem, strategies in RACES:
            if stem in SECOND:
                race_data(stem + "_second", strategies, race_games, args.workers, SECOND_FIRST)
        print(f"second samples stored: {', '.join(s + '_second.json' for s in SECOND)}")
        return 0
    print("## Solo laps (turns to the line; extra goes not counted)\n")
    print("| track | strategy | laps | finished | mean turns [95 %] | median | quartiles | "
          "fastest | forfeits/lap | pit lane | stuck [95 %] | time |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|")
    for stem, track, strategy in SOLO:
        t = time.perf_counter()
        s = lap_summary(solo_data(stem, track, strategy, args.games, args.workers))
        lo, hi = s["interval"]
        slo, shi = s["stuck_interval"]
        print(f"| {track} | {strategy} | {s['laps']} | {s['finished']} | {s['mean']:.1f} "
              f"[{lo:.1f}, {hi:.1f}] | {s['median']:g} | {s['quartiles'][0]:g}–"
              f"{s['quartiles'][1]:g} | {s['fastest']} | {s['forfeits']:.1f} | "
              f"{s['pit']:.0%} | {s['stuck'] / s['laps']:.1%} [{slo:.1%}, {shi:.1%}] | "
              f"{time.perf_counter() - t:.0f} s |")
    print("\n## Races (Indianapolis; seats rotated; a shared win counts for each winner)\n")
    print("| strategies | games | strategy | win rate [95 %] | time |")
    print("|---|---|---|---|---|")
    for stem, strategies in RACES:
        t = time.perf_counter()
        games = race_games if "search" not in strategies else max(1, race_games // 2)
        rows = win_rates(race_data(stem, strategies, games, args.workers))
        took = time.perf_counter() - t
        for r in rows:
            lo, hi = r["interval"]
            print(f"| {' vs '.join(strategies)} | {r['games']} | {r['strategy']} | "
                  f"{r['rate']:.1%} [{lo:.1%}, {hi:.1%}] | {took:.0f} s |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
