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
  goal points still to be won, given to the machines closest to the goal
  (machines equally far share the places they tie for, whatever their
  colour), minus risks: a score that a likely next gain would put exactly on ✹ while
  ahead, and having few machines able to move (SS-R4). A won game is worth
  ±1000 (sooner wins preferred). The value is also reported as a win
  probability, ``1 / (1 + exp(-value / 4))``. Every term treats the
  colours alike, and moves are listed and ordered in an order that mirrors
  with them: a position and its mirror image (lanes a ↔ g on mirrored
  tiles, the colours swapped) get the same values
  (``tests/test_slip_stream_fair.py``).
* **Budget.** ``depth`` (plies; a turbo move is a ply), ``nodes`` (positions
  the alpha-beta search may visit: the deepening plays the deepest finished
  iteration and does not start one that would likely pass the count) and/or
  ``seconds`` of CPU time for the whole decision, the values of the other
  moves included. With a count (the levels), the choice is a pure function
  of the seed and the position, the same on any machine, and ``seconds``
  is only a safety cap: when it binds, ``last_search["capped"]`` says so
  (the move may then differ elsewhere; ``values_capped``: another move was
  left without its value). With ``seconds`` alone the clock is the budget
  (an iteration is not started when it would likely not finish; a move
  left without time has no value). CPU time, not the wall clock, so a busy
  machine makes the AI slower, not weaker. Ties between equally good moves
  are broken by the seed.
