"""A Super Race bot that plans its rerolls with the dice calculator.

:class:`LapBot` values every possible final roll by the best placement it
allows (how many squares the car would still have to drive round the lap,
with a bonus for ending on a tight corner), then keeps the dice that
maximise the expected value of the go under best play for the rerolls left
(:class:`~boardkit.super_race.odds.ValuePolicy`). It sees what any player
sees (the game has no hidden information) and is seeded; ties are broken by
its own random stream.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..core.bots import Bot
from ..core.rules import Rules, State
from .odds import ValuePolicy
from .rules import COLOURS, LETTER, ROLLS, SuperRaceRules
from .track import HEADINGS, LEFT, RIGHT

DEAD = -1000.0      #: a car whose next square is blocked is out of the race
FINISHED = 1000.0   #: reaching the line beats any distance
TOLERANCE = 1e-6    #: values closer than this may differ only by rounding


class LapBot(Bot):
    """Plans each go with exact expected values over its reroll choices.

    ``corner_bonus``: squares an extra go (a tight corner) is worth;
    ``cautious``: also penalise ending where the square ahead is a dead end
    for most colours (a forced placement could then strand the car).
    """

    label = "lap planner"

    def __init__(self, seed: int = 0, corner_bonus: float = 3.0, cautious: bool = True,
                 colour_cost: float = 2.0):
        super().__init__(seed)
        self.corner_bonus = corner_bonus
        self.cautious = cautious
        #: what a coloured square costs, in grey squares (it needs that colour)
        self.colour_cost = colour_cost
        #: positions the A* search of the way round may look at per placement
        self.search_limit = 600
        self._cache: dict[Any, dict] = {}

    def __repr__(self) -> str:
        return f"LapBot(seed={self.seed}, corner_bonus={self.corner_bonus})"

    # -------------------------------------------------------------- values
    def placement_value(self, rules: SuperRaceRules, state: State, seat: int, action: str) -> float:
        """How good the car's position is after ``action`` (a drive): minus
        the squares still to go, plus the corner bonus; the line reached is
        best, further past better."""
        value, search = self._placement(rules, state, seat, action)
        return value if search is None else self._searched(rules, state, search)

    def _placement(self, rules: SuperRaceRules, state: State, seat: int,
                   action: str) -> tuple[float, tuple | None]:
        """``(value, None)`` when a drive's value needs no search, else
        ``(upper bound, what the search needs)``: the bound counts the way
        round from the lap table, which ignores crossed squares, so the
        search can only find it longer."""
        words = action.split()
        squares = [w for w in words[2:] if w not in HEADINGS]
        exit_word = words[-1] if words[-1] in HEADINGS else None
        car = state["cars"][seat]
        step = rules._progress_step(state)
        ncp = len(rules.track.checkpoints)
        prog = car["lap"] * (ncp + 1) + car["cp"]
        past = car["past"]
        heading = rules.heading(state) if car["exit"] is None else car["exit"]
        prev = car["path"][-1] if car["path"] else None
        for name in squares:
            if prev is not None:
                for h in (heading, LEFT[heading], RIGHT[heading]):
                    if rules.track.next[prev][h] == name:
                        heading = h
                        break
            if past is not None:
                past += 1
            else:
                prog, done = step(name, prog)
                if done:
                    past = 0
            prev = name
        last = squares[-1]
        exit_h = exit_word or heading
        if past is not None:
            return FINISHED + past, None
        crossed = set(car["path"]) | set(squares)
        ahead = rules.track.next[last][exit_h]
        if ahead is None or ahead in crossed:
            return DEAD, None
        bound = rules.path_bound(state, ahead, exit_h, prog, colour_cost=self.colour_cost)
        if bound is None:
            return DEAD / 2, None
        extras = []
        if rules.track.squares[last].corner and not state["extra"]:
            extras.append(self.corner_bonus)
        if self.cautious:
            sq = rules.track.squares[ahead]
            if sq.colour != "grey":
                extras.append(-0.5)
            beyond = [rules.track.next[ahead][h] for h in (exit_h, LEFT[exit_h], RIGHT[exit_h])]
            free = [b for b in beyond if b is not None and b not in crossed]
            if not free:
                extras.append(-5.0)
        search = (crossed, ahead, exit_h, prog, tuple(extras))
        return self._add(-float(bound), search[-1]), search

    @staticmethod
    def _add(value: float, extras: tuple) -> float:
        for x in extras:
            value += x
        return value

    def _searched(self, rules: SuperRaceRules, state: State, search: tuple) -> float:
        """A drive's value once the A* search has found the way round."""
        crossed, ahead, exit_h, prog, extras = search
        rem = rules.path_length(state, crossed, ahead, exit_h, prog, limit=self.search_limit,
                                colour_cost=self.colour_cost)
        if rem is None:
            return DEAD / 2
        return self._add(-float(rem), extras)

    def best_drives(self, rules: SuperRaceRules, state: State, seat: int,
                    drives: Sequence[str]) -> tuple[float, list[str]]:
        """The best value among ``drives`` and the drives that have it (in
        their given order): the same as valuing every drive, but a drive is
        searched only while its upper bound can still reach the best."""
        known = [self._placement(rules, state, seat, a) for a in drives]
        best = max((v for v, search in known if search is None), default=None)
        values = [v if search is None else None for v, search in known]
        # a searched drive is worth at most its bound, or DEAD / 2 when the
        # search finds no way round; TOLERANCE covers the bound and the
        # search adding the same costs in another order
        ceiling = [v if search is None else max(v, DEAD / 2) for v, search in known]
        for i in sorted(range(len(known)), key=lambda i: -ceiling[i]):
            bound, search = known[i]
            if best is not None and ceiling[i] < best - TOLERANCE:
                break
            if search is not None:
                values[i] = v = self._searched(rules, state, search)
                if best is None or v > best:
                    best = v
        assert best is not None
        return best, [a for a, v in zip(drives, values) if v == best]

    def _values(self, rules: SuperRaceRules, state: State, seat: int) -> dict:
        """Per (colour, straights, curves): the best drive and its value
        (None when those dice cannot all be drawn)."""
        car = state["cars"][seat]
        # the car itself and the options, not only how far it has come: two
        # games (or a game after an undo) can reach the same length by other
        # squares, and games on one track may share their rules
        key = (id(rules), rules.key(state["options"]), state["race"], seat, rules.key(car),
               state["extra"])
        found = self._cache.get(key)
        if found is not None:
            return found
        self._cache.clear()
        table: dict = {}
        for colour in COLOURS:
            letter = LETTER[colour]
            for ns in range(6):
                for nc in range(6 - ns):
                    if ns + nc == 0:
                        continue
                    fake = {**state, "dice": [letter + "s"] * ns + [letter + "c"] * nc}
                    drives = rules.placements(fake, colour, seat)
                    if not drives:
                        table[(colour, ns, nc)] = None
                        continue
                    table[(colour, ns, nc)] = self.best_drives(rules, fake, seat, drives)
        self._cache[key] = table
        return table

    def roll_value(self, table: dict, roll: Sequence[str], stay: float) -> float:
        """The value of ending the rolls with ``roll``: the best colour that
        can be drawn completely (SU-R13 forces one if any can), else the
        position as it is (a forfeited go)."""
        best = None
        for colour in COLOURS:
            letter = LETTER[colour]
            ns = sum(1 for f in roll if f == letter + "s")
            nc = sum(1 for f in roll if f == letter + "c")
            if ns + nc == 0:
                continue
            entry = table[(colour, ns, nc)]
            if entry is not None and (best is None or entry[0] > best):
                best = entry[0]
        return stay if best is None else best

    # -------------------------------------------------------------- choice
    def decide(self, rules: Rules, observation: State, seat: int, legal: Sequence[str]) -> str:
        assert isinstance(rules, SuperRaceRules)
        state = observation
        legal = list(legal)
        if legal == ["forfeit"]:
            return "forfeit"
        table = self._values(rules, state, seat)
        car = state["cars"][seat]
        if car["exit"] is None:
            stay = -1000.0
        else:
            ncp = len(rules.track.checkpoints)
            ahead = rules.track.next[car["path"][-1]][car["exit"]]
            rem = rules.path_length(state, set(car["path"]), ahead, car["exit"],
                                    car["lap"] * (ncp + 1) + car["cp"], limit=self.search_limit,
                                    colour_cost=self.colour_cost)
            stay = DEAD if rem is None else -float(rem)
        rolls_left = ROLLS - state["rolls"]
        roll = tuple(sorted(state["dice"]))
        if rolls_left > 0:
            policy = ValuePolicy(lambda r: self.roll_value(table, r, stay), rolls_left)
            keep, _ = policy.best_keep(roll, rolls_left)
            if len(keep) < len(roll):
                action = rules.parse("keep " + " ".join(keep))
                if action in legal:
                    return action
        drives = [a for a in legal if a.startswith("drive")]
        if not drives:
            return "forfeit" if "forfeit" in legal else self.rng.choice(legal)
        _, best = self.best_drives(rules, state, seat, drives)
        return self.rng.choice(best)
