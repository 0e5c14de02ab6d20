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

For positions further from the end, :meth:`Prover.solve` looks for a
proof of at most a few plies that way (the shortest, so a search's horizon
can be checked against it) and then runs a **proof-number search** with no
bound on the plies (:meth:`Prover.winner`, df-pn): it always expands the
position that would most cheaply prove or disprove the root, measured by
proof and disproof numbers (first guess: the number of moves where all must
fail), and keeps them in a table keyed by the position. Of 12 positions
8-20 plies before the end that deepening to 40 plies left undecided within
its budget, it decided 1 within 100,000 positions; it does not give the
length of a longer proof.

Used by ``benchmarks/slip_stream_exact.py`` (does each level's move keep a
won position won?), by the tests (it agrees with the whole game tree) and
by the game-search notebook.
"""
from __future__ import annotations

from .compact import MIRROR
from .evaluation import Fast

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
        #: position -> the colour that wins it (proved by :meth:`winner`)
        self.solved: dict[tuple, int] = {}
        #: position -> (proof, disproof) numbers of "red wins" (df-pn)
        self._pn: dict[tuple, tuple[int, int]] = {}
        self._kids: dict[tuple, list | None] = {}     # the positions after each move

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
                # the colours alike: blue's places read as their mirror images
                ahead = m[1] - m[0] if c == 0 else MIRROR[m[1]] - MIRROR[m[0]]
                k = gain * 100 + ahead + history.get(m, 0)
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

    # ------------------------------------------------- proof-number search
    def winner(self, p: tuple) -> int | None:
        """The colour (0 red, 1 blue) that wins ``p`` under best play, by a
        depth-first proof-number search with no bound on the plies (df-pn,
        Nagai 2002, with Pawlewicz's 1 + ε thresholds): None when the
        budget runs out first. The game tree is finite and has no cycle
        (every move takes a machine forward), so this is exact; it does
        not say how long the win takes (:meth:`result` does)."""
        try:
            pn, dn = self._mid(p, _INF, _INF)
        except OutOfBudget:
            return None
        return RED_WINS if pn == 0 else BLUE_WINS

    def _leaf(self, child: tuple) -> tuple[int, int]:
        """Proof and disproof numbers of "red wins" at ``child``, from the
        tables (a fact proved earlier) or a first guess."""
        if child[0] == "won":
            return (0, _INF) if child[1] == RED_WINS else (_INF, 0)
        found = self._pn.get(child)
        if found is not None:
            return found
        won = self.solved.get(child)
        if won is not None:
            return (0, _INF) if won == RED_WINS else (_INF, 0)
        known = self.proved.get(child)
        if known is not None:
            red = (known[0] > 0) == (child[6] == RED_WINS)
            return (0, _INF) if red else (_INF, 0)
        guess = _guess(self.fast, child)
        self._remember(self._pn, child, guess)
        return guess

    def _mid(self, p: tuple, thpn: int, thdn: int) -> tuple[int, int]:
        self._count()
        fast = self.fast
        red_acts = p[6] == RED_WINS
        kids = self._kids.get(p, ())
        if kids == ():
            kids = []
            for m in fast.moves(p):
                child = fast.play(p, m)
                if child[0] == "won" and (child[1] == RED_WINS) == red_acts:
                    kids = None            # a move wins at once
                    break
                kids.append(child)
            self._remember(self._kids, p, kids)
        if kids is None:
            out = (0, _INF) if red_acts else (_INF, 0)
            self._store(p, out)
            return out
        leaf = self._leaf
        while True:
            # "red wins" is an OR node where red acts, an AND node where blue does
            best = second = _INF + 1
            bi = -1
            total = 0
            for i, ch in enumerate(kids):
                pn, dn = leaf(ch)
                a, b = (pn, dn) if red_acts else (dn, pn)   # a: minimised, b: summed
                total += b
                if a < best:
                    second, best, bi = best, a, i
                elif a < second:
                    second = a
            if not kids:
                best, total = _INF, 0
            total = min(total, _INF)
            pn, dn = (best, total) if red_acts else (total, best)
            if pn >= thpn or dn >= thdn or pn == 0 or dn == 0:
                out = (pn, dn)
                self._store(p, out)
                return out
            ch = kids[bi]
            cpn, cdn = leaf(ch)
            second = min(second, _INF)
            grow = max(second + 1, int(second * _EPS))
            if red_acts:
                self._mid(ch, min(thpn, grow), thdn - dn + cdn)
            else:
                self._mid(ch, thpn - pn + cpn, min(thdn, grow))

    def _store(self, p: tuple, value: tuple[int, int]) -> None:
        pn, dn = value
        if pn == 0 or dn == 0:
            red = pn == 0
            self._remember(self.solved, p, RED_WINS if red else BLUE_WINS)
        self._remember(self._pn, p, value)

    def solve(self, p: tuple, short: int = 6) -> tuple[int | None, int | None]:
        """(+1 the colour to act wins, -1 it loses, None undecided within
        the budget; the plies of the shortest proof when it is at most
        ``short``, else None). The bounded search (:meth:`result`) looks
        for a proof of at most ``short`` plies first, then :meth:`winner`
        (no bound on the plies) gets what is left of the budget."""
        self.nodes = 0
        found = self.solved.get(p)
        r, d = self.result(p, short) if found is None else (None, short)
        if r is not None:
            return r, d
        w = self.winner(p) if found is None else found
        if w is None:
            return None, None
        return (1 if w == p[6] else -1), None

    def move_verdict(self, p: tuple, move: tuple[int, int], short: int = 6) -> int | None:
        """What ``move`` leads to for its mover, as :meth:`move_result` but
        by :meth:`solve` (no bound on the plies)."""
        c = p[6]
        child = self.fast.play(p, move)
        if child[0] == "won":
            return 1 if child[1] == c else -1
        r, _ = self.solve(child, short)
        if r is None:
            return None
        return r if child[6] == c else -r


RED_WINS, BLUE_WINS = 0, 1
_INF = 1 << 40
_EPS = 1.25


def _guess(fast: Fast, p: tuple) -> tuple[int, int]:
    """First proof and disproof numbers of "red wins" at an unexpanded
    position: the number of moves of the side to act where all of them
    must fail (1 where one suffices). (A first guess from the AI's
    evaluation instead proved fewer positions within the same budget.)"""
    n = max(1, fast._mobility(p[0] if p[6] == RED_WINS else p[1], p[0] + p[1]))  # = len(moves)
    return (1, n) if p[6] == RED_WINS else (n, 1)
