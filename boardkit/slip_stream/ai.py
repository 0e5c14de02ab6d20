"""A seeded alpha-beta search player for Slip Stream.

:class:`SlipStreamAI` is a :class:`~boardkit.core.bots.Bot`: it sees the
seat's observation (Slip Stream hides nothing) and the legal actions, and
answers one of them.

How it plays
------------
* **A compact copy of the rules.** Searching on the engine's JSON states
  (``legal_actions`` and ``step``, a couple of hundred microseconds a node)
  would reach only two or three moves ahead, so the search runs on its own
  representation of a position in play: tuples of small integers (a space
  is ``row * 8 + lane - 1``), with its own move generator for SS-R2 … SS-R14
  (circle skipping, slipstream, wheel tokens, goal points, ● turbo and ✹
  crash marks, immobility). The test suite checks, on thousands of
  positions from random games on random courses and score tiles, that it
  lists exactly the engine's legal actions and that every action leads to
  exactly the engine's next position. The pie rule (SS-R10) happens once a
  game: those two decisions go through the engine and search each
  resulting position.
* **Search.** Negamax alpha-beta with iterative deepening, a transposition
  table keyed by the compact position, principal-variation search and
  move ordering: the table's move first, then moves that score (goal
  arrivals, wheel tokens), then killer moves and the history heuristic,
  then the longest moves. Turns do not strictly alternate (a turbo move,
  SS-R8/R13, is followed by the same player's own move), so the sign of a
  child's value flips only when the player to act changes.
* **Evaluation** (in points, from the point of view of the player to act):
  the score difference, plus the wheel tokens still on the course, each
  shared out by how close each player is to moving all its machines beyond
  that tile (machines behind it, how far behind, who moves next), plus the
  goal points still to be won, given to the machines closest to the goal,
  minus risks: a score that a likely next gain would put exactly on ✹ while
  ahead, and having few machines able to move (SS-R4). A won game is worth
  ±1000 (sooner wins preferred). The value is also reported as a win
  probability, ``1 / (1 + exp(-value / 4))``.
* **Budget.** ``depth`` (plies; a turbo move is a ply) and/or ``seconds``
  of CPU time for the whole decision, the values of the other moves
  included (the search stops within the budget and plays the deepest
  finished iteration; an iteration is not started when it would likely
  not finish; a move left without time has no value). CPU time, not the
  wall clock, so a busy machine makes the AI slower, not weaker. With a
  depth budget only, the choice is a pure function of the seed and the
  position; ties between equally good moves are broken by the seed.
* **Levels** (:data:`LEVELS`, :meth:`SlipStreamAI.level`): depth 2, 4 and
  6, each within 1 s of CPU time. Measured on 56 positions of three games
  (benchmarks/slip_stream_exact.py ``--timing``; every legal move valued):
  depth 2 at most 0.01 s, depth 4 (the default) at most 0.09 s, depth 6
  0.4 s in the median and up to 1.2 s, so on the slowest positions level
  3 leaves some other moves without a value; its own move always had its
  full depth. Depth 8 would take several seconds a move.

After :meth:`SlipStreamAI.decide`, :attr:`SlipStreamAI.last_search` holds
the depth reached, nodes searched, time, the evaluation and the expected
line (the principal variation); :meth:`SlipStreamAI.expects` says it in
words.
"""
from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from typing import Any

from ..core.bots import Bot
from ..core.rules import Rules, State
from .tiles import CIRCLE, COURSE_TILES, GOAL_POINTS, LANE_LETTERS, parse_place

__all__ = ["SlipStreamAI", "Fast", "LEVELS"]

#: Budgets of :meth:`SlipStreamAI.level`: plies, and seconds of CPU time per
#: decision (a cap that a depth-2 or depth-4 search never reaches; see the
#: module docstring for the times measured).
LEVELS: dict[int, dict[str, Any]] = {
    1: {"depth": 2, "seconds": 1.0},
    2: {"depth": 4, "seconds": 1.0},
    3: {"depth": 6, "seconds": 1.0},
}
DEFAULT_LEVEL = 2

