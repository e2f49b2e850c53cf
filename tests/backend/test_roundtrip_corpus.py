"""C -> IR -> C -> binary: every lowerable corpus program behaves like its gcc build.

Also: the emitted C is deterministic and is valid C (it parses again).
"""

import subprocess
import sys
from pathlib import Path

import pytest
from inspirec.frontend import CompileError, parse_program
from inspirec.frontend.cparse import parse_c

from inspirec import backend

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "tests" / "corpus"))
import corpus  # noqa: E402

NOT_YET: set[str] = set()

# Parallel programs (OpenMP, POSIX and C11 threads) use the runtime: see test_parallel_corpus.
PROGRAMS = [p for p in corpus.programs() if p.name not in NOT_YET and p.kind != "par"]


@pytest.mark.parametrize("prog", PROGRAMS, ids=lambda p: p.name)
def test_round_trip_matches_gcc(prog, tmp_path):
    program = parse_program([str(s) for s in prog.sources])
    c_text = backend.emit_c(program)
    assert backend.emit_c(program) == c_text  # deterministic
    exe = tmp_path / "prog"
    backend.build_executable(
        backend.CUnit(c_text, strict_aliasing=not program.may_alias),
        str(exe),
        backend.CCOptions(cc="gcc", optimize="2"),
    )
    for threads in prog.thread_counts:
        proc = corpus.run_program(prog, exe, threads=threads)
        assert proc.stdout == prog.expected_stdout
        assert proc.returncode == prog.expected_exit


@pytest.mark.parametrize("prog", PROGRAMS[:8], ids=lambda p: p.name)
def test_emitted_c_is_valid_c(prog, tmp_path):
    out = tmp_path / f"{prog.short_name}.c"
    out.write_text(backend.emit_c(parse_program([str(s) for s in prog.sources])))
    ast, _ = parse_c(str(out))  # raises CompileError if the output is not valid C
    assert ast.ext


def test_compile_errors_of_the_c_compiler_are_reported(tmp_path):
    program = parse_program([str(REPO / "examples" / "hello.c")])
    with pytest.raises(backend.CCompilerError, match="unrecognized command-line option"):
        backend.build_executable(
            backend.CUnit(backend.emit_c(program)),
            str(tmp_path / "x"),
            backend.CCOptions(cc="gcc", extra=("-fno-such-flag-at-all",)),
        )
    with pytest.raises(backend.CCompilerError, match="cannot run the C compiler"):
        backend.build_executable(
            backend.CUnit("int main(void){return 0;}"),
            str(tmp_path / "x"),
            backend.CCOptions(cc="no-such-cc"),
        )


def test_unsupported_openmp_is_rejected_with_a_position(tmp_path):
    src = tmp_path / "t.c"
    src.write_text("int main(void) { int x = 0;\n#pragma omp allocate(x)\nreturn x;\n}\n")
    with pytest.raises(CompileError, match=r"t.c:2:9: error: OpenMP directive 'allocate'"):
        parse_program([str(src)])


def test_command_is_an_argument_list():
    argv = backend.CCOptions(
        cc="gcc", optimize="2", debug=True, libs=("m",), lib_dirs=("/x",), extra=("-march=native",)
    ).link_command(["a.c"], "out")
    assert argv == [
        "gcc",
        "-O2",
        "-g",
        "-march=native",
        "-o",
        "out",
        "a.c",
        "-L/x",
        "-lm",
        "-lm",
        "-pthread",
    ]
    assert subprocess.list2cmdline(argv)  # plain strings, no shell quoting involved
