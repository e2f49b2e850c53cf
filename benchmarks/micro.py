"""The task micro-benchmark (after OMPTB, paper 004): ``n`` independent
tasks of work ``m`` created by one thread (``master``), by all threads
(``parallel``) or replaced by a worksharing loop (``for``), with
homogeneous work or work drawn from an exponential distribution.

The task body (``microbench/work.c``) is compiled once with gcc into a
shared library that every variant links, so the variants differ only in
task creation and scheduling (the compiler fairness of paper 004 §3).  A
shared library also puts the body's code at the same address modulo the
page in every variant: linked statically, its place in each binary moved
the loop across cache-line boundaries, and on this machine's 2 vCPUs the
same gcc build ran 1.9x faster or slower at 2 threads depending only on
where the linker had put ``mb_add_bench`` (2026-11-26, ``for``, m = 50).
"""

from __future__ import annotations

import subprocess
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from benchmarks import measure as M
from benchmarks import report as R
from benchmarks import stats as S
from benchmarks import suite
from benchmarks import variants as V
from benchmarks.progress import Progress

MICRO_DIR = V.BENCH_DIR / "microbench"
STRATEGIES = ("master", "parallel", "for")
DEFAULT_VARIANTS = ("serial", "gomp", "omp-clang", "inspirec")
PROGRAM = V.Program("microbench", MICRO_DIR, MICRO_DIR, uses_driver=False)


@dataclass(frozen=True)
class Config:
    """One workload: strategy, number of tasks, work per task or rate."""

    strategy: str
    tasks: int
    work: int  # iterations per task (homogeneous); 0 when heterogeneous
    rate: float = 0.0  # lambda of the exponential distribution; 0: homogeneous

    def args(self) -> list[str]:
        """Command-line arguments of ``microbench``."""
        args = ["-S", self.strategy, "-n", str(self.tasks), "-m", str(self.work)]
        return [*args, "-l", f"{self.rate:g}"] if self.rate > 0 else args

    @property
    def workload(self) -> str:
        """``m=1`` or ``exp(0.02)``."""
        return f"exp(λ={self.rate:g})" if self.rate > 0 else f"m={self.work}"

    @property
    def params(self) -> str:
        """The Size line ``microbench`` prints for this configuration."""
        return (
            f"strategy={self.strategy} n={self.tasks} m={self.work if not self.rate else 0} "
            f"lambda={self.rate:g}"
        )


def configurations(
    strategies: Sequence[str], tasks: int, works: Sequence[int], rates: Sequence[float]
) -> list[Config]:
    """Homogeneous work ``works`` with every strategy; each rate heterogeneously
    with the task strategies and homogeneously with its mean (paper 004 Fig. 7)."""
    bad = [s for s in strategies if s not in STRATEGIES]
    if bad:
        raise SystemExit(f"unknown strategy: {', '.join(bad)} (known: {', '.join(STRATEGIES)})")
    configs: list[Config] = []
    for m in works:
        configs += [Config(s, tasks, m) for s in strategies]
    for rate in rates:
        mean = max(1, round(1 / rate))
        configs += [Config(s, tasks, 0, rate) for s in strategies if s != "for"]
        configs += [
            Config(s, tasks, mean) for s in strategies if Config(s, tasks, mean) not in configs
        ]
    return configs


def work_library(build_dir: Path) -> Path:
    """Compile ``work.c`` with gcc into ``libmbwork.so``; returns its directory."""
    lib_dir = build_dir / "microbench-lib"
    lib = lib_dir / "libmbwork.so"
    src = MICRO_DIR / "work.c"
    if lib.exists() and lib.stat().st_mtime >= max(
        src.stat().st_mtime, (MICRO_DIR / "work.h").stat().st_mtime
    ):
        return lib_dir
    lib_dir.mkdir(parents=True, exist_ok=True)
    subprocess.run(["gcc", "-O3", "-fPIC", "-shared", str(src), "-o", str(lib)], check=True)
    return lib_dir


def work_link(build_dir: Path) -> tuple[list[str], list[Path]]:
    """The link words that make a variant use ``libmbwork.so`` (found at run
    time through its rpath), and the library as a build input."""
    lib_dir = work_library(build_dir)
    extra = ["-L", str(lib_dir), "-l", "mbwork", f"-Wl,-rpath,{lib_dir}"]
    return extra, [lib_dir / "libmbwork.so"]


