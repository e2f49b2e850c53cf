"""``reduction`` on ``parallel``, ``for`` and ``parallel for``: the lowering's
shape and the misuses gcc -fopenmp rejects, each a precise error at the pragma."""

from pathlib import Path

import pytest
from inspirec.frontend import parse_program
from inspirec.frontend.openmp import REDUCTION_CRITICAL, _identity
from inspirec.inspire import types as t
from inspirec.inspire.printer import print_program
from lowering_errors import lowering_error


def lower(tmp_path: Path, source: str):
    src = tmp_path / "t.c"
    src.write_text(source)
    return parse_program([str(src)])


def error(tmp_path: Path, source: str) -> str:
    return lowering_error(tmp_path, source).splitlines()[0]


def program(pragma: str, decl: str = "long s = 0;", inner: str = "") -> str:
    return (
        "int main(void) {\n"
        f"  {decl}\n"
        f"  {pragma}\n"
        f"  {inner}for (int i = 0; i < 10; i++) s += i;\n"
        "  return (int)s;\n"
        "}\n"
    )


def test_every_builtin_operator_lowers(tmp_path):
    for op in ("+", "-", "*", "&", "|", "^", "&&", "||", "min", "max"):
        text = print_program(
            lower(tmp_path, program(f"#pragma omp parallel for reduction({op}: s)"))
        )
        assert REDUCTION_CRITICAL in text and "__inspire_red_s" in text


def test_identities_are_the_extreme_values_of_the_type():
    assert _identity("min", t.int_type(4)) == "2147483647L"
    assert _identity("max", t.int_type(4)) == "(-2147483647L - 1)"
    assert _identity("min", t.int_type(2, signed=False)) == "65535UL"
    assert _identity("max", t.int_type(8, signed=False)) == "0"
    assert _identity("max", t.CHAR) == "(-127L - 1)"
    assert _identity("min", t.REAL8).startswith("1.797")
    assert _identity("max", t.real_type(4)).startswith("-3.40")
    assert _identity("&", t.INT4) == "~0"
    assert _identity("*", t.REAL8) == "1"


@pytest.mark.parametrize(
    ("pragma", "decl", "message"),
    [
        ("#pragma omp parallel for reduction(s)", "long s = 0;",
         "expected 'reduction(operator: list)'"),
        ("#pragma omp parallel for reduction(bogus, +: s)", "long s = 0;",
         "reduction modifier 'bogus' is not supported"),
        ("#pragma omp simd reduction(task, +: s)", "long s = 0;",
         "invalid 'task' reduction modifier on construct other than 'parallel', 'for', "
         "'sections' or 'scope'"),
        ("#pragma omp taskloop reduction(task, +: s)", "long s = 0;",
         "invalid 'task' reduction modifier on construct other than 'parallel', 'for', "
         "'sections' or 'scope'"),
        ("#pragma omp for reduction(task, +: s) nowait", "long s = 0;",
         "'task' reduction modifier on a construct with a 'nowait' clause"),
        ("#pragma omp taskgroup task_reduction(task, +: s)", "long s = 0;",
         "reduction modifier 'task' is not supported"),
    ],
)  # fmt: skip
def test_misuse_is_an_error_at_the_pragma(tmp_path, pragma, decl, message):
    assert error(tmp_path, program(pragma, decl)) == f"T/t.c:3:11: error: {message}"


def test_reduction_of_a_variable_private_in_the_region(tmp_path):
    source = (
        "int main(void) {\n  long s = 0;\n  #pragma omp parallel private(s)\n  {\n"
        "    #pragma omp for reduction(+: s)\n"
        "    for (int i = 0; i < 10; i++) s += i;\n  }\n  return (int)s;\n}\n"
    )
    assert error(tmp_path, source) == (
        "T/t.c:5:13: error: reduction variable 's' is private in outer context"
    )


def test_a_section_of_a_scalar_is_gccs_error_at_the_item(tmp_path):
    source = program("#pragma omp parallel for reduction(+: s[0:2])", "long s = 0;")
    assert error(tmp_path, source) == "T/t.c:3:37: error: 's' does not have pointer or array type"
