"""Bot-game statistics for the Slime Culture Center notebook (pure Python)."""
from __future__ import annotations

from collections.abc import Callable

from ..core.bots import GreedyBot, RandomBot
from .components import COLOURS
from .rules import SlimeCultureCenter


def simulate_games(games: int = 1000, players: int = 3, seed: int = 0, greedy_seats=(),
                   progress: Callable[[int], None] | None = None) -> list[dict]:
    """Play ``games`` games between bots (random, or greedy on
    ``greedy_seats``) and summarise each: turns, which stock(s) ran out,
    final scores, winners and the first player."""
    out = []
    for k in range(games):
        g = SlimeCultureCenter(players=players, seed=seed * 100_003 + k, history=False)
        bots = [GreedyBot(seed + k * 7 + s, sample=30) if s in greedy_seats else RandomBot(seed + k * 7 + s)
                for s in range(players)]
        decisions = 0
        while (seat := g.current_player) is not None:
            assert isinstance(seat, int)
            action = bots[seat].choose(g)
            decisions += action.split()[0] in ("resolve", "process")
            g.apply(action)
        s = g.state
        outcome = g.outcome()
        assert outcome is not None
        out.append({
            "turns": s["turn_number"],
            "empty": [c for c in COLOURS if s["stock"][c] == 0],
            "scores": list(outcome.scores),
            "winners": list(outcome.winners),
            "first": s["first"],
            "decisions": decisions,
            "cancer_used": sum(1 for c in s["cancer"] if c != "hand"),
        })
        if progress and (k + 1) % 50 == 0:
            progress(k + 1)
    return out