WIN = 1000.0
#: Evaluation units per win-probability logit (points).
SCALE = 4.0

RED, BLUE = 0, 1
COLOUR_NAMES = ("red", "blue")

# a compact position (a tuple):
#   (red places, blue places, red score, blue score, wheel tokens taken (bit k:
#    course position k + 1), goal arrivals so far, colour to act, turbo?, the
#    colour whose normal turn it is)
# a place is row * 8 + lane - 1 (lanes 1..7; start spaces 1..8 on row 0); each
# colour's places are sorted.
# a compact move: (from, to) places; whether it is a turbo move comes from the
# position.
# the result of a move: a position, or ("won", colour) once the game is over.


def place_code(name: str) -> int:
    p = parse_place(name)
    assert p is not None
    return p[0] * 8 + p[1] - 1


def code_name(code: int) -> str:
    row, lane = code >> 3, (code & 7) + 1
    return f"s{lane}" if row == 0 else f"{row}{LANE_LETTERS[lane - 1]}"


class Fast:
    """The compact rules of one laid-out course and score tile."""

    def __init__(self, rules: Any, state: State):
        lay = rules.layout(state)
        tile = rules.score_tile(state)
        self.goal_row = g = lay.goal_row
        self.goal_code = g * 8          # any code >= this is on the goal row
        n = (g + 1) * 8 + 8
        self.steps: list[tuple[int, ...]] = [()] * n
        self.chain: list[tuple[int, ...]] = [()] * n
        for row in range(g):
            for lane in range(1, 9):
                if row > 0 and lane > 7:
                    continue
                if row == 0:
                    src = (0, lane)
                    if lane > len(lay.sees):
                        continue
                else:
                    src = (row, lane)
                st = [s for s in lay.steps(src) if not lay.prohibited(src, s)]
                self.steps[row * 8 + lane - 1] = tuple(s[0] * 8 + s[1] - 1 for s in st)
        for row in range(1, g + 1):
            for lane in range(1, 8):
                if lay.kind((row, lane)) != CIRCLE:
                    continue
                out = []
                r = row
                while True:
                    r += 1
                    out.append(r * 8 + lane - 1)
                    if lay.kind((r, lane)) != CIRCLE:
                        break
                self.chain[row * 8 + lane - 1] = tuple(out)
        self.last_row = list(lay.last_row)
        self.tile_numbers = tuple(lay.order)     # the tile laid at each course position
        # wheel tokens a colour whose lowest machine is on row r has moved beyond
        self.beyond = [sum(1 << k for k, last in enumerate(self.last_row) if r > last)
                       for r in range(g + 1)]
        self.wheels = tuple(tile.wheels)
        self.wheel_points = [sum(self.wheels[k] for k in range(COURSE_TILES) if m >> k & 1)
                             for m in range(1 << COURSE_TILES)]
        self.target = tile.goal
        self.turbo_marks = frozenset(tile.turbo)
        self.crash_marks = frozenset(tile.crash)
        self.crash_list = tuple(sorted(tile.crash))

    # ------------------------------------------------------------ positions
    @staticmethod
    def from_state(state: State) -> tuple | None:
        """The compact position of an engine state in play (None before the
        colours are settled or once the game is over)."""
        if state["phase"] != "play":
            return None
        m = state["machines"]
        red = tuple(sorted(place_code(x) for x in m["red"]))
        blue = tuple(sorted(place_code(x) for x in m["blue"]))
        cols = state["colours"]
        turn = COLOUR_NAMES.index(cols[state["turn"]])
        turbo = state["turbo"] is not None
        tomove = COLOUR_NAMES.index(cols[state["turbo"]]) if turbo else turn
        wheels = sum(1 << k for k, w in enumerate(state["wheels"]) if w is not None)
        s = state["scores"]
        return (red, blue, s["red"], s["blue"], wheels, len(state["goal"]), tomove, turbo, turn)

    def moves(self, pos: tuple) -> list[tuple[int, int]]:
        """The legal moves (or turbo moves) of the colour to act."""
        red, blue = pos[0], pos[1]
        mine = red if pos[6] == RED else blue
        allp = red + blue
        gc = self.goal_code
        steps = self.steps
        out = []
        if pos[7]:
            for m in mine:
                if m < gc:
                    for s in steps[m]:
                        if s not in allp:
                            out.append((m, s))
            return out
        chain = self.chain
        for m in mine:
            if m >= gc:
                continue
            for s in steps[m]:
                if s in allp:
                    continue
                r = s
                for q in chain[s]:
                    if q in allp:
                        break
                    r = q
                if r < gc:
                    lane = r & 7
                    best = gc
                    for q in allp:
                        if r < q < best and q & 7 == lane:
                            best = q
                    if best < gc:
                        r = best - 8
                out.append((m, r))
        return out

    def can_move(self, mine: tuple, allp: tuple) -> bool:
        gc = self.goal_code
        steps = self.steps
        for m in mine:
            if m < gc:
                for s in steps[m]:
                    if s not in allp:
                        return True
        return False

    def play(self, pos: tuple, move: tuple[int, int]) -> tuple:
        """The position after ``move`` (SS-R6 … SS-R14), or ("won", colour)."""
        red, blue, sr, sb, wheels, ngoal, c, turbo, turn = pos
        src, dst = move
        mine = red if c == RED else blue
        mine = tuple(sorted([dst if x == src else x for x in mine]))
        points = 0
        if dst >= self.goal_code:
            if ngoal < 4:
                points = GOAL_POINTS[ngoal]
            ngoal += 1
        new = self.beyond[mine[0] >> 3] & ~wheels
        if new:
            wheels |= new
            points += self.wheel_points[new]
        if c == RED:
            red = mine
        else:
            blue = mine
        o = 1 - c
        if points:
            if c == RED:
                sr += points
                p, q = sr, sb
            else:
                sb += points
                p, q = sb, sr
            if p >= self.target:
                return ("won", c)
            if p > q:
                if p in self.turbo_marks:
                    theirs = blue if c == RED else red
                    if not self.can_move(theirs, red + blue):
                        return ("won", c)
                    return (red, blue, sr, sb, wheels, ngoal, o, True, turn)
                if p in self.crash_marks:
                    return ("won", o)
        # the turn passes (after a turbo, from the player who was moving)
        nxt = 1 - turn
        if not self.can_move(red if nxt == RED else blue, red + blue):
            return ("won", 1 - nxt)
        return (red, blue, sr, sb, wheels, ngoal, nxt, False, nxt)

    def action(self, pos: tuple, move: tuple[int, int]) -> str:
        word = "turbo" if pos[7] else "move"
        return f"{word} {code_name(move[0])} {code_name(move[1])}"

    # ----------------------------------------------------------- evaluation
    def evaluate(self, pos: tuple) -> float:
        """How good ``pos`` is for the colour to act, in points."""
        red, blue, sr, sb, wheels, ngoal, c, turbo, turn = pos
        value = float(sr - sb)
        tempo = 0.5 if c == RED else -0.5
        rows_r = [x >> 3 for x in red]
        rows_b = [x >> 3 for x in blue]
        # wheel tokens still on the course: who is closer to clearing the tile
        exp_r = exp_b = 0.0
        nxt_r = nxt_b = 0       # the next wheel token each is likely to take
        for k in range(COURSE_TILES):
            if wheels >> k & 1:
                continue
            last = self.last_row[k]
            cr = 0.0
            for r in rows_r:
                if r <= last:
                    cr += 1.0 + (last - r) * 0.12
            cb = 0.0
            for r in rows_b:
                if r <= last:
                    cb += 1.0 + (last - r) * 0.12
            d = (cb - cr + tempo) / math.sqrt(1.0 + cr + cb)
            p = 1.0 / (1.0 + math.exp(-2.0 * d))
            w = self.wheels[k]
            exp_r += w * p
            exp_b += w * (1.0 - p)
            if not nxt_r and p > 0.5:
                nxt_r = w
            if not nxt_b and p < 0.5:
                nxt_b = w
        value += exp_r - exp_b
        # goal points still to win, to the machines closest to the goal
        g = self.goal_row
        if ngoal < 4:
            racers = sorted([(g - r, 0) for r in rows_r if r < g]
                            + [(g - r, 1) for r in rows_b if r < g])
            for i, (_, who) in enumerate(racers[:4 - ngoal]):
                pts = GOAL_POINTS[ngoal + i] * 0.7
                value += pts if who == 0 else -pts
        # ✹ a likely next gain would land on while ahead
        if self.crash_list:
            gains_r = (nxt_r, GOAL_POINTS[ngoal] if ngoal < 4 else 0)
            gains_b = (nxt_b, GOAL_POINTS[ngoal] if ngoal < 4 else 0)
            for x in self.crash_list:
                for gain in gains_r:
                    if gain and sr + gain == x and x > sb:
                        value -= 1.5
                for gain in gains_b:
                    if gain and sb + gain == x and x > sr:
                        value += 1.5
        # few machines able to move: a step from losing (SS-R4)
        allp = red + blue
        mob_r = self._mobility(red, allp)
        mob_b = self._mobility(blue, allp)
        if mob_r < 3:
            value -= (3 - mob_r) * 1.5
        if mob_b < 3:
            value += (3 - mob_b) * 1.5
        return value if c == RED else -value

    def terms(self, pos: tuple) -> dict[str, float]:
        """:meth:`evaluate` taken apart, for red (the terms add up to the
        evaluation of red's side; ``evaluate`` flips the sign for blue): the
        score difference, the wheel tokens still on the course, the goal
        points still to win, the ✹ risk and few machines able to move."""
        red, blue, sr, sb, wheels, ngoal, c, turbo, turn = pos
        sign = 1.0 if c == RED else -1.0
        total_red = sign * self.evaluate(pos)
        score = float(sr - sb)
        allp = red + blue
        mob = 0.0
        mob_r, mob_b = self._mobility(red, allp), self._mobility(blue, allp)
        if mob_r < 3:
            mob -= (3 - mob_r) * 1.5
        if mob_b < 3:
            mob += (3 - mob_b) * 1.5
        # goal points still to win, as evaluate() counts them
        goal = 0.0
        g = self.goal_row
        if ngoal < 4:
            rows_r = [x >> 3 for x in red]
            rows_b = [x >> 3 for x in blue]
            racers = sorted([(g - r, 0) for r in rows_r if r < g]
                            + [(g - r, 1) for r in rows_b if r < g])
            for i, (_, who) in enumerate(racers[:4 - ngoal]):
                pts = GOAL_POINTS[ngoal + i] * 0.7
                goal += pts if who == 0 else -pts
        no_crash = sign * self._without_crash_risk(pos)
        wheels_term = no_crash - score - goal - mob
        return {"score difference": score, "wheel tokens still on the course": wheels_term,
                "goal points still to win": goal, "✹ risk": total_red - no_crash,
                "few machines able to move": mob}

    def _without_crash_risk(self, pos: tuple) -> float:
        saved = self.crash_list
        self.crash_list = ()
        try:
            return self.evaluate(pos)
        finally:
            self.crash_list = saved

    def _mobility(self, mine: tuple, allp: tuple) -> int:
        gc = self.goal_code
        steps = self.steps
        n = 0
        for m in mine:
            if m < gc:
                for s in steps[m]:
                    if s not in allp:
                        n += 1
        return n


