"""Statistics over repetitions and across benchmarks."""

from __future__ import annotations

import math
import statistics
from collections.abc import Iterable, Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class Summary:
    """Median, minimum and maximum of the successful repetitions."""

    median: float
    minimum: float
    maximum: float
    count: int

    def spread(self) -> float:
        """(max - min) / median: how noisy the repetitions were."""
        return (self.maximum - self.minimum) / self.median if self.median > 0 else 0.0


def summarize(values: Iterable[float]) -> Summary | None:
    """Median, min and max of ``values``; None if there are none."""
    data = sorted(values)
    if not data:
        return None
    return Summary(statistics.median(data), data[0], data[-1], len(data))


def speedup(reference: float | None, value: float | None) -> float | None:
    """``reference / value`` (e.g. serial time over parallel time)."""
    if reference is None or value is None or value <= 0:
        return None
    return reference / value


def geomean(values: Iterable[float | None]) -> float | None:
    """Geometric mean of the positive values; None if there are none."""
    data = [v for v in values if v is not None and v > 0]
    if not data:
        return None
    return math.exp(sum(math.log(v) for v in data) / len(data))


def quartiles(values: Sequence[float]) -> tuple[float, float, float]:
    """Lower quartile, median and upper quartile (inclusive method)."""
    data = sorted(values)
    if len(data) == 1:
        return data[0], data[0], data[0]
    q = statistics.quantiles(data, n=4, method="inclusive")
    return q[0], q[1], q[2]


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
