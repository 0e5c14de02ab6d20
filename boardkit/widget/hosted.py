"""A board whose page is not a Jupyter front-end: the class server's
devices and the play app's worker. Its model messages go to its host as
plain frames (see :mod:`boardkit.widget.messages`), without the values the
host keeps itself (:data:`NOT_SENT`); the host opens the page's model with
:meth:`HostedBoard.opening`."""
from __future__ import annotations

from typing import Any

from .board import BoardWidget
from .messages import NOT_SENT


class HostedBoard(BoardWidget):
    """The notebook's board, sending to a host instead of a kernel's comm."""

    def _deliver(self, msg: dict, buffers: list) -> None:
        """*hook*: hand one model message (update or custom) to the host."""
        raise NotImplementedError

    def _send(self, msg: dict, buffers: list | None = None) -> None:
        if msg.get("method") == "update":
            state = msg.get("state") or {}
            for key in NOT_SENT:
                state.pop(key, None)
            if not state:
                return
        self._deliver(msg, list(buffers or []))

    def opening(self) -> tuple[dict, list]:
        """The whole state, as the first message the page gets."""
        from ipywidgets.widgets.widget import _remove_buffers

        state: Any = self.get_state()
        for key in NOT_SENT:
            state.pop(key, None)
        state, paths, buffers = _remove_buffers(state)
        return {"method": "open", "state": state, "buffer_paths": paths}, buffers