class _Timeout(Exception):
    pass


class SlipStreamAI(Bot):
    """Alpha-beta search for Slip Stream (see the module docstring).

    :param seed: breaks ties between equally good moves.
    :param depth: the deepest search, in plies (a turbo move is a ply).
    :param seconds: CPU-time budget per decision (the search and the
        values of the other moves). With neither budget
        given, the default level's (:data:`LEVELS`).
    :param table_size: entries kept in the transposition table.
    """

    label = "Slip Stream AI"

    def __init__(self, seed: int = 0, depth: int | None = None, seconds: float | None = None,
                 table_size: int = 400_000, explain: bool = True,
                 evaluation: Callable[[Fast, tuple], float] | None = None):
        super().__init__(seed)
        if depth is None and seconds is None:
            depth = LEVELS[DEFAULT_LEVEL]["depth"]
            seconds = LEVELS[DEFAULT_LEVEL]["seconds"]
        if depth is not None and (type(depth) is not int or depth < 1):
            raise ValueError(f"depth must be a whole number ≥ 1, not {depth!r}")
        if seconds is not None and not seconds > 0:
            raise ValueError(f"seconds must be > 0, not {seconds!r}")
        self.depth = depth
        self.seconds = seconds
        self.table_size = table_size
        #: also value every legal move at the root (``last_search["moves"]``)
        self.explain = explain
        #: an evaluation of one's own, ``evaluation(fast, pos)``: how good the
        #: compact position ``pos`` is for the colour to act, in points
        #: (None: :meth:`Fast.evaluate`)
        self.evaluation = evaluation
        self._moves: list[dict] = []
        #: What the last :meth:`decide` found (see :meth:`expects`).
        self.last_search: dict | None = None
        self._fast: dict[tuple, tuple[Rules, Fast]] = {}

    @classmethod
    def level(cls, k: int = DEFAULT_LEVEL, seed: int = 0) -> SlipStreamAI:
        """Level 1 (depth 2, quick), 2 (the default: depth 4, a tenth of a
        second at most) or 3 (depth 6, a second of CPU time at most); see
        :data:`LEVELS`."""
        if k not in LEVELS:
            raise ValueError(f"level must be one of {', '.join(map(str, LEVELS))}, not {k!r}")
        return cls(seed, **LEVELS[k])

    def __repr__(self) -> str:
        return f"{type(self).__name__}(seed={self.seed}, depth={self.depth}, seconds={self.seconds})"

    def fast(self, rules: Rules, state: State) -> Fast:
        """The compact rules for this state's course and score tile."""
        # the cache keeps the rules object it was made for, so its id() cannot
        # be reused by another game's rules (with other tiles) meanwhile
        key = (id(rules), tuple(state["course"] or ()), state["options"]["score_tile"])
        found = self._fast.get(key)
        if found is None or found[0] is not rules:
            if len(self._fast) > 16:
                self._fast.clear()
            found = self._fast[key] = (rules, Fast(rules, state))
        return found[1]

    # ------------------------------------------------------------- decide
    def decide(self, rules: Rules, observation: State, seat: int, legal: Sequence[str]) -> str:
        legal = list(legal)
        if not legal:
            raise ValueError("no legal action to choose from")
        started = time.perf_counter()
        cpu = time.process_time()
        rng = random.Random(f"slip-stream-ai/{self.seed}/{seat}/{rules.key(observation)}")
        fast = self.fast(rules, observation)
        search = _Search(fast, self.depth, self.seconds, cpu, rng, self.table_size)
        if self.evaluation is not None:
            own = self.evaluation
            search.evaluate = lambda pos: float(own(fast, pos))
        self._moves = []
        phase = observation["phase"]
        if phase == "pie":
            choice, value, line, depth = self._pie(rules, observation, legal, search)
        elif phase == "colour":
            choice, value, line, depth = self._colour(rules, observation, seat, legal, search)
        else:
            pos = Fast.from_state(observation)
            assert pos is not None
            choice, value, line, depth = self._play(fast, pos, legal, search)
            cols = observation["colours"]
            line = [(cols.index(COLOUR_NAMES[col]), a) for col, a in line]
        colours = observation["colours"]
        self.last_search = {
            "seat": seat, "choice": choice, "depth": depth, "nodes": search.nodes,
            "seconds": time.perf_counter() - started,
            "cpu_seconds": time.process_time() - cpu,
            "evaluation": value, "unit": "points (the AI seat's expected lead)",
            "win_probability": _win_probability(value),
            "pv": [a for _, a in line], "line": [{"player": p, "action": a} for p, a in line],
            "colours": list(colours) if colours else None,
            "moves": self._moves,
            "plan": self._plan(fast, observation, choice, line, value),
        }
        return choice

    def _play(self, fast: Fast, pos: tuple, legal: list[str],
              search: _Search) -> tuple[str, float, list, int]:
        by_action = {fast.action(pos, m): m for m in fast.moves(pos)}
        if set(by_action) != set(legal):   # never expected: the engine decides
            raise RuntimeError("Slip Stream AI: the compact rules disagree with the engine "
                               f"here: {sorted(set(by_action) ^ set(legal))}")
        moves = [by_action[a] for a in legal]
        if len(moves) == 1:
            value, depth = search.quick(pos)
            best = moves[0]
        else:
            best, value, depth = search.run(pos, moves)
        line = search.pv(pos, best)
        if self.explain:
            self._moves = search.explain(pos, moves, best, value, depth)
        return fast.action(pos, best), value, line, depth

    def _colour(self, rules: Rules, observation: State, seat: int, legal: list[str],
                search: _Search) -> tuple[str, float, list, int]:
        """SS-R10: take the colour whose side of the position is better."""
        fc = COLOUR_NAMES.index(observation["first_colour"])
        after = rules.child(observation, "colour red")
        pos = Fast.from_state(after)
        if pos is None:        # the game ended at once: take the winner's colour
            won = COLOUR_NAMES.index(after["colours"][after["winner"]])
            value, depth, line = WIN, 0, []
        else:
            moves = search.fast.moves(pos)
            best, value, depth = search.run(pos, moves)
            won = pos[6] if value >= 0 else 1 - pos[6]
            value = abs(value)
            line = search.pv(pos, best)
        if pos is not None and abs(search.last_value) < 1e-9:
            won = search.rng.choice((fc, 1 - fc))
        choice = f"colour {COLOUR_NAMES[won]}"
        cols: list[str] = ["", ""]
        cols[seat] = COLOUR_NAMES[won]
        cols[1 - seat] = COLOUR_NAMES[1 - won]
        line = [(seat, choice)] + [(cols.index(COLOUR_NAMES[c]), a) for c, a in line]
        return choice, value, line, depth

    def _pie(self, rules: Rules, observation: State, legal: list[str],
             search: _Search) -> tuple[str, float, list, int]:
        """SS-R10: the first move whose position is most even, since the
        other player then takes the better side of it. Without the pie rule
        the mover keeps the colour it moved: then the best first move."""
        if not observation["options"]["pie_rule"]:
            return self._first_without_pie(rules, observation, legal, search)
        first = observation["first"]
        chooser = 1 - first
        order = list(legal)
        search.rng.shuffle(order)
        results: list[tuple[float, int, str, Any, Any]] = []
        budget = search.seconds
        share = None if budget is None else budget / max(1, len(order))
        depth_cap = None if search.max_depth is None else max(1, search.max_depth - 2)
        deepest = 0
        for i, a in enumerate(order):
            after = rules.child(rules.child(observation, a), "colour red")
            pos = Fast.from_state(after)
            if pos is None:
                # the game is over already: the chooser takes the winner's colour
                results.append((-WIN, i, a, None, None))
                continue
            sub = search.sub(depth_cap, share)
            moves = search.fast.moves(pos)
            best, v, d = sub.run(pos, moves)
            deepest = max(deepest, d)
            results.append((-abs(v), i, a, pos, (best, v, sub)))
            search.nodes += sub.nodes
        results.sort(key=lambda t: (-t[0], t[1]))
        value, _, choice, pos, found = results[0]
        line: list = [(first, choice)]
        if pos is not None and found is not None:
            best, v, sub = found
            won = pos[6] if v >= 0 else 1 - pos[6]
            line.append((chooser, f"colour {COLOUR_NAMES[won]}"))
            cols: list[str] = ["", ""]
            cols[chooser] = COLOUR_NAMES[won]
            cols[first] = COLOUR_NAMES[1 - won]
            line += [(cols.index(COLOUR_NAMES[c]), x) for c, x in sub.pv(pos, best)]
        return choice, value, line, deepest

    def _first_without_pie(self, rules: Rules, observation: State, legal: list[str],
                           search: _Search) -> tuple[str, float, list, int]:
        """The first move after which the opponent (to move, in the other
        colour) expects the least."""
        first = observation["first"]
        order = list(legal)
        search.rng.shuffle(order)
        budget = search.seconds
        share = None if budget is None else budget / max(1, len(order))
        depth_cap = None if search.max_depth is None else max(1, search.max_depth - 1)
        best: tuple | None = None
        deepest = 0
        for i, a in enumerate(order):
            pos = Fast.from_state(rules.child(observation, a))
            if pos is None:            # the first move already decided the game
                return a, float(WIN), [(first, a)], 0
            sub = search.sub(depth_cap, share)
            reply, v, d = sub.run(pos, search.fast.moves(pos))
            search.nodes += sub.nodes
            deepest = max(deepest, d)
            if best is None or -v > best[0]:
                best = (-v, i, a, pos, reply, sub)
        assert best is not None
        value, _, choice, pos, reply, sub = best
        colours = rules.child(observation, choice)["colours"]
        line: list = [(first, choice)]
        line += [(colours.index(COLOUR_NAMES[c]), x) for c, x in sub.pv(pos, reply)]
        return choice, value, line, deepest

    # ------------------------------------------------------------- report
    def _plan(self, fast: Fast, observation: State, choice: str, line: list,
              value: float) -> dict:
        """The chosen move and the replies expected after it, in words."""
        steps: list[dict] = []
        pos = Fast.from_state(observation)
        cols = observation["colours"]
        for who, action in line:
            word, *places = action.split()
            colour = cols[who] if cols else None
            step: dict[str, Any] = {"player": who, "colour": colour, "action": action}
            if word in ("move", "turbo") and pos is not None and len(places) == 2:
                m = (place_code(places[0]), place_code(places[1]))
                step["move"] = f"{places[0]} → {places[1]}"
                step["why"] = _why(fast, pos, m)
                after = fast.play(pos, m)
                pos = None if after[0] == "won" else after
            elif word == "colour":
                step["move"] = f"takes {places[0]}"
                step["why"] = ""
                pos = None
            elif word in ("move", "turbo") and len(places) == 2:
                step["move"], step["why"] = f"{places[0]} → {places[1]}", ""
            else:
                step["move"], step["why"] = action, ""
            steps.append(step)
        return {"steps": steps, "value": value, "says": _value_words(value)}

    def planned_actions(self, limit: int = 4) -> list[str]:
        """The engine actions of the expected line (the chosen move first),
        for drawing as arrows: see
        :func:`boardkit.slip_stream.view.plan_arrows`."""
        s = self.last_search
        return [] if not s else [a for a in s["pv"][:limit]
                                 if a.startswith(("move ", "turbo "))]

    def expects(self, seat_name: Callable[[int], str] | None = None, limit: int = 3) -> str:
        """What the AI plans and expects, in words a student reads, e.g.
        "Blue plans 14c → 18c to take the wheel token of tile 3 (+4); then
        Red 12d → 15d; it expects to win by about 4 points". A forced win or
        loss is said as such. Empty before any search."""
        s = self.last_search
        if not s or not s.get("plan") or not s["plan"]["steps"]:
            return ""
        plan = s["plan"]

        def name(step: dict) -> str:
            if seat_name is not None:
                return seat_name(step["player"])
            if step["colour"]:
                return step["colour"].capitalize()
            return f"Player {step['player'] + 1}"
        first, *rest = plan["steps"]
        head = f"{name(first)} plans {first['move']}"
        if first["why"]:
            head += f" {first['why']}"
        replies = [f"{name(st)} {st['move']}" + (f" {st['why']}" if st["why"] else "")
                   for st in rest[:max(0, limit - 1)]]
        text = head + (f"; then {', '.join(replies)}" if replies else "")
        return f"{text}; it {plan['says']}"


