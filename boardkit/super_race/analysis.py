"""Many seeded Super Race games, for the notebook's plots and the benchmark.

Every game is seeded by its number, so results are the same whatever the
number of workers (:func:`boardkit.sweep.sweep` runs them in parallel).

* :func:`solo_lap` — one solo lap (SU-R10): how many turns a strategy needs.
* :func:`race` — one race between strategies, seats rotated by the seed.

Strategies by name: ``"planner"`` (:class:`~boardkit.super_race.bots.LapBot`:
plans its rerolls with the exact dice calculator, careful about coloured
squares and dead ends), ``"bold"`` (the same planner counting every square
alike and ignoring dead ends and corners), ``"greedy"`` (the core's one-ply
greedy bot: best position after this go's choice, no planning of rerolls),
``"random"`` and ``"search"`` (the core's MCTS bot, level 1).
"""
from __future__ import annotations

import statistics
from collections.abc import Iterable, Sequence
from typing import Any

from ..stats import mean_interval, wilson
from ..sweep import sweep

STRATEGIES = ("planner", "bold", "greedy", "random", "search")


def make_bot(name: str, seed: int):
    from ..core.mcts import MCTSBot
    from ..sweep import make_bot as core_bot
    from .bots import LapBot
    if name == "planner":
        return LapBot(seed)
    if name == "bold":
        return LapBot(seed, corner_bonus=0.0, cautious=False, colour_cost=1.0)
    if name == "search":
        return MCTSBot.level(1, seed=seed)
    if name not in STRATEGIES:
        raise ValueError(f"unknown strategy {name!r}; known: {', '.join(STRATEGIES)}")
    return core_bot(name, seed)


def solo_lap(seed: int, track: str = "indianapolis", strategy: str = "planner",
             **options: Any) -> dict:
    """One solo lap: turns to the line (extra goes not counted), goes,
    forfeits, squares drawn, whether the pit lane was used; ``finished``
    False when the car got stuck (SU-R16)."""
    from .game import SuperRace
    game = SuperRace(players=1, seed=seed, track=track, history=False, **options)
    bot = make_bot(strategy, seed)
    forfeits = 0
    while not game.is_over():
        action = bot.choose(game)
        forfeits += action == "forfeit"
        game.apply(action)
    car = game.state["cars"][0]
    return {"seed": seed, "track": track, "strategy": strategy,
            "finished": car["past"] is not None, "turns": car["turns"], "goes": car["goes"],
            "forfeits": forfeits, "squares": len(car["path"]),
            "pit": any(game.track.squares[s].pit for s in car["path"])}


def race(seed: int, strategies: Sequence[str], track: str = "indianapolis") -> dict:
    """One race: strategy ``i`` in seat ``(i + seed) % players`` (so every
    strategy starts equally often over many seeds). Returns the winners'
    strategies (several on a shared win) and each strategy's result."""
    from .game import SuperRace
    n = len(strategies)
    seat_of = {i: (i + seed) % n for i in range(n)}
    bots = {seat_of[i]: make_bot(s, seed * 10 + i) for i, s in enumerate(strategies)}
    game = SuperRace(players=n, seed=seed, track=track, history=False)
    while True:
        seat = game.current_player
        if not isinstance(seat, int):
            break
        game.apply(bots[seat].choose(game))
    outcome = game.outcome()
    assert outcome is not None
    winners = outcome.winners
    res = game.state["results"][-1]
    return {"seed": seed, "track": track, "strategies": list(strategies),
            "winners": [i for i in range(n) if seat_of[i] in winners],
            "past": [res["past"][seat_of[i]] for i in range(n)],
            "turns": [res["turns"][seat_of[i]] for i in range(n)]}


def _solo_task(item: tuple) -> dict:
    seed, track, strategy = item
    return solo_lap(seed, track, strategy)


def _race_task(item: tuple) -> dict:
    seed, strategies, track = item
    return race(seed, strategies, track)


def _seeds(seeds: int | Iterable[int], first: int = 0) -> Iterable[int]:
    return range(first, first + seeds) if isinstance(seeds, int) else seeds


def solo_laps(seeds: int | Iterable[int], track: str = "indianapolis", strategy: str = "planner",
              first: int = 0, **sweep_kwargs: Any) -> list[dict]:
    """:func:`solo_lap` for every seed (``n``: seeds ``first`` … ``first`` + n - 1;
    another ``first`` draws a second sample of the same size), in parallel
    (see :func:`boardkit.sweep.sweep`)."""
    seeds = _seeds(seeds, first)
    return sweep(_solo_task, [(s, track, strategy) for s in seeds], **sweep_kwargs)


def races(seeds: int | Iterable[int], strategies: Sequence[str], track: str = "indianapolis",
          first: int = 0, **sweep_kwargs: Any) -> list[dict]:
    """:func:`race` for every seed (``n``: seeds ``first`` … ``first`` + n - 1), in parallel."""
    seeds = _seeds(seeds, first)
    return sweep(_race_task, [(s, list(strategies), track) for s in seeds], **sweep_kwargs)


