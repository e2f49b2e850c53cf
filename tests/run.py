"""Run the test suite on every core: the README's test command.

    python tests/run.py [-j N] [PATH ...] [-- PYTEST-OPTION ...]

The units of work are the directories of ``tests/`` and its own test files
(or the ``PATH``\\ s given, relative to the current directory, each a
unit).  ``N`` pytest processes (by default one per CPU this process may use)
take the units from one queue, the longest first (:data:`EXPECTED_SECONDS`;
a unit not listed there counts as the longest), so the suite takes about
the time of one core's share instead of the sum.  Every unit runs ``python
-m pytest -q --basetemp=DIR PYTEST-OPTION... UNIT`` from the checkout's
root, with the pytest configuration of ``pyproject.toml`` (``-m "not
slow"`` unless an option says otherwise).  Units are named relative to the
current directory when they are below it.

A unit's output is printed whole when the unit ends, in the order the units
end; a table of every unit's outcome and time ends the run.  The exit status
is pytest's: 0 when every unit passed, 5 when no unit collected a test, else
the status of the first failing unit in queue order.

All units share one inspirec cache directory (compiled runtime objects,
the IR grammar's tables), made here and removed at the end, as one pytest
process shares the one ``tests/conftest.py`` makes; the cache is safe for
concurrent builds.  Each unit's temporary files are under its own
``--basetemp``, kept when the run fails (the path is printed).
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor, as_completed
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TESTS = ROOT / "tests"

#: Seconds each directory's default tests took on a 2-core machine (one
#: serial run, 2026-11-28): the queue's order only, never a limit.
EXPECTED_SECONDS = {
    "frontend": 315,
    "backend": 267,
    "inspirec": 227,
    "runtime": 195,
    "cc": 125,
    "analyses": 109,
    "benchmarks": 64,
    "inspire": 52,
    "plugin": 46,
    "packaging": 27,
    "bots": 15,
    "corpus": 13,
    "test_run.py": 7,
}

#: pytest's exit statuses this runner reads.
PASSED, NO_TESTS = 0, 5


def default_units() -> list[str]:
    """The directories of ``tests/`` that hold test files, and its own test
    files (absolute paths): every test file is in exactly one."""
    return [
        str(d)
        for d in sorted(TESTS.iterdir())
        if (d.is_dir() and any(d.rglob("test_*.py"))) or (d.is_file() and d.match("test_*.py"))
    ]


def queue_order(units: list[str]) -> list[str]:
    """``units``, the longest expected first (unknown ones first of all, in the given order)."""
    longest = max(EXPECTED_SECONDS.values()) + 1

    def expected(unit: str) -> int:
        return EXPECTED_SECONDS.get(Path(unit).name, longest)

    return sorted(units, key=expected, reverse=True)  # stable: ties keep their order


def usable_cpus() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not every platform has it
        return os.cpu_count() or 1


def parse_arguments(argv: list[str]) -> tuple[argparse.Namespace, list[str]]:
    """The runner's own arguments, and the options after ``--`` for pytest."""
    pytest_options: list[str] = []
    if "--" in argv:
        split = argv.index("--")
        argv, pytest_options = argv[:split], argv[split + 1 :]
    parser = argparse.ArgumentParser(
        prog="tests/run.py",
        description="Run the test suite in parallel pytest processes, one test "
        "directory (or PATH) at a time each; options after -- go to every pytest process.",
    )
    parser.add_argument(
        "-j",
        "--jobs",
        type=int,
        default=usable_cpus(),
        help="pytest processes at a time (default: the CPUs this process may use)",
    )
    parser.add_argument("paths", nargs="*", metavar="PATH", help="test directories or files")
    args = parser.parse_args(argv)
    if args.jobs < 1:
        parser.error(f"-j needs a positive number, not {args.jobs}")
    for path in args.paths:
        if not Path(path).exists():
            parser.error(f"no such test path: {path}")
    return args, pytest_options


def run_unit(
    unit: str, basetemp: Path, options: list[str], env: dict[str, str]
) -> tuple[int, str, float]:
    """Run pytest on ``unit``: its exit status, its output, its seconds."""
    start = time.monotonic()
    command = [sys.executable, "-m", "pytest", "-q", f"--basetemp={basetemp}", *options, unit]
    proc = subprocess.run(
        command, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True
    )
    return proc.returncode, proc.stdout, time.monotonic() - start


def shown(unit: str) -> str:
    """``unit`` (an absolute path) as the run names it: relative to the
    current directory when it is below it."""
    relative = os.path.relpath(unit)
    return unit if relative.startswith("..") else relative


def overall_status(statuses: list[int]) -> int:
    """The run's status from the units' statuses, in queue order (module docstring)."""
    failing = [s for s in statuses if s not in (PASSED, NO_TESTS)]
    if failing:
        return failing[0]
    return NO_TESTS if statuses and all(s == NO_TESTS for s in statuses) else PASSED


def outcome(status: int) -> str:
    return {PASSED: "passed", NO_TESTS: "no tests", 1: "FAILED", 2: "INTERRUPTED"}.get(
        status, f"ERROR (pytest status {status})"
    )


def main(argv: list[str]) -> int:
    args, options = parse_arguments(argv)
    units = queue_order([str(Path(p).resolve()) for p in args.paths] or default_units())
    scratch = Path(tempfile.mkdtemp(prefix="inspirec-tests-"))
    env = {**os.environ, "INSPIREC_CACHE_DIR": str(scratch / "cache")}
    print(f"{len(units)} units in {min(args.jobs, len(units))} pytest processes", flush=True)
    start = time.monotonic()
    results: dict[str, tuple[int, float]] = {}
    with ThreadPoolExecutor(max_workers=args.jobs) as pool:
        futures = {
            pool.submit(run_unit, unit, scratch / f"unit{i}", options, env): unit
            for i, unit in enumerate(units)
        }
        try:
            for future in as_completed(futures):
                unit = futures[future]
                status, output, seconds = future.result()
                results[unit] = (status, seconds)
                print(
                    f"\n===== {shown(unit)}: {outcome(status)} in {seconds:.0f} s =====", flush=True
                )
                sys.stdout.write(output)
                sys.stdout.flush()
        except KeyboardInterrupt:  # the running pytest processes had the signal too
            pool.shutdown(cancel_futures=True)
            print(f"\ninterrupted; temporary files of the units kept in {scratch}")
            return 2
    status = overall_status([results[u][0] for u in units])
    print("\n===== units =====")
    for unit in units:
        unit_status, seconds = results[unit]
        print(f"{seconds:7.0f} s  {outcome(unit_status):10}  {shown(unit)}")
    print(f"{time.monotonic() - start:7.0f} s  {outcome(status):10}  (wall time)")
    if status in (PASSED, NO_TESTS):
        shutil.rmtree(scratch, ignore_errors=True)
    else:
        shutil.rmtree(scratch / "cache", ignore_errors=True)
        print(f"temporary files of the units kept in {scratch}")
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
