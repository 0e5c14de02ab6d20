"""Bot-game statistics for the Slime Culture Center notebook (pure Python).

Games are independent and seeded one by one, so they run on any executor
(:func:`boardkit.sweep.sweep`) with the same results whatever the number of
workers."""
from __future__ import annotations

from collections.abc import Sequence
from concurrent.futures import Executor
from functools import partial

from ..core.bots import Bot, GreedyBot, RandomBot
from ..sweep import sweep
from .components import COLOURS
from .game import SlimeCultureCenter


def _bot(kind: str, seed: int) -> Bot:
    if kind == "greedy":
        return GreedyBot(seed, sample=30)
    if kind == "search":
        from ..core.mcts import MCTSBot
        return MCTSBot(seed=seed)
    return RandomBot(seed)


def game_summary(k: int, *, players: int = 3, seed: int = 0,
                 seats: Sequence[str] = ()) -> dict:
    """Game ``k`` of a series: ``seats[i]`` names the bot of seat i
    (``"random"``, ``"greedy"``, ``"search"``; missing seats are random).
    Returns turns, which stock(s) ran out, scores, winners, the first player,
    the order decisions asked and the cancer tiles used."""
    g = SlimeCultureCenter(players=players, seed=seed * 100_003 + k, history=False)
    kinds = list(seats) + ["random"] * (players - len(seats))
    bots = [_bot(kinds[s], seed + k * 7 + s) for s in range(players)]
    decisions = 0
    while (seat := g.current_player) is not None:
        assert isinstance(seat, int)
        action = bots[seat].choose(g)
        decisions += action.split()[0] in ("resolve", "process")
        g.apply(action)
    s = g.state
    outcome = g.outcome()
    assert outcome is not None
    return {
        "turns": s["turn_number"],
        "empty": [c for c in COLOURS if s["stock"][c] == 0],
        "scores": list(outcome.scores),
        "winners": list(outcome.winners),
        "first": s["first"],
        "decisions": decisions,
        "cancer_used": sum(1 for c in s["cancer"] if c != "hand"),
    }


def simulate_games(games: int = 1000, players: int = 3, seed: int = 0, greedy_seats=(),
                   seats: Sequence[str] | None = None, executor: Executor | None = None,
                   workers: int | None = 1, progress: bool = False) -> list[dict]:
    """Play ``games`` games between bots and summarise each (see
    :func:`game_summary`); ``greedy_seats`` is a shortcut for
    ``seats=["greedy" if s in greedy_seats else "random" …]``."""
    if seats is None:
        seats = ["greedy" if s in greedy_seats else "random" for s in range(players)]
    task = partial(game_summary, players=players, seed=seed, seats=tuple(seats))
    return sweep(task, range(games), executor=executor, workers=workers, progress=progress)
