"""Connect Four: an example game kept wholly in this folder (its rules, its
board, its rulings document ``rulings.md`` and its tests), registered when
``tests.examples`` is imported; nothing outside the folder names it.
Its ruling prefix ``C4`` has a digit in it."""
from .game import ConnectFour
from .rules import ConnectFourRules

__all__ = ["ConnectFour", "ConnectFourRules"]
