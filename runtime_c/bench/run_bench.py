#!/usr/bin/env python3
"""Build the runtime benchmarks and their OpenMP peers and print one
comparison table (median of several runs, wall-clock kernel time).

usage: python3 runtime_c/bench/run_bench.py [--fib N] [--tasks N] [--work M] [--runs R]
Binaries go to runtime_c/build/bench (git-ignored)."""

from __future__ import annotations

import argparse
import os
import re
import shutil
import statistics
import subprocess
from pathlib import Path

HERE = Path(__file__).resolve().parent
RUNTIME = HERE.parent
BUILD = RUNTIME / "build" / "bench"


def build(out: str, cmd: list[str]) -> Path | None:
    BUILD.mkdir(parents=True, exist_ok=True)
    exe = BUILD / out
    proc = subprocess.run([*cmd, "-o", str(exe)], capture_output=True, text=True)
    if proc.returncode != 0:
        print(f"# could not build {out}: {proc.stderr.strip().splitlines()[-1:]}")
        return None
    return exe


def time_of(exe: Path, args: list[str], env: dict[str, str], runs: int) -> float:
    times = []
    for _ in range(runs):
        full = {k: v for k, v in os.environ.items() if not k.startswith(("INSPIRE_", "OMP_"))}
        full.update(env)
        out = subprocess.run(
            [str(exe), *args], capture_output=True, text=True, env=full, timeout=600, check=True
        ).stdout
        times.append(float(re.search(r"time ([0-9.]+) s", out).group(1)))
    return statistics.median(times)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--fib", type=int, default=35)
    ap.add_argument("--tasks", type=int, default=100000)
    ap.add_argument("--work", type=int, default=1)
    ap.add_argument("--runs", type=int, default=5)
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
    rows = []
    fib_args, task_args = [str(a.fib)], [str(a.tasks), str(a.work)]
    serial = {
        "fib": time_of(exes["fib-serial"], fib_args, {}, a.runs),
        "tasks": time_of(exes["tasks-serial"], task_args, {}, a.runs),
    }
    for prog, args, label in [
        ("fib", fib_args, f"fib({a.fib})"),
        ("tasks", task_args, f"{a.tasks} tasks, m={a.work}"),
    ]:
        rows.append((label, "serial", "-", serial[prog]))
        for variant in ["inspire", "libgomp", "libomp"]:
            exe = exes.get(f"{prog}-{variant}")
            if exe is None:
                continue
            for threads in [1, 2]:
                env = {"INSPIRE_NUM_WORKERS": str(threads), "OMP_NUM_THREADS": str(threads)}
                rows.append((label, variant, str(threads), time_of(exe, args, env, a.runs)))
    print("| program | variant | threads | time (s) | vs serial | per task (ns) |")
    print("|---|---|---|---|---|---|")
    ntasks = {"fib": None, "tasks": a.tasks}
    for label, variant, threads, t in rows:
        prog = "fib" if label.startswith("fib") else "tasks"
        per = f"{t / ntasks[prog] * 1e9:.1f}" if ntasks[prog] else "-"
        print(f"| {label} | {variant} | {threads} | {t:.4f} | {t / serial[prog]:.2f}x | {per} |")


if __name__ == "__main__":
    main()