def run(
    variants: Sequence[V.Variant],
    configs: Sequence[Config],
    threads: Sequence[int],
    repetitions: int,
    build_dir: Path,
    out_dir: Path,
    timeout: float,
    pin: bool = True,
    trace: bool = False,
) -> list[R.Row]:
    """Build the micro-benchmark in every variant and measure every configuration."""
    extra, inputs = work_link(build_dir)
    pairs = [(PROGRAM, v) for v in variants if V.applicable(PROGRAM, v)]
    builds = V.build_all(pairs, build_dir / "micro", extra, inputs)
    csv_path = out_dir / "raw" / "micro.csv"
    rows: list[R.Row] = []
    for res in builds.values():
        if not res.ok:
            print(f"note: microbench [{res.variant}]: {res.note}")
            rows.append(
                R.Row(
                    "microbench", res.variant, 0, "", "", 0, M.STATUS_BUILD_FAILED, detail=res.note
                )
            )
    R.write_csv(csv_path, rows)
    jobs = []
    for v in variants:
        built = builds.get((PROGRAM.name, v.name))
        if built is None or built.binary is None:
            continue
        counts = [1] if v.runtime == V.RUNTIME_SERIAL else list(threads)
        jobs += [(v, built.binary, c, t) for c in configs for t in counts]
    bar = Progress(len(jobs) * repetitions + (len(jobs) if trace else 0))
    timed_out: set[tuple[str, Config, int]] = set()
    for rep in range(repetitions):
        for v, binary, config, t in jobs:
            bar.show(f"{v.name} {config.strategy} {config.workload} T={t} rep {rep + 1}")
            if (v.name, config, t) in timed_out:
                row = R.Row("microbench", v.name, t, "", config.params, rep, M.STATUS_SKIPPED)
            else:
                row = _measure(v, binary, config, t, rep, timeout, pin)
                if row.status == M.STATUS_TIMEOUT:
                    timed_out.add((v.name, config, t))
            rows.append(row)
            R.append_csv(csv_path, row)
            bar.step()
    if trace:
        trace_dir = out_dir / "raw" / "traces"
        trace_dir.mkdir(parents=True, exist_ok=True)
        for v, binary, config, t in jobs:
            bar.show(f"trace {v.name} {config.strategy} {config.workload} T={t}")
            name = f"{v.slug}_{config.strategy}_{config.workload}_T{t}.csv"
            _measure(v, binary, config, t, 0, timeout, pin, trace_dir / name.replace("λ=", ""))
            bar.step()
    bar.close()
    return rows


def _measure(
    variant: V.Variant,
    binary: Path,
    config: Config,
    threads: int,
    rep: int,
    timeout: float,
    pin: bool,
    trace: Path | None = None,
) -> R.Row:
    args = config.args() + (["-T", str(trace)] if trace else [])
    load = suite.load_average()
    res = M.run_pinned(binary, args, variant.runtime, threads, timeout, pin)
    return R.Row.of_run("microbench", variant.name, threads, "", config.params, rep, res, load)


# ---------------------------------------------------------------- report


def _config_of(params: str) -> tuple[str, str]:
    """(strategy, workload) from a Size line ``strategy=master n=... m=1 lambda=0``."""
    items = dict(item.split("=", 1) for item in params.split())
    rate = float(items.get("lambda", "0"))
    workload = f"exp(λ={rate:g})" if rate > 0 else f"m={items.get('m', '?')}"
    return items.get("strategy", "?"), f"n={items.get('n', '?')} {workload}"


def _order(params: str) -> tuple[int, float, int]:
    """Tasks, then work per task (exponential work right after its mean), then strategy."""
    items = dict(item.split("=", 1) for item in params.split())
    rate = float(items.get("lambda", "0"))
    work = 1 / rate + 0.5 if rate > 0 else float(items.get("m", "0"))
    strategy = items.get("strategy", "")
    rank = STRATEGIES.index(strategy) if strategy in STRATEGIES else len(STRATEGIES)
    return int(items.get("n", "0")), work, rank


