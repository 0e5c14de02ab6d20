"""Exact dice odds for Super Race: how likely a roll is, and how best to play a go.

The dice
--------
Super Race has 5 identical dice. Each die has six faces, one of each:

======  ==================
face    meaning
======  ==================
``rs``  red straight
``rc``  red curve
``ys``  yellow straight
``yc``  yellow curve
``bs``  blue straight
``bc``  blue curve
======  ==================

A **roll** is the multiset of faces showing, written as a tuple of face names
in alphabetical order, e.g. ``("bs", "rc", "rc", "yc", "ys")``: which die shows
what does not matter. Five dice can show 252 different rolls, but they are not
equally likely: five ``rs`` needs every die to land on ``rs`` (1 way in
6**5 = 7776), five different faces can come in 120 ways. :func:`multiset` turns
faces in any order into a roll.

A go (SU-R2, SU-R13)
--------------------
Roll all 5 dice. Then, up to two more times, keep any dice you like and reroll
the others; a die kept before may be rerolled later. After the last roll pick
one colour that shows: all the dice of that colour are driven. An oil-slick
square needs two dice of the chosen colour with the same symbol
(SU-R9, SU-R17).

Best play, by dynamic programming
---------------------------------
A :class:`Target` says which final rolls you hope for (e.g. "at least 3 red
dice"); the value of a roll with ``r`` rerolls left is the chance of ending on
the target when playing as well as possible from there. With no reroll left
it is 1 or 0; with ``r`` left it is the best, over every set of dice ``K`` you
could keep, of the average value (with ``r - 1`` left) of ``K`` plus a fresh
roll of the other dice, where keeping all five means letting that reroll go.

Every chance is an exact :class:`~fractions.Fraction`.

Example
-------
>>> three_red = at_least(3, "r")
>>> policy = best_policy(three_red)
>>> policy.best_keep(("rc", "rc", "bs", "ys", "yc"), rolls_left=1)
(('rc', 'rc'), Fraction(19, 27))

Keep the two red dice and reroll three: at least one of them must come up red,
1 - (2/3)**3 = 19/27. Before the first roll, with both rerolls to come:

>>> round(float(policy.chance()), 4)
0.8418
>>> [row["chance"] for row in policy.table()] == [policy.chance(rolls_left=r) for r in range(3)]
True
"""
from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache, cached_property, lru_cache
from itertools import combinations, combinations_with_replacement
from math import factorial, prod

from ..core.errors import InvalidActionError, OptionError

__all__ = [
    "FACES", "FACE_WORDS", "COLOURS", "COLOUR_WORDS", "DICE", "REROLLS", "Roll", "KeepRule",
    "multiset", "words", "roll_distribution",
    "Target", "at_least", "at_least_any", "colour_count_exact", "contains_faces", "exactly_faces", "oil_ok",
    "Policy", "best_policy", "evaluate", "keep_colour", "simulate",
    "chance_at_least", "at_least_table", "odds_table", "keep_tree",
]

FACES = ("rs", "rc", "ys", "yc", "bs", "bc")
"""The six faces of every die: colour letter + ``s`` (straight) or ``c`` (curve)."""

FACE_WORDS = {"rs": "red straight", "rc": "red curve", "ys": "yellow straight",
              "yc": "yellow curve", "bs": "blue straight", "bc": "blue curve"}
COLOURS = ("r", "y", "b")
COLOUR_WORDS = {"r": "red", "y": "yellow", "b": "blue"}
DICE = 5
"""Dice rolled in a go."""
REROLLS = 2
"""Rolls allowed after the first one in a go (SU-R2)."""

Roll = tuple[str, ...]
"""A multiset of faces: a tuple of face names in alphabetical order."""

KeepRule = Callable[[Roll, int], Iterable[str]]
"""A way to play: given the current roll and the rerolls left (at least 1),
the faces to keep (a sub-multiset of the roll); the other dice are rerolled."""

_ALPHABETICAL = tuple(sorted(FACES))


# --------------------------------------------------------------------------- rolls

