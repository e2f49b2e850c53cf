"""Measurements on disk (raw CSV) and their summaries: Markdown tables and
PNG plots (matplotlib, optional: without it the plots are skipped)."""

from __future__ import annotations

import csv
import dataclasses
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from benchmarks import measure as M
from benchmarks import stats as S


@dataclass
class Row:
    """One run (or one build failure) as stored in the raw CSV."""

    benchmark: str
    variant: str
    threads: int
    size: str
    params: str
    rep: int
    status: str
    time_s: float | None = None
    wall_s: float | None = None
    maxrss_kib: int | None = None
    checksum: str = ""
    detail: str = ""
    counts: str = ""  # tasks run per thread (micro-benchmark), space-separated
    load1: float | None = None  # the machine's 1-minute load average when the run started

    @classmethod
    def of_run(
        cls,
        benchmark: str,
        variant: str,
        threads: int,
        size: str,
        params: str,
        rep: int,
        res: M.RunResult,
        load1: float | None = None,
    ) -> Row:
        """The row of one run; ``params`` is used when the output has no Size line."""
        size_line = res.fields.get("Size", "")
        if size:  # the driver's Size line starts with the size class
            size_line = size_line.partition(" ")[2]
        return cls(
            benchmark,
            variant,
            threads,
            size,
            size_line or params,
            rep,
            res.status,
            res.time_s,
            res.wall_s,
            res.maxrss_kib,
            res.fields.get("Checksum", ""),
            res.detail,
            res.fields.get("Tasks per thread", ""),
            load1,
        )


CSV_FIELDS = [f.name for f in dataclasses.fields(Row)]


def _to_csv(row: Row) -> dict[str, str]:
    out = {}
    for name in CSV_FIELDS:
        value = getattr(row, name)
        out[name] = "" if value is None else repr(value) if isinstance(value, float) else value
    return out