def tables(rows: Sequence[R.Row]) -> str:
    """Median time per task (ns) and load balance, per configuration x variant x threads."""
    cells = R.aggregate(rows)
    _, variants, threads = R.dimensions(rows)
    columns = [(v, t) for v in variants for t in ([1] if v == "serial" else threads)]
    configs = sorted({p for (_, _, _, p) in cells}, key=_order)
    header = ["workload", "strategy", *[f"{v} T={t}" for v, t in columns]]
    time_body, balance_body = [], []
    for params in configs:
        strategy, workload = _config_of(params)
        tasks = int(dict(i.split("=", 1) for i in params.split())["n"])
        line, bal = [workload, strategy], [workload, strategy]
        for v, t in columns:
            cell = cells.get(("microbench", v, t, params))
            if cell is None or cell.time is None:
                line.append("-" if cell is None else ", ".join(cell.statuses))
                bal.append("-")
                continue
            line.append(
                f"{R.fmt(cell.time.median * 1e9 / tasks)} "
                f"({R.fmt(cell.time.minimum * 1e9 / tasks)}-"
                f"{R.fmt(cell.time.maximum * 1e9 / tasks)})"
            )
            bal.append(_balance(rows, v, t, params))
        time_body.append(line)
        balance_body.append(bal)
    return (
        "Time per task in ns: median (min-max) over repetitions; the time covers the "
        "parallel region that creates and runs all tasks.\n\n"
        + R.md_table(header, time_body)
        + "\n\nLoad balance: tasks run per thread (median run), and the largest count "
        "over the mean (1.00 = even).\n\n" + R.md_table(header, balance_body)
    )


def _balance(rows: Sequence[R.Row], variant: str, threads: int, params: str) -> str:
    runs = sorted(
        (
            r
            for r in rows
            if r.variant == variant
            and r.threads == threads
            and r.params == params
            and r.status == M.STATUS_OK
            and r.counts
            and r.time_s is not None
        ),
        key=lambda r: r.time_s or 0.0,
    )
    if not runs:
        return "-"
    counts = [int(c) for c in runs[len(runs) // 2].counts.split()]
    ratio = S.imbalance(counts)
    return f"{'/'.join(map(str, counts))} ({ratio:.2f})" if ratio else "-"


def plot(rows: Sequence[R.Row], path: Path) -> Path | None:
    """One panel per configuration: time per task vs threads, a line per variant."""
    plt = R._pyplot()
    if plt is None:
        return None
    cells = R.aggregate(rows)
    _, variants, threads = R.dimensions(rows)
    configs = sorted({p for (_, _, _, p) in cells}, key=_order)
    if not configs:
        return None
    cols = 3
    nrows = (len(configs) + cols - 1) // cols
    fig, axes = plt.subplots(nrows, cols, figsize=(4.2 * cols, 3.2 * nrows), squeeze=False)
    for ax, params in zip(axes.flat, configs, strict=False):
        strategy, workload = _config_of(params)
        tasks = int(dict(i.split("=", 1) for i in params.split())["n"])
        for v in variants:
            if v == "serial":
                cell = cells.get(("microbench", v, 1, params))
                if cell and cell.time:
                    ax.axhline(
                        cell.time.median * 1e9 / tasks,
                        color="black",
                        linestyle="--",
                        linewidth=1,
                        label="serial",
                    )
                continue
            xs, ys = [], []
            for t in threads:
                cell = cells.get(("microbench", v, t, params))
                if cell and cell.time:
                    xs.append(t)
                    ys.append(cell.time.median * 1e9 / tasks)
            if xs:
                ax.plot(xs, ys, marker="o", label=v)
        ax.set_title(f"{strategy}, {workload}", fontsize=9)
        ax.set_yscale("log")
        ax.set_xticks(threads)
        ax.set_xlabel("threads")
        ax.set_ylabel("ns per task")
    for ax in list(axes.flat)[len(configs) :]:
        ax.axis("off")
    handles, labels = axes.flat[0].get_legend_handles_labels()
    fig.legend(handles, labels, loc="lower center", ncol=len(labels), fontsize=8)
    fig.suptitle("Task micro-benchmark: median time per task")
    fig.tight_layout(rect=(0, 0.05, 1, 0.96))
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, dpi=90)
    plt.close(fig)
    return path


def write_report(rows: Sequence[R.Row], out_dir: Path) -> Path:
    """``micro.md`` and ``micro.png`` in ``out_dir``."""
    out_dir.mkdir(parents=True, exist_ok=True)
    text = "# Task micro-benchmark\n\n" + tables(rows) + "\n"
    found = R.notes(rows)
    if found:
        text += "\n## Notes\n\n" + "\n".join(f"- {n}" for n in found) + "\n"
    image = plot(rows, out_dir / "micro.png")
    if image is not None:
        text += f"\n![micro]({image.name})\n"
    path = out_dir / "micro.md"
    path.write_text(text)
    return path