* **Search to the end of the game** (``prove``). A search with a horizon
  can be fooled by what lies beyond it: the evaluation may rate a position
  +17 points that is lost with best play. Near the end (:func:`near_end`:
  five wheel tokens taken, or a machine at the goal), before the alpha-beta
  search (which then gets what is left of the decision's CPU time), a
  proof-number search with no evaluation and no depth limit
  (:class:`~boardkit.slip_stream.solve.Prover`) looks at up to ``prove``
  positions for a forced win or loss. A proved win is played (the
  alpha-beta move when it is one of the winning moves); a proved loss is
  said. Its value is :data:`PROVED` ("has a forced win (found by searching
  to the end of the game)"); the length of such a win is not known.
* **Levels** (:data:`LEVELS`, :meth:`SlipStreamAI.level`): depth 2, 4 and
  6 within 2,000, 10,000 and 40,000 positions, and near the end a search to
  the end of at most 5,000 (level 2) and 10,000 (level 3) positions; 5 s of
  CPU time is only a safety cap. Counts, not the clock: a level plays the
  same move on a slow machine as on a fast one. Level 3 is depth 6 *where
  its positions allow*: an iteration that would likely pass the count is
  not started. ``benchmarks/levels.py`` reports each level's slowest
  decision and whether the cap bound. In the stored timings (71 positions,
  23 near the end; before the counts) every level reached its depth, the
  slowest level-3 decision taking 0.57 s. The times are
  measured by benchmarks/slip_stream_exact.py ``--timing`` (every legal
  move valued; stored in notebooks/data/strength_slip_stream_levels_timing.json);
  the share of won positions each level throws away, with and without the
  search to the end, by the same benchmark against exact results.

The parts live in their own modules: :mod:`.compact` (the compact rules),
:mod:`.evaluation` (:class:`Fast`: those rules and the evaluation),
:mod:`.search` (the alpha-beta search) and :mod:`.explain` (the plan in
words); their public names are importable from here too.

After :meth:`SlipStreamAI.decide`, :attr:`SlipStreamAI.last_search` holds
the depth reached, nodes searched, time, the evaluation and the expected
line (the principal variation); :meth:`SlipStreamAI.expects` says it in
words.
"""
from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from typing import Any

from ..core.bots import Bot
from ..core.rules import Rules, State
from .compact import BLUE, COLOUR_NAMES, RED, code_name, place_code  # noqa: F401 (public names)
from .evaluation import PROVED, SCALE, WIN, Fast  # noqa: F401 (public names)
from .explain import Explaining, _value_words, _why, _win_probability  # noqa: F401
from .search import _Search, _Timeout  # noqa: F401

__all__ = ["SlipStreamAI", "Fast", "LEVELS", "CAP_SECONDS", "why_not"]


#: Budgets of :meth:`SlipStreamAI.level`: plies, ``nodes``: positions the
#: alpha-beta search may visit per decision (the deepening stops where the
#: next depth would likely not fit), ``prove``: positions the search to the
#: end of the game may look at near the end (0: none), and ``seconds`` of
#: CPU time: only a safety cap, recorded in ``last_search["capped"]`` when
#: it binds. Counts, not times, so a level plays the same move on any
#: machine (unless the cap binds: about 5× slower than the machine below).
#: On 148 positions of six seeded games (picked as
#: ``benchmarks/slip_stream_exact.py --timing`` picks them, a 2-core machine
#: of 2026), depth 4 visited at most 1,570 positions, depth 6 at most 24,841
#: (0.26 s; 0.56 s with every other move valued).
CAP_SECONDS = 5.0
LEVELS: dict[int, dict[str, Any]] = {
    1: {"depth": 2, "nodes": 2_000, "seconds": CAP_SECONDS},
    2: {"depth": 4, "nodes": 10_000, "seconds": CAP_SECONDS, "prove": 5_000},
    3: {"depth": 6, "nodes": 40_000, "seconds": CAP_SECONDS, "prove": 10_000},
}
#: The search to the end of the game (``prove``) is tried only near the end:
#: once this many wheel tokens are taken, or a machine has reached the goal.
#: In 60 seeded games of the depth-2 AI against itself, that held in 19 % of
#: the positions in play and in 66 % of those 8–20 plies before the end.
ENDGAME_TOKENS = 5
DEFAULT_LEVEL = 2


def near_end(pos: tuple) -> bool:
    """Whether ``pos`` is near the end of the game: at least
    :data:`ENDGAME_TOKENS` wheel tokens taken, or a machine at the goal."""
    return pos[5] >= 1 or bin(pos[4]).count("1") >= ENDGAME_TOKENS


class SlipStreamAI(Explaining, Bot):
    """Alpha-beta search for Slip Stream (see the module docstring).

    :param seed: breaks ties between equally good moves.
    :param depth: the deepest search, in plies (a turbo move is a ply).
    :param seconds: CPU-time budget per decision (the search and the
        values of the other moves); with ``nodes``, only a safety cap
        (``last_search["capped"]`` when it binds). With no budget given, the
        default level's (:data:`LEVELS`).
    :param nodes: positions the alpha-beta search may visit per decision
        (a pie decision shares them among its first moves); a count, so the
        choice is the same on any machine.
    :param table_size: entries kept in the transposition table.
    :param prove: near the end of the game (:func:`near_end`), at most
        this many positions searched to the end of the game for a forced
        win or loss (:class:`~boardkit.slip_stream.solve.Prover`), after the
        alpha-beta search; a proved win is played (0: none). A count of
        positions, not a time, so the choice stays a function of the seed
        and the position.
    """

    label = "Slip Stream AI"

    def __init__(self, seed: int = 0, depth: int | None = None, seconds: float | None = None,
                 table_size: int = 400_000, explain: bool = True,
                 evaluation: Callable[[Fast, tuple], float] | None = None,
                 prove: int | None = None, nodes: int | None = None):
        super().__init__(seed)
        if depth is None and seconds is None and nodes is None:
            depth = LEVELS[DEFAULT_LEVEL]["depth"]
            seconds = LEVELS[DEFAULT_LEVEL]["seconds"]
            nodes = LEVELS[DEFAULT_LEVEL]["nodes"]
            if prove is None:
                prove = LEVELS[DEFAULT_LEVEL].get("prove", 0)
        if nodes is not None and (type(nodes) is not int or nodes < 1):
            raise ValueError(f"nodes must be a whole number ≥ 1, not {nodes!r}")
        if prove is None:
            prove = 0
        if type(prove) is not int or prove < 0:
            raise ValueError(f"prove must be a whole number ≥ 0, not {prove!r}")
        if depth is not None and (type(depth) is not int or depth < 1):
            raise ValueError(f"depth must be a whole number ≥ 1, not {depth!r}")
        if seconds is not None and not seconds > 0:
            raise ValueError(f"seconds must be > 0, not {seconds!r}")
        self.depth = depth
        self.seconds = seconds
        #: positions the alpha-beta search may visit per decision (None: no
        #: count); with a count, ``seconds`` is only a safety cap
        self.nodes = nodes
        self.table_size = table_size
        #: positions the search to the end may look at near the end (0: none)
        self.prove = prove
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
        """Level 1 (depth 2, quick), 2 (the default: depth 4, and near the
        end a search to the end of at most 5,000 positions) or 3 (depth 6,
        and 10,000 positions), each a count of positions calibrated to stay
        within a second of CPU time (the clock only a cap); see
        :data:`LEVELS`."""
        if k not in LEVELS:
            raise ValueError(f"level must be one of {', '.join(map(str, LEVELS))}, not {k!r}")
        return cls(seed, **LEVELS[k])

    def __repr__(self) -> str:
        return (f"{type(self).__name__}(seed={self.seed}, depth={self.depth}, "
                f"nodes={self.nodes}, seconds={self.seconds}, prove={self.prove})")

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
        search = _Search(fast, self.depth, self.seconds, cpu, rng, self.table_size,
                         nodes=self.nodes)
        if self.evaluation is not None:
            own = self.evaluation
            search.evaluate = lambda pos: float(own(fast, pos))
        self._moves = []
        self._tried = False
        #: whether the last decision searched to the end, and proved its result
        self.proof = {"tried": False, "found": False}
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
            "moves": self._moves, "proof": dict(self.proof),
            # the clock's cap stopped the search of the move (then it may
            # differ on another machine) / left another move without its value
            "capped": search.capped, "values_capped": search.values_capped,
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
        proved: dict[tuple, int] = {}
        if len(moves) == 1:
            value, depth = search.quick(pos)
            best = moves[0]
        else:
            # the search to the end first: its budget is positions, and the
            # alpha-beta search then gets what is left of the decision's time
            winner = None
            if self.prove and near_end(pos):
                winner, proved = self._prove(fast, pos, moves)
            best, value, depth = search.run(pos, moves)
            if abs(value) < WIN / 2:
                if 1 in proved.values():
                    if proved.get(best) != 1:
                        best = next(m for m in moves if proved.get(m) == 1)
                    value = PROVED
                elif winner is not None:
                    value = -PROVED
        self.proof = {"tried": self._tried, "found": value in (PROVED, -PROVED)}
        line = search.pv(pos, best)
        if self.explain:
            self._moves = search.explain(pos, moves, best, value, depth, proved)
        return fast.action(pos, best), value, line, depth

    def _prove(self, fast: Fast, pos: tuple, moves: list[tuple[int, int]]
               ) -> tuple[int | None, dict[tuple, int]]:
        """Search to the end of the game for a forced win or loss (at most
        ``prove`` positions): the colour that wins (None: not proved within
        the budget), and each root move proved to win (+1) or lose (-1) for
        the mover. A proved win is then played (the alpha-beta move when it
        is one of the winning moves), a proved loss said."""
        from .solve import Prover
        self._tried = True
        prover = Prover(fast, budget=self.prove)
        winner = prover.winner(pos)
        c = pos[6]
        proved: dict[tuple, int] = {}
        for m in moves:
            child = fast.play(pos, m)
            w = child[1] if child[0] == "won" else prover.solved.get(child)
            if w is not None:
                proved[m] = 1 if w == c else -1
        return winner, proved

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
        nodes = None if search.node_budget is None else max(1, search.node_budget // max(1, len(order)))
        depth_cap = None if search.max_depth is None else max(1, search.max_depth - 2)
        deepest = 0
        for i, a in enumerate(order):
            after = rules.child(rules.child(observation, a), "colour red")
            pos = Fast.from_state(after)
            if pos is None:
                # the game is over already: the chooser takes the winner's colour
                results.append((-WIN, i, a, None, None))
                continue
            sub = search.sub(depth_cap, share, nodes)
            moves = search.fast.moves(pos)
            best, v, d = sub.run(pos, moves)
            deepest = max(deepest, d)
            results.append((-abs(v), i, a, pos, (best, v, sub)))
            search.nodes += sub.nodes
            search.capped |= sub.capped
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
        nodes = None if search.node_budget is None else max(1, search.node_budget // max(1, len(order)))
        depth_cap = None if search.max_depth is None else max(1, search.max_depth - 1)
        best: tuple | None = None
        deepest = 0
        for i, a in enumerate(order):
            pos = Fast.from_state(rules.child(observation, a))
            if pos is None:            # the first move already decided the game
                return a, float(WIN), [(first, a)], 0
            sub = search.sub(depth_cap, share, nodes)
            reply, v, d = sub.run(pos, search.fast.moves(pos))
            search.nodes += sub.nodes
            search.capped |= sub.capped
            deepest = max(deepest, d)
            if best is None or -v > best[0]:
                best = (-v, i, a, pos, reply, sub)
        assert best is not None
        value, _, choice, pos, reply, sub = best
        colours = rules.child(observation, choice)["colours"]
        line: list = [(first, choice)]
        line += [(colours.index(COLOUR_NAMES[c]), x) for c, x in sub.pv(pos, reply)]
        return choice, value, line, deepest


def why_not(game: Any, seat: int, ai: SlipStreamAI | None = None) -> str:
    """"Why not my move?": the last move ``seat`` made in ``game``, and every
    move it had there valued by ``ai`` (default: level 1, depth 2) for that
    seat, best first, in words — how far the move played is from the AI's
    best. The game must keep its history (it is searched again from the
    position before the move)."""
    ai = ai or SlipStreamAI.level(1)
    entry = next((e for e in reversed(game.log) if e.player == seat), None)
    if entry is None:
        return f"{game.seat_name(seat)} has not moved yet."
    before = game.copy()
    before.undo(to_seat=seat)
    phase = before.state["phase"]
    if phase == "colour":
        return (f"{game.seat_name(seat)}'s last action was choosing a colour (SS-R10), not a move of a "
                f"machine: ask again after your next move.")
    first = phase == "pie"
    if first:
        # SS-R10: after a first move the other player takes the better colour, so a first move is
        # worth, to its mover, minus what the chooser then expects (the AI's own colour choice)
        moves = []
        for action in before.legal_actions:
            after = before.copy()
            after.apply(action)
            ai.choose(after)
            v = -(ai.last_search or {})["evaluation"]
            moves.append({"action": action, "value": v, "says": _value_words(v)})
        moves.sort(key=lambda m: -m["value"])
    else:
        ai.choose(before)
        moves = (ai.last_search or {}).get("moves") or []
    if not moves:
        return "The AI had nothing to compare: there was one move only."

    def arrow(action: str) -> str:
        return " → ".join(action.split()[1:])

    values = {m["action"]: m["value"] for m in moves}
    best = moves[0]
    if first:
        lines = [f"{game.seat_name(seat)} played {arrow(entry.action)}, the first move of the game: by the "
                 f"pie rule (SS-R10) the other player then takes the colour it prefers. The AI values "
                 f"each of the {len(moves)} first moves for {game.seat_name(seat)} as what is left after "
                 f"that choice, searching {ai.depth} moves deep from it (points ahead at the end of "
                 f"its search; 0 is an even game, the best a first move can give):"]
    else:
        lines = [f"{game.seat_name(seat)} played {arrow(entry.action)}. The AI, searching {ai.depth} "
                 f"moves deep, values each of the {len(moves)} moves there for {game.seat_name(seat)} "
                 f"(points ahead at the end of its search):"]
    for m in moves:
        mark = "  ← yours" if m["action"] == entry.action else ""
        v = "   —  " if m["value"] is None else f"{m['value']:+6.1f}"
        lines.append(f"  {arrow(m['action']):10} {v}  {m['says']}{mark}")
    mine = values.get(entry.action)
    if entry.action == best["action"] or (mine is not None and best["value"] is not None
                                          and abs(mine - best["value"]) < 1e-9):
        lines.append("Your move is the AI's choice too (or as good as it).")
    elif mine is None or best["value"] is None:
        lines.append("The AI had no time left to value every move.")
    elif abs(best["value"]) >= WIN / 2 or abs(mine) >= WIN / 2:
        lines.append(f"The AI prefers {arrow(best['action'])}: it {best['says']}; after yours it "
                     f"{next(m['says'] for m in moves if m['action'] == entry.action)}.")
    else:
        # the difference of the values as printed (rounded), so the sentence matches the list
        gap = round(best["value"], 1) - round(mine, 1)
        lines.append(f"The AI prefers {arrow(best['action'])}: about {gap:.1f} points "
                     f"better for you than yours, as far as it sees.")
    return "\n".join(lines)
