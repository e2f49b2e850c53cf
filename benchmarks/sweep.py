"""The runtime parameter sweep (paper 000 Table 1 and Table 5).

Per benchmark, inspirec builds the program with explicit runtime
parameters (``--param NAME=VALUE``) and measures each configuration:

* ``coordinate`` (default): start from the runtime defaults and explore one
  parameter at a time over its values, keeping the best value before moving
  to the next parameter (1 + sum of (values - 1) configurations: 26 for
  Table 1 instead of its 5760 combinations);
* ``grid``: every combination of the given values (use with ``--values`` to
  keep it small).

Afterwards the defaults, the best configuration found and ``inspirec``
(``--tuning full``) are measured again, interleaved, with at least three
repetitions, and the report gives paper 000 Table 5's columns: default
time, best ("Opt."), tuned, and the share of the optimum the tuned build
reaches, T_opt / T_tuned.
"""

from __future__ import annotations

import itertools
import json
import math
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path

from benchmarks import measure as M
from benchmarks import report as R
from benchmarks import stats as S
from benchmarks import suite
from benchmarks import variants as V
from benchmarks.progress import Progress

# paper 000 Table 1; the first value of each is the runtime's default
TABLE_1: dict[str, tuple[str, ...]] = {
    "queue_policy": (
        "push_back_steal_back",
        "push_front_steal_back",
        "push_back_steal_front",
        "push_front_steal_front",
    ),
    "queue_size": ("16", "4", "8", "32", "64", "128"),
    "event_table_buckets": ("97", "1021", "64567", "256019"),
    "param_buffer_bytes": ("128", "32", "64", "256", "512", "1024"),
    "stack_bytes": ("8M", "16K", "32K", "64K", "128K", "256K", "512K", "1M", "2M", "4M"),
}
DEFAULTS = {name: values[0] for name, values in TABLE_1.items()}

Config = tuple[tuple[str, str], ...]  # (name, value) in V.PARAM_NAMES order


def parse_space(items: Sequence[str]) -> dict[str, tuple[str, ...]]:
    """Table 1, with the values of ``NAME=V1,V2,...`` items replacing a parameter's."""
    space = dict(TABLE_1)
    for item in items:
        name, sep, values = item.partition("=")
        if not sep or name not in TABLE_1 or not values:
            raise ValueError(
                f"--values wants NAME=V1,V2,... with NAME in {', '.join(TABLE_1)}: {item!r}"
            )
        space[name] = tuple(v.strip() for v in values.split(",") if v.strip())
    return space


def as_config(params: Mapping[str, str]) -> Config:
    """A hashable configuration in parameter order."""
    return tuple((k, params[k]) for k in V.PARAM_NAMES if k in params)


def describe(config: Config) -> str:
    """``queue_size=8 stack_bytes=64K``: the parameters that differ from the defaults."""
    changed = [f"{k}={v}" for k, v in config if DEFAULTS.get(k) != v]
    return " ".join(changed) or "defaults"


def coordinate_order(space: Mapping[str, Sequence[str]]) -> list[str]:
    """Parameters in the order the coordinate search visits them."""
    return [k for k in V.PARAM_NAMES if k in space]


