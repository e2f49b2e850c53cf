"""Doacross loops (``for ordered(n)`` with ``ordered depend(sink/source)`` and
``doacross(...)``): the lowering's shape and the misuses gcc -fopenmp
rejects, each a precise error at the pragma.  Run against gcc:
``par/doacross_loops`` and ``par/doacross_52``."""

import pytest
from inspirec.frontend import parse_program
from inspirec.inspire.printer import print_program
from lowering_errors import lowering_error

NEST = "for (int i = 1; i < 9; i++) for (int j = 1; j < 9; j++) {\n"


def program(body: str) -> str:
    """``body`` in ``main`` after the declarations of line 2 (starting at line 3)."""
    head = "int main(void) {\n  int a[9][9] = {{0}}; int n = 9;\n"
    return f"{head}{body}\n  return a[8][8] + n;\n}}\n"


def test_doacross_loop_waits_and_posts(tmp_path):
    src = tmp_path / "t.c"
    src.write_text(
        program(
            "#pragma omp parallel for ordered(2) schedule(dynamic)\n"
            + NEST
            + "#pragma omp ordered depend(sink: i - 1, j) depend(sink: i, j - 1)\n"
            "a[i][j] = a[i - 1][j] + a[i][j - 1];\n"
            "#pragma omp ordered depend(source)\n}"
        )
    )
    text = print_program(parse_program([str(src)]))
    assert text.count("doacross_wait(") == 2
    assert text.count("doacross_post(") == 1
    assert text.index("doacross_wait(") < text.index("doacross_post(")
    assert ", 17, " in text  # dynamic (1) with the doacross flag (16)
    assert "ordered_iteration" not in text


@pytest.mark.parametrize(
    ("body", "message"),
    [
        (
            "#pragma omp parallel for\nfor (int i = 1; i < 9; i++) {\n"
            "#pragma omp ordered depend(sink: i - 1)\na[i][0]++;\n}",
            "5:9: error: 'ordered' construct with 'depend' clause must be closely nested inside "
            "a loop with 'ordered' clause with a parameter",
        ),
        (
            "#pragma omp parallel for ordered\nfor (int i = 1; i < 9; i++) {\n"
            "#pragma omp ordered depend(source)\na[i][0]++;\n}",
            "5:9: error: 'ordered' construct with 'depend' clause must be closely nested inside "
            "a loop with 'ordered' clause with a parameter",
        ),
        (
            "#pragma omp parallel\n{\n#pragma omp ordered depend(source)\n}",
            "5:9: error: 'ordered' construct with 'depend' clause must be closely nested inside "
            "an 'ordered' loop",
        ),
        (
            "#pragma omp ordered doacross(source:)",
            "3:9: error: 'ordered' construct with 'depend' clause must be closely nested inside "
            "an 'ordered' loop",
        ),
        (
            "#pragma omp parallel for ordered(2)\n"
            + NEST
            + "#pragma omp ordered depend(sink: i - 1)\na[i][j]++;\n}",
            "5:9: error: number of variables in 'depend' clause with 'sink' modifier does not "
            "match number of iteration variables",
        ),
        (
            "#pragma omp parallel for ordered(2)\n"
            + NEST
            + "#pragma omp ordered depend(sink: j - 1, i)\na[i][j]++;\n}",
            "5:9: error: variable 'j' is not an iteration of outermost loop 1, expected 'i'",
        ),
        (
            "#pragma omp parallel for ordered(1)\nfor (int i = 1; i < 9; i++) {\n"
            "#pragma omp ordered depend(source) depend(source)\na[i][0]++;\n}",
            "5:9: error: more than one 'depend' clause with 'source' modifier on an 'ordered' "
            "construct",
        ),
        (
            "#pragma omp parallel for ordered(1)\nfor (int i = 1; i < 9; i++) {\n"
            "#pragma omp ordered depend(source) depend(sink: i - 1)\na[i][0]++;\n}",
            "5:9: error: 'depend' clause with 'source' modifier specified together with "
            "'depend' clauses with 'sink' modifier on the same construct",
        ),
        (
            "#pragma omp parallel for ordered(1)\nfor (int i = 1; i < 9; i++) {\n"
            "#pragma omp ordered depend(in: a)\na[i][0]++;\n}",
            "5:9: error: invalid depend kind in omp 'ordered' 'depend'",
        ),
        (
            "#pragma omp parallel for ordered(1)\nfor (int i = 1; i < 9; i++) {\n"
            "#pragma omp ordered depend(sink: i - 1) threads\na[i][0]++;\n}",
            "5:9: error: 'threads' is not valid for '#pragma omp ordered'",
        ),
        (
            "#pragma omp parallel for ordered(1)\nfor (int i = 1; i < 9; i++) {\n"
            "#pragma omp ordered depend(sink: i - 1.5)\na[i][0]++;\n}",
            "5:9: error: expected a non-negative integer constant offset in 'i - 1.5'",
        ),
        (
            "#pragma omp parallel for ordered(1)\nfor (int i = 1; i < 9; i++) {\n"
            "#pragma omp ordered depend(sink: n - 1)\na[i][0]++;\n}",
            "5:9: error: variable 'n' is not an iteration of outermost loop 1, expected 'i'",
        ),
        (
            "#pragma omp parallel for ordered(1)\nfor (int i = 1; i < 9; i++) {\n"
            "#pragma omp ordered\na[i][0]++;\n}",
            "5:9: error: 'ordered' region without 'depend' clause may not be closely nested "
            "inside a loop region with an 'ordered' clause with a parameter",
        ),
        (
            "#pragma omp parallel for ordered(3)\n" + NEST + "a[i][j]++;\n}",
            "5:1: error: not enough perfectly nested loops before 'a'",
        ),
        (
            "#pragma omp parallel for ordered(1) collapse(2)\n" + NEST + "a[i][j]++;\n}",
            "3:33: error: 'ordered' clause parameter is less than 'collapse'",
        ),
        (
            "#pragma omp parallel for ordered(0)\nfor (int i = 1; i < 9; i++) a[i][0]++;",
            "3:33: error: ordered argument needs positive constant integer expression",
        ),
        (
            "#pragma omp parallel for ordered(n)\nfor (int i = 1; i < 9; i++) a[i][0]++;",
            "3:33: error: ordered argument needs positive constant integer expression",
        ),
        (
            "#pragma omp parallel for ordered(1)\nfor (int i = 1; i < 9; i++) {\n"
            "#pragma omp task\n{\n#pragma omp ordered depend(source)\n}\n}",
            "7:9: error: 'ordered' region may not be closely nested inside of 'critical', "
            "'ordered', explicit 'task' or 'taskloop' region",
        ),
    ],
)
def test_misuse_is_an_error_at_the_pragma(tmp_path, body, message):
    assert lowering_error(tmp_path, program(body)).splitlines()[0] == f"T/t.c:{message}"
