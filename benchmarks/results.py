"""``benchmarks/RESULTS.md`` from one complete run: every program in every
variant, the task micro-benchmark and the parameter sweep.

Outputs: ``benchmarks/results/`` (Markdown parts, small CSV summaries, PNG
plots; raw per-run CSVs under the git-ignored ``results/raw/``) and
``benchmarks/RESULTS.md``.  RESULTS.md keeps its hand-written commentary:
only the text between the two ``generated`` marker lines is replaced.
"""

from __future__ import annotations

import argparse
import csv
import datetime
import json
import os
import platform
import shlex
import subprocess
import sys
from pathlib import Path

from benchmarks import micro, suite, sweep
from benchmarks import report as R
from benchmarks import stats as S
from benchmarks import variants as V

RESULTS_DIR = V.BENCH_DIR / "results"
RESULTS_MD = V.BENCH_DIR / "RESULTS.md"
BEGIN = "<!-- generated: begin (python -m benchmarks results) -->"
END = "<!-- generated: end -->"
# the micro-benchmark's workloads: paper 004 Table 2 (n = 100000; m = 1 and 1000;
# exponential work with lambda = 0.02 against homogeneous work of its mean, 50)
MICRO_TASKS = 100000
MICRO_WORK = (1, 1000)
MICRO_RATES = (0.02,)
SWEEP_SUBSET = ("floorplan", "health", "sort", "strassen")


def machine() -> list[str]:
    """Facts about this machine and its compilers for the report's header."""
    model = "unknown CPU"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    facts = [f"{model}, {os.cpu_count()} CPUs visible, {platform.system()} {platform.release()}"]
    for tool in ("gcc", "clang", "g++"):
        try:
            res = subprocess.run([tool, "--version"], capture_output=True, text=True, check=False)
            facts.append(res.stdout.splitlines()[0] if res.stdout else f"{tool}: not found")
        except OSError:
            facts.append(f"{tool}: not found")
    return facts


def now() -> str:
    """The local time to the minute."""
    return datetime.datetime.now().isoformat(timespec="minutes")


