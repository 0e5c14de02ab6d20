"""The board's side of the page: the synced values a page receives (a
whole state carries the whole move log, an update only what was appended),
the refusal of any value a page tries to set (the page only sends
requests), and the request loop: every message from the page is
dispatched (:func:`.messages.dispatch`) and gets exactly one reply, in the
same update as the board it leads to.

:class:`PageSide` is a part of :class:`~boardkit.widget.board.BoardWidget`
(a base before :class:`anywidget.AnyWidget`, whose state methods it
extends); it owns the count of replies sent.
"""
from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any, cast

from ipywidgets.widgets.widget import _remove_buffers

from ..core.errors import BoardkitError
from .messages import dispatch
from .steps import _clean

if TYPE_CHECKING:
    from contextlib import AbstractContextManager

    from .bots import BotRunner
    from .messages import Board
    from .steps import StepLog

log = logging.getLogger("boardkit.widget.board")   # (the board's log, as before)


class PageSide:
    """What passes between the board and its page (see the module)."""

    if TYPE_CHECKING:     # the board's (BoardWidget's) and the widget's
        keys: list[str]
        reply: dict[str, Any]
        _runner: BotRunner
        _steplog: StepLog

        def _batch(self) -> AbstractContextManager[None]: ...

        def _say(self, exc: BaseException) -> str: ...

        def _send(self, msg: dict, buffers: Any = None) -> None: ...

    #: replies sent to the page (each request gets one)
    _replies: int = 0

    def get_state(self, key: Any = None, drop_defaults: bool = False) -> dict:
        """The synced values. A whole state (a new page) carries the whole
        log (``log_start`` 0); an update only what was appended."""
        state = super().get_state(key=key, drop_defaults=drop_defaults)  # type: ignore[misc]
        if key is None and hasattr(self, "_steplog"):
            state["log_start"], state["log_tail"] = 0, list(self._steplog.lines)
        return state

    def set_state(self, sync_data: Any) -> None:
        """The page may not set anything (it only sends requests): a state
        it sends is ignored, and the kernel's values are sent back."""
        if not isinstance(sync_data, dict):
            return
        keys = [k for k in sync_data if k in self.keys]
        if "svg_z" in keys or "base_z" in keys:       # (the two make the picture together)
            keys = list(dict.fromkeys([*keys, "svg_z", "base_z"]))
        if keys:
            state = super().get_state(key=keys)  # type: ignore[misc]
            if "log_start" in keys or "log_tail" in keys:
                steplog = getattr(self, "_steplog", None)
                state["log_start"], state["log_tail"] = 0, list(steplog.lines if steplog else [])
            state, paths, buffers = _remove_buffers(state)
            self._send({"method": "update", "state": state, "buffer_paths": paths}, buffers=buffers)

    def _on_frontend_msg(self, _widget: Any, content: Any, _buffers: Any) -> None:
        # (not named _handle_custom_msg: that would override ipywidgets' own)
        # Every message gets exactly one reply, in the same update as the
        # board it leads to.
        req_id = content.get("id") if isinstance(content, dict) else None
        if not (type(req_id) is int or (isinstance(req_id, str) and len(req_id) <= 64)):
            req_id = None
        elif isinstance(req_id, str):
            req_id = _clean(req_id)
        with self._batch():
            ok, error = True, None
            self._runner.from_page = True
            try:
                dispatch(cast("Board", self), content)
            except BoardkitError as exc:
                ok, error = False, self._say(exc)
            except Exception as exc:  # a bug: still answer; the traceback goes to the log
                log.exception("board request %r failed", content)
                ok, error = False, self._say(RuntimeError(f"internal error: {type(exc).__name__}: {exc}"))
            finally:
                self._runner.from_page = False
            self._replies += 1
            self.reply = {"n": self._replies, "id": req_id, "ok": ok, "error": error}
