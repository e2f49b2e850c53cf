"""Command line of the benchmark harness: ``python -m benchmarks VERB ...``.

Verbs: ``list`` (programs and variants), ``run`` (measure), ``report``
(summaries and plots from a CSV), ``micro`` (task micro-benchmark),
``sweep`` (runtime parameter sweep), ``results`` (everything, then
``benchmarks/RESULTS.md``).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from benchmarks import micro, results, suite, sweep
from benchmarks import report as R
from benchmarks import variants as V


def _csv_list(text: str) -> list[str]:
    return [item.strip() for item in text.split(",") if item.strip()]


def _int_list(text: str) -> list[int]:
    try:
        values = [int(item) for item in _csv_list(text)]
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a list of integers: {text!r}") from None
    if not values or min(values) < 1:
        raise argparse.ArgumentTypeError(f"thread counts must be >= 1: {text!r}")
    return values


def _select_programs(root: Path, names: list[str] | None) -> list[V.Program]:
    found = V.discover(root)
    if not names:
        return list(found.values())
    unknown = [n for n in names if n not in found]
    if unknown:
        raise SystemExit(f"unknown benchmark(s): {', '.join(unknown)} (known: {', '.join(found)})")
    return [found[n] for n in names]


def _select_variants(names: list[str] | None, default: tuple[str, ...]) -> list[V.Variant]:
    try:
        return [V.lookup(n) for n in (names or default)]
    except (KeyError, ValueError) as exc:
        raise SystemExit(str(exc)) from None


def _common(p: argparse.ArgumentParser, threads: str = "1,2") -> None:
    p.add_argument(
        "-t",
        "--threads",
        type=_int_list,
        default=_int_list(threads),
        help=f"thread counts, comma-separated (default {threads})",
    )
    p.add_argument(
        "-r", "--repetitions", type=int, default=3, help="runs of every configuration (default 3)"
    )
    p.add_argument(
        "--timeout",
        type=float,
        default=60.0,
        help="seconds before a run is killed; a configuration that times out is "
        "not repeated (default 60)",
    )
    p.add_argument(
        "--no-pin",
        dest="pin",
        action="store_false",
        help="do not pin threads (default: OMP_PROC_BIND=true OMP_PLACES=cores, "
        "INSPIRE_AFFINITY=compact, CPU mask of the first T cores)",
    )
    p.add_argument(
        "--build-dir",
        type=Path,
        default=V.DEFAULT_BUILD_DIR,
        help="where binaries go (default benchmarks/build)",
    )
    p.add_argument(
        "-o", "--out", type=Path, default=None, help="directory of the CSV, Markdown and PNG output"
    )


def parser() -> argparse.ArgumentParser:
    """The argument parser of every verb."""
    top = argparse.ArgumentParser(
        prog="python -m benchmarks",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    verbs = top.add_subparsers(dest="verb", required=True, metavar="VERB")

    p = verbs.add_parser("list", help="programs, variants and what this machine lacks")
    p.add_argument("--bench-dir", type=Path, default=V.BENCH_DIR, help=argparse.SUPPRESS)

    p = verbs.add_parser("run", help="build and measure programs x variants x threads")
    p.add_argument(
        "--min-repetitions",
        type=int,
        default=3,
        help="successful runs before a configuration may stop repeating (default 3); "
        "-r is then the most runs",
    )
    p.add_argument(
        "--tolerance",
        type=float,
        default=0.05,
        help="stop repeating a configuration once the 95%% bootstrap interval of its "
        "median is within this fraction of the median (default 0.05)",
    )
    p.add_argument(
        "-b",
        "--benchmarks",
        type=_csv_list,
        default=None,
        help="programs, comma-separated (default: all)",
    )
    p.add_argument(
        "-v",
        "--variants",
        type=V.variant_list_arg,
        default=None,
        help="variants, comma-separated (default: all; see `list`); "
        "inspirec[queue_size=8,stack_bytes=64K] builds with --param flags",
    )
    p.add_argument("-s", "--size", default="medium", help="size class: test, medium, paper")
    p.add_argument(
        "--verify",
        action="store_true",
        help="pass -c: every run also checks its result against its serial code",
    )
    p.add_argument(
        "--bench-dir",
        type=Path,
        default=V.BENCH_DIR,
        help="root of the programs (default: this directory)",
    )
    _common(p)

    p = verbs.add_parser("report", help="summary.md and plots from a run's CSV")
    p.add_argument("csv", type=Path)
    p.add_argument(
        "-o", "--out", type=Path, default=None, help="output directory (default: the CSV's)"
    )

    p = verbs.add_parser("micro", help="task micro-benchmark (paper 004)")
    p.add_argument(
        "-v",
        "--variants",
        type=V.variant_list_arg,
        default=None,
        help=f"variants (default {','.join(micro.DEFAULT_VARIANTS)})",
    )
    p.add_argument(
        "-S",
        "--strategies",
        type=_csv_list,
        default=list(micro.STRATEGIES),
        help="master, parallel, for (default: all)",
    )
    p.add_argument("-n", "--tasks", type=int, default=100000, help="tasks (default 100000)")
    p.add_argument(
        "-m",
        "--work",
        type=_int_list,
        default=[1, 1000],
        help="homogeneous work per task, comma-separated (default 1,1000)",
    )
    p.add_argument(
        "-l",
        "--lambdas",
        type=lambda s: [float(x) for x in _csv_list(s)],
        default=[0.02],
        help="heterogeneous work: exponential rates, comma-separated; each is also "
        "run homogeneously with its mean (default 0.02, mean 50); '' for none",
    )
    p.add_argument(
        "--trace",
        action="store_true",
        help="also write a per-task trace of one run per configuration",
    )
    _common(p)

    p = verbs.add_parser("sweep", help="explore the runtime parameters per benchmark")
    p.add_argument(
        "-b", "--benchmarks", type=_csv_list, default=None, help="programs (default: all)"
    )
    p.add_argument("-s", "--size", default="medium")
    p.add_argument(
        "--method",
        choices=("coordinate", "grid"),
        default="coordinate",
        help="coordinate: one parameter at a time from the defaults, keeping the "
        "best value (default); grid: every combination of the values",
    )
    p.add_argument(
        "--values",
        action="append",
        default=[],
        metavar="NAME=V1,V2,...",
        help="values to explore for one parameter (default: paper 000 Table 1)",
    )
    p.add_argument("--bench-dir", type=Path, default=V.BENCH_DIR, help=argparse.SUPPRESS)
    _common(p, threads="2")

    p = verbs.add_parser("results", help="run, micro and sweep, then write RESULTS.md")
    p.add_argument("-s", "--size", default="medium")
    p.add_argument(
        "--sweep-benchmarks",
        type=_csv_list,
        default=list(results.SWEEP_SUBSET),
        help=f"programs for the sweep (default {','.join(results.SWEEP_SUBSET)})",
    )
    p.add_argument("--sweep-repetitions", type=int, default=1)
    p.add_argument(
        "--skip",
        type=_csv_list,
        default=[],
        help="parts to reuse from an earlier run instead of measuring: run,micro,sweep",
    )
    p.add_argument(
        "-v",
        "--variants",
        type=V.variant_list_arg,
        default=None,
        help="variants of the run part (default: all available)",
    )
    p.add_argument(
        "--append",
        action="store_true",
        help="add the run part's rows to the earlier run's CSV (e.g. variants that "
        "became available later) instead of replacing it",
    )
    p.add_argument(
        "--results-md",
        type=Path,
        default=None,
        help="the Markdown file to write (default benchmarks/RESULTS.md)",
    )
    _common(p)
    return top


def main(argv: list[str] | None = None) -> int:
    """Entry point; returns the exit status."""
    args = parser().parse_args(argv)
    if args.verb == "list":
        return _list(args.bench_dir)
    if args.verb == "report":
        out = args.out or args.csv.parent
        summary = R.write_run_report(R.read_csv(args.csv), out)
        print(f"wrote {summary}")
        return 0
    if args.verb == "run":
        programs = _select_programs(args.bench_dir, args.benchmarks)
        variants = _select_variants(args.variants, V.DEFAULT_VARIANTS)
        out = args.out or args.build_dir / "run"
        csv_path = out / "raw" / "run.csv"
        rows = suite.run(
            programs,
            variants,
            args.threads,
            args.size,
            args.repetitions,
            args.build_dir,
            csv_path,
            args.timeout,
            args.pin,
            args.verify,
            min_repetitions=args.min_repetitions,
            tolerance=args.tolerance,
        )
        summary = R.write_run_report(rows, out, f"Benchmark run ({args.size})")
        print(f"wrote {csv_path} and {summary}")
        return 0
    if args.verb == "micro":
        variants = _select_variants(args.variants, micro.DEFAULT_VARIANTS)
        out = args.out or args.build_dir / "micro"
        configs = micro.configurations(args.strategies, args.tasks, args.work, args.lambdas)
        rows = micro.run(
            variants,
            configs,
            args.threads,
            args.repetitions,
            args.build_dir,
            out,
            args.timeout,
            args.pin,
            args.trace,
        )
        summary = micro.write_report(rows, out)
        print(f"wrote {summary}")
        return 0
    if args.verb == "sweep":
        programs = _select_programs(args.bench_dir, args.benchmarks)
        try:
            space = sweep.parse_space(args.values)
        except ValueError as exc:
            raise SystemExit(str(exc)) from None
        out = args.out or args.build_dir / "sweep"
        rows = sweep.run(
            programs,
            space,
            args.method,
            args.threads,
            args.size,
            args.repetitions,
            args.build_dir,
            out,
            args.timeout,
            args.pin,
        )
        summary = sweep.write_report(rows, out)
        print(f"wrote {summary}")
        return 0
    if args.verb == "results":
        return results.main(args)
    raise AssertionError(args.verb)


def _list(root: Path) -> int:
    programs = V.discover(root)
    print("programs:")
    for prog in programs.values():
        kinds = [k for k in (V.SOURCE_OPENMP, V.SOURCE_PTHREAD, V.SOURCE_TBB) if prog.source(k)]
        print(f"  {prog.name:16} {' '.join(kinds)}")
    print("variants:")
    for v in V.VARIANTS.values():
        why = V.missing(v)
        print(f"  {v.name:20} {v.description}" + (f"  [unavailable: {why}]" if why else ""))
    print("parameter variants: inspirec[NAME=VALUE,...] with NAME in " + ", ".join(V.PARAM_NAMES))
    return 0


if __name__ == "__main__":
    sys.exit(main())
