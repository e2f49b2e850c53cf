"""Parallel corpus through inspirec: the same output as the gcc -fopenmp build
at 1, 2 and 4 workers (default runtime configuration), every run under a timeout."""

import sys
from pathlib import Path

import pytest

import backend
from analyses import RuntimeConfig
from frontend import CompileError, parse_program

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "tests" / "corpus"))
import corpus  # noqa: E402

NOT_YET = {"par/vla_alloca_tasks": "variably modified type"}

PROGRAMS = [p for p in corpus.programs() if any("#pragma omp" in s.read_text() for s in p.sources)]


@pytest.mark.parametrize("prog", PROGRAMS, ids=lambda p: p.name)
def test_parallel_program_matches_gcc_openmp(prog, tmp_path):
    paths = [str(s) for s in prog.sources]
    if prog.name in NOT_YET:
        with pytest.raises(CompileError, match=NOT_YET[prog.name]):
            parse_program(paths)
        return
    program = parse_program(paths)
    assert backend.uses_runtime(program)
    config = RuntimeConfig()
    exe = tmp_path / "prog"
    backend.compile_c_text(
        backend.emit_c(program, config),
        str(exe),
        backend.CCOptions(cc="gcc", optimize="2"),
        runtime=config,
    )
    for workers in corpus.THREAD_COUNTS:
        proc = corpus.run_program(prog, exe, threads=workers, timeout=60)
        assert proc.stdout == prog.expected_stdout, f"{workers} workers"
        assert proc.returncode == prog.expected_exit, f"{workers} workers"
