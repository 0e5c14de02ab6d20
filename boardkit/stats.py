"""The intervals every notebook and benchmark quotes (95 % by default).

>>> lo, hi = wilson(50, 100)
>>> round(lo, 3), round(hi, 3)
(0.404, 0.596)
"""
from __future__ import annotations

import math
import statistics
from collections.abc import Iterable


def wilson(k: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a rate of ``k`` in ``n`` (``k`` may be
    fractional: a shared win). No games: the whole range (0, 1)."""
    if n <= 0:
        return (0.0, 1.0)
    p = k / n
    d = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / d
    half = z * math.sqrt(max(0.0, p * (1 - p)) / n + z * z / (4 * n * n)) / d
    return (max(0.0, centre - half), min(1.0, centre + half))


def mean_interval(xs: Iterable[float], z: float = 1.96) -> tuple[float, float, float]:
    """(mean, low, high): a mean with its normal interval (infinite for one value)."""
    xs = list(xs)
    m = statistics.fmean(xs)
    half = z * statistics.stdev(xs) / math.sqrt(len(xs)) if len(xs) > 1 else math.inf
    return m, m - half, m + half


#: The reference values a verdict can name, in the words a lesson uses.
REFERENCES = {"zero": 0.0, "half": 0.5, "a third": 1 / 3, "1": 1.0}


def verdict(low: float, high: float, reference: float | str, name: str | None = None) -> str:
    """The words an interval allows about a reference value: ``"more than
    half"`` only when the whole interval lies above it, ``"less than half"``
    only when it lies below, else ``"not distinguishable from half"``.
    ``reference`` is a number (then ``name`` says it in words) or one of
    :data:`REFERENCES`.

    >>> verdict(0.330, 0.464, "a third")
    'not distinguishable from a third'
    >>> verdict(0.07, 0.12, 0.0, "zero")
    'more than zero'
    """
    if isinstance(reference, str):
        name, reference = reference, REFERENCES[reference]
    if name is None:
        name = f"{reference:g}"
    if low > reference:
        return f"more than {name}"
    if high < reference:
        return f"less than {name}"
    return f"not distinguishable from {name}"


def contradicts(stated: str, found: str) -> bool:
    """Whether a verdict ``found`` on another sample contradicts the verdict
    ``stated``: a clear verdict ("more than …") must come out again, and
    "not distinguishable from …" must not meet a clear one.

    >>> contradicts("more than half", "not distinguishable from half")
    True
    >>> contradicts("not distinguishable from half", "not distinguishable from half")
    False
    """
    if stated.startswith("not distinguishable"):
        return not found.startswith("not distinguishable")
    return found != stated


def rate_sentence(what: str, k: float, n: int, reference: float | str = "half",
                  name: str | None = None) -> str:
    """One line for a rate: the figure, its 95 % interval, and only the
    verdict the interval allows.

    >>> rate_sentence("the search bot wins", 79, 200, "a third")
    'the search bot wins 39.5 % [33.0, 46.4] of 200: not distinguishable from a third'
    """
    low, high = wilson(k, n)
    return (f"{what} {100 * k / n:.1f} % [{100 * low:.1f}, {100 * high:.1f}] of {n}: "
            f"{verdict(low, high, reference, name)}")


def mean_sentence(what: str, xs: Iterable[float], reference: float | str | None = "zero",
                  name: str | None = None, digits: int = 2, signed: bool = True) -> str:
    """One line for a mean: the figure, its 95 % interval and the verdict
    (none when ``reference`` is None: a figure that compares with nothing).

    >>> mean_sentence("tiles, search minus greedy", [1, 2, 0, 3, -1, 2])
    'tiles, search minus greedy +1.17 [-0.01, +2.34]: not distinguishable from zero'
    """
    m, low, high = mean_interval(xs)
    f = f"{{:{'+' if signed else ''}.{digits}f}}"
    figure = f"{what} {f.format(m)} [{f.format(low)}, {f.format(high)}]"
    return figure if reference is None else f"{figure}: {verdict(low, high, reference, name)}"
