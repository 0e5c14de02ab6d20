"""Super Race lap geometry: where a car is on its lap and how far it still
has to go.

* :meth:`LapGeometry.path_progress` — checkpoints passed, laps, squares past
  the line for a drawn route (SU-R11, SU-R15); :meth:`path_problem` — why a
  route is not a car's route (SU-R3, SU-R5).
* :meth:`LapGeometry.distance` — the SU-R8/R17 distance: the shortest
  on-track path to the line, drawn like a car, avoiding the car's own
  squares unless no other path exists (breadth-first search).
* :meth:`LapGeometry.remaining` and :meth:`path_length` — the same measure
  made fast for bots: a lap table computed once per track and options (a
  backward Dijkstra search, optionally costing coloured squares more; kept
  with the shared :class:`~boardkit.super_race.track.Track`, so every game
  on the track uses it) and A* guided by it.

A mixin of :class:`~boardkit.super_race.rules.SuperRaceRules`: it reads the
rules' ``track``, ``heading(state)`` and ``checkpoints(state)``.
"""
from __future__ import annotations

from ..core.rules import State
from .track import BACK, HEADINGS, LEFT, RIGHT, Track


class _ProgressStep:
    """``step(square, progress) -> (progress, finished)`` for one track and
    options (see :meth:`LapGeometry._progress_step`); a plain object, so a
    game that cached one can still be pickled."""

    __slots__ = ("cps", "ncp", "line", "laps")

    def __init__(self, cps: tuple, line: frozenset, laps: int):
        self.cps, self.ncp, self.line, self.laps = cps, len(cps), line, laps

    def __call__(self, name: str, prog: int) -> tuple[int, bool]:
        ncp = self.ncp
        lap, cp = divmod(prog, ncp + 1)
        if cp < ncp and name in self.cps[cp]:
            return prog + 1, False
        if cp == ncp and name in self.line:
            if lap + 1 >= self.laps:
                return prog, True
            return (lap + 1) * (ncp + 1), False
        return prog, False