class Timeline:
    """When each part (run, micro, sweep) was measured and the machine's load
    then, kept in ``raw/parts.json`` so that a later ``--skip`` keeps them."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.parts: dict[str, dict[str, str]] = (
            json.loads(path.read_text()) if path.exists() else {}
        )

    def start(self, part: str) -> None:
        self.parts[part] = {"start": now(), "load_before": load(), "commit": commit()}

    def end(self, part: str) -> None:
        self.parts[part].update(end=now(), load_after=load())
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self.path.write_text(json.dumps(self.parts, indent=2, sort_keys=True) + "\n")

    def lines(self) -> list[str]:
        """One line per measured part."""
        out = []
        for part in ("run", "micro", "sweep"):
            info = self.parts.get(part)
            if info:
                out.append(
                    f"- {part}: {info.get('start', '?')} to {info.get('end', '?')}, commit "
                    f"{info.get('commit', 'not recorded')}; load average "
                    f"(1/5/15 min) before {info.get('load_before', 'not recorded')}, after "
                    f"{info.get('load_after', 'not recorded')}"
                )
        return out


def commit() -> str:
    """The checked-out commit (short hash), with ``+changes`` when the tree differs."""
    try:
        head = subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True, check=True
        ).stdout.strip()
        dirty = subprocess.run(
            ["git", "status", "--porcelain", "--untracked-files=no"],
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"
    return head + ("+changes" if dirty else "")


def load() -> str:
    """The load averages (1, 5, 15 minutes)."""
    one, five, fifteen = os.getloadavg()
    return f"{one:.2f} / {five:.2f} / {fifteen:.2f}"


def write_run_summary_csv(rows: list[R.Row], path: Path) -> None:
    """One line per configuration: median, min, max, runs, speed-up, peak RSS."""
    cells = R.aggregate(rows)
    with path.open("w", newline="") as f:
        w = csv.writer(f)
        w.writerow(
            [
                "benchmark",
                "variant",
                "threads",
                "params",
                "median_s",
                "min_s",
                "max_s",
                "ok_runs",
                "speedup_vs_serial",
                "peak_rss_mib",
                "statuses",
            ]
        )
        for (b, v, t, params), cell in sorted(cells.items()):
            tm, rss = cell.time, cell.rss_kib
            sp = S.speedup(R.serial_time(cells, b, params), tm.median if tm else None)
            w.writerow(
                [
                    b,
                    v,
                    t,
                    params,
                    f"{tm.median:.6f}" if tm else "",
                    f"{tm.minimum:.6f}" if tm else "",
                    f"{tm.maximum:.6f}" if tm else "",
                    tm.count if tm else 0,
                    f"{sp:.3f}" if sp else "",
                    f"{rss.median / 1024:.1f}" if rss else "",
                    " ".join(f"{k}:{n}" for k, n in sorted(cell.statuses.items())),
                ]
            )


def _load_line(rows: list[R.Row]) -> list[str]:
    span = R.load_range(rows)
    if span is None:
        return []
    return [f"- 1-minute load average at the start of each run: {span[0]:.2f} to {span[1]:.2f}"]


def generated_text(
    args: argparse.Namespace,
    timeline: Timeline,
    run_rows: list[R.Row],
    micro_rows: list[R.Row],
    sweep_rows: list[R.Row] | None,
    sweep_note: str,
    out: Path,
    images: str,
) -> str:
    """The generated part of RESULTS.md."""
    threads = ",".join(map(str, args.threads))
    lines = [
        "## Run",
        "",
        *timeline.lines(),
        *(f"- {fact}" for fact in machine()),
        f"- Size `{args.size}`, threads {threads}, {args.repetitions} repetitions "
        f"(medians; min-max in `results/summary.md`), time limit {args.timeout:g} s per "
        f"run, threads {'pinned' if args.pin else 'not pinned'}",
        f"- Command: `python -m benchmarks results {_options(args)}`",
        *_load_line(run_rows),
        "",
        "## Speed-up over the serial elision",
        "",
        R.speedup_tables(run_rows),
        "",
        "## Tuned vs default vs best",
        "",
        "T(inspirec-none) / T(variant) per benchmark (> 1: faster than the runtime "
        "defaults); `inspirec` is `--tuning full`.",
        "",
        R.ratio_table(
            run_rows,
            "inspirec-none",
            ["inspirec", "inspirec-classify", "inspirec-nocoalesce"],
            "time",
        ),
        "",
    ]
    if sweep_rows:
        t = max(r.threads for r in sweep_rows)
        lines += [
            f"Parameter sweep at {t} threads ({sweep_note}); paper 000 Table 5's "
            "columns, % = T_opt / T_tuned:",
            "",
            sweep.table5(sweep_rows),
            "",
        ]
    else:
        lines += [f"Parameter sweep: {sweep_note}", ""]
    lines += [
        "## Memory",
        "",
        R.memory_table(run_rows),
        "",
        "Peak RSS default / tuned (> 1: the tuned build uses less memory):",
        "",
        R.ratio_table(run_rows, "inspirec-none", ["inspirec", "inspirec-classify"], "rss"),
        "",
        "## Task micro-benchmark",
        "",
        micro.tables(micro_rows),
        "",
        "## Plots",
        "",
    ]
    for name, caption in (
        ("time_vs_threads.png", "median time vs threads, every benchmark and variant"),
        (
            "peers.png",
            "fib, strassen and sparselu_single against the peers (paper 000 Figs. 11-13)",
        ),
        ("tuned_vs_default.png", "T_default / T_tuned over the benchmarks (paper 000 Fig. 7)"),
        ("memory_tuned_vs_default.png", "peak RSS default / tuned (paper 000 Fig. 9)"),
        ("memory.png", "peak RSS per benchmark and variant"),
        ("micro.png", "task micro-benchmark: time per task"),
    ):
        if (out / name).exists():
            lines += [f"![{caption}]({images}/{name})", f"*{caption}*", ""]
    found = R.notes(run_rows) + R.notes(micro_rows) + (R.notes(sweep_rows) if sweep_rows else [])
    lines += ["## Notes from the run", ""]
    lines += [f"- {n}" for n in found] if found else ["None."]
    return "\n".join(lines).rstrip() + "\n"


def _options(args: argparse.Namespace) -> str:
    opts = [
        "-s",
        args.size,
        "-t",
        ",".join(map(str, args.threads)),
        "-r",
        str(args.repetitions),
        "--timeout",
        f"{args.timeout:g}",
        "--sweep-benchmarks",
        ",".join(args.sweep_benchmarks),
        "--sweep-repetitions",
        str(args.sweep_repetitions),
    ]
    if not args.pin:
        opts.append("--no-pin")
    return shlex.join(opts)


def splice(old: str, generated: str) -> str:
    """``old`` with the text between the markers replaced by ``generated``."""
    block = f"{BEGIN}\n{generated}{END}"
    if BEGIN in old and END in old:
        head, _, rest = old.partition(BEGIN)
        _, _, tail = rest.partition(END)
        return head + block + tail
    title = "# Benchmark results\n\n"
    return title + block + "\n"


def main(args: argparse.Namespace) -> int:
    """Measure what ``--skip`` does not name, then write the results."""
    out = args.out or RESULTS_DIR
    results_md = args.results_md or RESULTS_MD
    raw = out / "raw"
    timeline = Timeline(raw / "parts.json")
    programs = list(V.discover().values())
    if "run" not in args.skip:
        chosen = [V.lookup(n) for n in args.variants] if args.variants else V.VARIANTS.values()
        variants = [v for v in chosen if V.missing(v) is None]
        for v in chosen:
            if V.missing(v) is not None:
                print(f"note: variant {v.name} left out: {V.missing(v)}", file=sys.stderr)
        timeline.start("run")
        suite.run(
            programs,
            variants,
            args.threads,
            args.size,
            args.repetitions,
            args.build_dir,
            raw / "run.csv",
            args.timeout,
            args.pin,
            append=args.append,
        )
        timeline.end("run")
    run_rows = R.read_csv(raw / "run.csv")
    R.write_run_report(run_rows, out, f"Benchmark run ({args.size})")
    write_run_summary_csv(run_rows, out / "run_summary.csv")

    if "micro" not in args.skip:
        variants = [V.VARIANTS[n] for n in micro.DEFAULT_VARIANTS if not V.missing(V.VARIANTS[n])]
        configs = micro.configurations(micro.STRATEGIES, MICRO_TASKS, MICRO_WORK, MICRO_RATES)
        timeline.start("micro")
        micro.run(
            variants,
            configs,
            args.threads,
            args.repetitions,
            args.build_dir,
            out,
            args.timeout,
            args.pin,
        )
        timeline.end("micro")
    micro_rows = R.read_csv(raw / "micro.csv")
    micro.write_report(micro_rows, out)

    sweep_rows = None
    subset = ", ".join(args.sweep_benchmarks)
    sweep_note = (
        f"coordinate search over paper 000 Table 1 for {subset}, "
        f"{args.sweep_repetitions} run(s) per configuration"
    )
    why = V.missing(V.param_variant(sweep.DEFAULTS))
    if "sweep" not in args.skip and why is None:
        found = V.discover()
        chosen_programs = [found[n] for n in args.sweep_benchmarks if n in found]
        timeline.start("sweep")
        sweep.run(
            chosen_programs,
            sweep.TABLE_1,
            "coordinate",
            [max(args.threads)],
            args.size,
            args.sweep_repetitions,
            args.build_dir,
            out,
            args.timeout,
            args.pin,
        )
        timeline.end("sweep")
    if (raw / "sweep.csv").exists() and (why is None or "sweep" in args.skip):
        sweep_rows = R.read_csv(raw / "sweep.csv")
        sweep.write_report(sweep_rows, out)
    elif why is not None:
        sweep_note = f"not run ({why})"

    images = os.path.relpath(out, results_md.parent)
    text = generated_text(
        args,
        timeline,
        run_rows,
        micro_rows,
        sweep_rows,
        sweep_note,
        out,
        images,
    )
    old = results_md.read_text() if results_md.exists() else ""
    results_md.write_text(splice(old, text))
    print(f"wrote {results_md}", file=sys.stderr)
    return 0