def multiset(faces: Iterable[str]) -> Roll:
    """The roll (sorted tuple) made of ``faces``, given in any order.

    >>> multiset(["ys", "rc", "bs", "rc", "yc"])
    ('bs', 'rc', 'rc', 'yc', 'ys')
    """
    if isinstance(faces, str):
        raise InvalidActionError(f"Super Race: a roll is a sequence of face names, not the string {faces!r}")
    out = tuple(sorted(faces))
    for face in out:
        if face not in FACE_WORDS:
            raise InvalidActionError(f"Super Race: {face!r} is not a face; the faces are "
                                     + ", ".join(f"{f} ({w})" for f, w in FACE_WORDS.items()))
    if len(out) > DICE:
        raise InvalidActionError(f"Super Race: {len(out)} faces, but there are only {DICE} dice")
    return out


def _five(roll: Iterable[str]) -> Roll:
    out = multiset(roll)
    if len(out) != DICE:
        raise InvalidActionError(f"Super Race: a roll of the whole go has {DICE} faces, "
                                 f"not {len(out)}: {out}")
    return out


def words(roll: Iterable[str]) -> str:
    """The roll in words: ``words(("rc", "bs"))`` is ``'blue straight, red curve'``."""
    return ", ".join(FACE_WORDS[f] for f in multiset(roll))


def _colour(colour: str) -> str:
    for letter, word in COLOUR_WORDS.items():
        if colour in (letter, word):
            return letter
    raise OptionError(f"Super Race: unknown colour {colour!r}; use one of "
                      + ", ".join(f"{c!r} ({w})" for c, w in COLOUR_WORDS.items()))


def _count(k: int, what: str) -> int:
    if isinstance(k, bool) or not isinstance(k, int) or not 0 <= k <= DICE:
        raise OptionError(f"Super Race: {what} must be a whole number from 0 to {DICE}, not {k!r}")
    return k


@cache
def _rolls(n: int) -> tuple[Roll, ...]:
    """Every multiset of ``n`` faces, in alphabetical order."""
    return tuple(combinations_with_replacement(_ALPHABETICAL, n))


@cache
def _ways(roll: Roll) -> int:
    """In how many of the 6**n orderings of n dice this multiset shows."""
    return factorial(len(roll)) // prod(factorial(c) for c in Counter(roll).values())


def roll_distribution(n: int = DICE) -> dict[Roll, Fraction]:
    """The exact chance of each multiset when rolling ``n`` dice (0 to 5).

    >>> d = roll_distribution(2)
    >>> len(d), d[("rc", "rc")], d[("bs", "rc")], sum(d.values())
    (21, Fraction(1, 36), Fraction(1, 18), Fraction(1, 1))
    """
    _count(n, "the number of dice")
    total = 6 ** n
    return {r: Fraction(_ways(r), total) for r in _rolls(n)}


@cache
def _transitions(kept: Roll) -> tuple[tuple[Roll, int], ...]:
    """Keep ``kept`` and roll the other dice: each final roll with its number
    of ways out of 6**(5 - len(kept))."""
    return tuple((tuple(sorted(kept + fresh)), _ways(fresh)) for fresh in _rolls(DICE - len(kept)))


@cache
def _keeps(roll: Roll) -> tuple[Roll, ...]:
    """The distinct sub-multisets of ``roll``, in tie-break order: more dice
    first, then alphabetical."""
    subs = {tuple(roll[i] for i in idx)
            for m in range(len(roll) + 1) for idx in combinations(range(len(roll)), m)}
    return tuple(sorted(subs, key=lambda k: (-len(k), k)))


def _sub(keep: Iterable[str], roll: Roll) -> Roll:
    out = multiset(keep)
    if Counter(out) - Counter(roll):
        raise InvalidActionError(f"Super Race: cannot keep {out}: the roll is {roll}")
    return out


# --------------------------------------------------------------------------- targets

@dataclass(frozen=True)
class Target:
    """What the final roll of a go should look like: a name and a test on a
    roll of 5 faces (a sorted tuple). Targets combine with ``&``, ``|`` and ``~``.

    >>> t = at_least(2, "r") & ~oil_ok("r")
    >>> t(["rs", "rc", "bs", "bs", "yc"]), t(["rs", "rs", "bs", "bs", "yc"])
    (True, False)
    """

    name: str
    test: Callable[[Roll], bool] = field(repr=False)

    def __call__(self, roll: Iterable[str]) -> bool:
        return bool(self.test(_five(roll)))

    def __and__(self, other: Target) -> Target:
        return Target(f"({self.name}) and ({other.name})", lambda r: self.test(r) and other.test(r))

    def __or__(self, other: Target) -> Target:
        return Target(f"({self.name}) or ({other.name})", lambda r: self.test(r) or other.test(r))

    def __invert__(self) -> Target:
        return Target(f"not ({self.name})", lambda r: not self.test(r))

    @cached_property
    def hits(self) -> frozenset[Roll]:
        """The rolls of 5 dice that satisfy the target (best play depends only on these)."""
        return frozenset(r for r in _rolls(DICE) if self.test(r))


