"""A Monte Carlo tree search bot for every boardkit game — honest, seeded.

:class:`MCTSBot` is *single-observer information-set MCTS* (SO-ISMCTS,
Cowling, Powley & Whitehouse 2012) with determinisation, on the pure
:class:`~boardkit.core.rules.Rules` interface only:

* **Honest.** Like every :class:`~boardkit.core.bots.Bot` it gets the seat's
  observation, never the game. Each iteration fills in what the seat cannot
  see at random (``rules.determinize(observation, seat, rng)``; a
  perfect-information game returns a copy) and plays that world forward.
* **One tree, keyed by what the searching seat sees.** A node is a sequence
  of events from the root: a player action is keyed by its text (actions of
  these games are public: a played card, a bet, a grown slime); a chance
  outcome by the searching seat's *observation* after it, so its own draws
  branch the tree ("if I draw red+5 …") while an opponent's hidden draw leads
  to one shared node ("draw ?"). At each node only the actions legal in the
  current world are considered; UCB1 uses *availability* counts (how often a
  child was legal when its parent was visited) instead of the parent's
  visits.
* **Opponents** are searched in the same tree (SO-ISMCTS): at an opponent's
  node the search maximises that opponent's value, as if the opponent knew
  what this seat's sampled world says. This is the simple, standard choice;
  its known weakness (opponents are credited with seeing our hand in the
  sampled world, "strategy fusion") matters little here because the
  actions the tree branches on are public and the hidden parts are resampled
  every iteration.
* **Multi-player values.** Every node keeps a value sum *per seat*; a node's
  actor picks the child best for itself (the "max-n" reading of MCTS).
* **Bounded simulations.** After the tree, a rollout (uniformly random
  legal actions, ``rules.random_legal``: random candidates until one is
  legal, far cheaper than the whole legal list in a wide game; or the best
  of ``rollout_sample`` of them by the actor's heuristic) goes on for at most
  ``horizon`` player actions, and stops early when ``rules.round_of`` has
  moved on ``rounds`` times (end of a Slime Race race, end of a Slime Culture
  Center turn). A finished game is scored with ``rules.returns`` (1 for a
  win, shared on a shared win, 0 for a loss). An unfinished one is judged
  by each seat's own heuristic from its own observation,
  ``h_s = rules.heuristic(rules.observation(state, s), s)``, mapped into
  [0, 1] in one of two ways (``evaluation``):

  - ``"softmax"`` (the default): ``v_s = exp(h_s / T) / Σ_t exp(h_t / T)``,
    a "chance to be ahead" that adds up to 1 over the seats like
    ``returns`` does; a seat gains by rising *and* by others falling;
  - ``"own"``: ``v_s = 1 / (1 + exp(-(h_s - r_s) / T))`` with ``r_s`` the
    seat's heuristic at the root: each seat for itself, no noise from the
    other seats' sampled hands (better in Slime Culture Center).

  ``temperature`` T is in the heuristic's units (points, tiles). A finished
  game still counts as a win (1) or a loss (0), so the search sees when
  ending the game pays.
* **A prior from the heuristic.** At the root every legal action (or, with
  ``root_sample``, at most that many of them at random: quicker where one
  action is costly, but the best one may then be missed), and at a wide
  node below it (more than ``wide`` legal actions, e.g. Slime Culture
  Center's ~300) a sample of ``prior_sample`` actions, is scored once by
  the actor's value of the position one step ahead (the evaluation above;
  chance that follows the action, such as the card drawn after an exchange,
  is sampled first).
  Actions are tried best prior first, and the prior counts as
  ``prior_visits`` visits in the child's mean (progressive bias), so with a
  small budget the bot plays like a greedy bot that also weighs its
  opponents, and the search overrules that only with evidence. Wide nodes
  are widened progressively: a node visited N times may try only its first
  ``max(wide, widen·√N)`` actions.

The budget is ``iterations`` and/or ``seconds`` (the clock is read after
every iteration), or a *level* (:meth:`MCTSBot.level`): 1, 2, 3, each a
number of iterations that the game chooses, more at each level (the
``levels`` search setting; :data:`LEVELS` for a game that says nothing),
chosen so that a move of any level took at most about a second of CPU time
on a 2-core machine of 2026 in three-player games, and in Slime Culture
Center with five or six players too (``benchmarks/mcts_levels.py`` measures it).
More iterations need not mean a stronger bot: in Slime Culture Center the
three levels cannot be told apart in play (see its ``search_settings``;
``benchmarks/levels.py --bots search`` measures each level against the one
below), so a level's number promises a budget, not a strength.
With iterations only (a level included), the search is a pure function of
the seed and the observation: the random generator is seeded from both, so
the same seed and observation always give the same choice on any machine.

After :meth:`MCTSBot.decide`, :attr:`MCTSBot.last_search` holds what the
search found (iterations, time, visits and mean value per root action, and
the expected line: the most visited path) — see :meth:`MCTSBot.expects`.
"""
from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from typing import Any

