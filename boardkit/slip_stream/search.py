"""The Slip Stream AI's search: negamax alpha-beta with iterative
deepening, a transposition table keyed by the compact position,
principal-variation search and move ordering, within a depth, a count of
positions (the clock then only a safety cap) and/or a CPU-time budget (see
:mod:`boardkit.slip_stream.ai`)."""
from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from typing import Any

from .compact import MIRROR, RED
from .evaluation import PROVED, WIN, Fast
from .explain import _value_words

__all__ = []


class _Timeout(Exception):
    """The decision's budget ran out (its positions, or the clock's cap)."""


class _Search:
    """One decision's search: negamax alpha-beta with iterative deepening."""

    def __init__(self, fast: Fast, max_depth: int | None, seconds: float | None, started: float,
                 rng: random.Random, table_size: int, nodes: int | None = None,
                 deadline: float | None = None):
        self.fast = fast
        self.evaluate: Callable[[tuple], float] = fast.evaluate
        self.max_depth = max_depth
        self.seconds = seconds
        self.started = started
        self.deadline = deadline if deadline is not None else \
            (None if seconds is None else started + seconds)
        #: positions this search may visit (None: no count, the clock only);
        #: with a count, the clock is only a safety cap (:attr:`capped`)
        self.node_budget = nodes
        self.node_limit = nodes
        #: whether the clock stopped this search (with a position budget the
        #: choice may then differ on another machine)
        self.capped = False
        self.values_capped = False
        self.rng = rng
        self.table_size = table_size
        self.table: dict[tuple, tuple] = {}
        self.nodes = 0
        self.killers: dict[int, list] = {}
        self.history: dict[tuple, int] = {}
        self.last_value = 0.0

    def sub(self, max_depth: int | None, seconds: float | None,
            nodes: int | None = None) -> _Search:
        """A search of its own (a pie decision's candidate): with a position
        budget, ``nodes`` of them and the clock's cap of the whole decision;
        else ``seconds`` from now."""
        if self.node_budget is not None:
            out = _Search(self.fast, max_depth, None, 0.0, self.rng, self.table_size,
                          nodes=nodes, deadline=self.deadline)
        else:
            out = _Search(self.fast, max_depth, seconds, time.process_time(), self.rng,
                          self.table_size)
        out.evaluate = self.evaluate
        return out

    def quick(self, pos: tuple) -> tuple[float, int]:
        """The value of a forced move's position (a shallow search)."""
        moves = self.fast.moves(pos)
        saved = self.max_depth
        self.max_depth = min(2, saved or 2)
        _, value, depth = self.run(pos, moves)
        self.max_depth = saved
        return value, depth

    # ----------------------------------------------------------- the loop
    def run(self, pos: tuple, moves: list[tuple[int, int]]) -> tuple[tuple[int, int], float, int]:
        """Iterative deepening from ``pos``: (best move, its value for the
        colour to act, depth completed)."""
        order = list(moves)
        self.rng.shuffle(order)     # the seed breaks ties between equal moves
        best, value, done = order[0], 0.0, 0
        limit = self.max_depth if self.max_depth is not None else 64
        depth = 1
        counted = self.node_budget is not None
        if counted:
            assert self.node_budget is not None
            self.node_limit = self.nodes + self.node_budget
        while depth <= limit:
            t0 = time.process_time()
            n0 = self.nodes
            try:
                b, v = self.root(pos, order, depth)
            except _Timeout:
                break
            best, value, done = b, v, depth
            if abs(v) >= WIN / 2:
                break           # a forced win or loss found
            if counted:
                assert self.node_limit is not None
                # the next iteration visits a few times more positions: do
                # not start it unless it is likely to finish within the count
                if self.nodes + 3 * (self.nodes - n0) > self.node_limit:
                    break
            elif self.deadline is not None:
                now = time.process_time()
                # the next iteration takes a few times longer: do not start it
                # unless it is likely to finish
                if now + 3.0 * (now - t0) > self.deadline:
                    break
            order.sort(key=lambda m: m != best)
            depth += 1
        self.last_value = value
        return best, value, done

    def root(self, pos: tuple, order: list, depth: int) -> tuple[tuple[int, int], float]:
        fast = self.fast
        alpha, beta = -math.inf, math.inf
        best, best_value = order[0], -math.inf
        c = pos[6]
        for i, m in enumerate(order):
            child = fast.play(pos, m)
            if child[0] == "won":
                v = WIN if child[1] == c else -WIN
            elif i == 0:
                v = self.value(child, depth - 1, alpha, beta, c, 1)
            else:
                v = self.value(child, depth - 1, alpha, alpha + 1e-6, c, 1)
                if v > alpha:
                    v = self.value(child, depth - 1, alpha, beta, c, 1)
            if v > best_value:
                best, best_value = m, v
            if v > alpha:
                alpha = v
        self.table[pos] = (depth, best_value, 0, best)
        return best, best_value

    def value(self, pos: tuple, depth: int, alpha: float, beta: float, parent: int,
              ply: int) -> float:
        """The value of ``pos`` for ``parent`` (the colour that moved into it)."""
        if pos[6] == parent:
            return self.search(pos, depth, alpha, beta, ply)
        return -self.search(pos, depth, -beta, -alpha, ply)

    def search(self, pos: tuple, depth: int, alpha: float, beta: float, ply: int) -> float:
        """Negamax: the value of ``pos`` for the colour to act in it."""
        self.nodes += 1
        if self.node_limit is not None and self.nodes > self.node_limit:
            raise _Timeout
        if self.nodes & 255 == 0 and self.deadline is not None \
                and time.process_time() > self.deadline:
            self.capped = True
            raise _Timeout
        fast = self.fast
        if depth <= 0:
            return self.evaluate(pos)
        entry = self.table.get(pos)
        tt_move = None
        if entry is not None:
            d, v, flag, tt_move = entry
            # only an entry of the same depth cuts the search: a value is
            # then exactly the depth-limited minimax value (what the
            # per-move values report and tests/test_slip_stream_ai.py checks)
            if d == depth:
                if flag == 0:
                    return v
                if flag == 1 and v >= beta:
                    return v
                if flag == -1 and v <= alpha:
                    return v
        moves = fast.moves(pos)
        c = pos[6]
        alpha0 = alpha
        # order: the table's move, scoring moves, killers, history, long moves
        killers = self.killers.get(ply, ())
        hist = self.history
        scored = []
        gc = fast.goal_code
        # the colours alike: blue's places read as their mirror images
        rel = None if c == RED else MIRROR
        low = pos[0][0] if c == RED else min(pos[1], key=MIRROR.__getitem__)
        for m in moves:
            src, dst = m
            if m == tt_move:
                k = 1e9
            else:
                k = dst - src if rel is None else rel[dst] - rel[src]
                if dst >= gc:
                    k += 5000
                elif src == low:
                    k += 2000
                if m in killers:
                    k += 1000
                k += hist.get(m, 0)
            scored.append((k, m))
        scored.sort(key=lambda t: t[0], reverse=True)    # ties: in the moves' order
        best_value = -math.inf
        best_move = None
        first = True
        for _, m in scored:
            child = fast.play(pos, m)
            if child[0] == "won":
                v = (WIN - ply) if child[1] == c else -(WIN - ply)
            elif first:
                v = self.value(child, depth - 1, alpha, beta, c, ply + 1)
            else:
                v = self.value(child, depth - 1, alpha, alpha + 1e-6, c, ply + 1)
                if alpha < v < beta:
                    v = self.value(child, depth - 1, alpha, beta, c, ply + 1)
            first = False
            if v > best_value:
                best_value, best_move = v, m
                if v > alpha:
                    alpha = v
                    if alpha >= beta:
                        ks = self.killers.setdefault(ply, [])
                        if m not in ks:
                            ks.insert(0, m)
                            del ks[2:]
                        hist[m] = hist.get(m, 0) + depth * depth
                        break
        flag = 0
        if best_value <= alpha0:
            flag = -1
        elif best_value >= beta:
            flag = 1
        if len(self.table) >= self.table_size:
            self.table.clear()
        self.table[pos] = (depth, best_value, flag, best_move)
        return best_value

    def explain(self, pos: tuple, moves: list[tuple[int, int]], best: tuple[int, int],
                value: float, depth: int, proved: dict | None = None) -> list[dict]:
        """Every root move's value at the depth the search completed (the
        chosen one's is the search value; the others are searched again with
        a full window, so each is the exact depth-limited value of its
        position, not only a bound), best first. No clock: the time this
        takes is the price of saying why the other moves are worse. With a
        clock, this pass gets what is left of the decision's budget; a move
        it has no time for has no value (None). With a position budget, no
        count applies here (the values are the same on every machine) and the
        clock is only the decision's cap; whether it bound here is
        :attr:`values_capped`. ``proved``: root moves that
        a search to the end proved to win (+1) or lose (-1) for the mover;
        their value is ``±PROVED`` where the depth-limited one is not
        already a forced win or loss."""
        proved = proved or {}
        fast = self.fast
        c = pos[6]
        saved = self.deadline
        saved_limit, capped = self.node_limit, self.capped
        self.node_limit = None
        self.capped = False
        out: list[dict[str, Any]] = []
        try:
            for m in moves:
                child = fast.play(pos, m)
                v: float | None
                if child[0] == "won":
                    v = WIN if child[1] == c else -WIN
                elif m == best:
                    v = value
                else:
                    try:
                        v = self.value(child, max(depth, 1) - 1, -math.inf, math.inf, c, 1)
                    except _Timeout:
                        v = None
                    if m in proved and (v is None or abs(v) < WIN / 2):
                        v = PROVED * proved[m]
                out.append({"action": fast.action(pos, m), "value": v,
                            "says": "not searched (no time left)" if v is None
                            else _value_words(v)})
        finally:
            self.deadline = saved
            #: whether the clock's cap left a move without its value
            self.values_capped = self.capped
            self.node_limit, self.capped = saved_limit, capped
        best_action = fast.action(pos, best)
        out.sort(key=lambda d: (d["value"] is None, -(d["value"] or 0.0),
                                d["action"] != best_action, d["action"]))
        return out

    def pv(self, pos: tuple, best: tuple[int, int], limit: int = 12) -> list[tuple[int, str]]:
        """The expected line from ``pos``: (colour, action) pairs."""
        fast = self.fast
        out: list[tuple[int, str]] = []
        seen = set()
        move: Any = best
        while move is not None and len(out) < limit and pos not in seen:
            seen.add(pos)
            if move not in fast.moves(pos):
                break
            out.append((pos[6], fast.action(pos, move)))
            pos = fast.play(pos, move)
            if pos[0] == "won":
                break
            entry = self.table.get(pos)
            move = entry[3] if entry is not None else None
        return out