_TARGETS: dict[str, Target] = {}


def _named(name: str, test: Callable[[Roll], bool]) -> Target:
    """The same target object for the same helper call."""
    if name not in _TARGETS:
        _TARGETS[name] = Target(name, test)
    return _TARGETS[name]


def _of(roll: Roll, colour: str) -> int:
    return sum(1 for f in roll if f[0] == colour)


def at_least(k: int, colour: str) -> Target:
    """At least ``k`` dice of ``colour`` (``"r"``, ``"y"``, ``"b"`` or the word)."""
    k, c = _count(k, "k"), _colour(colour)
    return _named(f"at least {k} {COLOUR_WORDS[c]}", lambda r: _of(r, c) >= k)


def at_least_any(k: int) -> Target:
    """At least ``k`` dice of one colour, the colour chosen after the last roll."""
    k = _count(k, "k")
    return _named(f"at least {k} of one colour", lambda r: max(_of(r, c) for c in COLOURS) >= k)


def colour_count_exact(colour: str, k: int) -> Target:
    """Exactly ``k`` dice of ``colour``."""
    k, c = _count(k, "k"), _colour(colour)
    return _named(f"exactly {k} {COLOUR_WORDS[c]}", lambda r: _of(r, c) == k)


def contains_faces(pattern: Iterable[str]) -> Target:
    """The final roll contains these faces (at least this sub-multiset; the
    other dice are free). ``contains_faces(("rc", "rs", "rs"))``: a red curve
    and two red straights, whatever the other two dice show (a third red die
    too)."""
    need = Counter(multiset(pattern))
    label = " ".join(sorted(need.elements())) or "nothing"
    return _named(f"contains {label}", lambda r: not need - Counter(r))


def exactly_faces(pattern: Iterable[str]) -> Target:
    """The dice of the pattern's colours show exactly these faces, no more
    and no fewer; dice of the other colours are free.
    ``exactly_faces(("rc", "rs", "rs"))``: exactly three red dice, a red
    curve and two red straights (a car that must drive exactly those red
    squares); ``contains_faces`` allows a fourth red die."""
    need = Counter(multiset(pattern))
    colours = {face[0] for face in need}
    label = " ".join(sorted(need.elements())) or "nothing"
    return _named(f"exactly {label}",
                  lambda r: Counter(f for f in r if f[0] in colours) == need)


def oil_ok(colour: str) -> Target:
    """An oil slick may be crossed driving ``colour``: at least two dice of that
    colour show the same symbol (SU-R9, SU-R17)."""
    c = _colour(colour)
    return _named(f"oil slick with {COLOUR_WORDS[c]}",
                  lambda r: r.count(c + "s") >= 2 or r.count(c + "c") >= 2)


def _as_target(target: Target | Callable[[Roll], bool]) -> Target:
    if isinstance(target, Target):
        return target
    if callable(target):
        return Target(getattr(target, "__name__", "target"), target)
    raise OptionError(f"Super Race: a target is a Target or a function of a roll, not {target!r}")


def _rerolls(r: int) -> int:
    if isinstance(r, bool) or not isinstance(r, int) or r < 0:
        raise OptionError(f"Super Race: rerolls left must be a whole number >= 0, not {r!r}")
    return r


# --------------------------------------------------------------------------- best play