class LapGeometry:
    """Where a car stands on its lap (see the module documentation)."""

    track: Track

    def heading(self, state: State) -> str:
        raise NotImplementedError

    def checkpoints(self, state: State) -> list[frozenset[str]]:
        raise NotImplementedError

    # ---------------------------------------------------------------- results
    def distance(self, state: State, seat: int) -> int:
        """SU-R8/R17: the squares of the shortest on-track path from the car
        to the finish line (drawn like a car, straight or a quarter turn per
        square; colours ignored; completing the lap; avoiding the car's own
        crossed squares unless no other path exists). 0 on or past the line.
        SU-R19: a car whose exit faces the edge or a square it may not enter
        (its own crossed squares, its start square among them) leaves by its
        best side, and the path from there still avoids its own squares;
        only where no side leads round without them does it cross them.

        Measured with the lap table (computed once per track and options):
        with nothing to avoid it is the answer; when one of its shortest
        ways avoids the crossed squares, that way's length is (a walk along
        it, about one go's work); otherwise it guides an A* search that
        never overestimates. The result is the breadth-first search's
        (:meth:`distance_by_search`) at a fraction of its cost."""
        car = state["cars"][seat]
        if car["past"] is not None:
            return 0
        table = self._lap_table(state)
        ncp = len(self.track.checkpoints)
        prog = car["lap"] * (ncp + 1) + car["cp"]
        if car["exit"] is None:
            # nothing crossed yet: the table is the answer
            h = self.heading(state)
            best = [1 + table[(s, h, prog)] for s in self.track.line
                    if (s, h, prog) in table and self._pit_ok(state, s, prog)]
            return int(min(best)) if best else len(self.track.squares)
        last = car["path"][-1]
        ahead = self.track.next[last][car["exit"]]
        crossed = frozenset(car["path"])
        if ahead is not None and self._may_enter(state, crossed, ahead, prog):
            d = self._clean_way(state, car, crossed, ahead, car["exit"], prog)
            if d is not None:
                return d
            firsts: tuple = (car["exit"],)
        else:
            # SU-R19: a car whose exit faces the edge or a square it may not
            # enter (its own crossed squares, its start square among them)
            # leaves by its best side, still avoiding its own squares
            ways = [self._clean_way(state, car, crossed, t, h, prog)
                    for h, t in self.track.next[last].items()
                    if t is not None and self._may_enter(state, crossed, t, prog)]
            found = [d for d in ways if d is not None]
            if found:
                return min(found)
            firsts = tuple(HEADINGS)
        step = self._progress_step(state)
        # SU-R17: no way round avoiding its own squares: crossing them (from
        # the side SU-R19 allows); then, from any side
        for headings in (firsts, tuple(HEADINGS)):
            best = []
            for h in headings:
                t = self.track.next[last][h]
                if t is None or not self._pit_ok(state, t, prog):
                    continue
                p2, done = step(t, prog)
                if done:
                    best.append(1)
                elif (t, h, p2) in table:
                    best.append(1 + table[(t, h, p2)])
            if best:
                return int(min(best))
        return len(self.track.squares)

    def _may_enter(self, state: State, crossed: frozenset, square: str | None, prog: int) -> bool:
        """Whether the car may draw ``square`` next: on the track, not one
        of its own crossed squares (SU-R3, SU-R11), and not a closed pit
        lane (SU-R17)."""
        return square is not None and square not in crossed and self._pit_ok(state, square, prog)

    def _clean_way(self, state: State, car: dict, crossed: frozenset, ahead: str, heading: str,
                   prog: int) -> int | None:
        """The squares of the shortest way from entering ``ahead`` (heading
        ``heading``) to the line that avoids the car's own crossed squares;
        None when there is none."""
        d: float | None = self._way_by_table(state, crossed, ahead, heading, prog)
        if d is None and self._may_reach(state, car, ahead):
            d = self.path_length(state, crossed, ahead, heading, prog, limit=None)
        return None if d is None else int(d)

    def _way_by_table(self, state: State, crossed: frozenset, ahead: str, heading: str,
                      prog: int) -> int | None:
        """The lap table's distance from entering ``ahead`` (heading
        ``heading``, lap progress ``prog`` before it) when one of the
        table's shortest ways round avoids ``crossed``; None when none does
        (or there is no way even then). A depth-first walk over positions on
        the table's shortest ways only, so it takes about as many steps as
        the way is long; what it finds is the shortest way (the table never
        overestimates), the common case of a race's end."""
        table = self._lap_table(state)
        step = self._progress_step(state)
        nxt = self.track.next
        p, done = step(ahead, prog)
        if done:
            return 1
        rest = table.get((ahead, heading, p))
        if rest is None:
            return None
        todo = [(ahead, heading, p, rest)]
        seen = {(ahead, heading, p)}
        while todo:
            t, h, p, left = todo.pop()
            ways = nxt[t]
            for h2 in (RIGHT[h], LEFT[h], h):      # straight on is looked at first
                t2 = ways[h2]
                if t2 is None or t2 in crossed:
                    continue
                p2, done = step(t2, p)
                if done:
                    if left == 1:
                        return 1 + int(rest)
                    continue
                node = (t2, h2, p2)
                if table.get(node) == left - 1 and node not in seen:
                    seen.add(node)
                    todo.append((t2, h2, p2, left - 1))
        return None

    def _may_reach(self, state: State, car: dict, ahead: str) -> bool:
        """Whether the squares reachable from ``ahead`` without crossing the
        car's own still hold a square of every checkpoint it must pass and
        of the line (a quick test, square by square, before a search over
        every position: a car walled in by its own route has no way round)."""
        crossed = set(car["path"])
        seen = {ahead}
        todo = [ahead]
        nxt = self.track.next
        while todo:
            n = todo.pop()
            for m in nxt[n].values():
                if m is not None and m not in seen and m not in crossed:
                    seen.add(m)
                    todo.append(m)
        cps = self.checkpoints(state)
        needed = cps if car["lap"] + 1 < state["options"]["laps"] else cps[car["cp"]:]
        return (all(not seen.isdisjoint(cp) for cp in needed)
                and not seen.isdisjoint(self.track.line))

    def _pit_ok(self, state: State, name: str, prog: int) -> bool:
        """May a car at lap progress ``prog`` enter square ``name`` (the
        shortcut option closes the pit lane: SU-R17)?"""
        if not self.track.squares[name].pit:
            return True
        opts = state["options"]
        mode = opts["shortcut"] if self.track.pit_lane == "shortcut" else "always"
        return mode == "always" or (mode == "first lap"
                                    and prog < len(self.track.checkpoints) + 1)

    def distance_by_search(self, state: State, seat: int) -> int:
        """:meth:`distance` by plain breadth-first search over every
        position, the rule as written (slow on a big track; the tests
        check that the two agree)."""
        car = state["cars"][seat]
        if car["past"] is not None:
            return 0
        tries: tuple[tuple[bool, bool], ...] = ((True, False), (False, False), (False, True))
        if car["exit"] is not None:
            ahead = self.track.next[car["path"][-1]][car["exit"]]
            ncp = len(self.track.checkpoints)
            if not self._may_enter(state, frozenset(car["path"]), ahead,
                                   car["lap"] * (ncp + 1) + car["cp"]):
                tries = ((True, True), (False, True))     # SU-R19, then SU-R17
        for avoid, any_exit in tries:
            d = self._shortest(state, car, avoid, any_exit)
            if d is not None:
                return d
        return len(self.track.squares)

    def _shortest(self, state: State, car: dict, avoid: bool, any_exit: bool) -> int | None:
        """Breadth-first search over (square, heading, lap progress). With
        ``any_exit`` the last square may be left by any side (a car whose
        exit faces the edge has no path otherwise; boardkit then measures
        from its square)."""
        from collections import deque
        cps = self.checkpoints(state)
        laps = state["options"]["laps"]
        ncp = len(cps)
        crossed = set(car["path"]) if avoid else set()
        sq = self.track.squares
        nxt = self.track.next
        mode = state["options"]["shortcut"] if self.track.pit_lane == "shortcut" else "always"
        pit_ok = {0: mode != "never", 1: mode == "always"}
        # node: (square just drawn, heading it was entered with, progress)
        # progress = lap * (ncp + 1) + checkpoints passed on that lap
        start_prog = car["lap"] * (ncp + 1) + car["cp"]
        goal_lap = laps

        def step(name: str, prog: int) -> tuple[int, bool]:
            lap, cp = divmod(prog, ncp + 1)
            if cp < ncp and name in cps[cp]:
                return prog + 1, False
            if cp == ncp and sq[name].line:
                if lap + 1 >= goal_lap:
                    return prog, True
                return (lap + 1) * (ncp + 1), False
            return prog, False

        queue: deque = deque()
        seen: set = set()
        if car["exit"] is None:
            for name in self.track.line:
                queue.append((name, self.heading(state), start_prog, 1, True))
        else:
            last = car["path"][-1]
            for h in (HEADINGS if any_exit else (car["exit"],)):
                queue.append((nxt[last][h], h, start_prog, 1, False))
        while queue:
            name, heading, prog, dist, first = queue.popleft()
            if name is None or name in crossed:
                continue
            s = sq[name]
            if s.pit and not pit_ok[min(prog // (ncp + 1), 1)]:
                continue
            prog2, done = step(name, prog) if not first else (prog, False)
            if done:
                return dist
            key = (name, heading, prog2)
            if key in seen:
                continue
            seen.add(key)
            for h in (heading, LEFT[heading], RIGHT[heading]):
                queue.append((nxt[name][h], h, prog2, dist + 1, False))
        return None

    def _progress_step(self, state: State):
        """``step(square, progress) -> (progress, finished)``: how entering a
        square moves a car on round the lap (SU-R11). Progress counts
        ``lap * (checkpoints + 1) + checkpoints passed``."""
        opts = state["options"]
        key = ("step", opts["clockwise"], opts["laps"])
        found = self.track.tables.get(key)
        if found is not None:
            return found
        line = frozenset(self.track.line)
        return self.track.table(key, lambda: _ProgressStep(tuple(self.checkpoints(state)), line,
                                                           opts["laps"]))

    def path_problem(self, state: State, path: list[str], exit_word: str | None) -> str | None:
        """Why ``path`` (left by ``exit_word``) is not a car's route, or None:
        it starts on the line (SU-R5), each square is next to the one before,
        never back the way it came, no square twice (SU-R3)."""
        if not path:
            return None
        if len(set(path)) != len(path):
            return "the route crosses a square twice (SU-R3)"
        if any(p not in self.track.squares for p in path):
            return "the route names a square that is not on the track"
        if not self.track.squares[path[0]].line:
            return f"the route starts on the start/finish line (SU-R5), not at {path[0]}"
        heading = self.heading(state)
        for a, b in zip(path, path[1:]):
            ways = [h for h, v in self.track.next[a].items() if v == b]
            if not ways:
                return f"{b} is not next to {a}"
            if ways[0] == BACK[heading]:
                return f"the route turns back from {a} to {b} (SU-R3)"
            heading = ways[0]
        if exit_word is not None and exit_word not in HEADINGS:
            return f"{exit_word!r} is not a heading"
        if exit_word == BACK[heading]:
            return f"the route leaves {path[-1]} back the way it came (SU-R3)"
        return None

    def path_heading(self, state: State, path: list[str]) -> str:
        """The heading a route's last square was entered with."""
        heading = self.heading(state)
        for a, b in zip(path, path[1:]):
            heading = next(h for h, v in self.track.next[a].items() if v == b)
        return heading

    def path_progress(self, state: State, path: list[str]) -> tuple[int, int, int | None]:
        """(checkpoints passed on this lap, laps completed, squares past the
        line or None) of a car that drew ``path``: the same bookkeeping as a
        drive (SU-R11, SU-R15)."""
        cps = self.checkpoints(state)
        laps = state["options"]["laps"]
        cp, lap, past = 0, 0, None
        for name in path:
            if past is not None:
                past += 1
            elif cp < len(cps) and name in cps[cp]:
                cp += 1
            elif cp == len(cps) and self.track.squares[name].line:
                lap += 1
                if lap >= laps:
                    past = 0
                else:
                    cp = 0
        return cp, lap, past

    def _lap_table(self, state: State, colour_cost: float = 1) -> dict:
        """The cost still to pay from every (square just entered, heading,
        lap progress) to the line, ignoring crossed squares: each square
        entered costs 1, a coloured one ``colour_cost``. One backward
        search per track, options and cost (breadth-first with cost 1,
        Dijkstra otherwise), kept for the rules' lifetime. With cost 1 it
        counts squares (colours ignored: SU-R8).

        It walks backwards from the finish: the position before entering
        square ``t`` heading ``h`` was on the square behind ``t``, heading
        ``h`` or a quarter turn from it, at a progress that entering ``t``
        turns into the one reached (listed once per square), so no edge
        list is built."""
        opts = state["options"]
        key = (opts["clockwise"], opts["laps"], opts["shortcut"], colour_cost)
        table = self.track.tables.get(key)
        if table is not None:
            return table
        return self.track.table(key, lambda: self._make_lap_table(state, colour_cost))

    def _make_lap_table(self, state: State, colour_cost: float) -> dict:
        import heapq
        from collections import deque
        opts = state["options"]
        ncp = len(self.track.checkpoints)
        total = opts["laps"] * (ncp + 1)
        step = self._progress_step(state)
        nxt = self.track.next
        sq = self.track.squares
        cost = {n: (1 if s.colour == "grey" else colour_cost) for n, s in sq.items()}
        mode = opts["shortcut"] if self.track.pit_lane == "shortcut" else "always"
        ok = [mode == "always" or (mode == "first lap" and p < ncp + 1) for p in range(total)]
        # (square entered, progress after it) -> the progresses before it;
        # and the first positions: entering a square that finishes the race
        before: dict = {}
        dist: dict = {}
        frontier: list = []
        for t, s in sq.items():
            for p in range(total):
                if s.pit and not ok[p]:
                    continue
                p2, done = step(t, p)
                if done:
                    frontier.append((t, p))
                else:
                    before.setdefault((t, p2), []).append(p)

        def preds(node: tuple):
            """(position before, its cost) for each way into ``node``."""
            t, h, p = node
            t0 = nxt[t][BACK[h]]
            if t0 is None:
                return
            c = cost[t]
            pit0 = sq[t0].pit
            for p0 in before.get((t, p), ()):
                if pit0 and not ok[p0]:
                    continue
                for h0 in (h, LEFT[h], RIGHT[h]):
                    yield (t0, h0, p0), c

        # the positions from which one more square finishes the race
        starts = []
        for t, p in frontier:
            c = cost[t]
            pit0_ok = True
            for h in HEADINGS:
                t0 = nxt[t][BACK[h]]
                if t0 is None:
                    continue
                pit0_ok = not sq[t0].pit or ok[p]
                if not pit0_ok:
                    continue
                for h0 in (h, LEFT[h], RIGHT[h]):
                    starts.append((c, (t0, h0, p)))
        if colour_cost == 1:
            # every square costs 1: breadth-first, nearest first
            queue: deque = deque()
            for c, node in starts:
                if node not in dist:
                    dist[node] = c
                    queue.append(node)
            while queue:
                node = queue.popleft()
                d = dist[node] + 1
                for pred, _c in preds(node):
                    if pred not in dist:
                        dist[pred] = d
                        queue.append(pred)
        else:
            heap = list(starts)
            heapq.heapify(heap)
            while heap:
                d, node = heapq.heappop(heap)
                if node in dist:
                    continue
                dist[node] = d
                for pred, c in preds(node):
                    if pred not in dist:
                        heapq.heappush(heap, (d + c, pred))
        return dist

    def path_bound(self, state: State, ahead: str, heading: str, prog: int,
                   colour_cost: float = 1) -> float | None:
        """A lower bound of :meth:`path_length` from entering ``ahead`` (the
        lap table's cost, which ignores crossed squares); None when there is
        no way round even then."""
        table = self._lap_table(state, colour_cost)
        g = 1 if self.track.squares[ahead].colour == "grey" else colour_cost
        p2, done = self._progress_step(state)(ahead, prog)
        if done:
            return g
        rest = table.get((ahead, heading, p2))
        return None if rest is None else g + rest

    def path_length(self, state: State, crossed: set | frozenset, ahead: str | None, heading: str,
                    prog: int, limit: int | None = 4000, colour_cost: float = 1) -> float | None:
        """The cost (squares, with cost 1) to draw from entering ``ahead``
        (heading ``heading``, lap progress ``prog`` before it) to the finish
        line, avoiding ``crossed``: A* search guided by the lap table (which
        ignores crossed squares, so it never overestimates). None: no way
        round (or more than ``limit`` positions looked at). Among equally
        promising positions the deeper one is looked at first, so the limit
        is rarely reached."""
        import heapq
        table = self._lap_table(state, colour_cost)
        step = self._progress_step(state)
        nxt = self.track.next
        sq = self.track.squares
        heap: list = []

        def push(t: str | None, h: str, p: int, g: float) -> None:
            if t is None or t in crossed:
                return
            g = g + (1 if sq[t].colour == "grey" else colour_cost)
            p2, done = step(t, p)
            if done:
                heapq.heappush(heap, (g, -g, "", h, p2))
                return
            rest = table.get((t, h, p2))
            if rest is not None:
                heapq.heappush(heap, (g + rest, -g, t, h, p2))

        push(ahead, heading, prog, 0)
        seen: set = set()
        count = 0
        while heap:
            _f, g, t, h, p = heapq.heappop(heap)
            g = -g
            if t == "":
                return g
            if (t, h, p) in seen:
                continue
            seen.add((t, h, p))
            count += 1
            if limit is not None and count > limit:
                return None
            for h2 in (h, LEFT[h], RIGHT[h]):
                push(nxt[t][h2], h2, p, g)
        return None

    def remaining(self, state: State, seat: int) -> int | None:
        """Squares the car still has to draw to reach the line, by the
        shortest way round ignoring colours and its own crossed squares
        (fast: a table lookup); None when the square ahead is blocked."""
        car = state["cars"][seat]
        if car["past"] is not None:
            return 0
        table = self._lap_table(state)
        ncp = len(self.track.checkpoints)
        prog = car["lap"] * (ncp + 1) + car["cp"]
        if car["exit"] is None:
            h = self.heading(state)
            best = [1 + table[(s, h, prog)] for s in self.track.line if (s, h, prog) in table]
            return min(best) if best else None
        last = car["path"][-1]
        t = self.track.next[last][car["exit"]]
        if t is None or t in car["path"]:
            return None
        p2, done = self._progress_step(state)(t, prog)
        if done:
            return 1
        d = table.get((t, car["exit"], p2))
        return None if d is None else 1 + int(d)
