"""The benchmark run: programs x variants x thread counts x repetitions.

Repetitions are the outer loop (variants interleaved run by run), so that
a slow drift of the machine's load affects every configuration alike.  A
configuration stops repeating once it has ``min_repetitions`` successful
runs and the bootstrap interval of its median (:func:`stats.median_interval`)
is within ``tolerance`` of the median, or after ``repetitions`` rounds; one
that timed out is not repeated.  Every row records the 1-minute load average
when its run started.  The serial elision is run once per repetition (at one thread)
with every parameter set some variant uses (the pthread versions have
smaller default sizes), so each measurement has a serial reference with
the same parameters.  Rows are appended to the CSV as they are measured.
"""

from __future__ import annotations

import os
import re
import subprocess
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from benchmarks import measure as M
from benchmarks import report as R
from benchmarks import stats as S
from benchmarks import variants as V
from benchmarks.progress import Progress


@dataclass(frozen=True)
class Job:
    """One configuration to measure: a binary with its arguments."""

    program: str
    variant: V.Variant
    threads: int
    binary: Path
    args: tuple[str, ...]
    params: str  # e.g. "n=25", the Size line without the size class


_HELP_LINE = re.compile(r"^\s+-(\w) VALUE\s.*\((\w+); defaults (.*)\)\s*$")


def help_params(binary: Path, size: str) -> list[tuple[str, str, str]]:
    """(letter, name, value) of each kernel parameter at ``size``, from ``-h``."""
    res = subprocess.run(
        [str(binary), "-h"], capture_output=True, text=True, check=False, timeout=30
    )
    params = []
    for line in res.stdout.splitlines():
        m = _HELP_LINE.match(line)
        if m:
            defaults = dict(item.split("=", 1) for item in m.group(3).split())
            if size not in defaults:
                raise ValueError(f"{binary.name}: no {size} default in {line.strip()!r}")
            params.append((m.group(1), m.group(2), defaults[size]))
    return params


def params_key(params: Sequence[tuple[str, str, str]]) -> str:
    """``n=25 m=3``, as the program's Size line prints them after the size class."""
    return " ".join(f"{name}={value}" for _, name, value in params)


def plan(
    builds: dict[tuple[str, str], V.BuildResult],
    programs: Sequence[str],
    variants: Sequence[V.Variant],
    threads: Sequence[int],
    size: str,
    extra_args: Sequence[str] = (),
) -> list[Job]:
    """The jobs of one repetition, serial references with other parameters first."""
    jobs: list[Job] = []
    for prog in programs:
        prog_jobs: list[Job] = []
        for variant in variants:
            built = builds.get((prog, variant.name))
            if built is None or built.binary is None:
                continue
            key = params_key(help_params(built.binary, size))
            counts = [1] if variant.runtime == V.RUNTIME_SERIAL else list(threads)
            for t in counts:
                args = ("-s", size, *extra_args)
                prog_jobs.append(Job(prog, variant, t, built.binary, args, key))
        serial = builds.get((prog, "serial"))
        if serial is not None and serial.binary is not None:
            params = help_params(serial.binary, size)
            letters = {name: letter for letter, name, _ in params}
            own = params_key(params)
            others = dict.fromkeys(j.params for j in prog_jobs if j.params != own)
            for key in reversed(others):
                explicit: list[str] = []
                for item in key.split():
                    name, _, value = item.partition("=")
                    explicit += [f"-{letters[name]}", value]
                args = ("-s", size, *explicit, *extra_args)
                job = Job(prog, V.VARIANTS["serial"], 1, serial.binary, args, key)
                prog_jobs.insert(0, job)
        jobs += prog_jobs
    return jobs


def run(
    programs: Sequence[V.Program],
    variants: Sequence[V.Variant],
    threads: Sequence[int],
    size: str,
    repetitions: int,
    build_dir: Path,
    csv_path: Path,
    timeout: float,
    pin: bool = True,
    verify: bool = False,
    log: Callable[[str], None] | None = None,
    append: bool = False,
    min_repetitions: int = 3,
    tolerance: float = 0.05,
) -> list[R.Row]:
    """Build everything, run every job until its median is stable or
    ``repetitions`` times (see the module docstring); returns the rows.
    With ``append`` the rows are added to an existing CSV instead of replacing it."""
    out = log or print
    names = [p.name for p in programs]
    wanted = list(variants)
    if not any(v.name == "serial" for v in wanted):
        wanted.insert(0, V.VARIANTS["serial"])
    pairs = [(p, v) for p in programs for v in wanted if V.applicable(p, v)]
    out(f"building {len(pairs)} binaries in {build_dir}")
    builds = V.build_all(pairs, build_dir)
    rows: list[R.Row] = []
    for res in builds.values():
        if not res.ok:
            out(f"note: {res.program} [{res.variant}]: {res.note}")
            rows.append(
                R.Row(
                    res.program, res.variant, 0, size, "", 0, M.STATUS_BUILD_FAILED, detail=res.note
                )
            )
    jobs = plan(builds, names, wanted, threads, size, ["-c"] if verify else [])
    if append and csv_path.exists():
        for row in rows:
            R.append_csv(csv_path, row)
    else:
        R.write_csv(csv_path, rows)
    timed_out: set[tuple[str, str, int, str]] = set()
    times: dict[tuple[str, str, int, str], list[float]] = {}
    bar = Progress(len(jobs) * repetitions)
    for rep in range(repetitions):
        for job in jobs:
            key = (job.program, job.variant.name, job.threads, job.params)
            if stable(times.get(key, []), min_repetitions, tolerance):
                bar.step()
                continue
            bar.show(f"{job.program} {job.variant.name} T={job.threads} rep {rep + 1}")
            if key in timed_out:
                row = R.Row(
                    job.program,
                    job.variant.name,
                    job.threads,
                    size,
                    job.params,
                    rep,
                    M.STATUS_SKIPPED,
                    detail="an earlier repetition timed out",
                )
            else:
                row = _measure(job, size, rep, timeout, pin)
                if row.status == M.STATUS_OK and row.time_s is not None:
                    times.setdefault(key, []).append(row.time_s)
                if row.status == M.STATUS_TIMEOUT:
                    timed_out.add(key)
                if row.status not in (M.STATUS_OK, M.STATUS_TIMEOUT):
                    bar.note(
                        f"note: {job.program} [{job.variant.name}] T={job.threads}: "
                        f"{row.status} {row.detail}"
                    )
            rows.append(row)
            R.append_csv(csv_path, row)
            bar.step()
    bar.close()
    return rows


def stable(times: Sequence[float], min_repetitions: int, tolerance: float) -> bool:
    """Whether ``times`` need no more runs: at least ``min_repetitions`` of them
    and the bootstrap interval of their median within ``tolerance`` (relative)."""
    if len(times) < max(1, min_repetitions):
        return False
    low, high = S.median_interval(times)
    median = S.summarize(times).median
    return median > 0 and (high - low) / median <= tolerance


def load_average() -> float:
    """The machine's 1-minute load average."""
    return os.getloadavg()[0]


def _measure(job: Job, size: str, rep: int, timeout: float, pin: bool) -> R.Row:
    load = load_average()
    res = M.run_pinned(job.binary, job.args, job.variant.runtime, job.threads, timeout, pin)
    return R.Row.of_run(
        job.program, job.variant.name, job.threads, size, job.params, rep, res, load
    )