class _Levels:
    """The dynamic programme for one set of winning rolls.

    ``value[r][roll]`` is the best chance with ``r`` rerolls left, as a
    numerator over 6**(5 r) (integers keep it exact and fast); ``kept[r][K]``
    the chance (same scale) of keeping ``K`` and rerolling the rest with ``r``
    rerolls left, including that reroll; ``best[r][roll]`` the keep chosen.
    """

    def __init__(self, hits: frozenset[Roll]):
        self.value: list[dict[Roll, int]] = [{r: int(r in hits) for r in _rolls(DICE)}]
        self.kept: list[dict[Roll, int]] = [{}]
        self.best: list[dict[Roll, Roll]] = [{r: r for r in _rolls(DICE)}]

    def extend(self, rerolls: int) -> None:
        while len(self.value) <= rerolls:
            prev = self.value[-1]
            kept = {k: 6 ** m * sum(ways * prev[final] for final, ways in _transitions(k))
                    for m in range(DICE + 1) for k in _rolls(m)}
            value, best = {}, {}
            for roll in _rolls(DICE):
                choice = max(_keeps(roll), key=kept.__getitem__)   # max keeps the first best: tie order
                value[roll], best[roll] = kept[choice], choice
            self.value.append(value)
            self.kept.append(kept)
            self.best.append(best)


@lru_cache(maxsize=256)
def _levels(hits: frozenset[Roll]) -> _Levels:
    return _Levels(hits)


class Policy:
    """Best play for one target (from :func:`best_policy`).

    A policy is also a :data:`KeepRule`: ``policy(roll, rolls_left)`` gives the
    faces to keep, so it can be played by :func:`simulate` or :func:`evaluate`.
    """

    def __init__(self, target: Target, rolls_left: int = REROLLS):
        self.target = target
        self.rolls_left = _rerolls(rolls_left)
        self._dp = _levels(target.hits)
        self._dp.extend(self.rolls_left)

    def __repr__(self) -> str:
        return f"Policy({self.target.name!r}, rolls_left={self.rolls_left})"

    def _r(self, rolls_left: int | None) -> int:
        r = self.rolls_left if rolls_left is None else _rerolls(rolls_left)
        self._dp.extend(r)
        return r

    def chance(self, roll: Iterable[str] | None = None, rolls_left: int | None = None) -> Fraction:
        """The chance of ending on the target, playing best, with ``rolls_left``
        rerolls to come (default: the policy's). ``roll=None``: before the
        first roll of the go (the first roll is then followed by ``rolls_left``
        rerolls)."""
        r = self._r(rolls_left)
        scale = 6 ** (DICE * r)
        values = self._dp.value[r]
        if roll is None:
            return Fraction(sum(_ways(x) * values[x] for x in _rolls(DICE)), 6 ** DICE * scale)
        return Fraction(values[_five(roll)], scale)

    def best_keep(self, roll: Iterable[str], rolls_left: int | None = None) -> tuple[Roll, Fraction]:
        """The dice to keep (the others are rerolled) and the chance it gives.

        Ties between equally good keeps go to the keep with the most dice
        (keeping all five means not using this reroll), then to the
        alphabetically first tuple. With 0 rerolls left the whole roll is kept.
        """
        r = self._r(rolls_left)
        current = _five(roll)
        return self._dp.best[r][current], Fraction(self._dp.value[r][current], 6 ** (DICE * r))

    def keep_options(self, roll: Iterable[str], rolls_left: int | None = None) -> list[tuple[Roll, Fraction]]:
        """Every distinct keep for ``roll`` with its chance, best first (ties in
        the order of :meth:`best_keep`). Needs at least one reroll left."""
        r = self._r(rolls_left)
        if r == 0:
            raise OptionError("Super Race: with no reroll left there is nothing to choose")
        kept, scale = self._dp.kept[r], 6 ** (DICE * r)
        options = [(k, Fraction(kept[k], scale)) for k in _keeps(_five(roll))]
        return sorted(options, key=lambda o: -o[1])   # stable: ties stay in tie order

    def table(self) -> list[dict]:
        """Plain rows ``{"target", "rerolls", "chance"}`` for 0 … ``rolls_left``
        rerolls, before the first roll."""
        return [{"target": self.target.name, "rerolls": r, "chance": self.chance(None, r)}
                for r in range(self.rolls_left + 1)]

    def __call__(self, roll: Roll, rolls_left: int) -> Roll:
        return self.best_keep(roll, rolls_left)[0]


def best_policy(target: Target | Callable[[Roll], bool], rolls_left: int = REROLLS) -> Policy:
    """Best play for ``target`` with ``rolls_left`` rerolls after the first roll
    (2 in the game). Results are cached by the set of winning rolls, so asking
    again, or for another target with the same winning rolls, is free."""
    return Policy(_as_target(target), rolls_left)


