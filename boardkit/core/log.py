"""A game's record: one entry per action with the events it caused, and the
sub-steps of an entry worked out again when someone asks to watch them.

Play keeps no pictures of sub-steps. Asked for, an entry's action is taken
once more from the position before it: the rules are pure, so the bites and
infections come out exactly as they happened (a conformance test checks this
for every game), and a loaded game shows them as well as one just played.
"""
from __future__ import annotations

from typing import Any, NamedTuple, Protocol

from .errors import InvalidActionError
from .rules import NULL_SINK, Player, Rules, Sink, State, player_to_json

#: log entries whose sub-steps are worked out in one walk (see :func:`sub_steps`)
SUB_STEP_WALK = 32


class Events(list):
    """The list of event texts an action caused; shows as a bullet list."""

    def __repr__(self) -> str:
        return "\n".join(f"• {e}" for e in self) if self else "(nothing happened)"

    def _repr_pretty_(self, p: Any, cycle: bool) -> None:
        p.text(repr(self))


class LogEntry(NamedTuple):
    """One applied action: who took it, what it was, and what it caused.
    Immutable (a named tuple: one is made for every action, so it is cheap)."""

    player: Player
    action: str
    events: tuple[str, ...] = ()
    #: the forced chance outcomes still queued before this entry (undo
    #: puts the queue back as it was)
    forced_before: tuple[str, ...] = ()

    def __repr__(self) -> str:
        return f"LogEntry(player={self.player!r}, action={self.action!r}, events={self.events!r})"

    def __str__(self) -> str:
        return f"{player_to_json(self.player)}: {self.action}"


class Recorded(Protocol):
    """What :func:`sub_steps` reads of a game session
    (:class:`~boardkit.core.game.Game`, which imports this module)."""

    rules: Rules
    history: bool
    _log: list[LogEntry]
    _frames: dict[int, tuple[LogEntry, tuple[tuple[str, bytes], ...]]]

    def state_before(self, index: int) -> State: ...


def sub_steps(game: Recorded, index: int, since: int | None = None) -> tuple[tuple[str, bytes], ...]:
    """Log entry ``index``'s sub-steps as (caption, frozen position), empty
    for a game whose rules have none (:attr:`Rules.sub_steps`).

    Remembered in the game once asked for: at most what play kept when it
    pictured every sub-step, and an entry undone and replaced is worked out
    anew. The entries after it are usually asked for next (a turn's steps, a
    film strip), so a few more are worked out in the same walk; ``since``:
    all of them from there on, in one walk from the position before
    ``since``."""
    log, memo, rules = game._log, game._frames, game.rules
    if type(index) is not int or not 0 <= index < len(log):
        raise InvalidActionError(f"there is no log entry {index!r}")
    if not rules.sub_steps or not game.history:
        return ()
    hit = memo.get(index)
    if hit is not None and hit[0] is log[index]:
        return hit[1]
    first = index if since is None else since
    state = game.state_before(first)
    last = min(len(log), index + SUB_STEP_WALK) if since is None else len(log)
    for i in range(first, last):
        entry = log[i]
        hit = memo.get(i)
        if hit is not None and hit[0] is entry:
            rules.apply(state, entry.action, NULL_SINK)
            continue
        sink = Sink(True)
        rules.apply(state, entry.action, sink)
        memo[i] = (entry, tuple(sink.frames))
    return memo[index][1]
