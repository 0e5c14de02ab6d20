"""Simulations for the Slime Race notebook (pure Python; plots live in the
notebook). Races are played by the same rule code as every game — the
engine's own transition, just without the log and undo bookkeeping."""
from __future__ import annotations

import random
from collections import Counter
from typing import Callable

from ..core.game import copy_json
from .components import COMPONENTS as C
from .rules import PAIRS, SlimeRace


def simulate_races(races: int = 10_000, players: int = 4, seed: int = 0,
                   progress: Callable[[int], None] | None = None) -> dict:
    """Play ``races`` races with every player choosing a random card.

    Betting does not change how slimes move, so it is skipped. Returns the
    count of each winning pair, of each winner, how many races ran out of
    cards (SR-R10) and the race lengths in cards played.
    """
    game = SlimeRace(players=players, seed=seed)
    pairs: Counter = Counter()
    winners: Counter = Counter()
    lengths: list[int] = []
    exhausted = 0
    blank = copy_json(game._state)
    for r in range(races):
        rng = random.Random(f"{seed}/race/{r}")
        state = copy_json(blank)
        game._apply(state, f"first {rng.randrange(players)}")
        order = list(C.deck)
        rng.shuffle(order)
        game._apply(state, "shuffle " + " ".join(order))
        state["coins"] = [0] * players  # every coin "bet" nowhere: go straight to the race
        state["phase"], state["turn"] = "race", state["first"]
        game._draw(state)
        played = 0
        while state["phase"] == "race" and state["race"] == 1:
            hand = state["hands"][state["turn"]]
            game._apply(state, "play " + rng.choice(hand))
            played += 1
        last = state["history"][-1]
        pairs[last["pair"]] += 1
        winners[last["first"]] += 1
        exhausted += last["exhausted"]
        lengths.append(played)
        if progress and (r + 1) % 500 == 0:
            progress(r + 1)
    return {"races": races, "players": players, "pairs": dict(pairs), "winners": dict(winners),
            "exhausted": exhausted, "lengths": lengths}


def bet_values(sim: dict) -> dict:
    """Expected points per coin of each odds space: P(pair) × multiplier."""
    n = sim["races"]
    return {p: sim["pairs"].get(p, 0) / n * C.odds[p] for p in PAIRS}