from .bots import Bot
from .rules import CHANCE, Rules, State

__all__ = ["MCTSBot", "LEVELS", "GENERIC"]

#: Search budget of :meth:`MCTSBot.level` (iterations per move) in a game
#: whose ``search_settings`` name no ``levels`` of its own.
LEVELS = {1: 50, 2: 200, 3: 800}
DEFAULT_LEVEL = 2

#: Settings for a game that says nothing of its own; any of them can be
#: overridden by the game (:meth:`Rules.search_settings`) and then in the
#: constructor (see :class:`MCTSBot` for their meaning). The temperature
#: is the game's :attr:`Rules.heuristic_scale` unless the game or the bot
#: sets it.
GENERIC = {"horizon": 20, "rounds": 1, "exploration": 0.7,
           "wide": 12, "widen": 2.0, "prior_sample": 12, "prior_visits": 2.0,
           "worlds": 1, "prior_worlds": 1, "rollout_sample": 1, "evaluation": "softmax",
           "root_sample": None, "levels": LEVELS}
#: The settings a bot may be given (by the game or its constructor).
SETTINGS = frozenset(GENERIC) | {"temperature"}


class _Node:
    """One node of the tree: the position after a sequence of events."""

    __slots__ = ("actor", "children", "visits", "avail", "value", "order", "priors", "wide",
                 "label")

    def __init__(self, n: int, label: str = ""):
        self.actor: Any = None            # seat, CHANCE, or None (game over)
        self.children: dict[str, _Node] = {}
        self.visits = 0
        self.avail = 0                    # times this child was legal when its parent was visited
        self.value = [0.0] * n            # value sums per seat
        self.order: list[str] | None = None  # expansion order (best prior first)
        self.priors: dict[str, float] = {}   # action -> prior value for the actor
        self.wide = False                    # too many actions: widened progressively
        self.label = label                # what to show for the edge into this node