class Explorer:
    """Measures configurations of one program, building each once."""

    def __init__(
        self,
        program: V.Program,
        threads: int,
        size: str,
        repetitions: int,
        build_dir: Path,
        timeout: float,
        pin: bool,
        record: Callable[[R.Row], None],
        bar: Progress,
    ) -> None:
        self.program = program
        self.threads = threads
        self.size = size
        self.repetitions = repetitions
        self.build_dir = build_dir
        self.timeout = timeout
        self.pin = pin
        self.record = record
        self.bar = bar
        self.times: dict[Config, float] = {}

    def run_variant(self, variant: V.Variant, rep: int, label: str | None = None) -> R.Row:
        """Build (if needed) and run ``variant`` once; the row, its variant
        column ``label`` if given, is recorded."""
        built = V.build(self.program, variant, self.build_dir)
        name = label or variant.name
        if built.binary is None:
            row = R.Row(
                self.program.name,
                name,
                self.threads,
                self.size,
                "",
                rep,
                M.STATUS_BUILD_FAILED,
                detail=built.note,
            )
        else:
            load = suite.load_average()
            res = M.run_pinned(
                built.binary,
                ["-s", self.size],
                variant.runtime,
                self.threads,
                self.timeout,
                self.pin,
            )
            params = suite.params_key(suite.help_params(built.binary, self.size))
            row = R.Row.of_run(
                self.program.name, name, self.threads, self.size, params, rep, res, load
            )
        self.record(row)
        return row

    def measure(self, config: Config) -> float:
        """Median time of ``config`` (infinite if it fails); cached."""
        if config in self.times:
            return self.times[config]
        variant = V.param_variant(dict(config))
        self.bar.show(f"{self.program.name} {describe(config)}")
        times = []
        for rep in range(self.repetitions):
            row = self.run_variant(variant, rep)
            if row.status != M.STATUS_OK or row.time_s is None:
                if row.status != M.STATUS_TIMEOUT:
                    self.bar.note(
                        f"note: {self.program.name} {describe(config)}: {row.status} {row.detail}"
                    )
                times = []
                break
            times.append(row.time_s)
        summary = S.summarize(times)
        self.times[config] = summary.median if summary else float("inf")
        self.bar.step()
        return self.times[config]


def configurations(space: Mapping[str, Sequence[str]], method: str) -> int:
    """How many configurations ``method`` measures per benchmark."""
    if method == "grid":
        count = 1
        for values in space.values():
            count *= len(values)
        return count
    return 1 + sum(len(v) - 1 for v in space.values())


def explore(explorer: Explorer, space: Mapping[str, Sequence[str]], method: str) -> Config:
    """The best configuration ``method`` finds."""
    if method == "grid":
        names = coordinate_order(space)
        for values in itertools.product(*(space[n] for n in names)):
            explorer.measure(tuple(zip(names, values, strict=True)))
    else:
        current = {k: space[k][0] for k in coordinate_order(space)}
        explorer.measure(as_config(current))
        for name in coordinate_order(space):
            best_value, best_time = current[name], explorer.measure(as_config(current))
            for value in space[name][1:]:
                t = explorer.measure(as_config({**current, name: value}))
                if t < best_time:
                    best_value, best_time = value, t
            current[name] = best_value
    return min(explorer.times, key=lambda c: explorer.times[c])


def run(
    programs: Sequence[V.Program],
    space: Mapping[str, Sequence[str]],
    method: str,
    threads: Sequence[int],
    size: str,
    repetitions: int,
    build_dir: Path,
    out_dir: Path,
    timeout: float,
    pin: bool = True,
) -> list[R.Row]:
    """Sweep every program at the largest of ``threads``; returns every row."""
    probe = V.param_variant(DEFAULTS)
    why = V.missing(probe)
    if why is not None:
        raise SystemExit(f"sweep: {why}")
    t = max(threads)
    csv_path = out_dir / "raw" / "sweep.csv"
    R.write_csv(csv_path, [])
    rows: list[R.Row] = []

    def record(row: R.Row) -> None:
        rows.append(row)
        R.append_csv(csv_path, row)

    final_reps = max(3, repetitions)
    per_program = configurations(space, method) + final_reps
    bar = Progress(per_program * len(programs))
    best: dict[str, dict[str, str]] = {}
    for program in programs:
        explorer = Explorer(
            program, t, size, repetitions, build_dir / "sweep", timeout, pin, record, bar
        )
        found = explore(explorer, space, method)
        if not math.isfinite(explorer.times[found]):
            bar.note(f"note: {program.name}: no configuration ran successfully")
            bar.step(final_reps)
            continue
        best[program.name] = dict(found)
        bar.note(
            f"{program.name}: best {describe(found)} "
            f"({explorer.times[found]:.4g} s; defaults "
            f"{explorer.times.get(as_config(DEFAULTS), float('nan')):.4g} s)"
        )
        final = [
            ("sweep:default", V.param_variant(DEFAULTS)),
            ("sweep:best", V.param_variant(dict(found))),
            ("inspirec", V.VARIANTS["inspirec"]),
        ]
        for rep in range(final_reps):
            for label, variant in final:
                bar.show(f"{program.name} final {label} rep {rep + 1}")
                explorer.run_variant(variant, rep, label)
            bar.step()
    bar.close()
    (out_dir / "best.json").write_text(json.dumps(best, indent=2, sort_keys=True) + "\n")
    return rows


