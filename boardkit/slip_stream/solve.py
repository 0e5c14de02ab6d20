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
(None), never guessed.

What makes it fast enough (a position 13–20 plies before the end of a game
is often proved in seconds):

* **A table of facts, not of searches.** A proved result is kept with the
  length of its proof, and a failed proof as "no forced win (loss) within
  d plies"; the next, deeper iteration skips what it already knows. A fact
  is used only where it is as strong as the question (a win proved in 7
  plies does not answer "a win within 5?"), so the length of the shortest
  proof stays exact.
* **A win one move away is looked for first** among all moves (a move that
  wins at once, or leads to a position already proved won), before any is
  searched.
* **Move ordering**: the move that proved (or refuted) this position at
  the last depth, then moves that score, the killer moves of this ply and
  the history of moves that proved positions, then the longest moves.

Used by ``benchmarks/slip_stream_exact.py`` (does each level's move keep a
won position won?), by the tests (it agrees with the whole game tree) and
by the game-search notebook.
"""
from __future__ import annotations

from .ai import Fast

__all__ = ["Prover", "OutOfBudget"]


class OutOfBudget(Exception):
    """The prover searched more positions than its budget."""


class Prover:
    """Forced wins and losses of one course's positions (the table of
    proved facts is kept between calls).

    :param limit: facts kept in each table (cleared when full: only speed
        is lost, never correctness).
    :param budget: positions searched per :meth:`result` at most (None: no
        bound); past it the result is undecided.
    """

    def __init__(self, fast: Fast, limit: int = 3_000_000, budget: int | None = None):
        self.fast = fast
        self.limit = limit        #: at most this many facts in each table
        self.budget = budget      #: at most this many positions searched (None: no bound)
        self.nodes = 0
        #: position -> (+1 won / -1 lost for the colour to act, plies of the proof)
        self.proved: dict[tuple, tuple[int, int]] = {}
        #: position -> d: no forced win (no forced loss) within d plies
        self.no_win: dict[tuple, int] = {}
        self.no_loss: dict[tuple, int] = {}
        self._best: dict[tuple, tuple[int, int]] = {}
        self._killers: dict[int, list] = {}
        self._history: dict[tuple[int, int], int] = {}

    # ------------------------------------------------------------ the search
    def _expand(self, p: tuple, d: int, ply: int) -> tuple[int, list]:
        """(n, [move]) when a move wins at once (n = 1) or leads to a
        position proved won for the mover within ``d - 1`` plies (n: the
        plies of that proof, the move included); else (0, the moves worth
        searching, best first, as (move, same colour acts again?, child))."""
        fast = self.fast
        c = p[6]
        proved = self.proved
        tt = self._best.get(p)
        killers = self._killers.get(ply, ())
        history = self._history
        out = []
        for m in fast.moves(p):
            child = fast.play(p, m)
            if child[0] == "won":
                if child[1] == c:
                    return 1, [m]
                continue
            same = child[6] == c
            known = proved.get(child)
            if known is not None and known[1] <= d - 1 and (known[0] > 0) == same:
                return known[1] + 1, [m]
            if m == tt:
                k = 1 << 30
            else:
                gain = (child[2] - p[2]) if c == 0 else (child[3] - p[3])
                k = gain * 100 + m[1] - m[0] + history.get(m, 0)
                if m in killers:
                    k += 1000
            out.append((k, m, same, child))
        out.sort(key=lambda t: -t[0])
        return 0, [(m, same, child) for _, m, same, child in out]

    def _good(self, p: tuple, m: tuple[int, int], ply: int, d: int) -> None:
        ks = self._killers.setdefault(ply, [])
        if m not in ks:
            ks.insert(0, m)
            del ks[2:]
        self._history[m] = self._history.get(m, 0) + d * d
        self._best[p] = m

    def _known(self, p: tuple, d: int, want: int) -> bool | None:
        """What the tables say about "``want`` (+1 win, -1 loss) within
        ``d`` plies" (None: not known)."""
        known = self.proved.get(p)
        if known is not None:
            if known[0] != want:
                return False
            if known[1] <= d:
                return True
        if d <= 0:
            return False
        bound = (self.no_win if want > 0 else self.no_loss).get(p, 0)
        return False if bound >= d else None

    def _remember(self, table: dict, p: tuple, value: object) -> None:
        if len(table) >= self.limit:
            table.clear()
        table[p] = value

    def wins(self, p: tuple, d: int, ply: int = 0) -> bool:
        """The colour to act at ``p`` forces a win within ``d`` plies."""
        known = self._known(p, d, 1)
        if known is not None:
            return known
        self._count()
        now, moves = self._expand(p, d, ply)
        if now:
            self._remember(self.proved, p, (1, now))
            self._best[p] = moves[0]
            return True
        for m, same, child in moves:
            if self.wins(child, d - 1, ply + 1) if same else self.loses(child, d - 1, ply + 1):
                self._good(p, m, ply, d)
                self._remember(self.proved, p, (1, d))
                return True
        self._remember(self.no_win, p, d)
        return False

    def loses(self, p: tuple, d: int, ply: int = 0) -> bool:
        """Every move of the colour to act at ``p`` loses within ``d`` plies."""
        known = self._known(p, d, -1)
        if known is not None:
            return known
        self._count()
        now, moves = self._expand(p, d, ply)
        if now:         # a way to win: so not lost
            self._remember(self.proved, p, (1, now))
            self._best[p] = moves[0]
            return False
        for m, same, child in moves:
            if not (self.loses(child, d - 1, ply + 1) if same else self.wins(child, d - 1, ply + 1)):
                self._good(p, m, ply, d)
                self._remember(self.no_loss, p, d)
                return False
        self._remember(self.proved, p, (-1, d))
        return True

    def _count(self) -> None:
        self.nodes += 1
        if self.budget is not None and self.nodes > self.budget:
            raise OutOfBudget

    # ------------------------------------------------------------ questions
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

    def best_move(self, p: tuple) -> tuple[int, int] | None:
        """The move that proved or refuted ``p`` last (after :meth:`result`)."""
        return self._best.get(p)

    def move_result(self, p: tuple, move: tuple[int, int], plies: int) -> int | None:
        """What ``move`` leads to for its mover: +1 a forced win, -1 a forced
        loss, None undecided within ``plies`` plies after it (or the budget)."""
        c = p[6]
        child = self.fast.play(p, move)
        if child[0] == "won":
            return 1 if child[1] == c else -1
        self.nodes = 0          # each question gets the whole budget
        r, _ = self.result(child, plies)
        if r is None:
            return None
        return r if child[6] == c else -r
