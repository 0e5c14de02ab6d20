"""Every boardkit game registers here, so generic tools (the conformance
test, :func:`boardkit.load`, the widget) work on all of them."""
from __future__ import annotations

import json
import sys
from typing import TypeVar

from . import rulings, view
from .errors import StateFileError
from .game import Game
from .saves import MAX_SAVE_BYTES

_GAMES: dict[str, type[Game]] = {}
G = TypeVar("G", bound=type[Game])


def register(cls: G) -> G:
    """Register a game class under its ``Rules.info.name`` (a class
    decorator): :func:`load`, :func:`games`, the play page, the class
    server and the generic tests find it; its ruling prefix, its own
    rulings document (``GameInfo.rulings``) and its hint wording (the
    class's ``hint``) are read from here."""
    info = cls.Rules.info
    old = _GAMES.get(info.name)
    if old is not None and old is not cls and old.__qualname__ == cls.__qualname__ \
            and _file_of(old) is not None and _file_of(old) == _file_of(cls):
        # the same module imported a second time under another name (a test
        # runner's path): the class registered first stays
        return cls
    _GAMES[info.name] = cls
    rulings.add_game(info.name, info.ruling_prefix,
                     rulings.own_file(cls, info.rulings) if info.rulings else None)
    hint = getattr(cls, "hint", None)
    if callable(hint):
        view._HINTERS[info.name] = hint
    else:
        view._HINTERS.pop(info.name, None)
    return cls


def _file_of(cls: type) -> str | None:
    module = sys.modules.get(cls.__module__)
    return getattr(module, "__file__", None)


def games() -> dict[str, type[Game]]:
    """Every registered game class by name."""
    return dict(_GAMES)


#: the rule id of a file no game's rules can read
RULE = "BK-files"


def _utf8_size(text: str, limit: int) -> int:
    """The UTF-8 size of ``text`` in bytes, counted a megabyte at a time
    and stopping past ``limit`` (no copy of a huge text is made)."""
    size = 0
    for i in range(0, len(text), 1 << 20):
        size += len(text[i:i + (1 << 20)].encode("utf-8", "surrogatepass"))
        if size > limit:
            break
    return size


def load(data: str | bytes | dict) -> Game:
    """Load a saved game (a JSON string, bytes or dict) of any registered game."""
    if isinstance(data, (str, bytes)):
        # a character is at least one byte: a text too long is refused unread
        size = len(data) if isinstance(data, bytes) or len(data) > MAX_SAVE_BYTES \
            else _utf8_size(data, MAX_SAVE_BYTES)
        if size > MAX_SAVE_BYTES:
            raise StateFileError(f"a saved game is at most {MAX_SAVE_BYTES:,} bytes (UTF-8); "
                                 f"this one has more", rule=RULE)
        try:
            data = json.loads(data)
        except (ValueError, RecursionError) as exc:
            raise StateFileError(f"not valid JSON: {exc}", rule=RULE) from None
    if not isinstance(data, dict) or not isinstance(data.get("game"), str) \
            or data["game"] not in _GAMES:
        known = ", ".join(sorted(_GAMES))
        got = data.get("game") if isinstance(data, dict) else type(data).__name__
        raise StateFileError(f"unknown game {str(got)[:60]!r}; known: {known}", rule=RULE)
    return _GAMES[data["game"]].from_dict(data)