class MCTSBot(Bot):
    """Information-set Monte Carlo tree search (see the module docstring).

    :param seed: seeds the search (with the observation).
    :param iterations: iterations per move; with neither budget given, the
        default level's (:data:`LEVELS`).
    :param seconds: wall-clock budget per move (checked after every
        iteration; with both budgets, whichever ends first).
    :param level: instead of a budget, the iterations of this level in the
        game being played (its ``levels`` search setting; see
        :meth:`level` and :meth:`budget`).

    Search settings (None: the game's own, ``rules.search_settings()`` and
    ``rules.heuristic_scale``, else :data:`GENERIC`):

    :param horizon: player actions of the rollout after the tree before the
        position is judged.
    :param rounds: also stop a simulation once ``round_of`` has advanced
        this many times from the root (None: never).
    :param evaluation: ``"softmax"`` — seats compared,
        ``exp(h_s/T) / Σ exp(h_t/T)``; ``"own"`` — each seat by its own
        heuristic only, ``1 / (1 + exp(-(h_s - h_s at the root) / T))``.
    :param keep_tree: keep the tree of the last search as ``last_tree`` (to
        draw it: :func:`boardkit.core.searchtree.mcts_tree`).
    :param temperature: T, in the heuristic's units.
    :param exploration: the UCB1 constant (values are in [0, 1]).
    :param wide: nodes with more legal actions are widened progressively.
    :param widen: a wide node visited N times tries ``max(wide, widen·√N)`` actions.
    :param prior_sample: at a wide node below the root, how many actions the
        prior ranks (the rest follow in random order).
    :param prior_visits: how many visits the prior counts for.
    :param root_sample: at the root, how many actions the prior ranks (None:
        all; the rest follow in random order).
    :param worlds: judge an unfinished leaf as the mean over this many fresh
        fillings-in of what the seat cannot see there (1: the world searched).
    :param prior_worlds: the same for the prior.
    :param rollout_sample: the rollout plays the best (by the actor's
        heuristic) of this many random legal actions (1: uniformly random).

    A game may also set ``levels``, ``{1: n1, 2: n2, 3: n3}``: the
    iterations of each level in that game (default :data:`LEVELS`).
    """

    label = "search bot"

    def __init__(self, seed: int = 0, iterations: int | None = None,
                 seconds: float | None = None, *, level: int | None = None,
                 horizon: int | None = None,
                 rounds: int | None | str = "game", temperature: float | None = None,
                 exploration: float | None = None, wide: int | None = None,
                 widen: float | None = None, prior_sample: int | None = None,
                 prior_visits: float | None = None, root_sample: int | None = None,
                 worlds: int | None = None,
                 prior_worlds: int | None = None, rollout_sample: int | None = None,
                 evaluation: str | None = None, keep_tree: bool = False):
        super().__init__(seed)
        if level is not None and (iterations is not None or seconds is not None):
            raise ValueError("give a level or a budget (iterations, seconds), not both")
        if iterations is None and seconds is None and level is None:
            level = DEFAULT_LEVEL
        if level is not None and level not in LEVELS:
            raise ValueError(f"level must be one of {', '.join(map(str, LEVELS))}, not {level!r}")
        if iterations is not None and (type(iterations) is not int or iterations < 1):
            raise ValueError(f"iterations must be a whole number ≥ 1, not {iterations!r}")
        if seconds is not None and not seconds > 0:
            raise ValueError(f"seconds must be > 0, not {seconds!r}")
        if evaluation not in (None, "softmax", "own"):
            raise ValueError(f"evaluation must be 'softmax' or 'own', not {evaluation!r}")
        self.iterations = iterations
        self.seconds = seconds
        #: The level (1–3) whose iterations the game sets, or None when a
        #: budget was given.
        self.at_level = level
        self._overrides: dict[str, Any] = {k: v for k, v in dict(
            horizon=horizon, temperature=temperature, exploration=exploration, wide=wide,
            widen=widen, prior_sample=prior_sample,
            prior_visits=prior_visits, root_sample=root_sample, worlds=worlds,
            prior_worlds=prior_worlds, rollout_sample=rollout_sample,
            evaluation=evaluation).items() if v is not None}
        if rounds != "game":
            self._overrides["rounds"] = rounds
        #: What the last :meth:`decide` found (see :meth:`expects`).
        self.last_search: dict | None = None
        #: keep the last search's tree (``last_tree``, drawn by
        #: :func:`boardkit.core.searchtree.mcts_tree`)
        self.keep_tree = keep_tree
        self.last_tree: _Node | None = None

    @classmethod
    def level(cls, k: int = DEFAULT_LEVEL, seed: int = 0, **settings: Any) -> MCTSBot:
        """A bot of level ``k`` (1 … 3, more iterations at each): as many iterations a
        move as the game being played sets for that level (its ``levels``
        search setting, else :data:`LEVELS`), chosen so that a move takes at
        most about a second of CPU time; see :meth:`budget`."""
        if k not in LEVELS:
            raise ValueError(f"level must be one of {', '.join(map(str, LEVELS))}, not {k!r}")
        return cls(seed, level=k, **settings)

    def budget(self, rules: Rules) -> int | None:
        """Iterations per move in ``rules``' game: the given ``iterations``,
        or the game's figure for this bot's level (None: a clock budget only)."""
        if self.at_level is None:
            return self.iterations
        levels = self.settings(rules)["levels"]
        n = levels[self.at_level]
        if type(n) is not int or n < 1:
            raise ValueError(f"{rules.info.title}: level {self.at_level} must be a whole number "
                             f"of iterations ≥ 1, not {n!r}")
        return n

    def settings(self, rules: Rules) -> dict:
        """The settings this bot uses for ``rules``' game: the generic ones,
        then the game's own (``rules.search_settings()``, the temperature
        from ``rules.heuristic_scale``), then this bot's arguments."""
        out = dict(GENERIC)
        out["temperature"] = float(getattr(rules, "heuristic_scale", 1.0))
        hook = getattr(rules, "search_settings", None)
        game = dict(hook()) if callable(hook) else {}
        unknown = sorted(set(game) - SETTINGS)
        if unknown:
            raise ValueError(f"{rules.info.title}: unknown search setting(s) "
                             f"{', '.join(unknown)}; known: {', '.join(sorted(SETTINGS))}")
        out.update(game)
        out.update(self._overrides)
        return out

    def __repr__(self) -> str:
        budget = (f", iterations={self.iterations}" if self.iterations is not None else "") + \
                 (f", seconds={self.seconds}" if self.seconds is not None else "") + \
                 (f", level={self.at_level}" if self.at_level is not None else "")
        extra = "".join(f", {k}={v!r}" for k, v in self._overrides.items())
        return f"{type(self).__name__}(seed={self.seed}{budget}{extra})"

    # ------------------------------------------------------------- search
    def decide(self, rules: Rules, observation: State, seat: int, legal: Sequence[str]) -> str:
        legal = list(legal)
        if not legal:
            raise ValueError("no legal action to choose from")
        cfg = self.settings(rules)
        iterations = self.budget(rules)
        n = rules.players(observation)
        rng = random.Random(f"mcts/{self.seed}/{seat}/{rules.key(observation)}")
        started = time.perf_counter()
        root = _Node(n)
        root.actor = seat
        if len(legal) == 1:
            self._report(rules, root, legal, seat, 0, started, legal[0])
            return legal[0]
        search = _Search(rules, observation, seat, legal, rng, cfg, n)
        deadline = None if self.seconds is None else started + self.seconds
        done = 0
        while True:
            search.iterate(root)
            done += 1
            if iterations is not None and done >= iterations:
                break
            if deadline is not None and time.perf_counter() >= deadline:
                break
        best = max((a for a in legal if a in root.children),
                   key=lambda a: (root.children[a].visits,
                                  root.children[a].value[seat] / root.children[a].visits))
        self._report(rules, root, legal, seat, done, started, best)
        if self.keep_tree:
            self.last_tree = root
        return best

    def _report(self, rules: Rules, root: _Node, legal: list[str], seat: int, done: int,
                started: float, choice: str) -> None:
        actions: list[dict[str, Any]] = []
        for a in legal:
            c = root.children.get(a)
            v = c.visits if c is not None else 0
            actions.append({"action": a, "visits": v,
                            "value": c.value[seat] / v if c is not None and v else None})
        actions.sort(key=lambda d: (-d["visits"], d["action"]))
        line = []
        node = root.children.get(choice)
        actor = seat
        label = choice
        while node is not None:
            line.append({"player": "chance" if actor is CHANCE else actor, "action": label,
                         "visits": node.visits,
                         "value": (node.value[actor] / node.visits
                                   if isinstance(actor, int) and node.visits else None)})
            if not node.children or node.visits < 2:
                break
            actor = node.actor
            key, child = max(node.children.items(), key=lambda kv: kv[1].visits)
            if child.visits < 2:
                break
            node, label = child, child.label
        if not line:  # no search (one legal action)
            line = [{"player": seat, "action": choice, "visits": 0, "value": None}]
        self.last_search = {"iterations": done, "seconds": time.perf_counter() - started,
                            "seat": seat, "choice": choice, "actions": actions, "line": line}

    def expects(self, seat_name: Callable[[int], str] | None = None, limit: int = 4) -> str:
        """What the search found, in words a student reads (empty before any
        search), e.g. "Player 1 plans 'play red+5': in 120 of 200 simulations
        it scored 0.62 on average (1 = a win, 0 = a loss); the next best,
        'play blue+3', scored 0.48 in 50; then it expects Player 2: bet 2-5,
        a hidden draw". An action is quoted where the sentence names it (a
        game's action need not begin with a verb)."""
        s = self.last_search
        if not s or not s["line"]:
            return ""
        name = seat_name or (lambda p: f"Player {p + 1}")
        text = f"{name(s['seat'])} plans '{s['choice']}'"
        if not s["iterations"]:
            return text + " (its only legal action)"
        chosen = next((d for d in s["actions"] if d["action"] == s["choice"]), None)
        if chosen is not None and chosen["value"] is not None:
            text += (f": in {chosen['visits']} of {s['iterations']} simulations it scored "
                     f"{chosen['value']:.2f} on average (1 = a win, 0 = a loss)")
        others = [d for d in s["actions"] if d["action"] != s["choice"] and d["visits"]]
        if others:
            alt = others[0]
            text += (f"; the next best, '{alt['action']}', scored {alt['value']:.2f} "
                     f"in {alt['visits']}")
        then = []
        for step in s["line"][1:limit]:
            if step["player"] == "chance":
                then.append("a hidden draw" if step["action"].endswith(" ?")
                            else f"chance: {step['action']}")
            else:
                then.append(f"{name(step['player'])}: {step['action']}")
        if then:
            text += "; then it expects " + ", ".join(then)
        return text


