"""Every parallel program of the corpus (and the examples) under ``--tuning full``:

* each closure struct the backend emits has exactly the size the closure
  analysis computes (checked by ``_Static_assert`` when compiling), and
* the program, run with the tuned configuration (its estimated stack size,
  parameter buffer and queue settings), prints what its gcc -fopenmp build
  prints: the stack estimate is safe.

By default a seeded quarter of the programs runs, an example among them;
every program runs under the slow marker.
"""

import sys
from pathlib import Path

import pytest
from inspirec.analyses.closure import closure_size
from inspirec.backend.emit_c import CEmitter
from inspirec.frontend import parse_program
from inspirec.inspire.sizes import struct_table

import inspirec
from inspirec import backend

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "tests" / "corpus"))
import corpus  # noqa: E402
from matrix_sample import corpus_sample  # noqa: E402

PROGRAMS = corpus.programs(kind="par")


def _sizeof_asserts(emitter: CEmitter, structs) -> list[str]:
    lines = []
    for bind, name in sorted(emitter.jobs.items(), key=lambda item: item[1]):
        if bind.params:
            continue  # loop bodies are called in place, without a closure
        size = closure_size(bind, structs)
        lines.append(
            f'_Static_assert(sizeof(struct {name}_closure) == {size}, "closure of {name}");'
        )
    return lines


@pytest.mark.parametrize("prog", corpus_sample(PROGRAMS))
def test_tuned_program_runs_and_closures_match(prog, tmp_path):
    program, analysis = inspirec.optimize(parse_program([str(s) for s in prog.sources]))
    if not backend.uses_runtime(program):
        pytest.skip("sequential program")
    config = analysis.choice.config
    emitter = CEmitter(program, config)
    text = emitter.program_text()
    asserts = _sizeof_asserts(emitter, struct_table(program))
    exe = tmp_path / "prog"
    backend.build_executable(
        backend.CUnit(text + "\n".join(asserts) + "\n", config, needs_runtime=True),
        str(exe),
        backend.CCOptions(cc="gcc", optimize="2"),
    )
    for workers in (1, 2):
        proc = corpus.run_program(prog, exe, threads=workers, timeout=60)
        assert proc.returncode == prog.expected_exit, (workers, proc.stderr[-2000:])
        assert proc.stdout == prog.expected_stdout, f"{workers} workers"
