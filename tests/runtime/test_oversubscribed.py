"""Teams with more threads than the pool has workers: their implicit tasks
share workers, so a thread waiting in a loop for another (an atomic read,
a flush, a critical section, a lock) lets it run (``inspire_poll``) instead
of waiting forever, at any number of workers, with gcc's output."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

PROGRAM = Path(__file__).resolve().parent / "programs" / "oversubscribed_spin.c"


@pytest.fixture(scope="module")
def builds(tmp_path_factory) -> tuple[Path, str | None]:
    d = tmp_path_factory.mktemp("spin")
    ours = d / "ours"
    cmd = [sys.executable, "-m", "inspirec", "build", str(PROGRAM), "-o", str(ours)]
    subprocess.run(cmd, check=True, capture_output=True, timeout=300)
    expected = None
    if shutil.which("gcc"):
        subprocess.run(["gcc", "-fopenmp", str(PROGRAM), "-o", str(d / "gcc")], check=True)
        expected = subprocess.run([d / "gcc"], capture_output=True, text=True, timeout=60).stdout
    return ours, expected


@pytest.mark.parametrize("workers", ["1", "2", "3"])
def test_threads_waiting_for_one_another_finish(builds, workers):
    ours, expected = builds
    environ = {k: v for k, v in os.environ.items() if not k.startswith("OMP_")}
    for _ in range(3):
        got = subprocess.run(
            [ours], capture_output=True, text=True, timeout=60,
            env={**environ, "OMP_NUM_THREADS": workers},
        )  # fmt: skip
        assert got.returncode == 0, got.stderr
        assert got.stdout.splitlines()[-1] == "tickets: 0 1 2 3"
        if expected is not None:
            assert got.stdout == expected
