"""The tests' own games: examples the generic tests run on (registered when
this package is imported: tests/conftest.py does), not games of the package.

``Pig`` is the game docs/adding-a-game.md builds step by step; ``Nim`` the
smallest game, with no chance at all.
"""
from .nim import Nim
from .pig import Pig

#: registry name -> class, of the example games only
EXAMPLES = {cls.Rules.info.name: cls for cls in (Pig, Nim)}

__all__ = ["EXAMPLES", "Nim", "Pig"]
