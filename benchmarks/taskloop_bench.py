"""The taskloop micro-benchmark (issue #16): ``taskloopbench/taskloop.c``
built with inspirec, gcc -fopenmp (libgomp) and clang -fopenmp (libomp,
when installed), run side by side.

Every configuration (variant, grainsize, threads) runs once per round, the
rounds repeat ``--reps`` times, so the variants share the machine's load
alike; the table shows the median time per iteration in ns, (min-max) over
the rounds, each run itself the mean of ``-r`` taskloop regions.  Usage::

    python -m benchmarks.taskloop_bench [--reps 7] [--grains 1,16,1000]
        [--threads 1,2] [-n 100000] [-m 1] [--regions 10]

It prints a Markdown section (command, date, load) for
``benchmarks/RESULTS.md``.  A variant that cannot be built here is named in
a note, never silently dropped.
"""

from __future__ import annotations

import argparse
import datetime
import os
import statistics
import subprocess
import sys
from pathlib import Path

from benchmarks import measure as M
from benchmarks import micro
from benchmarks import variants as V

TASKLOOP_DIR = V.BENCH_DIR / "taskloopbench"
PROGRAM = V.Program("taskloop", TASKLOOP_DIR, TASKLOOP_DIR, uses_driver=False)
VARIANTS = ("gomp", "omp-clang", "inspirec")


def _ints(text: str) -> list[int]:
    return [int(x) for x in text.split(",") if x]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m benchmarks.taskloop_bench")
    ap.add_argument("--reps", type=int, default=7, help="rounds (default 7)")
    ap.add_argument("--grains", type=_ints, default=[1, 16, 1000])
    ap.add_argument("--threads", type=_ints, default=[1, 2])
    ap.add_argument("-n", type=int, default=100000, help="iterations")
    ap.add_argument("-m", type=int, default=1, help="work per iteration")
    ap.add_argument("--regions", type=int, default=10, help="taskloop regions per run")
    ap.add_argument("--build-dir", type=Path, default=V.DEFAULT_BUILD_DIR)
    ap.add_argument("--timeout", type=float, default=120.0)
    args = ap.parse_args(argv)
    variants = []
    for name in VARIANTS:
        v = V.VARIANTS[name]
        why = V.missing(v)
        if why is None:
            variants.append(v)
        else:
            print(f"note: {name}: {why}", file=sys.stderr)
    extra, inputs = micro.work_link(args.build_dir)
    builds = V.build_all(
        [(PROGRAM, v) for v in variants], args.build_dir / "taskloop", extra, inputs
    )
    binaries = {}
    for v in variants:
        res = builds[(PROGRAM.name, v.name)]
        if res.binary is None:
            print(f"note: {v.name}: build failed: {res.note}", file=sys.stderr)
        else:
            binaries[v.name] = (v, res.binary)
    configs = [(g, t) for g in args.grains for t in args.threads]
    times: dict[tuple[str, int, int], list[float]] = {}
    loads = []
    for rep in range(args.reps):
        for g, t in configs:
            for name, (v, binary) in binaries.items():
                run_args = ["-n", str(args.n), "-g", str(g), "-m", str(args.m)]
                run_args += ["-r", str(args.regions)]
                loads.append(os.getloadavg()[0])
                res = M.run_pinned(binary, run_args, v.runtime, t, args.timeout, pin=True)
                if res.status != M.STATUS_OK or res.time_s is None:
                    raise SystemExit(f"{name} grain {g} T={t} rep {rep}: {res.status} {res.detail}")
                times.setdefault((name, g, t), []).append(res.time_s / args.n * 1e9)
        print(f"round {rep + 1}/{args.reps} done", file=sys.stderr)
    print(_table(args, binaries, configs, times, loads))
    return 0


def _table(args, binaries, configs, times, loads) -> str:
    command = "python -m benchmarks.taskloop_bench " + " ".join(
        [
            f"--reps {args.reps}",
            f"--grains {','.join(map(str, args.grains))}",
            f"--threads {','.join(map(str, args.threads))}",
            f"-n {args.n} -m {args.m} --regions {args.regions}",
        ]
    )
    uptime = subprocess.run(["uptime"], capture_output=True, text=True).stdout.strip()
    date = datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC")
    names = list(binaries)
    out = [
        f"Command: `{command}`; {date}; {os.cpu_count()} CPUs; `uptime` at the end: "
        f"`{uptime}`; 1-minute load during the runs "
        f"{min(loads):.2f}-{max(loads):.2f}.",
        "",
        "Time per iteration in ns: median (min-max) over the rounds.",
        "",
        "| grainsize | threads | " + " | ".join(names) + " |",
        "|---:|---:|" + "---:|" * len(names),
    ]
    for g, t in configs:
        cells = []
        for name in names:
            xs = times[(name, g, t)]
            cells.append(f"{statistics.median(xs):.3g} ({min(xs):.3g}-{max(xs):.3g})")
        out.append(f"| {g} | {t} | " + " | ".join(cells) + " |")
    return "\n".join(out)


if __name__ == "__main__":
    sys.exit(main())
