"""Splittable range work items (runtime_c/src/range.c): every logical task
runs once with the bounds of the contract in inspire_rt.h, and the implicit
taskgroup waits for descendants, under every queue policy, with tiny and
ordinary queues, at 1, 2 and 4 workers, under a timeout."""

from __future__ import annotations

import itertools

import pytest
from rt_helpers import ALL_SOURCES, TESTS, Builder, Spec, check, run

GRID = list(itertools.product([1, 2, 3, 4], [1, 2, 128]))


def range_spec(policy: int, qsize: int) -> Spec:
    return Spec(
        "range",
        (TESTS / "test_range.c", *ALL_SOURCES),
        (("INSPIRE_QUEUE_POLICY", policy), ("INSPIRE_QUEUE_SIZE", qsize)),
    )


@pytest.fixture(scope="module")
def binaries(builder: Builder) -> dict[tuple[int, int], object]:
    paths = builder.build_many(range_spec(*cfg) for cfg in GRID)
    return dict(zip(GRID, paths, strict=True))


@pytest.mark.parametrize("cfg", GRID, ids=[f"p{p}-q{q}" for p, q in GRID])
def test_range_splitting(binaries: dict, cfg: tuple[int, int]) -> None:
    for workers in (1, 2, 4):
        out = check(run(binaries[cfg], [200, 3], env={"INSPIRE_NUM_WORKERS": str(workers)}))
        assert "range ok: n 200 rounds 3" in out
