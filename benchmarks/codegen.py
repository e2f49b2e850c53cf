"""Small kernels where inspirec must not lose to gcc's OpenMP: seven
programs, each built with gcc -fopenmp and with inspirec at the same
optimisation level, timed side by side (interleaved, rounds of every
program, thread count and compiler).

The kernels stand for what gcc's own OpenMP lowering and libgomp do well
and what the C inspirec emits, or its runtime, must not lose
(``benchmarks/codegen/``):

* ``simd_sum``: a float sum under ``omp simd reduction`` (vectorised only if
  the emitted C keeps the reduction clause);
* ``teams_sum``: ``teams distribute parallel for reduction`` (each thread's
  sum kept in a register);
* ``shortest_paths``: Floyd-Warshall, a parallel loop per ``k`` (the loop
  bound and ``k`` read as values, not through pointers);
* ``stencil_swap``: a region swapping its own input and output pointers
  between worksharing loops;
* ``parallel_simd_sum``: a float sum under ``parallel for simd reduction``
  (each thread's chunks vectorised only if the chunk loop keeps the hint);
* ``axpy``: ``y = a*x + y`` in a ``parallel for`` over an ``int`` index
  (vectorised only if gcc sees the index as affine in the chunk's counter);
* ``wavefront_tasks``: one thread creates a wavefront of small tasks with
  dependences, far more than can run at a time (the runtime must keep the
  waiting tasks, and their memory, bounded).

Every run's output must equal gcc's.  Usage::

    python -m benchmarks.codegen [--rounds 7] [--threads 1,2] [--scale 1.0]

It prints a Markdown section for ``benchmarks/RESULTS.md``: per kernel and
thread count, the median wall time (min-max) of each compiler and their
ratio, with the date, the commit and the load average before and after.
"""

from __future__ import annotations

import argparse
import datetime
import os
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from benchmarks import stats as S

HERE = Path(__file__).resolve().parent / "codegen"
#: Each kernel's arguments at scale 1 (a size scaled by --scale, then the rest).
KERNELS = {
    "simd_sum": (1 << 20, 2000),
    "teams_sum": (1 << 20, 100),
    "shortest_paths": (400,),
    "stencil_swap": (1 << 18, 1000),
    "parallel_simd_sum": (1 << 20, 2000),
    "axpy": (1 << 20, 2000),
    "wavefront_tasks": (300, 4),
}
COMPILERS = ("gcc", "inspirec")


@dataclass(frozen=True)
class Row:
    """The times (s) of one kernel at one thread count, per compiler."""

    kernel: str
    threads: int
    times: dict[str, list[float]]


def build(directory: Path, opt: str = "2") -> dict[tuple[str, str], Path]:
    """Every kernel built by both compilers at ``-O{opt}``: (kernel, compiler) -> binary."""
    binaries = {}
    for kernel in KERNELS:
        source = HERE / f"{kernel}.c"
        for compiler in COMPILERS:
            out = directory / f"{kernel}.{compiler}"
            if compiler == "gcc":
                command = ["gcc", f"-O{opt}", "-fopenmp", str(source), "-o", str(out)]
            else:
                command = [sys.executable, "-m", "inspirec", "build", "-O", opt, str(source)]
                command += ["-o", str(out)]
            subprocess.run(command, check=True, capture_output=True, text=True)
            binaries[(kernel, compiler)] = out
    return binaries


def arguments(kernel: str, scale: float) -> list[str]:
    size, *rest = KERNELS[kernel]
    return [str(max(4, int(size * scale))), *map(str, rest)]


def measure(
    binaries: dict[tuple[str, str], Path], rounds: int, threads: list[int], scale: float
) -> list[Row]:
    """The rows, interleaved: each round runs every kernel, thread count and
    compiler once.  Raises RuntimeError when a run fails or its output
    differs from gcc's."""
    rows = {(k, p): Row(k, p, {c: [] for c in COMPILERS}) for k in KERNELS for p in threads}
    for _ in range(rounds):
        for kernel in KERNELS:
            for count in threads:
                env = {**os.environ, "OMP_NUM_THREADS": str(count)}
                outputs = {}
                for compiler in COMPILERS:
                    command = [str(binaries[(kernel, compiler)]), *arguments(kernel, scale)]
                    start = time.perf_counter()
                    run = subprocess.run(command, capture_output=True, text=True, env=env)
                    elapsed = time.perf_counter() - start
                    if run.returncode != 0:
                        raise RuntimeError(f"{kernel} ({compiler}): exit {run.returncode}")
                    outputs[compiler] = run.stdout
                    rows[(kernel, count)].times[compiler].append(elapsed)
                if outputs["inspirec"] != outputs["gcc"]:
                    raise RuntimeError(f"{kernel} at {count} threads: output differs from gcc's")
    return list(rows.values())


def markdown(rows: list[Row], load: tuple[float, float], commit: str, rounds: int) -> str:
    """The RESULTS.md section of ``rows``."""
    now = datetime.datetime.now().strftime("%Y-%m-%d %H:%M")
    lines = [
        f"Run {now}, commit `{commit}`, {rounds} interleaved rounds, "
        f"load average {load[0]:.2f} before and {load[1]:.2f} after; "
        "wall time in s, median (min-max).",
        "",
        "| kernel | threads | gcc -fopenmp -O2 | inspirec -O 2 | inspirec / gcc |",
        "|---|---|---|---|---|",
    ]
    for row in rows:
        cells = []
        for compiler in COMPILERS:
            s = S.summarize(row.times[compiler])
            cells.append(f"{s.median:.3f} ({s.minimum:.3f}-{s.maximum:.3f})")
        ratio = S.summarize(row.times["inspirec"]).median / S.summarize(row.times["gcc"]).median
        lines.append(f"| {row.kernel} | {row.threads} | {cells[0]} | {cells[1]} | {ratio:.2f} |")
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.codegen", description=__doc__)
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--threads", default="1,2", help="thread counts, comma-separated")
    parser.add_argument("--scale", type=float, default=1.0, help="factor on each kernel's size")
    args = parser.parse_args(argv)
    threads = [int(t) for t in args.threads.split(",") if t.strip()]
    commit = subprocess.run(
        ["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True, cwd=HERE
    ).stdout.strip()
    with tempfile.TemporaryDirectory() as directory:
        binaries = build(Path(directory))
        before = os.getloadavg()[0]
        rows = measure(binaries, args.rounds, threads, args.scale)
        after = os.getloadavg()[0]
    print(markdown(rows, (before, after), commit or "unknown", args.rounds), end="")
    return 0


if __name__ == "__main__":
    sys.exit(main())