def _why(fast: Fast, pos: tuple, move: tuple[int, int]) -> str:
    """What a move is for, in the rulebook's words ("to take the wheel
    token of tile 3 (+4)", "to reach the goal (+7)", "and wins the game")."""
    c = pos[6]
    after = fast.play(pos, move)
    if after[0] == "won":
        return "and wins the game" if after[1] == c else "and loses the game"
    parts = []
    new = after[4] & ~pos[4]
    for k in range(COURSE_TILES):
        if new >> k & 1:
            parts.append(f"the wheel token of tile {fast.tile_numbers[k]} (+{fast.wheels[k]})")
    if after[5] > pos[5] and pos[5] < 4:
        parts.append(f"goal points (+{GOAL_POINTS[pos[5]]})")
    out = ("to take " + " and ".join(parts)) if parts else ""
    if after[7] and after[6] == c:
        out += (" and " if out else "to ") + "land on ● for a turbo move"
    return out


def _value_words(value: float) -> str:
    """A value in points (for the player to act) in words, e.g. "expects to
    win by about 4 points", "has a forced win (in 3 moves)"."""
    if value >= WIN / 2:
        n = int(round(WIN - value)) + 1
        return f"has a forced win (in {n} move{'s' if n != 1 else ''})"
    if value <= -WIN / 2:
        n = int(round(WIN + value)) + 1
        return f"loses against best play (in {n} move{'s' if n != 1 else ''})"
    lead = round(abs(value))
    if lead == 0:
        return "expects an even game"
    pts = f"{lead} point{'s' if lead != 1 else ''}"
    return f"expects to {'win' if value > 0 else 'lose'} by about {pts}"


