"""Statistics over repetitions and across benchmarks (numpy).

Every random choice is seeded, so the same measurements always give the same
report.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import numpy as np

#: resamples of the bootstrap confidence interval of a median
BOOTSTRAP_RESAMPLES = 2000
#: its confidence level
CONFIDENCE = 0.95
_BOOTSTRAP_SEED = 20261124


@dataclass(frozen=True)
class Summary:
    """Median, minimum and maximum of the successful repetitions, and a
    bootstrap confidence interval of the median (``ci_low <= median <= ci_high``
    is not guaranteed for tiny samples, but both bounds lie within
    [minimum, maximum])."""

    median: float
    minimum: float
    maximum: float
    count: int
    ci_low: float
    ci_high: float

    def spread(self) -> float:
        """(max - min) / median: how noisy the repetitions were."""
        return (self.maximum - self.minimum) / self.median if self.median > 0 else 0.0


def summarize(values: Iterable[float]) -> Summary | None:
    """Median, min and max of ``values``; None if there are none."""
    data = np.sort(np.fromiter(values, dtype=float))
    if data.size == 0:
        return None
    low, high = median_interval(data)
    return Summary(
        float(np.median(data)), float(data[0]), float(data[-1]), int(data.size), low, high
    )


def median_interval(values: Sequence[float] | np.ndarray) -> tuple[float, float]:
    """The percentile-bootstrap ``CONFIDENCE`` interval of the median of
    ``values`` (``BOOTSTRAP_RESAMPLES`` resamples, fixed seed)."""
    data = np.asarray(values, dtype=float)
    if data.size == 1:
        return float(data[0]), float(data[0])
    rng = np.random.default_rng(_BOOTSTRAP_SEED)
    samples = rng.choice(data, size=(BOOTSTRAP_RESAMPLES, data.size), replace=True)
    medians = np.median(samples, axis=1)
    tail = (1.0 - CONFIDENCE) / 2 * 100
    low, high = np.percentile(medians, [tail, 100 - tail])
    return float(low), float(high)


def speedup(reference: float | None, value: float | None) -> float | None:
    """``reference / value`` (e.g. serial time over parallel time)."""
    if reference is None or value is None or value <= 0:
        return None
    return reference / value


def geomean(values: Iterable[float | None]) -> float | None:
    """Geometric mean of the positive values; None if there are none."""
    data = np.array([v for v in values if v is not None and v > 0], dtype=float)
    if data.size == 0:
        return None
    return math.exp(float(np.mean(np.log(data))))


def quartiles(values: Sequence[float]) -> tuple[float, float, float]:
    """Lower quartile, median and upper quartile (inclusive method)."""
    data = np.asarray(values, dtype=float)
    q = np.percentile(data, [25, 50, 75])
    return float(q[0]), float(q[1]), float(q[2])


def share_of_optimum(default: float, optimum: float, achieved: float) -> float | None:
    """How much of the best speed-up over the default a setting reaches, as
    paper 000 Table 5 reports it: ``T_opt / T_achieved`` (1.0 = optimum)."""
    if achieved <= 0 or optimum <= 0 or default <= 0:
        return None
    return optimum / achieved


def imbalance(counts: Sequence[int]) -> float | None:
    """Largest per-thread count over the mean (1.0 = perfectly balanced)."""
    if not counts or sum(counts) == 0:
        return None
    return max(counts) / (sum(counts) / len(counts))
