"""``#pragma omp requires``: the clauses gcc 12 takes on the host
(``dynamic_allocators``, ``atomic_default_mem_order``), and gcc's errors,
each checked against gcc itself where it is installed."""

import os
import shutil
import subprocess

import pytest
from inspirec.frontend import parse_program
from lowering_errors import lowering_error

import inspirec

MAIN = "int main(void) { return 0; }\n"

ERRORS = [
    (
        "#pragma omp requires\n" + MAIN,
        "1:21: error: 'pragma omp requires' requires at least one clause",
    ),
    (
        "#pragma omp requires atomic_default_mem_order(acquire)\n" + MAIN,
        "1:47: error: expected 'seq_cst', 'relaxed' or 'acq_rel'",
    ),
    (
        "#pragma omp requires atomic_default_mem_order(seq_cst)\n"
        "#pragma omp requires atomic_default_mem_order(relaxed)\n" + MAIN,
        "2:22: error: more than one 'atomic_default_mem_order' clause in a single compilation unit",
    ),
    (
        "int x;\nvoid f(void) {\n#pragma omp atomic\n  x++;\n}\n"
        "#pragma omp requires atomic_default_mem_order(seq_cst)\n" + MAIN,
        "6:22: error: 'atomic_default_mem_order' clause used lexically after first 'atomic' "
        "construct without memory order clause",
    ),
    (
        "int main(void) {\n#pragma omp requires dynamic_allocators\n  return 0;\n}\n",
        "2:9: error: '#pragma omp requires' may only be used at file scope",
    ),
    (
        "#pragma omp requires dynamic_allocators dynamic_allocators\n" + MAIN,
        "1:41: error: too many 'dynamic_allocators' clauses",
    ),
    (
        "#pragma omp requires nowait\n" + MAIN,
        "1:22: error: expected 'unified_address', 'unified_shared_memory', "
        "'dynamic_allocators', 'reverse_offload' or 'atomic_default_mem_order' clause",
    ),
    # gcc 12's "sorry, unimplemented"
    (
        "#pragma omp requires reverse_offload\n" + MAIN,
        "1:22: error: 'reverse_offload' clause on 'requires' directive not supported yet",
    ),
]


@pytest.mark.parametrize(("source", "message"), ERRORS)
def test_requires_errors_are_gccs(tmp_path, source, message):
    assert lowering_error(tmp_path, source).splitlines()[0] == f"T/t.c:{message}"
    if shutil.which("gcc") is None:
        return
    src = tmp_path / "t.c"
    gcc = subprocess.run(
        ["gcc", "-fopenmp", "-fsyntax-only", str(src)],
        capture_output=True,
        text=True,
        env={**os.environ, "LC_ALL": "C"},  # ASCII quotes
    )
    first = next(
        line for line in gcc.stderr.splitlines() if ": error: " in line or ": sorry" in line
    )
    assert first.replace("sorry, unimplemented", "error") == f"{src}:{message}"


def test_requirements_gcc_takes_compile_and_run(tmp_path):
    # an atomic with its own memory order may come before the requirement
    src = tmp_path / "t.c"
    src.write_text(
        "#include <stdio.h>\nint x;\n"
        "void f(void) {\n#pragma omp atomic relaxed\n  x++;\n}\n"
        "#pragma omp requires dynamic_allocators, atomic_default_mem_order(acq_rel)\n"
        "int main(void) {\n  f();\n#pragma omp parallel num_threads(2)\n"
        '#pragma omp atomic\n  x++;\n  printf("%d\\n", x > 1);\n  return 0;\n}\n'
    )
    parse_program([str(src)])
    exe = tmp_path / "t"
    inspirec.build([str(src)], str(exe))
    assert subprocess.run([str(exe)], capture_output=True, text=True, check=True).stdout == "1\n"
