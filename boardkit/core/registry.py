"""Every boardkit game registers here, so generic tools (the conformance
test, :func:`boardkit.load`, the widget) work on all of them."""
from __future__ import annotations

import json
from typing import Any

from .errors import StateFileError
from .saves import MAX_SAVE_BYTES

_GAMES: dict[str, Any] = {}


def register(cls: type) -> type:
    _GAMES[cls.Rules.info.name] = cls  # type: ignore[attr-defined]
    return cls


def games() -> dict[str, type]:
    return dict(_GAMES)


def load(data: Any):
    """Load a saved game (a JSON string or dict) of any registered game."""
    if isinstance(data, (str, bytes)):
        if len(data) > MAX_SAVE_BYTES:
            raise StateFileError(f"a saved game is at most {MAX_SAVE_BYTES:,} bytes, "
                                 f"not {len(data):,}")
        try:
            data = json.loads(data)
        except (ValueError, RecursionError) as exc:
            raise StateFileError(f"not valid JSON: {exc}") from None
    if not isinstance(data, dict) or not isinstance(data.get("game"), str) \
            or data["game"] not in _GAMES:
        known = ", ".join(sorted(_GAMES))
        got = data.get("game") if isinstance(data, dict) else type(data).__name__
        raise StateFileError(f"unknown game {str(got)[:60]!r}; known: {known}")
    return _GAMES[data["game"]].from_dict(data)
