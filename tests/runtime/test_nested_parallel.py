"""Nested parallel regions: a region nested in active ones gets a team when
max-active-levels-var allows it, its size from the encountering task's
nthreads-var (omp_set_num_threads in an implicit task is that task's own)
or OMP_NUM_THREADS's element for its level, as with gcc's libgomp, at any
number of workers (a nested team adds workers when the pool has none free)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

PROGRAMS = Path(__file__).resolve().parent / "programs"

pytestmark = pytest.mark.skipif(shutil.which("gcc") is None, reason="needs gcc -fopenmp")


@pytest.fixture(scope="module")
def builds(tmp_path_factory) -> dict[str, tuple[Path, Path]]:
    out = {}
    for name in ("nested_teams", "nested_defaults"):
        d = tmp_path_factory.mktemp(name)
        ours, gcc = d / "ours", d / "gcc"
        cmd = [sys.executable, "-m", "inspirec", "build", str(PROGRAMS / f"{name}.c"), "-o", ours]
        subprocess.run(cmd, check=True, capture_output=True, timeout=300)
        gcc_cmd = ["gcc", "-fopenmp", str(PROGRAMS / f"{name}.c"), "-o", gcc]
        subprocess.run(gcc_cmd, check=True)
        out[name] = (ours, gcc)
    return out


def run(exe: Path, env: dict[str, str]) -> subprocess.CompletedProcess:
    environ = {k: v for k, v in os.environ.items() if not k.startswith("OMP_")}
    return subprocess.run([exe], capture_output=True, text=True, env={**environ, **env}, timeout=60)


@pytest.mark.parametrize("workers", ["1", "2", "4"])
def test_nested_teams_run_as_gccs(builds, workers):
    ours, gcc = builds["nested_teams"]
    expected = run(gcc, {"OMP_NUM_THREADS": "2"})
    for _ in range(5):
        got = run(ours, {"OMP_NUM_THREADS": workers})
        assert got.returncode == 0, got.stderr
        assert got.stdout == expected.stdout


@pytest.mark.parametrize(
    "env",
    [
        {"OMP_NUM_THREADS": "2"},
        {"OMP_NUM_THREADS": "3,2"},
        {"OMP_NUM_THREADS": "2,3,4"},
        {"OMP_NUM_THREADS": "2", "OMP_NESTED": "true"},
        {"OMP_NUM_THREADS": "2", "OMP_MAX_ACTIVE_LEVELS": "2"},
        {"OMP_NUM_THREADS": "3,2", "OMP_MAX_ACTIVE_LEVELS": "1"},
        {"OMP_NUM_THREADS": "2", "OMP_MAX_ACTIVE_LEVELS": "0"},
    ],
    ids=lambda env: " ".join(f"{k}={v}" for k, v in env.items()),
)
def test_nested_team_sizes_follow_the_environment_as_gccs(builds, env):
    ours, gcc = builds["nested_defaults"]
    got, expected = run(ours, env), run(gcc, env)
    assert got.returncode == 0, got.stderr
    assert got.stdout == expected.stdout
