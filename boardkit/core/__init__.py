"""The small core shared by all boardkit games."""
from .bots import Bot, GreedyBot, RandomBot, play_out
from .errors import (
                     BoardkitError,
                     GameOverError,
                     IllegalActionError,
                     InvalidActionError,
                     NothingToUndoError,
                     OptionError,
                     StateFileError,
)
from .game import Game, LegalActions, LogEntry
from .registry import games, load, register
from .rules import (
                     CHANCE,
                     NULL_SINK,
                     Chance,
                     Components,
                     GameInfo,
                     Outcome,
                     Player,
                     Refusal,
                     Rules,
                     Sink,
                     copy_json,
)
from .view import View

__all__ = [
    "CHANCE", "Chance", "Player", "Game", "Rules", "GameInfo", "Components", "Refusal", "Sink",
    "NULL_SINK", "LegalActions", "LogEntry", "Outcome", "copy_json", "View",
    "Bot", "RandomBot", "GreedyBot", "play_out",
    "BoardkitError", "GameOverError", "IllegalActionError", "InvalidActionError",
    "NothingToUndoError", "OptionError", "StateFileError",
    "games", "load", "register",
]
