"""Randomized task-tree stress test over the configuration grid, plus
ThreadSanitizer and AddressSanitizer builds."""

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

GRID = list(itertools.product(POLICIES, QUEUE_SIZES, BUCKETS, BUFFERS, STACKS))


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


@pytest.fixture(scope="module")
def grid_binaries(builder: Builder) -> dict[tuple[int, ...], object]:
    """Build the whole grid up front, in parallel."""
    paths = builder.build_many(stress_spec(*cfg) for cfg in GRID)
    return dict(zip(GRID, paths, strict=True))


@pytest.mark.parametrize(
    "cfg", GRID, ids=[f"p{p}-q{q}-b{b}-pb{pb}-s{s // 1024}k" for p, q, b, pb, s in GRID]
)
def test_stress_grid(grid_binaries: dict, cfg: tuple[int, ...]) -> None:
    exe = grid_binaries[cfg]
    seed = GRID.index(cfg) + 1
    for workers in WORKERS:
        out = check(run(exe, [seed, 4, 6], env={"INSPIRE_NUM_WORKERS": str(workers)}))
        assert f"stress ok: seed {seed}" in out


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
