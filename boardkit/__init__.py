"""boardkit: interactive, tested notebooks that teach board games' rules.

>>> from boardkit import SlimeRace
>>> game = SlimeRace(players=3, seed=7)
>>> "bet 1-3" in game.legal_actions
True
"""
from .core import (
                   CHANCE,
                   BoardkitError,
                   Game,
                   GameOverError,
                   GreedyBot,
                   IllegalActionError,
                   InvalidActionError,
                   NothingToUndoError,
                   OptionError,
                   Outcome,
                   RandomBot,
                   StateFileError,
                   games,
                   load,
                   play_out,
)
from .core.mcts import MCTSBot
from .slime_culture_center import SlimeCultureCenter
from .slime_race import SlimeRace
from .slip_stream import SlipStream
from .super_race import SuperRace

__version__ = "0.1.0"

__all__ = ["CHANCE", "Game", "Outcome", "SlimeRace", "SlimeCultureCenter", "SuperRace", "SlipStream",
           "RandomBot", "GreedyBot", "MCTSBot", "play_out",
           "BoardkitError", "IllegalActionError", "InvalidActionError", "GameOverError",
           "NothingToUndoError", "OptionError", "StateFileError", "games", "load"]
