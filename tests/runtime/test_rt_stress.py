"""Randomized task-tree stress test over the configuration grid, plus
ThreadSanitizer and AddressSanitizer builds.

The default suite runs a part of the grid (every queue policy with every
queue size, the other parameters' values taken in turn, so every value of
every parameter is built); the rest of the grid is marked slow."""

from __future__ import annotations

import itertools
import shutil
import subprocess

import pytest
from rt_helpers import ALL_SOURCES, TESTS, Builder, Spec, check, run

POLICIES = [1, 2, 3, 4]
QUEUE_SIZES = [1, 2, 16, 128]
BUCKETS = [1, 97]
BUFFERS = [8, 128]
STACKS = [16384, 8388608]
WORKERS = [1, 2, 4]

FULL_GRID = list(itertools.product(POLICIES, QUEUE_SIZES, BUCKETS, BUFFERS, STACKS))
GRID = [
    (p, q, BUCKETS[i % 2], BUFFERS[i // 2 % 2], STACKS[i // 4 % 2])
    for i, (p, q) in enumerate(itertools.product(POLICIES, QUEUE_SIZES))
]
REST = [cfg for cfg in FULL_GRID if cfg not in GRID]


def stress_spec(policy: int, qsize: int, buckets: int, buf: int, stack: int) -> Spec:
    return Spec(
        "stress",
        (TESTS / "test_stress.c", *ALL_SOURCES),
        (
            ("INSPIRE_QUEUE_POLICY", policy),
            ("INSPIRE_QUEUE_SIZE", qsize),
            ("INSPIRE_EVENT_TABLE_BUCKETS", buckets),
            ("INSPIRE_PARAM_BUFFER_BYTES", buf),
            ("INSPIRE_STACK_BYTES", stack),
        ),
    )


def _ids(grid: list[tuple[int, ...]]) -> list[str]:
    return [f"p{p}-q{q}-b{b}-pb{pb}-s{s // 1024}k" for p, q, b, pb, s in grid]


def _binaries(builder: Builder, grid: list[tuple[int, ...]]) -> dict[tuple[int, ...], object]:
    """Build ``grid`` up front, in parallel."""
    paths = builder.build_many(stress_spec(*cfg) for cfg in grid)
    return dict(zip(grid, paths, strict=True))


@pytest.fixture(scope="module")
def grid_binaries(builder: Builder) -> dict[tuple[int, ...], object]:
    return _binaries(builder, GRID)


@pytest.fixture(scope="module")
def rest_binaries(builder: Builder) -> dict[tuple[int, ...], object]:
    return _binaries(builder, REST)


def _stress(exe, cfg: tuple[int, ...]) -> None:
    seed = FULL_GRID.index(cfg) + 1
    for workers in WORKERS:
        out = check(run(exe, [seed, 4, 6], env={"INSPIRE_NUM_WORKERS": str(workers)}))
        assert f"stress ok: seed {seed}" in out


def test_the_grid_part_builds_every_value_of_every_parameter() -> None:
    for k, values in enumerate((POLICIES, QUEUE_SIZES, BUCKETS, BUFFERS, STACKS)):
        assert {cfg[k] for cfg in GRID} == set(values)


@pytest.mark.parametrize("cfg", GRID, ids=_ids(GRID))
def test_stress_grid(grid_binaries: dict, cfg: tuple[int, ...]) -> None:
    _stress(grid_binaries[cfg], cfg)


@pytest.mark.slow
@pytest.mark.parametrize("cfg", REST, ids=_ids(REST))
def test_stress_rest_of_the_grid(rest_binaries: dict, cfg: tuple[int, ...]) -> None:
    _stress(rest_binaries[cfg], cfg)


def sanitizer_available(flag: str) -> bool:
    probe = subprocess.run(
        ["gcc", flag, "-x", "c", "-", "-o", "/dev/null"],
        input="int main(void){return 0;}",
        capture_output=True,
        text=True,
    )
    return probe.returncode == 0


@pytest.mark.slow
@pytest.mark.parametrize("sanitizer", ["thread", "address"])
def test_stress_under_sanitizer(builder: Builder, sanitizer: str) -> None:
    flag = f"-fsanitize={sanitizer}"
    if shutil.which("gcc") is None or not sanitizer_available(flag):
        pytest.fail(f"gcc {flag} is not usable on this machine")
    specs = [
        Spec(
            f"stress-{sanitizer}",
            (TESTS / "test_stress.c", *ALL_SOURCES),
            (("INSPIRE_QUEUE_SIZE", q), ("INSPIRE_STACK_BYTES", 65536)),
            flags=("-O1", "-g", flag, "-fno-omit-frame-pointer"),
        )
        for q in (2,)
    ]
    exes = builder.build_many(specs)
    env_extra = {
        "TSAN_OPTIONS": "halt_on_error=1 abort_on_error=0 exitcode=66",
        "ASAN_OPTIONS": "detect_leaks=0 abort_on_error=0 exitcode=66",
    }
    for exe, workers in itertools.product(exes, [1, 2, 4]):
        proc = run(exe, [7, 3, 5], env={"INSPIRE_NUM_WORKERS": str(workers), **env_extra})
        out = check(proc)
        assert "stress ok" in out
        assert "WARNING: ThreadSanitizer" not in proc.stderr
        assert "ERROR: AddressSanitizer" not in proc.stderr
