"""What happened since the human's last move, read from the game's log:
the steps a board widget can look back at, the events panel and the move
log sent as an append (below, "Following the bots").

:class:`StepLog` is a part the board widget holds: it owns the steps, the
events and the log lines the page has, and reads the game and the bots
from the board's :class:`Table`. The widget tells it when a turn starts
(:meth:`StepLog.begin`), when a bot's move adds events
(:meth:`StepLog.extend`) and when everything is forgotten
(:meth:`StepLog.clear`); it asks it for the steps' positions and captions,
the events panel and the log to send.

Following the bots
------------------
Everything since the human's last move is a *step*: each log entry from
that move on (the bots' moves and the dealer's draws too), or each recorded
sub-step of an entry that has them (the automatic checks). ``step`` shows
one on the big board, with what it changed outlined (:func:`changes` of
the state before and after: moved slimes, changed squares); ``happened``
lists every event since that move, each with the step it belongs to.
"""
from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from ..core.bots import Bot
from ..core.game import CHANCE, Game, LogEntry
from .table import Table

#: The message line holds about this many characters (the "what happened"
#: panel holds everything).
SUMMARY_CHARS = 160

# Characters that cannot travel as strict UTF-8 JSON (lone surrogates) or
# that would garble a message (control characters).
_UNSAFE = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ud800-\udfff]")
_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f\ud800-\udfff]")


def _clean(text: str) -> str:
    """``text`` safe to send to the page (odd characters become �)."""
    return _UNSAFE.sub("\ufffd", text)


@dataclass(frozen=True)
class _Step:
    """One step of what happened since the human's last move."""

    caption: str
    entry: int        #: its log entry
    frame: int        #: its sub-step in that entry (-1: the whole entry)


class StepLog:
    """The steps, the events and the move log of a board widget."""

    def __init__(self, table: Table):
        self.table = table
        #: the steps since the human's last move
        self.steps: list[_Step] = []
        #: the events since the human's last move
        self.events: list[str] = []
        #: the log index the steps start from
        self.turn_start = len(table.game.log)
        self._logged: list[LogEntry] = []    # the entries the page's log shows
        #: … and their lines
        self.lines: list[str] = []

    @property
    def game(self) -> Game:
        return self.table.game

    @property
    def bots(self) -> dict[int, Bot]:
        return self.table.bots

    # ------------------------------------------------ told by the widget
    def begin(self, start: int, events: Iterable[str]) -> None:
        """A human's move, at log entry ``start``, caused ``events``: the
        steps start there."""
        self.turn_start = start
        self.events = list(events)
        self.steps = self._collect_steps()

    def extend(self, events: Iterable[str]) -> None:
        """A bot's move caused ``events``."""
        self.events.extend(events)
        self.steps = self._collect_steps()

    def clear(self) -> None:
        """Nothing has happened since now (undo, a redraw)."""
        self.steps, self.events = [], []
        self.turn_start = len(self.game.log)

    # ------------------------------------------------ asked by the widget
    def summary(self, upto: int = -1) -> str:
        """The last events, as many as fit the message line (the "what
        happened" panel lists them all); with ``upto`` a step, the last
        events up to that step's (the line tells what the board shows, not
        what comes after it). Events left out are counted, not pointed to:
        the "what happened" panel is not on every size of the board."""
        events = self.events
        if upto >= 0:
            events = [h["text"] for h in self.happened() if h["step"] <= upto]
            # a sub-step (a race's finish) ends with its own event: what comes
            # after it in the entry (the next race set up) is not on the board yet
            if self.steps[upto].frame >= 0 and self.steps[upto].caption in events:
                events = events[:len(events) - events[::-1].index(self.steps[upto].caption)]
        shown: list[str] = []
        for event in reversed(events):
            if shown and sum(len(e) + 3 for e in shown) + len(event) > SUMMARY_CHARS:
                break
            shown.insert(0, event)
        text = " · ".join(shown)
        earlier = len(events) - len(shown)
        if earlier:
            text = f"({earlier} earlier event{'s' if earlier > 1 else ''}) … {text}"
        return _clean(text)

    def _collect_steps(self) -> list[_Step]:
        """A step per log entry since the human's last move, or per
        sub-step for an entry that recorded them."""
        steps: list[_Step] = []
        log = self.game.log
        for i in range(min(self.turn_start, len(log)), len(log)):
            entry = log[i]
            captions = self.game.frame_captions(i)
            if captions:
                steps.extend(_Step(caption, i, k) for k, caption in enumerate(captions))
            else:
                steps.append(_Step(self._entry_caption(entry), i, -1))
        return steps

    def _entry_caption(self, entry: LogEntry) -> str:
        if entry.events:
            return "; ".join(entry.events)
        return self._log_line(entry)

    def state(self, k: int) -> dict:
        """The position after step ``k`` (-1: before the first step)."""
        if k < 0:
            return self.game.state_before(self.steps[0].entry) if self.steps else self.game.state
        step = self.steps[k]
        if step.frame >= 0:
            return self.game.frame_state(step.entry, step.frame)
        return self.game.state_before(step.entry + 1)

    def happened(self) -> list[dict]:
        """Every event since the human's last move, with its step."""
        out: list[dict] = []
        first: dict[int, int] = {}
        frames: dict[tuple[int, int], int] = {}
        for k, step in enumerate(self.steps):
            first.setdefault(step.entry, k)
            frames[step.entry, step.frame] = k
        log = self.game.log
        for i, k0 in first.items():
            entry = log[i]
            if not entry.events:
                out.append({"step": k0, "text": self._entry_caption(entry)})
                continue
            f = 0
            captions = self.game.frame_captions(i)
            for event in entry.events:
                k = k0
                if captions:
                    # events and sub-steps come in the same order; an event
                    # without a sub-step of its own goes with the one before
                    j = next((j for j in range(f, len(captions)) if captions[j] == event), None)
                    if j is not None:
                        f = j + 1
                    k = frames.get((i, f - 1), k0)
                out.append({"step": k, "text": _clean(event)})
        return out

    def caption(self, k: int) -> str:
        return _clean(f"step {k + 1} of {len(self.steps)}: {self.steps[k].caption}")

    def sync(self) -> tuple[int, list[str]] | None:
        """The log as an append, ``(log_start, log_tail)``: the lines the
        page has in common with the log are kept, the rest resent; None
        when the page's log is the game's."""
        entries = self.game.log
        k, n = 0, min(len(entries), len(self._logged))
        while k < n and entries[k] is self._logged[k]:
            k += 1
        if k == len(entries) == len(self._logged):
            return None
        self.lines[k:] = [self._log_line(e) for e in entries[k:]]
        self._logged = list(entries)
        return k, self.lines[k:]

    def human_entries(self) -> list:
        """Seats of the log entries made by people (not chance, not bots)."""
        return [e.player for e in self.game.log if e.player is not CHANCE and e.player not in self.bots]

    def _log_line(self, entry: LogEntry) -> str:
        if entry.player is CHANCE:
            return _clean(f"{self.game.rules.chance_name}: "
                          + (entry.events[0] if entry.events else entry.action))
        who = self.game.seat_name(entry.player) if isinstance(entry.player, int) else "—"
        tag = f" ({self.bots[entry.player].label})" if entry.player in self.bots else ""
        return _clean(f"{who}{tag}: {entry.action}")