# ---------------------------------------------------------------- report


def table5(rows: Sequence[R.Row]) -> str:
    """Paper 000 Table 5: default, best, tuned time and T_opt / T_tuned (the
    best is measured again, so on a noisy machine it can come out slower than
    the default, and the share can exceed 100 %)."""
    cells = R.aggregate(rows)
    body = []
    for b in sorted({r.benchmark for r in rows}):
        found = {v: c for (bb, v, _, _), c in cells.items() if bb == b}
        times = {}
        texts = []
        for label in ("sweep:default", "sweep:best", "inspirec"):
            cell = found.get(label)
            times[label] = cell.time.median if cell and cell.time else None
            status = ", ".join(sorted(cell.statuses)) if cell and not cell.time else "-"
            texts.append(R.fmt(times[label]) if times[label] is not None else status)
        d, o, tuned = times["sweep:default"], times["sweep:best"], times["inspirec"]
        share = S.share_of_optimum(d, o, tuned) if None not in (d, o, tuned) else None
        share_text = f"{share * 100:.1f}%" if share is not None else "-"
        body.append([b, *texts, share_text, _best_label(rows, b), str(_explored(rows, b))])
    header = [
        "benchmark",
        "Def. (s)",
        "Opt. (s)",
        "Tuned (s)",
        "% = Opt/Tuned",
        "best configuration found",
        "configs",
    ]
    return R.md_table(header, body)


def _explored(rows: Sequence[R.Row], bench: str) -> int:
    return len(
        {
            r.variant
            for r in rows
            if r.benchmark == bench and r.variant.startswith("insp") and "[" in r.variant
        }
    )


def _best_label(rows: Sequence[R.Row], bench: str) -> str:
    """The exploration's best configuration (lowest median), as a short label."""
    cells = R.aggregate(r for r in rows if r.benchmark == bench and "[" in r.variant)
    timed = [(c.time.median, v) for (_, v, _, _), c in cells.items() if c.time is not None]
    if not timed:
        return "-"
    variant = V.lookup(min(timed)[1])
    return describe(variant.params)


def exploration_table(rows: Sequence[R.Row]) -> str:
    """Every configuration measured during the exploration, per benchmark."""
    cells = R.aggregate(r for r in rows if "[" in r.variant)
    body = []
    for (b, v, _, _), cell in sorted(
        cells.items(), key=lambda kv: (kv[0][0], kv[1].time.median if kv[1].time else float("inf"))
    ):
        label = describe(V.lookup(v).params)
        status = "" if cell.time else ", ".join(cell.statuses)
        body.append([b, label, R.fmt(cell.time.median) if cell.time else status])
    return R.md_table(
        ["benchmark", "configuration (differences from the defaults)", "median s"], body
    )


def write_report(rows: Sequence[R.Row], out_dir: Path) -> Path:
    """``sweep.md`` in ``out_dir``."""
    threads = sorted({r.threads for r in rows})
    text = (
        f"# Runtime parameter sweep ({', '.join(map(str, threads))} threads)\n\n"
        "## Achieved vs optimum (paper 000 Table 5)\n\n" + table5(rows) + "\n\n"
        "## Every configuration explored\n\n" + exploration_table(rows) + "\n"
    )
    found = R.notes(rows)
    if found:
        text += "\n## Notes\n\n" + "\n".join(f"- {n}" for n in found) + "\n"
    path = out_dir / "sweep.md"
    out_dir.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    return path
