"""The real BOTS kernels (``../shared/bots``, unmodified) through inspirec.

``python -m benchmarks.bots [-k fib,sort] [-v serial,inspirec] [-t 1,2] [-r 5]
[--out DIR]`` builds each kernel once per variant, with every source of the
kernel and BOTS's two common sources compiled together:

* ``serial``: gcc -O3 without ``-fopenmp`` (the serial elision; ``_OPENMP``
  is defined and libgomp linked for the ``omp_*`` calls, because BOTS's own
  stubs for them clash with ``<omp.h>``, which it includes either way);
* ``inspirec-serial``: ``inspirec build --serial`` (the serial clones only);
* ``gomp``, ``omp-clang``: gcc and clang ``-O3 -fopenmp`` (libgomp, libomp:
  the peers);
* ``inspirec-none``, ``inspirec`` (``full``), ``inspirec-paper``,
  ``inspirec-classify``: ``inspirec build --tuning X``;

then runs them like the benchmark suite does (:mod:`benchmarks.suite`):
variants interleaved run by run, each configuration until the bootstrap
interval of its median is within ``--tolerance`` (after
``--min-repetitions``) or ``-r`` runs, with the 1-minute load average
recorded per run.  A kernel's time is BOTS's own ``Time Program`` (the
kernel, without input generation); a run counts only when BOTS reports
``Verification = SUCCESSFUL`` (``-c``) or ``NOT_APPLICABLE``.  Rows go to
``DIR/raw/bots.csv`` in the suite's CSV format (benchmark ``bots-NAME``) and
the report to ``DIR/summary.md``.  The inputs (:data:`KERNELS`) are small, to
fit a shared machine; the kernels whose builds fail are reported, not
measured.
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

from benchmarks import measure as M
from benchmarks import report as R
from benchmarks import suite
from benchmarks import variants as V
from benchmarks.progress import Progress

BOTS = V.BENCH_DIR.parent.parent / "shared" / "bots"
_INPUTS = BOTS / "inputs"

#: kernel (folder under omp-tasks) -> arguments of a run of about a second serially.
KERNELS: dict[str, tuple[str, ...]] = {
    "fib": ("-n", "38"),
    "nqueens": ("-n", "12"),
    "sort": ("-n", "8000000"),
    "fft": ("-n", "4194304"),
    "strassen": ("-n", "1024"),
    "sparselu/sparselu_single": ("-n", "40", "-m", "40"),
    "sparselu/sparselu_for": ("-n", "40", "-m", "40"),
    "floorplan": ("-f", str(_INPUTS / "floorplan" / "input.15")),
    "knapsack": ("-f", str(_INPUTS / "knapsack" / "knapsack-032.input")),
    "health": ("-f", str(_INPUTS / "health" / "small.input")),
    "uts": ("-f", str(_INPUTS / "uts" / "small.input")),
    "alignment/alignment_single": ("-f", str(_INPUTS / "alignment" / "prot.100.aa")),
    "alignment/alignment_for": ("-f", str(_INPUTS / "alignment" / "prot.100.aa")),
    # concom's recursion is as deep as a component is large: libgomp's build
    # overflows its thread stack from n = 50000 on (1 ms serially at 20000)
    "concom": ("-v", "0", "-n", "20000", "-m", "10", "-l", "40000"),
}


#: variant -> (runtime kind, the compiler's words before the sources, the
#: libraries after them).
VARIANTS: dict[str, tuple[str, tuple[str, ...], tuple[str, ...]]] = {
    "serial": (
        V.RUNTIME_SERIAL,
        ("gcc", "-O3", *V.ALIGN, "-w", "-D_OPENMP=201511"),
        ("-lgomp", "-lm"),
    ),
    "inspirec-serial": (
        V.RUNTIME_SERIAL,
        (*V.INSPIREC, "--serial"),
        (),
    ),
    "gomp": (V.RUNTIME_OPENMP, ("gcc", "-O3", *V.ALIGN, "-w", "-fopenmp"), ("-lm",)),
    "omp-clang": (V.RUNTIME_OPENMP, ("clang", "-O3", *V.ALIGN, "-w", "-fopenmp"), ("-lm",)),
    **{
        name: (V.RUNTIME_INSPIRE, (*V.INSPIREC, "--tuning", tuning), ())
        for name, tuning in (
            ("inspirec-none", "none"),
            ("inspirec", "full"),
            ("inspirec-paper", "paper"),
            ("inspirec-classify", "classify"),
        )
    },
}


def variant_spec(name: str) -> tuple[str, tuple[str, ...], tuple[str, ...]]:
    """A variant of :data:`VARIANTS`, or ``inspirec[NAME=VALUE]``: ``inspirec``
    (``--tuning full``) with a runtime parameter set by ``--param``, as the
    benchmark suite's variants of that name (:func:`benchmarks.variants.lookup`).
    Raises KeyError for any other name."""
    if name in VARIANTS:
        return VARIANTS[name]
    params = V.lookup(name).params
    flags = tuple(word for key, value in params for word in ("--param", f"{key}={value}"))
    return V.RUNTIME_INSPIRE, (*V.INSPIREC, "--tuning", "full", *flags), ()


_INFO = (
    '-DCDATE="-"',
    '-DCC="-"',
    '-DLD="-"',
    '-DCMESSAGE="-"',
    '-DLDFLAGS="-"',
    '-DCFLAGS="-"',
)
_TIME = re.compile(r"^Time Program\s*=\s*([0-9.eE+-]+) seconds", re.MULTILINE)
_VERIFIED = re.compile(
    r"^Verification\s*=\s*(successful|not applicable)", re.MULTILINE | re.IGNORECASE
)


def build_command(kernel: str, variant: str, out: Path) -> list[str]:
    """The command building ``kernel`` in ``variant`` to ``out``."""
    src = BOTS / "omp-tasks" / kernel
    sources = [*sorted(str(p) for p in src.glob("*.c"))]
    sources += [str(BOTS / "common" / "bots_main.c"), str(BOTS / "common" / "bots_common.c")]
    _, before, after = variant_spec(variant)
    words: list[str] = []
    for word in before:
        words += V.inspirec_command() if word == "{inspirec}" else [word]
    flags = [f"-I{BOTS / 'common'}", f"-I{src}", *_INFO]
    return [
        *words,
        *flags,
        *sources,
        "-o",
        str(out),
        *after,
    ]


def build(kernel: str, variant: str, build_dir: Path) -> tuple[Path | None, str]:
    """The executable (or None) and why it failed."""
    out = build_dir / variant / kernel.replace("/", "-")
    out.parent.mkdir(parents=True, exist_ok=True)
    cmd = build_command(kernel, variant, out)
    res = subprocess.run(cmd, capture_output=True, text=True, check=False, cwd=out.parent)
    if res.returncode != 0 or not out.exists():
        lines = (res.stderr or res.stdout).strip().splitlines()
        return None, " | ".join(lines[:2]) or f"exit status {res.returncode}"
    return out, ""


def bots_result(res: M.RunResult) -> M.RunResult:
    """``res`` with BOTS's ``Time Program`` as its time; a finished run that
    BOTS did not verify is a failed one."""
    if res.status != M.STATUS_OK:
        return res
    time = _TIME.search(res.stdout)
    if not _VERIFIED.search(res.stdout) or time is None:
        detail = "BOTS did not report a successful verification"
        return M.RunResult(M.STATUS_FAILED, None, res.wall_s, res.maxrss_kib, {}, detail)
    return M.RunResult(M.STATUS_OK, float(time.group(1)), res.wall_s, res.maxrss_kib, {})


def run(
    kernels: Sequence[str],
    variants: Sequence[str],
    threads: Sequence[int],
    repetitions: int,
    min_repetitions: int,
    tolerance: float,
    build_dir: Path,
    csv_path: Path,
    timeout: float,
    pin: bool,
) -> list[R.Row]:
    """Build and measure (see the module docstring); rows are appended as measured."""
    rows: list[R.Row] = []
    jobs: list[tuple[str, str, str, str, int, Path]] = []
    for kernel in kernels:
        for variant in variants:
            binary, why = build(kernel, variant, build_dir)
            name = f"bots-{kernel.split('/')[-1]}"
            if binary is None:
                print(f"note: {name} [{variant}]: build failed: {why}", file=sys.stderr)
                rows.append(R.Row(name, variant, 0, "", "", 0, M.STATUS_BUILD_FAILED, detail=why))
                continue
            runtime = variant_spec(variant)[0]
            for t in [1] if runtime == V.RUNTIME_SERIAL else threads:
                jobs.append((kernel, name, variant, runtime, t, binary))
    R.write_csv(csv_path, rows)
    times: dict[tuple[str, str, int], list[float]] = {}
    bar = Progress(len(jobs) * repetitions)
    for rep in range(repetitions):
        for kernel, name, variant, runtime, t, binary in jobs:
            key = (name, variant, t)
            if suite.stable(times.get(key, []), min_repetitions, tolerance):
                bar.step()
                continue
            bar.show(f"{name} {variant} T={t} rep {rep + 1}")
            load = suite.load_average()
            env = M.environment(runtime, t, pin)
            cpus = M.pinned_cpus(runtime, t) if pin else None
            args = [*KERNELS[kernel], "-c"]
            res = bots_result(M.run_binary(binary, args, env, timeout, cpus))
            if res.status == M.STATUS_OK and res.time_s is not None:
                times.setdefault(key, []).append(res.time_s)
            elif res.status != M.STATUS_OK:
                bar.note(f"note: {name} [{variant}] T={t}: {res.status} {res.detail}")
            row = R.Row.of_run(name, variant, t, "", " ".join(KERNELS[kernel]), rep, res, load)
            rows.append(row)
            R.append_csv(csv_path, row)
            bar.step()
    bar.close()
    return rows


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    """The command line: kernels, variants and thread counts as lists, each
    kernel and variant checked (unknown ones are a usage error)."""
    p = argparse.ArgumentParser(prog="python -m benchmarks.bots", description=__doc__)
    p.add_argument("-k", "--kernels", type=V.split_names, default=list(KERNELS))
    p.add_argument("-v", "--variants", type=V.variant_list_arg, default=list(VARIANTS))
    p.add_argument("-t", "--threads", default="1,2")
    p.add_argument("-r", "--repetitions", type=int, default=5)
    p.add_argument("--min-repetitions", type=int, default=3)
    p.add_argument("--tolerance", type=float, default=0.05)
    p.add_argument("--timeout", type=float, default=30.0)
    p.add_argument("--no-pin", dest="pin", action="store_false")
    p.add_argument("--build-dir", type=Path, default=V.DEFAULT_BUILD_DIR / "bots")
    p.add_argument("--out", type=Path, default=V.DEFAULT_BUILD_DIR / "bots-run")
    args = p.parse_args(argv)
    unknown = [k for k in args.kernels if k not in KERNELS]
    for v in args.variants:
        try:
            variant_spec(v)
        except (KeyError, ValueError):
            unknown.append(v)
    if unknown:
        p.error(f"unknown kernel(s) or variant(s): {', '.join(unknown)}")
    return args


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    kernels, variants = args.kernels, args.variants
    if not BOTS.is_dir():
        print(f"python -m benchmarks.bots: error: BOTS is not at {BOTS}", file=sys.stderr)
        return 2
    csv_path = args.out / "raw" / "bots.csv"
    threads = [int(x) for x in args.threads.split(",") if x]
    rows = run(
        kernels,
        variants,
        threads,
        args.repetitions,
        args.min_repetitions,
        args.tolerance,
        args.build_dir,
        csv_path,
        args.timeout,
        args.pin,
    )
    summary = R.write_run_report(rows, args.out, "BOTS kernels")
    print(f"wrote {csv_path} and {summary}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
