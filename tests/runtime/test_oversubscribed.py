"""Teams with more threads than the pool has workers, as gcc's libgomp runs
them: every thread of a team runs on an OS thread of its own (the runtime
adds workers), so ``threadprivate`` copies are per thread and persist
between regions, and threads that block (a POSIX barrier) or spin on memory
the runtime does not see (a C11 atomic, a volatile flag) let the others run.
Beyond ``INSPIRE_MAX_THREADS`` team threads share workers, and a thread
waiting in a loop for another at OpenMP synchronization (an atomic read, a
flush, a critical section, a lock) lets it run (``inspire_poll``) instead of
waiting forever.  Every build gives gcc's output at any number of workers."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

PROGRAMS = Path(__file__).resolve().parent / "programs"

# Runtime caps that make team threads share workers: every thread on one
# worker, or on two.
SHARED = {
    "one-worker": "-Wc,-DINSPIRE_MAX_WORKERS=1,-DINSPIRE_MAX_THREADS=1",
    "two-workers": "-Wc,-DINSPIRE_MAX_WORKERS=2,-DINSPIRE_MAX_THREADS=2",
}


def build(d: Path, program: str, name: str, *flags: str) -> tuple[Path, str | None]:
    """Our executable `name` of programs/<program>.c, and gcc's output if gcc
    is here."""
    source = PROGRAMS / f"{program}.c"
    ours = d / name
    cmd = [sys.executable, "-m", "inspirec", "build", str(source), *flags, "-o", str(ours)]
    subprocess.run(cmd, check=True, capture_output=True, timeout=300)
    expected = None
    if shutil.which("gcc"):
        subprocess.run(["gcc", "-fopenmp", str(source), "-o", str(d / "gcc")], check=True)
        expected = subprocess.run([d / "gcc"], capture_output=True, text=True, timeout=60).stdout
    return ours, expected


def run(ours: Path, workers: str) -> str:
    environ = {k: v for k, v in os.environ.items() if not k.startswith(("OMP_", "INSPIRE_"))}
    got = subprocess.run(
        [ours], capture_output=True, text=True, timeout=60,
        env={**environ, "OMP_NUM_THREADS": workers},
    )  # fmt: skip
    assert got.returncode == 0, got.stderr
    return got.stdout


@pytest.fixture(scope="module")
def spin_builds(tmp_path_factory) -> dict[str, tuple[Path, str | None]]:
    d = tmp_path_factory.mktemp("spin")
    builds = {"own-threads": build(d, "oversubscribed_spin", "own-threads")}
    for name, flags in SHARED.items():
        builds[name] = build(d, "oversubscribed_spin", name, flags)
    return builds


@pytest.mark.parametrize("build_name", ["own-threads", *SHARED])
@pytest.mark.parametrize("workers", ["1", "2", "3"])
def test_threads_waiting_for_one_another_finish(spin_builds, build_name, workers):
    ours, expected = spin_builds[build_name]
    for _ in range(3):
        out = run(ours, workers)
        assert out.splitlines()[-1] == "tickets: 0 1 2 3"
        if expected is not None:
            assert out == expected


@pytest.fixture(scope="module")
def team_build(tmp_path_factory) -> tuple[Path, str | None]:
    return build(tmp_path_factory.mktemp("team"), "team_threads", "ours")


@pytest.mark.parametrize("workers", ["1", "2", "3"])
def test_team_threads_are_threads_of_their_own(team_build, workers):
    ours, expected = team_build
    for _ in range(3):
        out = run(ours, workers)
        assert "threadprivate persists: 0 wrong" in out
        assert "nested threadprivate: 0 wrong" in out
        assert "regions in tasks: 32" in out
        assert "threads bound to fewer CPUs: 0" in out
        assert out.splitlines()[-1] == "large threadprivate: 6"
        if expected is not None:
            assert out == expected