def _win_probability(value: float) -> float:
    if value >= WIN / 2:
        return 1.0
    if value <= -WIN / 2:
        return 0.0
    return 1.0 / (1.0 + math.exp(-value / SCALE))


class _Search:
    """One decision's search: negamax alpha-beta with iterative deepening."""

    def __init__(self, fast: Fast, max_depth: int | None, seconds: float | None, started: float,
                 rng: random.Random, table_size: int):
        self.fast = fast
        self.evaluate: Callable[[tuple], float] = fast.evaluate
        self.max_depth = max_depth
        self.seconds = seconds
        self.started = started
        self.deadline = None if seconds is None else started + seconds
        self.rng = rng
        self.table_size = table_size
        self.table: dict[tuple, tuple] = {}
        self.nodes = 0
        self.killers: dict[int, list] = {}
        self.history: dict[tuple, int] = {}
        self.last_value = 0.0

    def sub(self, max_depth: int | None, seconds: float | None) -> _Search:
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
        while depth <= limit:
            t0 = time.process_time()
            try:
                b, v = self.root(pos, order, depth)
            except _Timeout:
                break
            best, value, done = b, v, depth
            if abs(v) >= WIN / 2:
                break           # a forced win or loss found
            if self.deadline is not None:
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
        if self.nodes & 255 == 0 and self.deadline is not None \
                and time.process_time() > self.deadline:
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
        low = pos[0][0] if c == RED else pos[1][0]
        for m in moves:
            src, dst = m
            if m == tt_move:
                k = 1e9
            else:
                k = dst - src
                if dst >= gc:
                    k += 5000
                elif src == low:
                    k += 2000
                if m in killers:
                    k += 1000
                k += hist.get(m, 0)
            scored.append((k, m))
        scored.sort(reverse=True)
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
                value: float, depth: int) -> list[dict]:
        """Every root move's value at the depth the search completed (the
        chosen one's is the search value; the others are searched again with
        a full window, so each is the exact depth-limited value of its
        position, not only a bound), best first. No clock: the time this
        takes is the price of saying why the other moves are worse. With a
        clock, this pass gets what is left of the decision's budget; a move
        it has no time for has no value (None)."""
        fast = self.fast
        c = pos[6]
        saved = self.deadline
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
                out.append({"action": fast.action(pos, m), "value": v,
                            "says": "not searched (no time left)" if v is None
                            else _value_words(v)})
        finally:
            self.deadline = saved
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
