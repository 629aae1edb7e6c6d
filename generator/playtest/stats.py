"""Intervals for the playtest's metrics: Wilson for proportions, order statistics for medians, a
cluster-robust interval for ratios of sums, and the harmonic mean of the quality score."""

from __future__ import annotations

import math
from typing import Sequence

Z95 = 1.959963984540054
#: The z of a rejection at an early look: two-sided 99.9%. Tier 2 judges its games at looks before
#: the number it plans to play, and each look is one more chance for a sound game to fall outside
#: a 95% interval. With every look at 95%, a fair game with strong bots at every seat was rejected
#: for SEAT_BIAS in 0.66% of runs at four players and 2.8% of games judged at two to six players
#: (``benchmarks/false_rejections.py``; Rummy at its default seed was one). So an early look
#: rejects only beyond doubt and the planned count judges at 95%, as a clinical trial stops early
#: (Haybittle and Peto): then 0.02% and 0.07%.
Z_EARLY = 3.2905267314918945


def confidence(z: float) -> str:
    """How a report names an interval of this z: "95%" or "99.9%"."""
    return "95%" if z == Z95 else "99.9%" if z == Z_EARLY else f"z = {z:.2f}"


def wilson(successes: float, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score 95% interval for a proportion (``successes`` may be a sum of scores in [0, 1])."""
    if n <= 0:
        return (0.0, 1.0)
    p = min(1.0, max(0.0, successes / n))
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def median(values: Sequence[float]) -> float:
    xs = sorted(values)
    n = len(xs)
    if not n:
        return 0.0
    mid = n // 2
    return float(xs[mid]) if n % 2 else (xs[mid - 1] + xs[mid]) / 2


def median_interval(values: Sequence[float], z: float = Z95) -> tuple[float, float]:
    """Distribution-free 95% interval for the median: the order statistics whose ranks bound a
    Binomial(n, ½) within ``z`` standard deviations of n/2."""
    xs = sorted(values)
    n = len(xs)
    if not n:
        return (0.0, 0.0)
    half = z * math.sqrt(n) / 2
    lo = max(0, math.floor(n / 2 - half))
    hi = min(n - 1, math.ceil(n / 2 + half) - 1)
    return (float(xs[lo]), float(xs[max(lo, hi)]))


def quantiles(values: Sequence[float], qs: Sequence[float] = (0.1, 0.25, 0.5, 0.75, 0.9)) -> list[float]:
    """Nearest-rank quantiles (stable, no interpolation)."""
    xs = sorted(values)
    if not xs:
        return [0.0 for _ in qs]
    return [float(xs[min(len(xs) - 1, max(0, math.ceil(q * len(xs)) - 1))]) for q in qs]


def mean(values: Sequence[float]) -> float:
    return sum(values) / len(values) if values else 0.0


def ratio_interval(num: Sequence[float], den: Sequence[float], z: float = Z95) -> tuple[float, float, float]:
    """Ratio of sums Σnum/Σden with a 95% interval that treats each game as one cluster (the
    moves of a game are not independent): the delta-method standard error of a ratio estimator."""
    total = sum(den)
    if total <= 0:
        return (0.0, 0.0, 1.0)
    r = sum(num) / total
    n = len(den)
    if n < 2:
        return (r, 0.0, 1.0)
    ss = sum((a - r * b) ** 2 for a, b in zip(num, den))
    se = math.sqrt(ss * n / (n - 1)) / total
    return (r, max(0.0, r - z * se), min(1.0, r + z * se))


def harmonic_mean(values: Sequence[float], floor: float = 0.01) -> float:
    xs = [max(floor, min(1.0, v)) for v in values]
    return len(xs) / sum(1 / x for x in xs) if xs else 0.0