def lap_summary(results: list[dict]) -> dict:
    """Turns per lap over the finished laps: mean with a 95 % interval,
    median, quartiles, and the share of stuck cars with its interval."""
    turns = [r["turns"] for r in results if r["finished"]]
    n = len(results)
    out: dict = {"laps": n, "finished": len(turns), "stuck": n - len(turns),
                 "stuck_interval": wilson(n - len(turns), n)}
    if turns:
        mean, lo, hi = mean_interval(turns)
        q = statistics.quantiles(turns, n=4) if len(turns) > 1 else [turns[0]] * 3
        out.update(mean=mean, interval=(lo, hi),
                   median=statistics.median(turns), quartiles=(q[0], q[2]),
                   fastest=min(turns), forfeits=statistics.fmean(
                       r["forfeits"] for r in results if r["finished"]),
                   pit=sum(r["pit"] for r in results if r["finished"]) / len(turns))
    return out


def win_rates(results: list[dict]) -> list[dict]:
    """Per strategy: wins (a shared win counts for every winner), rate and
    95 % Wilson interval."""
    if not results:
        return []
    strategies = results[0]["strategies"]
    n = len(results)
    rows = []
    for i, s in enumerate(strategies):
        k = sum(i in r["winners"] for r in results)
        rows.append({"strategy": s, "wins": k, "games": n, "rate": k / n,
                     "interval": wilson(k, n)})
    return rows


def reach_target(game: Any, square: str, seat: int | None = None):
    """The dice target "some colour's dice can all be drawn through
    ``square`` this go" for the car to move (SU-R3/R4: every die of the
    colour, in some order): a :class:`~boardkit.super_race.odds.Target` on
    the final five dice, for :func:`~boardkit.super_race.odds.best_policy`."""
    from .odds import Target
    from .rules import COLOURS, LETTER
    rules, state = game.rules, game.state
    seat = state["turn"] if seat is None else seat
    square = square.lower()
    memo: dict = {}

    def through(colour: str, dice: tuple) -> bool:
        if dice not in memo:
            fake = {**state, "dice": list(dice)}
            memo[dice] = any(square in p.split()[2:] for p in rules.placements(fake, colour, seat))
        return memo[dice]

    def test(roll: tuple) -> bool:
        for colour in COLOURS:
            mine = tuple(sorted(f for f in roll if f[0] == LETTER[colour]))
            if mine and through(colour, mine):
                return True
        return False

    return Target(f"through {square.upper()}", test)


def compare_laps(a: list[dict], b: list[dict]) -> dict:
    """Two samples of solo laps (:func:`solo_laps`) side by side, each a
    (value, low, high) with its 95 % interval (normal, the two samples
    independent): ``turns``, the mean turns per finished lap of ``a`` minus
    that of ``b``; ``stuck_difference``, the share of stuck cars of ``a``
    minus that of ``b``; and ``stuck``, each sample's (stuck, laps, low,
    high) with its Wilson interval."""
    import math
    ta = [r["turns"] for r in a if r["finished"]]
    tb = [r["turns"] for r in b if r["finished"]]
    diff = statistics.fmean(ta) - statistics.fmean(tb)
    half = 1.96 * math.sqrt(statistics.variance(ta) / len(ta) + statistics.variance(tb) / len(tb))
    stuck = [(len(x) - len(t), len(x)) for x, t in ((a, ta), (b, tb))]
    (ka, na), (kb, nb) = stuck
    pa, pb = ka / na, kb / nb
    shalf = 1.96 * math.sqrt(pa * (1 - pa) / na + pb * (1 - pb) / nb)
    return {"turns": (diff, diff - half, diff + half),
            "stuck_difference": (pa - pb, pa - pb - shalf, pa - pb + shalf),
            "stuck": [(k, n, *wilson(k, n)) for k, n in stuck]}


def way_to_line(game: Any, seat: int) -> list[str]:
    """The squares of one shortest way from the car of ``seat`` to the line
    (SU-R8 as SU-R17 measures it: drawn like a car, colours ignored, round
    the car's own squares): ``len(way_to_line(g, s)) == g.distance(s)``
    whenever a way round the car's own squares exists from the side it
    left by (a breadth-first search, for a picture; slow on a big track)."""
    from collections import deque

    from .track import LEFT, RIGHT
    rules, state = game.rules, game.state
    car = state["cars"][seat]
    track = rules.track
    if car["past"] is not None or car["exit"] is None:
        return []
    ncp = len(track.checkpoints)
    step = rules._progress_step(state)
    crossed = set(car["path"])
    prog = car["lap"] * (ncp + 1) + car["cp"]
    first = track.next[car["path"][-1]][car["exit"]]
    queue: deque = deque([(first, car["exit"], prog, None)])
    seen: set = set()
    back: dict = {}
    while queue:
        name, heading, p, parent = queue.popleft()
        if name is None or name in crossed or not rules._pit_ok(state, name, p):
            continue
        p2, done = step(name, p)
        node = (name, heading, p2)
        if node in seen:
            continue
        seen.add(node)
        back[node] = parent
        if done:
            way = []
            while node is not None:
                way.append(node[0])
                node = back[node]
            return way[::-1]
        for h in (heading, LEFT[heading], RIGHT[heading]):
            queue.append((track.next[name][h], h, p2, node))
    return []
