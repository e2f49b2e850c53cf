#!/usr/bin/env python3
"""Build the runtime benchmarks and their OpenMP peers and print one
comparison table: wall-clock kernel time (minimum and median of several
runs, interleaved) and the CPU time (user + sys) of the whole process
(minimum), which a loaded machine disturbs less than the wall clock.

usage: python3 runtime_c/bench/run_bench.py [--fib N] [--tasks N] [--work M] [--runs R]
                                            [--only fib|tasks]
Binaries go to runtime_c/build/bench (git-ignored)."""

from __future__ import annotations

import argparse
import os
import re
import shutil
import statistics
import subprocess
from pathlib import Path
from typing import NamedTuple

HERE = Path(__file__).resolve().parent
RUNTIME = HERE.parent
BUILD = RUNTIME / "build" / "bench"
# The reference row: two serial processes at once, half the slower one's time.
SERIAL_PAIR = "serial, 2 copies at once, time / 2"


def build(out: str, cmd: list[str]) -> Path | None:
    BUILD.mkdir(parents=True, exist_ok=True)
    exe = BUILD / out
    proc = subprocess.run([*cmd, "-o", str(exe)], capture_output=True, text=True)
    if proc.returncode != 0:
        print(f"# could not build {out}: {proc.stderr.strip().splitlines()[-1:]}")
        return None
    return exe


class Timing(NamedTuple):
    wall_min: float
    wall_median: float
    cpu_min: float


def run_once(exe: Path, args: list[str], env: dict[str, str], copies: int) -> tuple[float, float]:
    """Kernel wall time printed by the program, and the process's user + sys
    time.  With copies > 1, that many processes run at the same time and the
    result is the slowest kernel time divided by the number of copies (and the
    CPU time per copy): the time a perfect parallelisation over `copies` CPUs
    would need at that moment."""
    full = {k: v for k, v in os.environ.items() if not k.startswith(("INSPIRE_", "OMP_"))}
    full.update(env)
    procs = [
        subprocess.Popen([str(exe), *args], stdout=subprocess.PIPE, text=True, env=full)
        for _ in range(copies)
    ]
    walls, cpu = [], 0.0
    for proc in procs:
        assert proc.stdout is not None
        out = proc.stdout.read()  # until the child exits; wait4 reaps it and reports its usage
        proc.stdout.close()
        _, status, usage = os.wait4(proc.pid, 0)
        proc.returncode = code = os.waitstatus_to_exitcode(status)
        if code != 0:
            raise SystemExit(f"{exe.name} {args} failed with exit code {code}")
        m = re.search(r"time ([0-9.]+) s", out)
        if not m:
            raise SystemExit(f"{exe.name} printed no kernel time")
        walls.append(float(m.group(1)))
        cpu += usage.ru_utime + usage.ru_stime
    return max(walls) / copies, cpu / copies


Job = tuple[Path, list[str], dict[str, str], int]


def time_all(jobs: list[Job], runs: int) -> list[Timing]:
    """Run every job `runs` times, round-robin (so a burst of load from other
    processes hits all variants alike)."""
    walls: list[list[float]] = [[] for _ in jobs]
    cpus: list[list[float]] = [[] for _ in jobs]
    for _ in range(runs):
        for i, (exe, args, env, copies) in enumerate(jobs):
            wall, cpu = run_once(exe, args, env, copies)
            walls[i].append(wall)
            cpus[i].append(cpu)
    return [Timing(min(w), statistics.median(w), min(c)) for w, c in zip(walls, cpus, strict=True)]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--fib", type=int, default=35)
    ap.add_argument("--tasks", type=int, default=100000)
    ap.add_argument("--work", type=int, default=1)
    ap.add_argument("--runs", type=int, default=7)
    ap.add_argument("--only", choices=["fib", "tasks"], help="run one program only")
    a = ap.parse_args()
    inc = ["-I", str(RUNTIME / "include")]
    rt = [str(p) for p in sorted((RUNTIME / "src").glob("*.c"))]
    exes: dict[str, Path | None] = {}
    for prog in ["fib", "tasks"]:
        exes[f"{prog}-serial"] = build(
            f"{prog}_serial", ["gcc", "-O3", str(HERE / f"{prog}_serial.c")]
        )
        exes[f"{prog}-inspire"] = build(
            f"{prog}_inspire",
            ["gcc", "-O3", "-pthread", *inc, str(HERE / f"{prog}_inspire.c"), *rt],
        )
        exes[f"{prog}-libgomp"] = build(
            f"{prog}_gomp", ["gcc", "-O3", "-fopenmp", str(HERE / f"{prog}_omp.c")]
        )
        if shutil.which("clang"):
            exes[f"{prog}-libomp"] = build(
                f"{prog}_omp_clang", ["clang", "-O3", "-fopenmp", str(HERE / f"{prog}_omp.c")]
            )
    progs = {
        "fib": ([str(a.fib)], f"fib({a.fib})", None),
        "tasks": ([str(a.tasks), str(a.work)], f"{a.tasks} tasks, m={a.work}", a.tasks),
    }
    if a.only:
        progs = {a.only: progs[a.only]}
    # (program, label, variant, threads, job)
    rows: list[tuple[str, str, str, str, Job]] = []
    for prog, (args, label, _) in progs.items():
        serial_exe = exes[f"{prog}-serial"]
        assert serial_exe is not None, "the serial baseline must build"
        rows.append((prog, label, "serial", "-", (serial_exe, args, {}, 1)))
        rows.append((prog, label, SERIAL_PAIR, "2", (serial_exe, args, {}, 2)))
        for variant in ["inspire", "libgomp", "libomp"]:
            exe = exes.get(f"{prog}-{variant}")
            if exe is None:
                continue
            for threads in [1, 2]:
                env = {"INSPIRE_NUM_WORKERS": str(threads), "OMP_NUM_THREADS": str(threads)}
                rows.append((prog, label, variant, str(threads), (exe, args, env, 1)))
    timings = time_all([row[4] for row in rows], a.runs)
    serial = {row[0]: t for row, t in zip(rows, timings, strict=True) if row[2] == "serial"}
    print(
        "| program | variant | threads | time min (s) | time median (s) | vs serial (min) "
        "| vs serial (median) | cpu min (s) | cpu vs serial | per task (ns, min) |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|")
    for (prog, label, variant, threads, _), t in zip(rows, timings, strict=True):
        ntasks = progs[prog][2]
        per = f"{t.wall_min / ntasks * 1e9:.1f}" if ntasks and variant != SERIAL_PAIR else "-"
        base = serial[prog]
        print(
            f"| {label} | {variant} | {threads} | {t.wall_min:.4f} | {t.wall_median:.4f} "
            f"| {t.wall_min / base.wall_min:.2f}x | {t.wall_median / base.wall_median:.2f}x "
            f"| {t.cpu_min:.4f} | {t.cpu_min / base.cpu_min:.2f}x | {per} |"
        )


if __name__ == "__main__":
    main()
