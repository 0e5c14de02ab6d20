"""The tests' own games: examples the generic tests run on (registered when
this package is imported: tests/conftest.py does), not games of the package.

``Pig`` is the game docs/adding-a-game.md builds step by step.
"""
from .pig import Pig

#: registry name -> class, of the example games only
EXAMPLES = {cls.Rules.info.name: cls for cls in (Pig,)}

__all__ = ["EXAMPLES", "Pig"]
