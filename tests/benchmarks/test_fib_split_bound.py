"""The lower bound of ``benchmarks/fib_split_bound.py`` against every frontier.

For small trees the bound must equal the least of max(sum / P, largest
subtree) over every frontier of fib(n)'s call tree, enumerated here by
brute force, whatever the subtree costs are; and the greedy schedule can
never beat it.
"""

from __future__ import annotations

import random

import pytest

from benchmarks import fib_split_bound as B


def frontiers(n: int) -> list[list[int]]:
    """Every frontier of fib(n)'s call tree, as the list of its subtrees' k."""
    if n < 2:
        return [[n]]
    return [[n]] + [a + b for a in frontiers(n - 1) for b in frontiers(n - 2)]


def brute_force(costs: dict[int, float], n: int, workers: int) -> float:
    return min(
        max(sum(costs[k] for k in f) / workers, max(costs[k] for k in f)) for f in frontiers(n)
    )


def fib_values(n: int) -> dict[int, float]:
    out = {0: 0.5, 1: 1.0}
    for k in range(2, n + 1):
        out[k] = out[k - 1] + out[k - 2]
    return out


@pytest.mark.parametrize("seed", range(12))
@pytest.mark.parametrize("workers", [1, 2, 3])
def test_bound_is_the_least_over_every_frontier(seed: int, workers: int) -> None:
    rng = random.Random(seed)
    n = 7  # 3411 frontiers (fib(9) has 1.8e9)
    costs = {0: rng.uniform(0.1, 1.0), 1: rng.uniform(0.1, 1.0)}
    for k in range(2, n + 1):
        # anywhere from a split that saves half the work to one that doubles it
        costs[k] = (costs[k - 1] + costs[k - 2]) * rng.uniform(0.5, 2.0)
    rows, bound, found = B.bound_rows(costs, n, workers)
    assert bound == pytest.approx(brute_force(costs, n, workers))
    assert rows and found >= bound - 1e-9
    for most, pieces, _row_bound, schedule in rows:
        assert max(pieces) <= most
        assert schedule >= max(sum(pieces) / workers, max(pieces)) - 1e-9


def test_free_splits_reach_an_even_share() -> None:
    # Costs proportional to the call count: splitting adds nothing, and two
    # workers come within one small subtree of half the work.
    costs = fib_values(20)
    _rows, bound, found = B.bound_rows(costs, 20, 2)
    assert bound == pytest.approx(costs[20] / 2, rel=0.01)
    assert found <= costs[20] / 2 * 1.01


def test_cheaper_whole_calls_keep_two_workers_off_half() -> None:
    # Each level costs 1.5 times the one below while the calls grow 1.618
    # times, as gcc's clone of fib: the bound stays well above Ts / 2.
    costs = {k: 1.5**k for k in range(25)}
    _rows, bound, found = B.bound_rows(costs, 24, 2)
    assert bound > 0.55 * costs[24]
    assert found >= bound


def test_greedy_assigns_largest_first() -> None:
    # 5 and 4 apart, then 3s to the lighter: 10 (the best split, 9, is not found)
    assert B.greedy([5, 4, 3, 3, 3], 2) == 10
    assert B.greedy([1], 3) == 1
