"""The C corpus and the examples, built with gcc, print their expected output.

Every program in ``tests/corpus/{seq,par}`` and ``examples/`` is built with
gcc (``-O2 -Wall``, plus ``-fopenmp -pthread`` for parallel programs) and run;
stdout and exit status must equal ``NAME.expected`` / ``NAME.exitcode``.
Parallel programs run at every count of ``corpus.THREAD_COUNTS``.  Builds run
concurrently in the background, only for the programs the selected tests need.
"""

from __future__ import annotations

import os
import subprocess
import sys
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

import corpus

PROGRAMS = corpus.programs()
#: The programs gcc accepts (the others use OpenMP newer than gcc's; see corpus.py).
GCC_PROGRAMS = [p for p in PROGRAMS if p.gcc_builds]
EXAMPLES = {"hello", "fib", "loop_tasks", "pthread_sum", "mergesort"}


class _GccBuilds:
    """Background gcc builds, one future per program."""

    def __init__(self, out_dir: Path, needed: list[corpus.Program]) -> None:
        self._out_dir = out_dir
        self._pool = ThreadPoolExecutor(max_workers=max(2, os.cpu_count() or 2))
        self._futures: dict[str, Future[tuple[Path, str]]] = {}
        for prog in needed:
            self._submit(prog)

    def _submit(self, prog: corpus.Program) -> Future[tuple[Path, str]]:
        if prog.name not in self._futures:
            self._futures[prog.name] = self._pool.submit(
                corpus.compile_with_gcc, prog, self._out_dir
            )
        return self._futures[prog.name]

    def get(self, prog: corpus.Program) -> tuple[Path, str]:
        return self._submit(prog).result()

    def close(self) -> None:
        self._pool.shutdown(wait=True, cancel_futures=True)


@pytest.fixture(scope="module")
def gcc_builds(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory):
    needed: dict[str, corpus.Program] = {}
    for item in request.session.items:
        params = getattr(getattr(item, "callspec", None), "params", {})
        prog = params.get("program")
        if isinstance(prog, corpus.Program):
            needed[prog.name] = prog
    builds = _GccBuilds(tmp_path_factory.mktemp("corpus-gcc"), list(needed.values()))
    yield builds
    builds.close()


def _by_group(group: str) -> list[corpus.Program]:
    return [p for p in PROGRAMS if p.group == group]


def test_inventory() -> None:
    seq, par, examples = _by_group("seq"), _by_group("par"), _by_group("examples")
    assert len(seq) >= 18, [p.name for p in seq]
    assert len(par) >= 24, [p.name for p in par]
    assert {p.short_name for p in examples} >= EXAMPLES
    assert all(p.kind == "seq" for p in seq) and all(p.kind == "par" for p in par)
    assert any(p.is_multi_file for p in seq), "a multi-file sequential program"
    multi = next(p for p in seq if p.is_multi_file)
    assert len(multi.sources) in (2, 3) and list(multi.source_dir.glob("*.h"))
    kinds = {p.short_name: p.kind for p in examples}
    assert kinds["hello"] == "seq"
    assert all(kinds[name] == "par" for name in EXAMPLES - {"hello"})
    missing = [p.name for p in PROGRAMS if not p.has_expected]
    assert not missing, f"run tests/corpus/regenerate_expected.py for {missing}"
    assert any(p.expected_exit != 0 for p in seq), "a program with a non-zero exit status"


@pytest.mark.parametrize("program", PROGRAMS, ids=str)
def test_source_files_start_with_a_comment(program: corpus.Program) -> None:
    for src in program.sources:
        assert src.read_text().lstrip().startswith("/*"), src


@pytest.mark.parametrize("program", GCC_PROGRAMS, ids=str)
def test_gcc_build_is_warning_free(program: corpus.Program, gcc_builds: _GccBuilds) -> None:
    _, diagnostics = gcc_builds.get(program)
    assert diagnostics == "", diagnostics


_RUNS = [
    pytest.param(prog, threads, id=f"{prog.name}" + ("" if threads is None else f"-t{threads}"))
    for prog in GCC_PROGRAMS
    for threads in prog.gcc_thread_counts
]


@pytest.mark.parametrize(("program", "threads"), _RUNS)
def test_gcc_output_matches_expected(
    program: corpus.Program, threads: int | None, gcc_builds: _GccBuilds
) -> None:
    exe, _ = gcc_builds.get(program)
    try:
        proc = corpus.run_program(program, exe, threads=threads)
    except subprocess.TimeoutExpired:
        pytest.fail(f"{program.name} timed out after {corpus.RUN_TIMEOUT} s (threads={threads})")
    assert proc.stdout == program.expected_stdout
    assert proc.returncode == program.expected_exit, proc.stderr


@pytest.mark.parametrize("program", [p for p in PROGRAMS if not p.gcc_builds], ids=str)
def test_programs_marked_nogcc_are_rejected_by_gcc(program: corpus.Program, tmp_path) -> None:
    """The marker stays true: once gcc accepts such a program, its expected
    output should come from gcc again."""
    with pytest.raises(corpus.BuildError):
        corpus.build_with_gcc(program, tmp_path)
