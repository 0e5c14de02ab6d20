"""Pig: the example game of docs/adding-a-game.md."""
from .game import Pig
from .rules import PigRules

__all__ = ["Pig", "PigRules"]
