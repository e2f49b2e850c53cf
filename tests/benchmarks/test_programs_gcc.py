"""Build every benchmark program with gcc (serial elision and -fopenmp) and
run its ``test`` size with verification at 1 and 2 threads.

The checksum printed by the serial build must equal the one printed by the
OpenMP build at every thread count, and every run must report
``Verification: successful``.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
BENCH = ROOT / "benchmarks"
COMMON = BENCH / "common"

PROGRAMS = [
    "alignment",
    "delannoy",
    "fft",
    "fib",
    "floorplan",
    "health",
    "nqueens",
    "pyramids",
    "qap2",
    "sort",
    "sparselu_for",
    "sparselu_single",
    "strassen",
    "uts",
]

# (program, extra arguments) pairs that are run; uts also with its binomial shape
CASES = [(name, []) for name in PROGRAMS] + [
    ("uts", ["-t", "0", "-b", "200", "-q", "0.124875", "-m", "8"]),
]

RUN_TIMEOUT = 30
GCC = shutil.which("gcc")

pytestmark = pytest.mark.skipif(GCC is None, reason="gcc not installed")


def _build(src: Path, out: Path, openmp: bool) -> None:
    cmd = [GCC, "-O3", "-std=gnu11", "-Wall", "-Wextra"]
    if openmp:
        cmd.append("-fopenmp")
    else:
        cmd.append("-Wno-unknown-pragmas")
    cmd += [str(src), str(COMMON / "driver.c"), f"-I{COMMON}", "-lm", "-o", str(out)]
    res = subprocess.run(cmd, capture_output=True, text=True, check=False)
    assert res.returncode == 0, f"{' '.join(cmd)}\n{res.stderr}"
    assert res.stderr.strip() == "", f"warnings building {src.name}:\n{res.stderr}"


@pytest.fixture(scope="module")
def binaries(tmp_path_factory: pytest.TempPathFactory) -> dict[tuple[str, bool], Path]:
    outdir = tmp_path_factory.mktemp("bench-gcc")
    jobs = {}
    for name in PROGRAMS:
        src = BENCH / name / f"{name}.c"
        for openmp in (False, True):
            jobs[(name, openmp)] = (src, outdir / f"{name}{'_omp' if openmp else '_ser'}")
    with ThreadPoolExecutor(max_workers=max(2, os.cpu_count() or 2)) as pool:
        futures = [pool.submit(_build, src, out, omp) for (_, omp), (src, out) in jobs.items()]
        for fut in futures:
            fut.result()
    return {key: out for key, (_, out) in jobs.items()}


def _run(binary: Path, args: list[str], threads: int) -> dict[str, str]:
    env = dict(os.environ, OMP_NUM_THREADS=str(threads))
    res = subprocess.run(
        [str(binary), "-s", "test", "-c", *args],
        capture_output=True,
        text=True,
        timeout=RUN_TIMEOUT,
        env=env,
        check=False,
    )
    fields = {}
    for line in res.stdout.splitlines():
        key, sep, value = line.partition(": ")
        if sep:
            fields[key] = value
    assert res.returncode == 0, f"{binary.name} exited {res.returncode}\n{res.stdout}{res.stderr}"
    return fields


@pytest.mark.parametrize(
    ("name", "args"), CASES, ids=[n + ("-" + "".join(a[:2]) if a else "") for n, a in CASES]
)
def test_program(binaries: dict[tuple[str, bool], Path], name: str, args: list[str]) -> None:
    serial = _run(binaries[(name, False)], args, 1)
    assert serial["Benchmark"] == name
    assert serial["Verification"] == "successful"
    assert serial["Time"].endswith(" s")
    for threads in (1, 2):
        par = _run(binaries[(name, True)], args, threads)
        assert par["Threads"] == str(threads)
        assert par["Verification"] == "successful", f"{name} at {threads} threads"
        assert par["Checksum"] == serial["Checksum"], f"{name} at {threads} threads"


def test_every_program_listed() -> None:
    found = sorted(p.parent.name for p in BENCH.glob("*/*.c") if p.parent.name == p.stem)
    assert found == sorted(PROGRAMS)


def test_help_and_bad_usage(binaries: dict[tuple[str, bool], Path]) -> None:
    prog = binaries[("fib", False)]
    res = subprocess.run([str(prog), "-h"], capture_output=True, text=True, check=False)
    assert res.returncode == 0
    assert "-n VALUE" in res.stdout
    res = subprocess.run([str(prog), "-s", "huge"], capture_output=True, text=True, check=False)
    assert res.returncode == 2
    res = subprocess.run(
        [str(prog), "-n", "20"], capture_output=True, text=True, check=False, timeout=RUN_TIMEOUT
    )
    assert res.returncode == 0
    assert "Verification: not performed" in res.stdout
    assert "Checksum: 6765" in res.stdout
