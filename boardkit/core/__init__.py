"""The small core shared by all boardkit games."""
from .bots import Bot, GreedyBot, RandomBot, play_out
from .errors import (BoardkitError, GameOverError, IllegalActionError, InvalidActionError,
                     NothingToUndoError, OptionError, StateFileError)
from .game import CHANCE, Game, LegalActions, LogEntry, Outcome, copy_json
from .registry import games, load, register

__all__ = [
    "CHANCE", "Game", "LegalActions", "LogEntry", "Outcome", "copy_json",
    "Bot", "RandomBot", "GreedyBot", "play_out",
    "BoardkitError", "GameOverError", "IllegalActionError", "InvalidActionError",
    "NothingToUndoError", "OptionError", "StateFileError",
    "games", "load", "register",
]
