"""The part of a game session that reads its record: the log, the
players' actions, the position before any entry (rebuilt from the nearest
checkpoint) and the play-back's sub-step frames, worked out again when
asked (:func:`.log.sub_steps`).

:class:`Record` is a part of :class:`~boardkit.core.game.Game` (one of its
bases): the session writes the log as it plays, takes it back on undo and
keeps the checkpoints; this part only reads them.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .errors import InvalidActionError, NothingToUndoError
from .log import LogEntry, sub_steps
from .rules import CHANCE, NULL_SINK, copy_json, thaw

if TYPE_CHECKING:
    from . import rules as _rules


class Record:
    """The log and what is read from it (see the module)."""

    rules: _rules.Rules
    history: bool
    _state: dict
    _log: list[LogEntry]
    #: log index -> the position before that entry (see :meth:`Rules.snapshot`)
    _checkpoints: dict[int, Any]
    #: log index -> (its entry, its sub-steps): worked out when asked
    _frames: dict[int, tuple[LogEntry, tuple[tuple[str, bytes], ...]]]

    @property
    def info(self) -> _rules.GameInfo:
        """The game's metadata (:class:`~boardkit.core.rules.GameInfo`)."""
        return self.rules.info

    @property
    def log(self) -> list[LogEntry]:
        """Every action so far (chance included), oldest first."""
        return list(self._log)

    def frames(self, since: int = 0) -> list[tuple[str, dict]]:
        """(caption, state) after every sub-step of log entries ``since``… (new
        copies at every call; see :meth:`entry_frames`)."""
        since = slice(since, None).indices(len(self._log))[0]   # as log[since:]
        return [(caption, thaw(f)) for i in range(since, len(self._log))
                for caption, f in sub_steps(self, i, since)]

    def entry_frames(self, index: int) -> tuple[tuple[str, dict], ...]:
        """(caption, state) after each sub-step of log entry ``index``, for games
        whose automatic checks are worth watching one step at a time
        (:attr:`Rules.sub_steps`); empty for the others.

        Play keeps no pictures of sub-steps: they are worked out again when
        asked, by taking the entry's action once more from the position
        before it (the rules are pure, so it happens exactly as it did). A
        loaded game therefore shows them too."""
        return tuple((caption, thaw(f)) for caption, f in sub_steps(self, index))

    def frame_captions(self, index: int) -> tuple[str, ...]:
        """The caption of each sub-step of log entry ``index``."""
        return tuple(caption for caption, _ in sub_steps(self, index))

    def frame_state(self, index: int, k: int) -> dict:
        """The position after sub-step ``k`` of log entry ``index`` (a new copy)."""
        steps = sub_steps(self, index)
        if type(k) is not int or not 0 <= k < len(steps):
            raise InvalidActionError(f"log entry {index} has {len(steps)} sub-step(s), "
                                     f"not one numbered {k!r}")
        return thaw(steps[k][1])

    @property
    def actions(self) -> list[str]:
        """The players' actions only (replay them with the same seed)."""
        return [e.action for e in self._log if e.player is not CHANCE]

    def state_before(self, index: int) -> dict:
        """The position just before log entry ``index`` (``len(log)``: now),
        rebuilt from the nearest checkpoint."""
        if not self.history:
            raise NothingToUndoError(f"{self.info.title}: this game keeps no history")
        if not 0 <= index <= len(self._log):
            raise InvalidActionError(f"there is no log entry {index!r}")
        if index == len(self._log):
            return copy_json(self._state)
        base = max(k for k in self._checkpoints if k <= index)
        state = self.rules.restore(self._checkpoints[base])
        for e in self._log[base:index]:
            self.rules.apply(state, e.action, NULL_SINK)
        return state