def chance_at_least(k: int, colour: str, rerolls: int = REROLLS) -> Fraction:
    """The chance of at least ``k`` dice of ``colour`` at the end of a go played
    for it, before the first roll."""
    return best_policy(at_least(k, colour), rerolls).chance()


def at_least_table(colour: str = "r", max_rerolls: int = REROLLS) -> list[dict]:
    """Rows ``{"k", "rerolls", "chance"}``: the chance of at least ``k`` dice of
    ``colour`` (k = 1 … 5), playing best for it, with 0 … ``max_rerolls`` rerolls."""
    return [{"k": k, "rerolls": r, "chance": chance_at_least(k, colour, r)}
            for k in range(1, DICE + 1) for r in range(_rerolls(max_rerolls) + 1)]


def odds_table(targets: Sequence[Target], max_rerolls: int = REROLLS) -> list[dict]:
    """Rows ``{"target", "rerolls", "chance"}`` for several targets (each played best)."""
    return [row for t in targets for row in best_policy(t, max_rerolls).table()]


# --------------------------------------------------------------------------- other play

def keep_colour(colour: str) -> KeepRule:
    """A simple rule: always keep every die of ``colour``, reroll the others."""
    c = _colour(colour)

    def rule(roll: Roll, rolls_left: int) -> Roll:
        return tuple(f for f in roll if f[0] == c)

    rule.__name__ = f"keep_{COLOUR_WORDS[c]}"
    return rule


def evaluate(target: Target | Callable[[Roll], bool], rule: KeepRule, rolls_left: int = REROLLS) -> Fraction:
    """The exact chance of ending on ``target`` when every keep is made by ``rule``
    (which must be deterministic), before the first roll."""
    t, r = _as_target(target), _rerolls(rolls_left)
    value = {roll: int(roll in t.hits) for roll in _rolls(DICE)}       # over 6**(5 * level)
    for level in range(1, r + 1):
        prev, value = value, {}
        for roll in _rolls(DICE):
            keep = _sub(rule(roll, level), roll)
            value[roll] = 6 ** len(keep) * sum(ways * prev[final] for final, ways in _transitions(keep))
    return Fraction(sum(_ways(x) * value[x] for x in _rolls(DICE)), 6 ** DICE * 6 ** (DICE * r))


def simulate(target: Target | Callable[[Roll], bool], policy: KeepRule, trials: int = 20_000,
             seed: int | str = 0, rolls_left: int | None = None) -> float:
    """Play ``trials`` goes with real (pseudo-random) dice from
    ``random.Random(seed)``, keeping what ``policy`` says; the fraction that end
    on ``target``. ``rolls_left`` defaults to the policy's own, else 2."""
    t = _as_target(target)
    r = _rerolls(rolls_left if rolls_left is not None else getattr(policy, "rolls_left", REROLLS))
    if isinstance(trials, bool) or not isinstance(trials, int) or trials < 1:
        raise OptionError(f"Super Race: trials must be a whole number >= 1, not {trials!r}")
    rng = random.Random(seed)
    hits = 0
    for _ in range(trials):
        roll = tuple(sorted(rng.choice(FACES) for _ in range(DICE)))
        for left in range(r, 0, -1):
            keep = _sub(policy(roll, left), roll)
            roll = tuple(sorted(keep + tuple(rng.choice(FACES) for _ in range(DICE - len(keep)))))
        hits += bool(t.test(roll))
    return hits / trials


# --------------------------------------------------------------------------- best play for a value

