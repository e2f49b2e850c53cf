"""Splittable range work items (runtime_c/src/range.c): every logical task
runs once with the bounds of the contract in inspire_rt.h, and the implicit
taskgroup waits for descendants, under every queue policy, with tiny and
ordinary queues, at 1, 2 and 4 workers, under a timeout.  The default run
builds a seeded third of the configurations, every policy and queue size
among them; the others are slow."""

from __future__ import annotations

import itertools

import pytest
from matrix_sample import sample
from rt_helpers import ALL_SOURCES, TESTS, Builder, Spec, check, run

GRID = list(itertools.product([1, 2, 3, 4], [1, 2, 128]))


def range_spec(policy: int, qsize: int) -> Spec:
    return Spec(
        "range",
        (TESTS / "test_range.c", *ALL_SOURCES),
        (("INSPIRE_QUEUE_POLICY", policy), ("INSPIRE_QUEUE_SIZE", qsize)),
    )


@pytest.fixture(scope="module")
def binaries(builder: Builder, request: pytest.FixtureRequest) -> dict[tuple[int, int], object]:
    """The builds of the configurations the session's tests of this module
    run (made up front, in parallel)."""
    wanted = {
        item.callspec.params["cfg"]
        for item in request.session.items
        if getattr(item, "module", None) is request.module and hasattr(item, "callspec")
    }
    grid = [cfg for cfg in GRID if cfg in wanted]
    paths = builder.build_many(range_spec(*cfg) for cfg in grid)
    return dict(zip(grid, paths, strict=True))


@pytest.mark.parametrize(
    "cfg",
    sample(
        [pytest.param(cfg, id=f"p{cfg[0]}-q{cfg[1]}") for cfg in GRID],
        seed=20261126,
        share=3,
        categories=lambda cfg: (("policy", cfg[0]), ("size", cfg[1])),
    ),
)
def test_range_splitting(binaries: dict, cfg: tuple[int, int]) -> None:
    for workers in (1, 2, 4):
        out = check(run(binaries[cfg], [200, 3], env={"INSPIRE_NUM_WORKERS": str(workers)}))
        assert "range ok: n 200 rounds 3" in out
