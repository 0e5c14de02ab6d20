"""Slip Stream solved exactly: who wins a position under best play.

Slip Stream has no draw and no chance once the course is laid, and every
move takes a machine forward, so below a position the game tree is finite
and its result is exact: the colour to act wins if one of its moves wins
at once, or leads to a position that it wins (the same colour acts again
after a turbo move) or that the other colour loses.

:class:`Prover` searches that AND/OR tree to the end (no evaluation), on
the AI's compact rules (:class:`~boardkit.slip_stream.ai.Fast`), with a
bound on the plies: :meth:`Prover.wins` proves "the colour to act forces a
win within d plies", :meth:`Prover.loses` "every move of the colour to act
loses within d plies". :meth:`Prover.result` deepens the bound one ply at a
time until the result is proved (the shortest forced win or loss) or the
bound ``plies`` is reached: then the result is *undecided within the bound*
(None), never guessed. A full-depth search of a long game's opening would
take hours in Python; 8–12 plies before the end of a game a result is
usually proved within 16 plies in seconds.

Used by ``benchmarks/slip_stream_exact.py`` (does each level's move keep a
won position won?) and by the game-search notebook.
"""
from __future__ import annotations

from .ai import Fast

__all__ = ["Prover", "OutOfBudget"]


class OutOfBudget(Exception):
    """The prover searched more positions than its budget."""


class Prover:
    """Forced wins and losses of one course's positions (the table of
    proved facts is kept between calls)."""

    def __init__(self, fast: Fast, limit: int = 3_000_000, budget: int | None = None):
        self.fast = fast
        self.memo: dict[tuple, bool] = {}
        self.limit = limit        #: at most this many facts in the table
        self.budget = budget      #: at most this many positions searched (None: no bound)
        self.nodes = 0

    def _children(self, p: tuple) -> list:
        """(won-now flag, child) for every move, the promising ones first
        (points scored, then the longest moves)."""
        fast = self.fast
        c = p[6]
        out = []
        for m in fast.moves(p):
            child = fast.play(p, m)
            if child[0] == "won":
                out.append((-10_000 if child[1] == c else 10_000, 1 if child[1] == c else -1, child))
                continue
            gain = (child[2] - p[2]) if c == 0 else (child[3] - p[3])
            out.append((-(gain * 100 + m[1] - m[0]), 0, child))
        out.sort(key=lambda t: t[0])
        return out

    def wins(self, p: tuple, d: int) -> bool:
        """The colour to act at ``p`` forces a win within ``d`` plies."""
        if d <= 0:
            return False
        key = (p, d)
        found = self.memo.get(key)
        if found is not None:
            return found
        self._count()
        c = p[6]
        out = False
        for _, now, child in self._children(p):
            if now:
                if now > 0:
                    out = True
                    break
                continue
            if (self.wins(child, d - 1) if child[6] == c else self.loses(child, d - 1)):
                out = True
                break
        if len(self.memo) < self.limit:
            self.memo[key] = out
        return out

    def loses(self, p: tuple, d: int) -> bool:
        """Every move of the colour to act at ``p`` loses within ``d`` plies."""
        if d <= 0:
            return False
        key = (p, -d)
        found = self.memo.get(key)
        if found is not None:
            return found
        self._count()
        c = p[6]
        out = True
        for _, now, child in self._children(p):
            if now:
                if now > 0:
                    out = False
                    break
                continue
            if not (self.loses(child, d - 1) if child[6] == c else self.wins(child, d - 1)):
                out = False
                break
        if len(self.memo) < self.limit:
            self.memo[key] = out
        return out

    def _count(self) -> None:
        self.nodes += 1
        if self.budget is not None and self.nodes > self.budget:
            raise OutOfBudget

    def result(self, p: tuple, plies: int) -> tuple[int | None, int]:
        """(+1: the colour to act wins, -1: it loses, None: undecided within
        ``plies`` or the budget; the plies of the shortest proof, or ``plies``)."""
        try:
            for d in range(1, plies + 1):
                if self.wins(p, d):
                    return 1, d
                if self.loses(p, d):
                    return -1, d
        except OutOfBudget:
            pass
        return None, plies

    def move_result(self, p: tuple, move: tuple[int, int], plies: int) -> int | None:
        """What ``move`` leads to for its mover: +1 a forced win, -1 a forced
        loss, None undecided within ``plies`` plies after it."""
        c = p[6]
        child = self.fast.play(p, move)
        if child[0] == "won":
            return 1 if child[1] == c else -1
        self.nodes = 0          # each question gets the whole budget
        r, _ = self.result(child, plies)
        if r is None:
            return None
        return r if child[6] == c else -r
