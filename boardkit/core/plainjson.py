"""Plain JSON data, as every game's state is: copied, frozen into bytes and
read back, and checked (a state must survive a JSON round trip unchanged).
Standard library only: the rules run in the browser too."""
from __future__ import annotations

import marshal
from typing import Any


def copy_json(value: Any) -> Any:
    """Deep copy of plain JSON data (much faster than :func:`copy.deepcopy`)."""
    t = type(value)
    if t is dict:
        return {k: copy_json(v) if type(v) in _CONTAINERS else v for k, v in value.items()}
    if t is list:
        return [copy_json(v) if type(v) in _CONTAINERS else v for v in value]
    return value


#: what :func:`copy_json` copies (everything else in plain JSON is immutable)
_CONTAINERS = frozenset((dict, list))


def freeze(state: Any) -> bytes:
    """A snapshot of plain JSON data as compact immutable bytes (marshal:
    about the size of its JSON text, and several times quicker to make
    than a copy). Only ever read back by :func:`thaw`, by the same Python."""
    return marshal.dumps(state)


def thaw(frozen: bytes) -> Any:
    """A new, independent copy of the data a :func:`freeze` snapshot holds."""
    return marshal.loads(frozen)


def is_plain_json(value: Any, depth: int = 0) -> bool:
    """True when ``value`` survives a JSON round trip unchanged."""
    if depth > 64:
        return False
    t = type(value)
    if t in (str, int, bool) or value is None:
        return True
    if t is float:
        return value == value and value not in (float("inf"), float("-inf"))
    if t is list:
        return all(is_plain_json(v, depth + 1) for v in value)
    if t is dict:
        return all(type(k) is str and is_plain_json(v, depth + 1) for k, v in value.items())
    return False
