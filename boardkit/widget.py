"""The interactive board: a thin anywidget around any boardkit game.

The widget only transports. It sends the game's own SVG picture (with the
legal targets marked by the game's view) to the browser, and turns a click
into an action request that goes through the same ``legal_actions`` /
``apply`` path as everything else. A rejected click comes back with the
rule's reason, in plain words; nothing in JavaScript knows a rule.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

import anywidget
import traitlets

from .core.bots import Bot
from .core.errors import BoardkitError, InvalidActionError, NothingToUndoError
from .core.game import CHANCE, Game


def widget_file(name: str) -> Path:
    """Front-end files: inside the wheel (``boardkit/_widgets``) or, in a
    source checkout, the top-level ``widgets/`` folder."""
    here = Path(__file__).resolve().parent
    for folder in (here / "_widgets", here.parent / "widgets"):
        if (folder / name).is_file():
            return folder / name
    raise FileNotFoundError(f"boardkit widget file {name!r} is missing from the installation")


MODES = ("teacher", "hotseat")
MAX_WORD = 2000


class BoardWidget(anywidget.AnyWidget):
    """A clickable board for ``game``.

    :param bots: ``{seat: bot}`` — seats played by bots (they move at once
        after a human action).
    :param mode: ``"teacher"`` shows every hand; ``"hotseat"`` shows only
        the hand of the human to move, after a "pass to the next player"
        screen.
    """

    _esm = widget_file("board.js").read_text(encoding="utf-8")
    _css = widget_file("board.css").read_text(encoding="utf-8")

    svg = traitlets.Unicode("").tag(sync=True)
    status = traitlets.Unicode("").tag(sync=True)
    message = traitlets.Unicode("").tag(sync=True)
    error = traitlets.Unicode("").tag(sync=True)
    log_lines = traitlets.List(traitlets.Unicode()).tag(sync=True)
    pending = traitlets.Unicode("").tag(sync=True)
    curtain = traitlets.Unicode("").tag(sync=True)
    can_undo = traitlets.Bool(False).tag(sync=True)
    mode = traitlets.Unicode("teacher").tag(sync=True)
    version = traitlets.Int(0).tag(sync=True)
    #: Sub-steps of the automatic checks caused by the last click (bites,
    #: infections…): ``step_index`` -1 shows the live board.
    step_count = traitlets.Int(0).tag(sync=True)
    step_index = traitlets.Int(-1).tag(sync=True)

    def __init__(self, game: Game, *, bots: dict[int, Bot] | None = None, mode: str = "teacher"):
        if not isinstance(game, Game):
            raise InvalidActionError(f"BoardWidget needs a boardkit game, not {type(game).__name__}")
        if mode not in MODES:
            raise InvalidActionError(f"mode must be one of {MODES}, not {mode!r}")
        bots = dict(bots or {})
        for seat, bot in bots.items():
            if type(seat) is not int or not 0 <= seat < game.players or not isinstance(bot, Bot):
                raise InvalidActionError(f"bots must map seats 0..{game.players - 1} to bots: "
                                         f"{seat!r}: {bot!r}")
        super().__init__(mode=mode)
        self.game = game
        self.bots = bots
        self._revealed_for: int | str | None = None
        self._steps: list[tuple[str, dict]] = []
        self.on_msg(self._on_frontend_msg)
        self._run_bots()
        self._refresh()

    # ------------------------------------------------------------ Python API
    def click(self, word: str) -> list[str]:
        """What a click on a target marked ``word`` does (also callable from
        Python): complete an action, extend a multi-click one, or raise the
        rule's error with nothing changed."""
        if not isinstance(word, str) or not word.strip() or len(word) > MAX_WORD:
            raise InvalidActionError(f"a click names a target word, not {word!r}")
        self._check_curtain()
        if self.step_index >= 0:
            raise InvalidActionError("you are looking at a past step; go back to the live board first")
        cand = f"{self.pending} {word}".strip()
        if cand in self.game.legal_actions:
            return self.act(cand)
        if any(a.startswith(cand + " ") for a in self.game.legal_actions):
            self.pending = cand
            self.error = ""
            self._refresh()
            return []
        return self.act(cand)  # raises with the rule's reason

    def act(self, action: str) -> list[str]:
        """Take ``action`` for the player to move, then let the bots reply."""
        self._check_curtain()
        n = len(self.game._log)
        try:
            events = self.game.apply(action)
        except BoardkitError as exc:
            self.error = str(exc)
            self._refresh()
            raise
        self.pending = ""
        self.error = ""
        events += self._run_bots()
        self.message = " · ".join(events[-12:])
        self._steps = self.game.frames(since=n)
        self.step_index = -1
        self._refresh()
        return events

    def step(self, index: int) -> None:
        """Show sub-step ``index`` of the last click's automatic checks
        (0-based; -1 = back to the live board)."""
        if type(index) is not int or not -1 <= index < len(self._steps):
            raise InvalidActionError(f"there is no step {index!r}; steps: 0..{len(self._steps) - 1}")
        self.step_index = index
        self._refresh()

    def undo(self) -> None:
        """Take back the last human action (and the bots' replies after it)."""
        humans = self._human_entries()
        try:
            if not humans:
                raise NothingToUndoError(f"{self.game.title}: no move of yours to take back yet")
            self.game.undo(to_seat=humans[-1])
        except BoardkitError as exc:
            self.error = str(exc)
            self._refresh()
            raise
        self.pending = ""
        self.error = ""
        self.message = "Undone."
        self._steps, self.step_index = [], -1
        self._revealed_for = self.game.current_player
        self._refresh()

    def reveal(self) -> None:
        """Hot-seat: the next player has the screen; show their hand."""
        self._revealed_for = self.game.current_player
        self._refresh()

    def cancel(self) -> None:
        """Forget the clicks of an unfinished multi-click action."""
        self.pending = ""
        self._refresh()

    # -------------------------------------------------------------- internals
    def _check_curtain(self) -> None:
        if self.curtain:
            raise InvalidActionError(f"{self.curtain}: the next player must take the screen "
                                     "(click 'show my hand') before acting")

    def _run_bots(self) -> list[str]:
        events: list[str] = []
        for _ in range(100_000):
            seat = self.game.current_player
            if seat is None or seat not in self.bots:
                break
            action = self.bots[seat].choose(self.game)
            events += self.game.apply(action)
        return events

    def _refresh(self) -> None:
        g = self.game
        seat = g.current_player
        human = isinstance(seat, int) and seat not in self.bots
        hotseat = self.mode == "hotseat"
        curtain = ""
        if hotseat and human and self._revealed_for != seat:
            curtain = f"Pass the screen to {g.seat_name(seat)}"
        shown = seat if isinstance(seat, int) else None
        if hotseat and not human:
            shown = None
        with self.hold_sync():
            self.curtain = curtain
            self.step_count = len(self._steps)
            if self.step_index >= 0:
                caption, state = self._steps[self.step_index]
                self.svg = g.render(seat=shown, state=state, hide_hands=hotseat, all_hands=not hotseat,
                                    caption=f"step {self.step_index + 1} of {len(self._steps)}: {caption}")
            else:
                self.svg = g.render(seat=shown, pending=self.pending if human else "",
                                    hide_hands=bool(curtain) or (hotseat and not human),
                                    all_hands=not hotseat)
            self.status = g.situation()
            self.log_lines = [self._log_line(e) for e in g._log]
            self.can_undo = bool(self._human_entries())
            self.version += 1

    def _human_entries(self) -> list:
        """Seats of the log entries made by people (not chance, not bots)."""
        return [e.player for e in self.game._log if e.player != CHANCE and e.player not in self.bots]

    def _log_line(self, entry) -> str:
        if entry.player == CHANCE:
            return "Dealer: " + (entry.events[0] if entry.events else entry.action)
        who = self.game.seat_name(entry.player)
        tag = f" ({self.bots[entry.player].label})" if entry.player in self.bots else ""
        return f"{who}{tag}: {entry.action}"

    def _on_frontend_msg(self, _widget: Any, content: Any, _buffers: Any) -> None:
        # (not named _handle_custom_msg: that would override ipywidgets' own)
        req_id = content.get("id") if isinstance(content, dict) else None
        try:
            if not isinstance(content, dict):
                raise InvalidActionError("a board message must be an object")
            kind = content.get("kind")
            if kind == "click":
                self.click(content.get("word"))
            elif kind == "undo":
                self.undo()
            elif kind == "reveal":
                self.reveal()
            elif kind == "cancel":
                self.cancel()
            elif kind == "step":
                self.step(content.get("to"))
            else:
                raise InvalidActionError(f"unknown board message kind {kind!r}")
        except BoardkitError as exc:
            self.error = str(exc)
            self.send({"id": req_id, "ok": False, "error": str(exc)})
            return
        self.send({"id": req_id, "ok": True, "error": None})

    def _repr_mimebundle_(self, **kwargs: Any):
        """The live widget, plus the board as static HTML for viewers that
        have no kernel (GitHub, nbviewer, an exported page)."""
        bundle = super()._repr_mimebundle_(**kwargs)
        data, meta = bundle if isinstance(bundle, tuple) else (bundle, {})
        if data is not None:
            data = dict(data)
            data["text/html"] = f'<div class="boardkit-static">{self.svg}</div>'
        return data, meta

    def __repr__(self) -> str:
        bots = ", ".join(f"{self.game.seat_name(s)}={b.label}" for s, b in sorted(self.bots.items()))
        return (f"BoardWidget({self.game.title}, {self.mode}: {self.game.situation()}"
                + (f"; bots: {bots}" if bots else "") + ")")