def write_csv(path: Path, rows: Iterable[Row]) -> None:
    """Write ``rows`` (with a header) to ``path``, replacing it."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("w", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=CSV_FIELDS)
        writer.writeheader()
        for row in rows:
            writer.writerow(_to_csv(row))


def append_csv(path: Path, row: Row) -> None:
    """Append one row to a CSV written by :func:`write_csv`."""
    with path.open("a", newline="") as f:
        csv.DictWriter(f, fieldnames=CSV_FIELDS).writerow(_to_csv(row))


def read_csv(path: Path) -> list[Row]:
    """The rows of a CSV written by :func:`write_csv`."""
    rows = []
    with path.open(newline="") as f:
        for rec in csv.DictReader(f):
            rows.append(
                Row(
                    rec["benchmark"],
                    rec["variant"],
                    int(rec["threads"]),
                    rec["size"],
                    rec["params"],
                    int(rec["rep"]),
                    rec["status"],
                    float(rec["time_s"]) if rec["time_s"] else None,
                    float(rec["wall_s"]) if rec["wall_s"] else None,
                    int(rec["maxrss_kib"]) if rec["maxrss_kib"] else None,
                    rec["checksum"],
                    rec["detail"],
                    rec.get("counts", ""),
                    float(rec["load1"]) if rec.get("load1") else None,
                )
            )
    return rows


# ---------------------------------------------------------------- aggregation

Key = tuple[str, str, int, str]  # benchmark, variant, threads, params


@dataclass
class Cell:
    """All repetitions of one configuration."""

    time: S.Summary | None
    rss_kib: S.Summary | None
    statuses: dict[str, int]
    checksums: set[str]
    details: list[str]


def aggregate(rows: Iterable[Row]) -> dict[Key, Cell]:
    """Group runs by (benchmark, variant, threads, params) and summarise them."""
    groups: dict[Key, list[Row]] = defaultdict(list)
    for row in rows:
        if row.status != M.STATUS_BUILD_FAILED:
            groups[(row.benchmark, row.variant, row.threads, row.params)].append(row)
    cells = {}
    for key, runs in groups.items():
        ok = [r for r in runs if r.status == M.STATUS_OK and r.time_s is not None]
        statuses: dict[str, int] = defaultdict(int)
        for r in runs:
            statuses[r.status] += 1
        cells[key] = Cell(
            S.summarize(r.time_s for r in ok if r.time_s is not None),
            S.summarize(float(r.maxrss_kib) for r in ok if r.maxrss_kib),
            dict(statuses),
            {r.checksum for r in ok if r.checksum},
            [r.detail for r in runs if r.detail],
        )
    return cells


#: The variants that are serial references: Ts is the faster of their medians.
SERIAL_REFERENCES = ("serial", "inspirec-serial")


def serial_time(cells: dict[Key, Cell], benchmark: str, params: str) -> float | None:
    """Ts of ``benchmark`` with ``params``: the smaller median time of the serial
    elision and of the program's serial clones built without the runtime
    (``inspirec build --serial``, variant ``inspirec-serial``; gcc optimises
    the clones' shape up to 12x better than the plain recursion on fib),
    over those measured."""
    medians = [
        cell.time.median
        for v in SERIAL_REFERENCES
        if (cell := cells.get((benchmark, v, 1, params))) is not None and cell.time is not None
    ]
    return min(medians, default=None)


def load_range(rows: Iterable[Row]) -> tuple[float, float] | None:
    """The smallest and largest 1-minute load average recorded with the runs."""
    loads = [r.load1 for r in rows if r.load1 is not None]
    return (min(loads), max(loads)) if loads else None


def main_params(cells: dict[Key, Cell], benchmark: str) -> str | None:
    """The parameters of the serial run at the size class's own defaults (the
    OpenMP variants'): the most common parameter set among the benchmark's cells."""
    counts: dict[str, int] = defaultdict(int)
    for b, _, _, params in cells:
        if b == benchmark:
            counts[params] += 1
    return max(counts, key=lambda p: counts[p]) if counts else None


def lookup(
    cells: dict[Key, Cell], benchmark: str, variant: str, threads: int
) -> tuple[str, Cell] | None:
    """The cell of (benchmark, variant, threads) whatever its parameters."""
    for (b, v, t, params), cell in cells.items():
        if b == benchmark and v == variant and t == threads:
            return params, cell
    return None


def _ordered(values: Iterable[str], order: Sequence[str]) -> list[str]:
    seen = set(values)
    first = [v for v in order if v in seen]
    return first + sorted(seen - set(first))


def dimensions(rows: Sequence[Row]) -> tuple[list[str], list[str], list[int]]:
    """Benchmarks, variants (in table order) and thread counts present in ``rows``."""
    from benchmarks.variants import VARIANTS

    benches = sorted({r.benchmark for r in rows})
    variants = _ordered((r.variant for r in rows), list(VARIANTS))
    threads = sorted({r.threads for r in rows if r.threads > 0 and r.variant != "serial"})
    return benches, variants, threads or [1]


# ---------------------------------------------------------------- Markdown


def fmt(value: float | None, digits: int = 3) -> str:
    """A number for a table; an en dash when missing."""
    return "-" if value is None else f"{value:.{digits}g}" if value < 1000 else f"{value:.0f}"


def md_table(header: Sequence[str], body: Iterable[Sequence[str]]) -> str:
    """A Markdown table; the first column left-aligned, the others right-aligned."""
    lines = ["| " + " | ".join(header) + " |"]
    lines.append("|" + "|".join([":---"] + ["---:"] * (len(header) - 1)) + "|")
    lines += ["| " + " | ".join(row) + " |" for row in body]
    return "\n".join(lines)


def _cell_text(cell: Cell | None, reference: float | None) -> str:
    if cell is None:
        return "-"
    if cell.time is None:
        bad = ", ".join(sorted(cell.statuses))
        return bad or "-"
    sp = S.speedup(reference, cell.time.median)
    return f"{fmt(sp, 2)}x ({fmt(cell.time.median)} s)" if sp is not None else fmt(cell.time.median)


def speedup_tables(rows: Sequence[Row]) -> str:
    """Per thread count: speed-up over serial (median time) per benchmark x variant."""
    cells = aggregate(rows)
    benches, variants, threads = dimensions(rows)
    shown = [v for v in variants if v != "serial"]
    parts = []
    for t in threads:
        body = []
        for b in benches:
            line = [b]
            main = main_params(cells, b)
            serial = serial_time(cells, b, main) if main is not None else None
            line.append(fmt(serial) + " s" if serial is not None else "-")
            for v in shown:
                found = lookup(cells, b, v, t)
                if found is None:
                    line.append("-")
                    continue
                params, cell = found
                text = _cell_text(cell, serial_time(cells, b, params))
                line.append(text + ("¹" if params != main else ""))
            body.append(line)
        parts.append(
            f"**{t} thread{'s' if t > 1 else ''}**\n\n"
            + md_table(["benchmark", "serial", *shown], body)
        )
    parts.append(
        "Cells: speed-up over Ts with the same parameters (median time in parentheses); "
        "Ts (the serial column) is the faster of the serial elision and the inspirec "
        "--serial build, where it was measured. ¹ run with that version's own default size "
        "(the thread create/join and oneTBB fib versions have smaller ones), against a "
        "serial run of that size."
    )
    return "\n\n".join(parts)


def detail_table(rows: Sequence[Row]) -> str:
    """Every configuration: median, min, max, the median's 95 % bootstrap
    interval, successful runs, peak RSS."""
    cells = aggregate(rows)
    body = []
    for (b, v, t, params), cell in sorted(cells.items()):
        ref = serial_time(cells, b, params)
        tm = cell.time
        rss = cell.rss_kib
        status = ", ".join(f"{k} {n}" for k, n in sorted(cell.statuses.items()))
        body.append(
            [
                b,
                v,
                str(t),
                params,
                fmt(tm.median if tm else None),
                fmt(tm.minimum if tm else None),
                fmt(tm.maximum if tm else None),
                f"{fmt(tm.ci_low)}-{fmt(tm.ci_high)}" if tm else fmt(None),
                fmt(S.speedup(ref, tm.median) if tm else None, 2),
                fmt(rss.median / 1024 if rss else None),
                status,
            ]
        )
    header = [
        "benchmark",
        "variant",
        "T",
        "params",
        "median s",
        "min s",
        "max s",
        "median 95% CI",
        "speed-up",
        "peak RSS MiB",
        "runs",
    ]
    return md_table(header, body)


def ratio_table(rows: Sequence[Row], default: str, others: Sequence[str], metric: str) -> str:
    """``metric(default) / metric(other)`` per benchmark and thread count, with
    the geometric mean; >1 means the other variant is faster / smaller."""
    cells = aggregate(rows)
    benches, variants, threads = dimensions(rows)
    others = [o for o in others if o in variants]
    if default not in variants or not others:
        return f"(needs the variants {default} and one of {', '.join(others) or '-'})"
    header = ["benchmark"] + [f"{o} T={t}" for o in others for t in threads]
    body = []
    columns: dict[str, list[float | None]] = defaultdict(list)
    for b in benches:
        line = [b]
        for o in others:
            for t in threads:
                r = _ratio(cells, b, default, o, t, metric)
                columns[f"{o} T={t}"].append(r)
                line.append(fmt(r, 3))
        body.append(line)
    body.append(["geometric mean"] + [fmt(S.geomean(columns[h]), 3) for h in header[1:]])
    return md_table(header, body)


def _ratio(
    cells: dict[Key, Cell], bench: str, base: str, other: str, threads: int, metric: str
) -> float | None:
    a = lookup(cells, bench, base, threads)
    b = lookup(cells, bench, other, threads)
    if a is None or b is None:
        return None
    sa, sb = (a[1].time, b[1].time) if metric == "time" else (a[1].rss_kib, b[1].rss_kib)
    return S.speedup(sa.median if sa else None, sb.median if sb else None)


def memory_table(rows: Sequence[Row]) -> str:
    """Peak RSS (MiB, median over repetitions) per benchmark x variant at the
    largest thread count."""
    cells = aggregate(rows)
    benches, variants, threads = dimensions(rows)
    t = threads[-1]
    body = []
    for b in benches:
        line = [b]
        for v in variants:
            found = lookup(cells, b, v, 1 if v == "serial" else t)
            rss = found[1].rss_kib if found else None
            line.append(fmt(rss.median / 1024 if rss else None))
        body.append(line)
    return f"Peak RSS in MiB at {t} thread(s) (serial: 1)\n\n" + md_table(
        ["benchmark", *variants], body
    )


def notes(rows: Sequence[Row]) -> list[str]:
    """Build failures, failed runs and checksums that differ from the serial one."""
    out = []
    for r in rows:
        if r.status == M.STATUS_BUILD_FAILED:
            out.append(f"{r.benchmark} [{r.variant}]: {r.detail}")
    cells = aggregate(rows)
    for (b, v, t, params), cell in sorted(cells.items()):
        bad = {k: n for k, n in cell.statuses.items() if k != M.STATUS_OK}
        if bad:
            what = ", ".join(f"{k} x{n}" for k, n in sorted(bad.items()))
            detail = f" ({cell.details[0]})" if cell.details else ""
            out.append(f"{b} [{v}] T={t}: {what}{detail}")
        ref = cells.get((b, "serial", 1, params))
        if ref is not None and ref.checksums and cell.checksums and cell.checksums != ref.checksums:
            out.append(
                f"{b} [{v}] T={t}: checksum {sorted(cell.checksums)} differs from "
                f"serial {sorted(ref.checksums)}"
            )
    return out


def summary_markdown(rows: Sequence[Row], title: str = "Benchmark run") -> str:
    """Every table of a run in one Markdown document."""
    parts = [f"# {title}", "## Speed-up over the serial elision", speedup_tables(rows)]
    parts += [
        "## Tuned (inspirec) vs default (inspirec-none): T_default / T_variant",
        ratio_table(
            rows, "inspirec-none", ["inspirec", "inspirec-classify", "inspirec-nocoalesce"], "time"
        ),
    ]
    parts += [
        "## Memory",
        memory_table(rows),
        "Peak RSS ratio default / tuned (>1: tuned uses less)",
        ratio_table(rows, "inspirec-none", ["inspirec", "inspirec-classify"], "rss"),
    ]
    parts += ["## Every configuration", detail_table(rows)]
    found = notes(rows)
    parts += ["## Notes", "\n".join(f"- {n}" for n in found) if found else "None."]
    return "\n\n".join(parts) + "\n"


# ---------------------------------------------------------------- plots


def _pyplot():
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return None
    return plt


def plots_available() -> bool:
    """Whether matplotlib can be imported."""
    return _pyplot() is not None


def _series(cells: dict[Key, Cell], bench: str, variant: str, params: str, threads: Sequence[int]):
    xs, ys, lo, hi = [], [], [], []
    for t in threads:
        cell = cells.get((bench, variant, t, params))
        if cell is None or cell.time is None:
            continue
        tm = cell.time
        xs.append(t)
        ys.append(tm.median)
        lo.append(tm.median - tm.minimum)
        hi.append(tm.maximum - tm.median)
    return xs, ys, [lo, hi]


def _colors(plt, variants: Sequence[str]) -> dict[str, object]:
    """One fixed color per variant, the same in every panel."""
    cmap = plt.get_cmap("tab10" if len(variants) <= 10 else "tab20")
    return {v: cmap(i % cmap.N) for i, v in enumerate(variants)}


def plot_time_vs_threads(
    rows: Sequence[Row],
    path: Path,
    benches: Sequence[str] | None = None,
    title: str = "Median time vs threads (bars: min-max; versions with other input sizes left out)",
) -> Path | None:
    """One panel per benchmark: median time per variant over thread counts."""
    plt = _pyplot()
    if plt is None:
        return None
    cells = aggregate(rows)
    all_benches, variants, threads = dimensions(rows)
    benches = [b for b in (benches or all_benches) if b in all_benches]
    if not benches:
        return None
    cols = min(4, len(benches))
    nrows = (len(benches) + cols - 1) // cols
    colors = _colors(plt, [v for v in variants if v != "serial"])
    fig, axes = plt.subplots(nrows, cols, figsize=(4.2 * cols, 3.3 * nrows), squeeze=False)
    for ax, b in zip(axes.flat, benches, strict=False):
        main = main_params(cells, b) or ""
        ref = serial_time(cells, b, main)
        if ref is not None:
            ax.axhline(ref, color="black", linestyle="--", linewidth=1, label="serial")
        missing = []
        for v in colors:
            xs, ys, err = _series(cells, b, v, main, threads)
            if xs:
                ax.errorbar(
                    xs, ys, yerr=err, marker="o", markersize=3, capsize=2, label=v, color=colors[v]
                )
            elif any(key[:2] == (b, v) and key[3] == main for key in cells):
                missing.append(v)
        if missing:
            ax.text(
                0.02,
                0.02,
                "no result: " + ", ".join(missing),
                transform=ax.transAxes,
                fontsize=6,
                wrap=True,
            )
        ax.set_title(b)
        ax.set_yscale("log")
        ax.set_xticks(threads)
        ax.set_xlabel("threads")
        ax.set_ylabel("time (s)")
    for ax in list(axes.flat)[len(benches) :]:
        ax.axis("off")
    handles, labels = [], []
    for ax in axes.flat:
        for h, lab in zip(*ax.get_legend_handles_labels(), strict=True):
            if lab not in labels:
                handles.append(h)
                labels.append(lab)
    fig.legend(handles, labels, loc="lower center", ncol=min(6, len(labels)), fontsize=8)
    fig.suptitle(title)
    fig.tight_layout(rect=(0, 0.06 if nrows > 1 else 0.12, 1, 0.97))
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, dpi=90)
    plt.close(fig)
    return path


def plot_ratio_boxes(
    rows: Sequence[Row], path: Path, default: str, tuned: str, metric: str, title: str
) -> Path | None:
    """Box plot over benchmarks of metric(default) / metric(tuned) per thread
    count (paper 000 Figs. 7 and 9)."""
    plt = _pyplot()
    if plt is None:
        return None
    cells = aggregate(rows)
    benches, _, threads = dimensions(rows)
    data, labels = [], []
    for t in threads:
        values = [_ratio(cells, b, default, tuned, t, metric) for b in benches]
        values = [v for v in values if v is not None]
        if values:
            data.append(values)
            labels.append(str(t))
    if not data:
        return None
    fig, ax = plt.subplots(figsize=(5, 3.6))
    ax.boxplot(data)
    ax.set_xticks(range(1, len(labels) + 1), labels)
    ax.axhline(1.0, color="grey", linestyle=":")
    ax.set_xlabel("threads")
    ax.set_ylabel(f"{metric} {default} / {tuned}")
    ax.set_title(title, fontsize=10)
    fig.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, dpi=90)
    plt.close(fig)
    return path


def plot_memory(rows: Sequence[Row], path: Path) -> Path | None:
    """Peak RSS per benchmark and variant at the largest thread count (log scale)."""
    plt = _pyplot()
    if plt is None:
        return None
    cells = aggregate(rows)
    benches, variants, threads = dimensions(rows)
    t = threads[-1]
    fig, ax = plt.subplots(figsize=(max(6, 0.9 * len(benches)), 4))
    width = 0.8 / max(1, len(variants))
    for i, v in enumerate(variants):
        xs, ys = [], []
        for j, b in enumerate(benches):
            found = lookup(cells, b, v, 1 if v == "serial" else t)
            if found and found[1].rss_kib:
                xs.append(j + i * width)
                ys.append(found[1].rss_kib.median / 1024)
        if xs:
            ax.bar(xs, ys, width=width, label=v)
    ax.set_xticks([j + 0.4 - width / 2 for j in range(len(benches))])
    ax.set_xticklabels(benches, rotation=45, ha="right")
    ax.set_yscale("log")
    ax.set_ylabel("peak RSS (MiB)")
    ax.set_title(f"Peak resident set size at {t} thread(s)")
    ax.legend(fontsize=7, ncol=2)
    fig.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, dpi=90)
    plt.close(fig)
    return path


def write_run_report(rows: Sequence[Row], out_dir: Path, title: str = "Benchmark run") -> Path:
    """``summary.md`` and the PNG plots of a run in ``out_dir``."""
    out_dir.mkdir(parents=True, exist_ok=True)
    summary = out_dir / "summary.md"
    text = summary_markdown(rows, title)
    made = [
        plot_time_vs_threads(rows, out_dir / "time_vs_threads.png"),
        plot_time_vs_threads(
            rows,
            out_dir / "peers.png",
            ["fib", "strassen", "sparselu_single"],
            "fib, strassen, sparselu_single: every variant",
        ),
        plot_ratio_boxes(
            rows,
            out_dir / "tuned_vs_default.png",
            "inspirec-none",
            "inspirec",
            "time",
            "T_default / T_tuned over benchmarks (>1: tuned faster)",
        ),
        plot_ratio_boxes(
            rows,
            out_dir / "memory_tuned_vs_default.png",
            "inspirec-none",
            "inspirec",
            "rss",
            "peak RSS default / tuned (>1: tuned smaller)",
        ),
        plot_memory(rows, out_dir / "memory.png"),
    ]
    images = [p for p in made if p is not None]
    if images:
        text += "\n## Plots\n\n" + "\n".join(f"![{p.stem}]({p.name})" for p in images) + "\n"
    elif not plots_available():
        text += "\n(matplotlib is not installed: no plots)\n"
    summary.write_text(text)
    return summary
