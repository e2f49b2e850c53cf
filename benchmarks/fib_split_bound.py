"""A lower bound on fib(n)'s time with P workers built from serial clone calls.

Ts for fib is its serial clone (``inspirec build --serial``), and gcc makes
that clone cheaper than the number of calls it stands for: measured, the
clone of fib(k) costs about 1.5 times that of fib(k-1), where the number of
calls grows 1.618 times.  A parallel fib runs the clone on
the subtrees below its tasks, and two clone calls for fib(k-1) and fib(k-2)
cost about 1.1 times the one call for fib(k): every split of the tree adds
work.  So P workers cannot reach Ts / P.

The bound.  A schedule runs the clone on the subtrees of a frontier F of
the call tree (task overhead and the top of the tree cost nothing here), so
its time is at least max(sum(F) / P, max(F)).  For each cost M, a dynamic
program over k finds the frontier of least sum among those whose subtrees
cost at most M; max(that sum / P, M) is then at most the time of every
frontier whose largest subtree costs M, and the least of it over M is a
lower bound for every frontier.  The least sum does not fall as M falls:
once sum / P reaches the best greedy time below, every smaller M bounds at
least that time, and the table stops (the bound is then the least of the
rows shown and that time).  The greedy time is the largest-first
assignment of each least-sum frontier to the least loaded worker: a
schedule that exists, without overheads.

C(k) is the least of ``--reps`` runs of the serial-clone build with ``-n k``
(the program's own ``Time:``, as the suite measures Ts).  Usage::

    python -m benchmarks.fib_split_bound [-n 35] [--workers 2] [--reps 15]

It prints a Markdown section for ``benchmarks/RESULTS.md``.
"""

from __future__ import annotations

import argparse
import datetime
import os
import sys
from pathlib import Path

from benchmarks import measure as M
from benchmarks import variants as V

# Subtrees below this size are timed too coarsely to tell apart (the
# driver's clock counts microseconds); their cost is extrapolated.
SMALLEST_TIMED = 20


def clone_costs(binary: Path, n: int, reps: int, timeout: float) -> dict[int, float]:
    """C(k) in microseconds for k = 0..n: measured from SMALLEST_TIMED up."""
    costs: dict[int, float] = {}
    for k in range(min(SMALLEST_TIMED, n), n + 1):
        times = []
        for _ in range(reps):
            res = M.run_pinned(binary, ["-n", str(k)], V.RUNTIME_SERIAL, 1, timeout, pin=True)
            if res.status != "ok" or res.time_s is None:
                raise SystemExit(f"error: fib -n {k}: {res.status} {res.detail}")
            times.append(res.time_s * 1e6)
        costs[k] = min(times)
    low = min(costs)
    ratio = (costs[low + 1] / costs[low]) if low + 1 in costs else 1.5
    for k in range(low - 1, -1, -1):
        costs[k] = costs[k + 1] / ratio
    return costs


def least_frontier(costs: dict[int, float], n: int, most: float) -> list[float] | None:
    """The clone costs of the subtrees of the frontier of fib(n) with the
    least sum among those whose subtrees each cost at most ``most``; None
    if there is none."""
    best: dict[int, list[float] | None] = {}
    for k in range(n + 1):
        whole = [costs[k]] if costs[k] <= most else None
        split = None
        if k >= 2 and best[k - 1] is not None and best[k - 2] is not None:
            split = best[k - 1] + best[k - 2]
        options = [f for f in (whole, split) if f is not None]
        best[k] = min(options, key=sum) if options else None
    return best[n]


def greedy(pieces: list[float], workers: int) -> float:
    """The time of the largest-first assignment to the least loaded worker."""
    loads = [0.0] * workers
    for c in sorted(pieces, reverse=True):
        loads[loads.index(min(loads))] += c
    return max(loads)


def bound_rows(
    costs: dict[int, float], n: int, workers: int
) -> tuple[list[tuple[float, list[float], float, float]], float, float]:
    """The table's rows (largest subtree cost M, least-sum frontier, bound,
    greedy time), the lower bound and the best greedy time for fib(n)."""
    rows = []
    best = found = None
    for most in sorted({costs[k] for k in range(n + 1)}, reverse=True):
        pieces = least_frontier(costs, n, most)
        if pieces is None:
            break
        work = sum(pieces) / workers
        if found is not None and work >= found:
            break
        bound = max(work, most)
        schedule = greedy(pieces, workers)
        best = bound if best is None else min(best, bound)
        found = schedule if found is None else min(found, schedule)
        rows.append((most, pieces, bound, schedule))
    # The rows left out bound at least `found`, which one schedule takes.
    return rows, min(best, found), found


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m benchmarks.fib_split_bound")
    ap.add_argument("-n", type=int, default=35, help="the Fibonacci number (default 35)")
    ap.add_argument("--workers", type=int, default=2, help="P (default 2)")
    ap.add_argument("--reps", type=int, default=15, help="runs per k, least kept (default 15)")
    ap.add_argument("--build-dir", type=Path, default=V.DEFAULT_BUILD_DIR)
    ap.add_argument("--timeout", type=float, default=120.0)
    args = ap.parse_args(argv)
    if args.n < 2 or args.workers < 1 or args.reps < 1:
        ap.error("need -n >= 2, --workers >= 1 and --reps >= 1")
    variant = V.VARIANTS["inspirec-serial"]
    why = V.missing(variant)
    if why is not None:
        print(f"error: inspirec-serial: {why}", file=sys.stderr)
        return 1
    program = V.discover()["fib"]
    built = V.build_all([(program, variant)], args.build_dir)[("fib", variant.name)]
    if built.binary is None:
        print(f"error: inspirec-serial fib: build failed: {built.note}", file=sys.stderr)
        return 1
    load = os.getloadavg()[0]
    costs = clone_costs(built.binary, args.n, args.reps, args.timeout)
    ts = costs[args.n]

    stamp = datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC")
    title = f"fib({args.n}) from serial clone calls, {args.workers} workers"
    print(f"{title} ({stamp}, load {load:.2f})")
    print()
    print(
        f"`python -m benchmarks.fib_split_bound -n {args.n} --workers {args.workers} "
        f"--reps {args.reps}`"
    )
    print()
    print("| k | C(k) us | C(k-1) + C(k-2) over C(k) |")
    print("|---:|---:|---:|")
    for k in range(max(SMALLEST_TIMED + 2, args.n - 6), args.n + 1):
        print(f"| {k} | {costs[k]:.0f} | {(costs[k - 1] + costs[k - 2]) / costs[k]:.3f} |")
    print()
    print("| largest subtree <= us | subtrees | work / Ts | bound / Ts | greedy / Ts |")
    print("|---:|---:|---:|---:|---:|")
    rows, best, found = bound_rows(costs, args.n, args.workers)
    for most, pieces, bound, schedule in rows:
        print(
            f"| {most:.0f} | {len(pieces)} | {sum(pieces) / ts:.2f} | {bound / ts:.3f} | "
            f"{schedule / ts:.3f} |"
        )
    print()
    print(
        f"Lower bound: **{best / ts:.3f}x Ts**; the best greedy schedule: {found / ts:.3f}x Ts "
        f"(Ts = C({args.n}) = {ts:.0f} us)."
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
