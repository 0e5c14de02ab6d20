"""The requests the page sends a board (see :mod:`boardkit.widget.board`,
"How a click travels"): each is checked (its kind, the board version it was
made on) and done by the board's Python API, the same path as a call from a
notebook cell.
"""
from __future__ import annotations

import json
import struct
from typing import Any, Protocol

from ..core.errors import BOARD_RULE, InvalidActionError
from .refusals import show


class Board(Protocol):
    """What a request reaches: the board's Python API
    (:class:`~boardkit.widget.board.BoardWidget`)."""

    version: int
    show_plan: bool

    def click(self, word: str) -> Any: ...
    def toggle(self, word: str) -> Any: ...
    def confirm(self, word: str) -> Any: ...
    def undo(self) -> None: ...
    def cancel(self) -> None: ...
    def reveal(self) -> None: ...
    def play(self) -> None: ...
    def pause(self) -> None: ...
    def next(self) -> None: ...
    def plan(self, show: bool = True) -> None: ...
    def step(self, index: int) -> None: ...

#: What the page may ask for (see :mod:`boardkit.widget.board`).
KINDS = ("click", "toggle", "confirm", "undo", "cancel", "reveal", "step", "play", "pause", "next", "plan")
#: Requests that carry a word (a target on the board), and requests with none.
WORDED = ("click", "toggle", "confirm")
PLAIN = ("undo", "cancel", "reveal", "play", "pause", "next")
#: Said when a request was made on a board that has changed since.
STALE = "The board changed — look again"


def dispatch(board: Board, content: Any) -> None:
    """One request from the page, done by the board's Python API (a
    refused one raises the rule's error; the board answers it)."""
    if not isinstance(content, dict):
        raise InvalidActionError("a board message must be an object", rule=BOARD_RULE)
    kind = content.get("kind")
    if not isinstance(kind, str) or kind not in KINDS:
        raise InvalidActionError(f"unknown board message kind {show(kind)}; "
                                 f"known: {', '.join(KINDS)}", rule=BOARD_RULE)
    version = content.get("version")
    word: Any = content.get("word")
    if type(version) is not int:
        raise InvalidActionError("a board message must carry the version of the board it was made on",
                                 rule=BOARD_RULE)
    if version != board.version:
        raise InvalidActionError(STALE, rule=BOARD_RULE)
    if kind in WORDED:
        getattr(board, kind)(word)
    elif kind in PLAIN:
        getattr(board, kind)()
    elif kind == "plan":
        board.plan(not board.show_plan)
    else:
        to: Any = content.get("to")
        board.step(to)


#: What a notebook's page needs of a board and a page of boardkit's own
#: (the class server's, the play app's) does not: the module and style
#: travel as files; no layout widget exists.
NOT_SENT = ("_esm", "_css", "layout", "_dom_classes", "tabbable", "tooltip")


def pack_frame(msg: dict, buffers: list) -> bytes:
    """A model message as one binary frame, as Jupyter frames it (see
    ``widgets/host.js``): the count of parts, their offsets (big-endian
    uint32), the JSON, then the binary buffers."""
    parts = [json.dumps(msg, ensure_ascii=False, separators=(",", ":")).encode()] + [
        bytes(b) for b in buffers
    ]
    n = len(parts)
    offsets = []
    at = 4 * (n + 1)
    for p in parts:
        offsets.append(at)
        at += len(p)
    return struct.pack(f"!{n + 1}I", n, *offsets) + b"".join(parts)
