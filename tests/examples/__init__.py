"""The tests' own games: examples the generic tests run on (registered when
this package is imported: tests/conftest.py does), not games of the package.

``Pig`` is the game docs/adding-a-game.md builds step by step; ``Nim`` the
smallest game, with no chance at all; a folder here may hold a whole game
(its rulings and rules page included). Every module or folder
here is imported, so a new example is registered with no edit outside it.
"""
import importlib
import pkgutil

from boardkit.core import games

_before = set(games())
for _info in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
    if not _info.name.startswith(("_", "test")):
        importlib.import_module(f"{__name__}.{_info.name}")

#: registry name -> class, of the example games only
EXAMPLES = {name: cls for name, cls in games().items() if name not in _before}

from .nim import Nim  # noqa: E402
from .pig import Pig  # noqa: E402

__all__ = ["EXAMPLES", "Nim", "Pig"]
