"""Regenerate the expected outputs of the C corpus and the examples.

Builds every program with gcc (``-O2``; ``-fopenmp -pthread`` for parallel
ones), runs it (parallel programs at every thread count in
``corpus.THREAD_COUNTS``, several times each, insisting that stdout and exit
status are identical across runs), then writes ``NAME.expected`` (stdout) and
``NAME.exitcode`` (only when the status is not 0; a stale one is removed).

usage: python tests/corpus/regenerate_expected.py [--check] [--repeat N] [NAME ...]

NAME filters by program name (e.g. ``par/fib_cutoff``) or prefix (``seq/``).
With ``--check`` nothing is written; differences are reported and the exit
status is 1.  Compiler warnings are errors (the corpus is warning-free under
``-Wall``).
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import corpus


def _observe(prog: corpus.Program, exe: Path, repeat: int) -> tuple[str, int]:
    """Run ``prog`` at all its thread counts; return its single (stdout, status)."""
    seen: dict[tuple[str, int], list[str]] = {}
    for threads in prog.gcc_thread_counts:
        for attempt in range(repeat if prog.kind == "par" else 1):
            try:
                proc = corpus.run_program(prog, exe, threads=threads)
            except subprocess.TimeoutExpired as exc:
                raise RuntimeError(f"{prog.name}: timed out at threads={threads}") from exc
            if proc.stderr:
                print(f"{prog.name}: stderr at threads={threads}:\n{proc.stderr}", file=sys.stderr)
            key = (proc.stdout, proc.returncode)
            seen.setdefault(key, []).append(f"threads={threads}#{attempt}")
    if len(seen) != 1:
        lines = [f"{prog.name}: output differs between runs:"]
        for (out, status), runs in seen.items():
            lines.append(f"--- {', '.join(runs)} (exit {status}):\n{out}")
        raise RuntimeError("\n".join(lines))
    return next(iter(seen))


def _process(prog: corpus.Program, build_dir: Path, repeat: int, check: bool) -> list[str]:
    problems: list[str] = []
    if not prog.gcc_builds:
        return problems  # its expected output is written by hand
    try:
        exe = corpus.build_with_gcc(prog, build_dir, check_warnings=True)
        stdout, status = _observe(prog, exe, repeat)
    except (corpus.BuildError, RuntimeError) as exc:
        return [str(exc)]
    if check:
        if not prog.has_expected:
            problems.append(f"{prog.name}: {prog.expected_path.name} is missing")
        elif prog.expected_stdout != stdout:
            problems.append(f"{prog.name}: stdout differs from {prog.expected_path.name}")
        if prog.expected_exit != status:
            problems.append(f"{prog.name}: exit {status}, expected {prog.expected_exit}")
        return problems
    prog.expected_path.write_text(stdout)
    if status != 0:
        prog.exitcode_path.write_text(f"{status}\n")
    elif prog.exitcode_path.exists():
        prog.exitcode_path.unlink()
    return problems


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("names", nargs="*", help="program names or name prefixes")
    parser.add_argument("--check", action="store_true", help="compare only, write nothing")
    parser.add_argument(
        "--repeat", type=int, default=3, help="runs per thread count for parallel programs"
    )
    parser.add_argument("-j", "--jobs", type=int, default=4, help="programs processed at once")
    args = parser.parse_args(argv)

    selected = [
        p
        for p in corpus.programs()
        if not args.names or any(p.name == n or p.name.startswith(n) for n in args.names)
    ]
    if not selected:
        print("no program matches", file=sys.stderr)
        return 2

    with tempfile.TemporaryDirectory(prefix="corpus-gcc-") as tmp:
        build_dir = Path(tmp)
        with ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
            results = list(
                pool.map(lambda p: _process(p, build_dir, args.repeat, args.check), selected)
            )

    problems = [msg for res in results for msg in res]
    for msg in problems:
        print(msg, file=sys.stderr)
    verb = "checked" if args.check else "regenerated"
    print(f"{verb} {len(selected)} programs, {len(problems)} problem(s)")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
