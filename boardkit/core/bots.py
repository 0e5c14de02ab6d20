"""Seeded bots that play any boardkit game — honestly.

A bot sees exactly what its seat may see: :meth:`Bot.choose` hands
:meth:`Bot.decide` the seat's observation (other hands and the deck's order
hidden), the game's pure rules and the legal actions, never the game
itself. Where a bot needs a full position (to look ahead), it fills in the
hidden parts at random from its own seed (``rules.determinize``), so its
choice cannot depend on the real hidden cards.
"""
from __future__ import annotations

import random
from collections.abc import Sequence

from .game import Game
from .rules import CHANCE, Rules, State


class Bot:
    """A bot picks one of the legal actions from what its seat can see."""

    label = "bot"

    def __init__(self, seed: int = 0):
        self.seed = seed
        self.rng = random.Random(f"bot/{seed}")

    def choose(self, game: Game) -> str:
        """The action for the seat to move in ``game`` (read through its
        observation only)."""
        seat = game.current_player
        if not isinstance(seat, int):
            raise ValueError(f"no seat is to move ({seat!r})")
        return self.decide(game.rules, game.observation(seat), seat, list(game.legal_actions))

    def decide(self, rules: Rules, observation: State, seat: int, legal: Sequence[str]) -> str:
        """*hook*: choose one of ``legal`` for ``seat``."""
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"{type(self).__name__}(seed={self.seed})"


class RandomBot(Bot):
    """Plays a uniformly random legal action."""

    label = "random bot"

    def choose(self, game: Game) -> str:
        # It reads only which actions are legal, which the seat may always
        # know (they depend on its own hand, the board and how many cards
        # are left, never on hidden cards: tests/test_core_search.py swaps
        # the hidden cards and checks). Drawn without listing them all.
        return game.random_action(self.rng)

    def decide(self, rules: Rules, observation: State, seat: int, legal: Sequence[str]) -> str:
        return self.rng.choice(list(legal))


class GreedyBot(Bot):
    """One-ply greedy: the action whose resulting position the game's
    ``heuristic`` rates best for the acting seat (ties broken at random),
    judged from the seat's own observation. With ``sample``, only that many
    random legal actions are compared."""

    label = "greedy bot"

    def __init__(self, seed: int = 0, sample: int | None = None):
        super().__init__(seed)
        self.sample = sample

    def decide(self, rules: Rules, observation: State, seat: int, legal: Sequence[str]) -> str:
        actions = list(legal)
        if self.sample is not None and len(actions) > self.sample:
            actions = self.rng.sample(actions, self.sample)
        world = rules.determinize(observation, seat, self.rng)
        best: list[str] = []
        best_value: float | None = None
        for action in actions:
            after = rules.observation(rules.child(world, action), seat)
            value = rules.heuristic(after, seat)
            if best_value is None or value > best_value + 1e-9:
                best, best_value = [action], value
            elif abs(value - best_value) <= 1e-9:
                best.append(action)
        return self.rng.choice(best)


def play_out(game: Game, bots: dict[int, Bot] | list[Bot], max_actions: int = 100_000) -> Game:
    """Let bots play ``game`` to the end (in place) and return it."""
    seats = dict(enumerate(bots)) if isinstance(bots, list) else bots
    current = game.rules.current
    for _ in range(max_actions):
        who = current(game._state)
        if who is None:
            return game
        assert who is not CHANCE
        game.apply(seats[who].choose(game))
    raise RuntimeError(f"game did not end within {max_actions} actions")
