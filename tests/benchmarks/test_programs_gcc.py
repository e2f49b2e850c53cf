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

# thread create/join and oneTBB versions: benchmarks/<name>/<name>_pthread.c, <name>_tbb.cpp
PTHREAD_PROGRAMS = ["fib", "nqueens", "pyramids", "sort", "strassen"]
TBB_PROGRAMS = ["fib", "nqueens", "sort", "sparselu_single", "strassen"]

RUN_TIMEOUT = 30
GCC = shutil.which("gcc")
GXX = shutil.which("g++")

pytestmark = pytest.mark.skipif(GCC is None, reason="gcc not installed")


def _build(src: Path, out: Path, openmp: bool) -> None:
    cmd = [GCC, "-O3", "-Wall", "-Wextra"]
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


def _run(
    binary: Path, args: list[str], threads: int, size: list[str] | None = None
) -> dict[str, str]:
    env = dict(os.environ, OMP_NUM_THREADS=str(threads))
    res = subprocess.run(
        [str(binary), *(["-s", "test"] if size is None else size), "-c", *args],
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


def _size_args(size_line: str) -> list[str]:
    """``test n=18 t=5`` -> ``["-n", "18", "-t", "5"]`` (parameter names are letters)."""
    args = []
    for item in size_line.split()[1:]:
        name, _, value = item.partition("=")
        assert len(name) == 1, size_line
        args += [f"-{name}", value]
    return args


@pytest.mark.parametrize("name", PTHREAD_PROGRAMS)
def test_pthread_program(binaries: dict[tuple[str, bool], Path], tmp_path: Path, name: str) -> None:
    out = tmp_path / f"{name}_pthread"
    cmd = [GCC, "-O3", "-Wall", "-Wextra", "-pthread", str(BENCH / name / f"{name}_pthread.c")]
    cmd += [str(COMMON / "driver.c"), f"-I{COMMON}", "-lm", "-o", str(out)]
    res = subprocess.run(cmd, capture_output=True, text=True, check=False)
    assert res.returncode == 0 and res.stderr.strip() == "", res.stderr
    threaded = _run(out, [], 1)
    assert threaded["Benchmark"] == name
    assert threaded["Verification"] == "successful"
    serial = _run(binaries[(name, False)], [], 1, _size_args(threaded["Size"]))
    assert serial["Checksum"] == threaded["Checksum"]


def _have_tbb() -> bool:
    return GXX is not None and any(
        Path(d, "tbb", "task_group.h").exists() for d in ("/usr/include", "/usr/local/include")
    )


@pytest.mark.skipif(not _have_tbb(), reason="oneTBB (libtbb-dev) not installed")
@pytest.mark.parametrize("name", TBB_PROGRAMS)
def test_tbb_program(binaries: dict[tuple[str, bool], Path], tmp_path: Path, name: str) -> None:
    out = tmp_path / f"{name}_tbb"
    cmd = [GXX, "-O3", "-Wall", "-Wextra", "-DBENCH_THREADS_FROM_ENV", f"-I{COMMON}"]
    cmd += [str(BENCH / name / f"{name}_tbb.cpp"), "-x", "c", str(COMMON / "driver.c")]
    cmd += ["-x", "none", "-ltbb", "-lm", "-o", str(out)]
    res = subprocess.run(cmd, capture_output=True, text=True, check=False)
    assert res.returncode == 0 and res.stderr.strip() == "", res.stderr
    serial = _run(binaries[(name, False)], [], 1)
    for threads in (1, 2):
        par = _run(out, [], threads)
        assert par["Threads"] == str(threads)
        assert par["Verification"] == "successful"
        assert par["Checksum"] == serial["Checksum"]


def test_every_program_listed() -> None:
    found = sorted(
        p.parent.name
        for p in BENCH.glob("*/*.c")
        if p.parent.name == p.stem and p.stem != "microbench"
    )
    assert found == sorted(PROGRAMS)
    assert sorted(p.parent.name for p in BENCH.glob("*/*_pthread.c")) == PTHREAD_PROGRAMS
    assert sorted(p.parent.name for p in BENCH.glob("*/*_tbb.cpp")) == TBB_PROGRAMS


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


# Flags that hide the GNU extensions of the system headers from pycparser.
_PYCPARSER_CPP = [
    "-E",
    "-P",
    "-fopenmp",
    "-U__GNUC__",
    "-D__attribute__(x)=",
    "-D__extension__=",
    "-D__restrict=",
    "-D__inline=inline",
    "-D__asm__(x)=",
    "-D__asm(x)=",
    "-D__builtin_va_list=int",
    "-D__typeof__(x)=int",
    "-D__signed__=signed",
    "-D__const=const",
    "-D__volatile__=volatile",
]


PARSED_SOURCES = [
    COMMON / "driver.c",
    *(BENCH / n / f"{n}.c" for n in PROGRAMS),
    *(BENCH / n / f"{n}_pthread.c" for n in PTHREAD_PROGRAMS),
]


@pytest.mark.parametrize("src", PARSED_SOURCES, ids=[p.name for p in PARSED_SOURCES])
def test_parses_with_pycparser(src: Path) -> None:
    c_parser = pytest.importorskip("pycparser.c_parser")
    res = subprocess.run(
        [GCC, *_PYCPARSER_CPP, f"-I{COMMON}", str(src)],
        capture_output=True,
        text=True,
        check=True,
    )
    c_parser.CParser().parse(res.stdout, str(src))
