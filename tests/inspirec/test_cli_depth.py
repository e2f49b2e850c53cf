"""Programs nested as deeply as gcc accepts compile and run: every stage of
the command line runs on a deep stack (``inspire.deep_call``).  The depths of
the hardening report (5000 nested ``if`` inside a task, 2000 nested task
blocks: both exited with an internal error) are slow; a shallower run of
each shape is in the default suite."""

import pytest
from inspirec_cli import run

#: The opening line of one level of each nesting shape (closed by "}").
OPENINGS = {
    "ifs": "if (x > -1) {\n",
    "tasks": "#pragma omp task shared(x)\n{\n",
}


def _nested(shape: str, depth: int) -> str:
    """A program whose ``depth`` nested levels of ``shape`` add 1 to x once;
    the ``if`` nest sits inside one task."""
    body = OPENINGS[shape] * depth + "x += 1;\n" + "}\n" * depth
    task = "#pragma omp task shared(x)\n" if shape == "ifs" else ""
    return (
        "#include <stdio.h>\nint main(void) {\n  int x = 0;\n"
        f"#pragma omp parallel\n#pragma omp single\n{task}"
        f'  {{\n{body}  }}\n  printf("%d\\n", x);\n  return 0;\n}}\n'
    )


@pytest.mark.parametrize(
    "shape, depth",
    [
        ("ifs", 1000),
        ("tasks", 500),
        pytest.param("ifs", 5000, marks=pytest.mark.slow),
        pytest.param("tasks", 2000, marks=pytest.mark.slow),
    ],
)
def test_deeply_nested_program_runs(shape, depth, tmp_path):
    source = tmp_path / f"{shape}{depth}.c"
    source.write_text(_nested(shape, depth))
    proc = run("run", source, timeout=900, cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert proc.stdout == "1\n"
