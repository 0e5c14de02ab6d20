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