class ValuePolicy:
    """Best keep decisions when the final roll has a *value* rather than
    hitting or missing a target: e.g. how far a car gets with it. The same
    dynamic programme as :class:`Policy`, with expected values (floats):
    with ``r`` rerolls left, a roll is worth the best of keeping every die
    (stopping) and, for each sub-multiset ``K`` kept, the average worth of
    ``K`` plus a fresh roll of the others with ``r - 1`` rerolls left.

    >>> p = ValuePolicy(lambda roll: roll.count("rs"), rolls_left=1)
    >>> p.best_keep(("bs", "rs", "rs", "ys", "yc"))[0]
    ('rs', 'rs')
    """

    def __init__(self, value: Callable[[Roll], float], rolls_left: int = REROLLS):
        self.rolls_left = _rerolls(rolls_left)
        finals = _rolls(DICE)
        self.value: list[dict[Roll, float]] = [{r: float(value(r)) for r in finals}]
        self.best: list[dict[Roll, Roll]] = [{r: r for r in finals}]
        for _ in range(self.rolls_left):
            prev = self.value[-1]
            kept = {k: sum(ways * prev[final] for final, ways in _transitions(k)) / 6 ** (DICE - m)
                    for m in range(DICE + 1) for k in _rolls(m)}
            level: dict[Roll, float] = {}
            best: dict[Roll, Roll] = {}
            for roll in finals:
                choice = max(_keeps(roll), key=kept.__getitem__)
                level[roll], best[roll] = kept[choice], choice
            self.value.append(level)
            self.best.append(best)

    def expected(self, roll: Iterable[str] | None = None, rolls_left: int | None = None) -> float:
        """The expected value under best play (``roll`` None: before the first roll)."""
        r = self.rolls_left if rolls_left is None else min(_rerolls(rolls_left), self.rolls_left)
        if roll is None:
            return sum(float(p) * self.value[r][k] for k, p in roll_distribution(DICE).items())
        return self.value[r][_five(roll)]

    def best_keep(self, roll: Iterable[str], rolls_left: int | None = None) -> tuple[Roll, float]:
        """The dice to keep (all five: stop rolling) and the expected value."""
        r = self.rolls_left if rolls_left is None else min(_rerolls(rolls_left), self.rolls_left)
        five = _five(roll)
        return self.best[r][five], self.value[r][five]


def keep_tree(roll: Iterable[str], k: int, colour: str, rolls_left: int = REROLLS,
              keeps: Iterable[int] | None = None):
    """The decision "which dice to keep?" for the target "at least ``k`` dice
    of ``colour``" as a tree for expectimax
    (:func:`boardkit.core.searchtree.expectimax`): the root is the choice,
    each child one way to keep — all the dice of ``colour`` or fewer of
    them, the others rerolled (a chance node), or the whole roll kept (this
    reroll let go: a leaf). A chance node's children are how many dice of
    ``colour`` the rerolled dice show, each with its exact probability (from
    :func:`roll_distribution`); a leaf is worth the chance of reaching the
    target from there with one reroll fewer, playing best (:class:`Policy`).
    Only the number of dice of ``colour`` matters for such a target, so
    grouping the outcomes by it loses nothing: the root's value is
    :meth:`Policy.chance` of the roll."""
    from ..core.tree import TreeNode

    c = _colour(colour)
    r = _rerolls(rolls_left)
    if r == 0:
        raise OptionError("Super Race: with no reroll left there is nothing to choose")
    current = _five(roll)
    policy = best_policy(at_least(k, c), r)
    have = _of(current, c)
    word = COLOUR_WORDS[c]
    others = [f for f in current if f[0] != c]

    def value_of(n: int) -> float:
        """The chance from a roll with ``n`` dice of the colour, one reroll fewer."""
        fill = [f"{c}s"] * n + (others + [x for x in FACES if x[0] != c] * 5)[:DICE - n]
        return float(policy.chance(fill, r - 1))

    root = TreeNode(label=f"{have} {word} now", player="you", maximise=True,
                    note=f"the roll: {words(current)}; target: at least {k} {word}, {r} reroll(s) left")
    for kept in (range(have, -1, -1) if keeps is None else keeps):
        if not 0 <= kept <= have:
            raise OptionError(f"Super Race: the roll has {have} {word} dice, so {kept} cannot be kept")
        rolled = DICE - kept
        node = TreeNode(label=f"keep {kept} {word}, roll {rolled}", chance=True, player="the dice",
                        note=f"keep {kept} {word} dice, reroll the other {rolled}")
        counts: dict[int, Fraction] = {}
        for outcome, p in roll_distribution(rolled).items():
            j = _of(outcome, c)
            counts[j] = counts.get(j, Fraction(0)) + p
        for j in sorted(counts):
            node.children.append(TreeNode(label=f"{kept + j} {word}", value=value_of(kept + j),
                                          probability=float(counts[j]),
                                          note=f"{j} {word} among the {rolled} rerolled dice: "
                                               f"chance {counts[j]}"))
        root.children.append(node)
    root.children.append(TreeNode(label="keep all five", value=value_of(have),
                                  note="let this reroll go"))
    return root
