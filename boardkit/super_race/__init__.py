"""Super Race: five dice, drawn tracks and the push-your-luck lap, for 1–4
players (a roll-and-write racing game)."""
from .dice import FACE_WORDS, FACES
from .game import SuperRace
from .rules import SuperRaceRules
from .track import Track

__all__ = ["SuperRace", "SuperRaceRules", "Track", "FACES", "FACE_WORDS"]