class _Search:
    """The state of one search (rules, the observation, settings, RNG)."""

    def __init__(self, rules: Rules, observation: State, seat: int, legal: list[str],
                 rng: random.Random, cfg: dict, n: int):
        self.rules = rules
        self.observation = observation
        self.seat = seat
        self.root_legal = legal
        self.rng = rng
        self.n = n
        self.horizon = int(cfg["horizon"])
        self.rounds = cfg["rounds"]
        self.temperature = float(cfg["temperature"])
        self.c = float(cfg["exploration"])
        self.wide = int(cfg["wide"])
        self.widen = float(cfg["widen"])
        self.prior_sample = int(cfg["prior_sample"])
        self.prior_visits = float(cfg["prior_visits"])
        self.root_sample = None if cfg["root_sample"] is None else int(cfg["root_sample"])
        self.worlds = int(cfg["worlds"])
        self.prior_worlds = int(cfg["prior_worlds"])
        self.rollout_sample = int(cfg["rollout_sample"])
        self.evaluation = cfg["evaluation"]
        if self.evaluation not in ("softmax", "own"):
            raise ValueError(f"evaluation must be 'softmax' or 'own', not {self.evaluation!r}")
        self.reference: list[float] | None = None
        self.last_round = (None if self.rounds is None
                           else rules.round_of(observation) + int(self.rounds))

    # ---------------------------------------------------------- evaluation
    def evaluate(self, state: State, worlds: int = 1) -> list[float]:
        """Per seat in [0, 1]: ``returns`` at the end, else a softmax of the
        seats' heuristics (each judged from its own observation). With
        ``worlds`` > 1, the average over that many fresh fillings-in of what
        the searching seat cannot see there (less noise from one sampled
        world's hidden cards)."""
        rules = self.rules
        if rules.current(state) is None:
            return [float(x) for x in rules.returns(state)]
        if worlds <= 1:
            return self._softmax(state)
        mine = rules.observation(state, self.seat)
        total = [0.0] * self.n
        for _ in range(worlds):
            v = self._softmax(rules.determinize(mine, self.seat, self.rng))
            for s in range(self.n):
                total[s] += v[s]
        return [x / worlds for x in total]

    def _softmax(self, state: State) -> list[float]:
        rules = self.rules
        h = [rules.heuristic(rules.observation(state, s), s) for s in range(self.n)]
        if self.evaluation == "own":
            # each seat by its own heuristic only, relative to where it stood
            # at the root (the first world searched): a logistic in [0, 1]
            if self.reference is None:
                self.reference = h
            t = self.temperature
            return [1.0 / (1.0 + math.exp(max(-50.0, min(50.0, (r - x) / t))))
                    for x, r in zip(h, self.reference)]
        top = max(h)
        t = self.temperature
        e = [math.exp((x - top) / t) for x in h]
        total = sum(e)
        return [x / total for x in e]

    def cut(self, state: State) -> bool:
        return self.last_round is not None and self.rules.round_of(state) >= self.last_round

    def random_action(self, state: State) -> str:
        """A uniformly random legal action, drawn without listing them all
        when the rules can (``rules.random_legal``)."""
        rules = self.rules
        pick = getattr(rules, "random_legal", None)
        if pick is not None:
            return pick(state, self.rng)
        # random candidates until one is legal (each legal action is a
        # candidate once, so the choice is uniform)
        cands = list(rules.candidates(state))
        rng = self.rng
        while cands:
            i = rng.randrange(len(cands))
            a = cands[i]
            if rules.refusal(state, a) is None:
                return a
            cands[i] = cands[-1]
            cands.pop()
        return rng.choice(rules.legal_actions(state))

    def rollout_step(self, state: State, who: int) -> State:
        """One step of the rollout policy: a random legal action, or with
        ``rollout_sample`` k > 1 the best of k random legal actions by the
        actor's heuristic one step ahead (a cheap greedy player)."""
        rules = self.rules
        k = self.rollout_sample
        if k <= 1:
            return rules.step(state, self.random_action(state))
        best, best_value = None, None
        seen = set()
        for _ in range(k):
            a = self.random_action(state)
            if a in seen:
                continue
            seen.add(a)
            after = rules.child(state, a)
            if rules.current(after) is None:
                value = 1e9 * (rules.returns(after)[who] - 0.5)
            else:
                value = rules.heuristic(rules.observation(after, who), who)
            if best_value is None or value > best_value:
                best, best_value = after, value
        assert best is not None  # the first action tried is never a repeat
        return best

    # ------------------------------------------------------------- one pass
    def iterate(self, root: _Node) -> None:
        self.root = root
        rules = self.rules
        rng = self.rng
        state = rules.determinize(self.observation, self.seat, rng)
        if self.reference is None and self.evaluation == "own":
            self.reference = [rules.heuristic(rules.observation(state, s), s)
                              for s in range(self.n)]
        node = root
        path = [root]
        values = None
        while True:
            who = rules.current(state)
            node.actor = who
            if who is None or self.cut(state):
                values = self.evaluate(state, self.worlds)
                break
            if who is CHANCE:
                outcome = rules.sample_chance(state, rng)
                rules.step(state, outcome)
                # what the searching seat sees of it decides the branch
                key = rules.key(rules.observation(state, self.seat))
                child = node.children.get(key)
                if child is None:
                    child = node.children[key] = _Node(self.n, outcome)
                    path.append(child)
                    break
                if child.label != outcome and not child.label.endswith(" ?"):
                    child.label = outcome.split(" ", 1)[0] + " ?"
                node = child
                path.append(child)
                continue
            allowed = self.allowed(node, state, who)
            children = node.children
            fresh = None
            for a in allowed:
                if a not in children:
                    fresh = a
                    break
            if fresh is not None:
                for a in allowed:
                    kid = children.get(a)
                    if kid is not None:
                        kid.avail += 1
                child = children[fresh] = _Node(self.n, fresh)
                child.avail = 1
                rules.step(state, fresh)
                path.append(child)
                break
            best = None
            best_score = -1.0
            c = self.c
            priors = node.priors
            n0 = self.prior_visits
            for a in allowed:
                ch = children[a]
                ch.avail += 1
                p = priors.get(a)
                n_eff: float
                if p is None:
                    n_eff = ch.visits
                    q = ch.value[who] / n_eff
                else:  # the prior counts as n0 visits of that value
                    n_eff = ch.visits + n0
                    q = (ch.value[who] + n0 * p) / n_eff
                score = q + c * math.sqrt(math.log(ch.avail) / n_eff)
                if score > best_score:
                    best, best_score = a, score
            assert best is not None
            node = children[best]
            rules.step(state, best)
            path.append(node)
        if values is None:
            values = self.rollout(state)
        for nd in path:
            nd.visits += 1
            v = nd.value
            for s in range(self.n):
                v[s] += values[s]

    def rollout(self, state: State) -> list[float]:
        rules = self.rules
        rng = self.rng
        steps = 0
        while True:
            who = rules.current(state)
            if who is None or self.cut(state):
                break
            if who is CHANCE:
                rules.step(state, rules.sample_chance(state, rng))
                continue
            if steps >= self.horizon:
                break
            state = self.rollout_step(state, who)
            steps += 1
        return self.evaluate(state, self.worlds)

    # ------------------------------------------------------------ widening
    def allowed(self, node: _Node, state: State, who: int) -> list[str]:
        """The actions legal in this world that this visit may consider, in
        expansion order. A wide node lists its legal actions only on its
        first visit; later visits check its ordered actions one by one
        (``rules.refusal``) until enough legal ones are found."""
        rules = self.rules
        if node.order is None:
            legal = self.root_legal if node is self.root else rules.legal_actions(state)
            node.wide = len(legal) > self.wide
            node.order = self.ordering(node, state, who, legal)
        elif node is self.root:
            legal = self.root_legal
        elif not node.wide:
            legal = rules.legal_actions(state)
        else:
            k = max(self.wide, int(self.widen * math.sqrt(node.visits + 1)))
            out = []
            refusal = rules.refusal
            for a in node.order:
                if refusal(state, a) is None:
                    out.append(a)
                    if len(out) >= k:
                        return out
            legal = rules.legal_actions(state)  # the order ran dry: list them all
        legal_set = set(legal)
        k = len(legal) if not node.wide else \
            max(self.wide, int(self.widen * math.sqrt(node.visits + 1)))
        out = []
        for a in node.order:
            if a in legal_set:
                out.append(a)
                if len(out) >= k:
                    return out
        # actions legal in this world that the order has not met yet
        known = set(node.order)
        new = [a for a in legal if a not in known]
        self.rng.shuffle(new)
        node.order.extend(new)
        return (out + new)[:k]

    def ordering(self, node: _Node, state: State, who: int, legal: list[str]) -> list[str]:
        """The order in which a node's actions are tried: random for a narrow
        node below the root; at the root (every action) and at a wide node (a
        sample of ``prior_sample``), best prior first — the prior being the
        actor's value of the position one step ahead, which then also counts
        as ``prior_visits`` visits in the node's mean."""
        rng = self.rng
        order = list(legal)
        rng.shuffle(order)
        if legal is self.root_legal:
            if self.root_sample is not None and len(order) > self.root_sample:
                ranked, rest = order[:self.root_sample], order[self.root_sample:]
            else:
                ranked, rest = order, []
        elif len(legal) <= self.wide:
            return order
        else:
            ranked = order[:self.prior_sample]
            if who == self.seat and self.root.order:
                # later in its own turn, the searching seat's best-rated
                # actions at the root are likely good again: rank them too
                legal_set = set(legal)
                again = [a for a in self.root.order[:self.prior_sample] if a in legal_set]
                ranked = list(dict.fromkeys(again + ranked))
            chosen = set(ranked)
            rest = [a for a in order if a not in chosen]
        rules = self.rules
        scored = []
        for i, a in enumerate(ranked):
            after = rules.child(state, a)
            while rules.current(after) is CHANCE:  # judge a draw after the card is drawn
                rules.step(after, rules.sample_chance(after, rng))
            p = self.evaluate(after, self.prior_worlds)[who]
            node.priors[a] = p
            scored.append((-p, i, a))
        scored.sort()
        return [a for _, _, a in scored] + rest
