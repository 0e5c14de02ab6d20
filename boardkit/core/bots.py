"""Seeded bots that play any boardkit game through the public protocol."""
from __future__ import annotations

import random

from .game import CHANCE, Game


class Bot:
    """A bot picks one of ``game.legal_actions``; it never sees hidden cards
    except through the game's heuristic, which reads only its own seat."""

    label = "bot"

    def __init__(self, seed: int = 0):
        self.seed = seed
        self.rng = random.Random(f"bot/{seed}")

    def choose(self, game: Game) -> str:
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"{type(self).__name__}(seed={self.seed})"


class RandomBot(Bot):
    """Plays a uniformly random legal action."""

    label = "random bot"

    def choose(self, game: Game) -> str:
        return self.rng.choice([a for a in game.legal_actions])


class GreedyBot(Bot):
    """One-ply greedy: the action whose resulting position the game's
    ``heuristic`` rates best for the acting seat (ties broken at random).
    With ``sample``, only that many random legal actions are compared."""

    label = "greedy bot"

    def __init__(self, seed: int = 0, sample: int | None = None):
        super().__init__(seed)
        self.sample = sample

    def choose(self, game: Game) -> str:
        seat = game.current_player
        best, best_value = [], None
        actions = [a for a in game.legal_actions]
        if self.sample is not None and len(actions) > self.sample:
            actions = self.rng.sample(actions, self.sample)
        for action in actions:
            value = game.heuristic(game.preview(action), seat)
            if best_value is None or value > best_value + 1e-9:
                best, best_value = [action], value
            elif abs(value - best_value) <= 1e-9:
                best.append(action)
        return self.rng.choice(best)


def play_out(game: Game, bots: dict[int, Bot] | list[Bot], max_actions: int = 100_000) -> Game:
    """Let bots play ``game`` to the end (in place) and return it."""
    if isinstance(bots, list):
        bots = dict(enumerate(bots))
    for _ in range(max_actions):
        who = game.current_player
        if who is None:
            return game
        assert who != CHANCE
        game.apply(bots[who].choose(game))
    raise RuntimeError(f"game did not end within {max_actions} actions")
