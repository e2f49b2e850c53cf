"""``reduction(inscan, ...)`` and the ``scan`` directive: gcc 12's errors for
their misuse, at gcc's line and column (checked against gcc where it is
installed).  What they compute is checked by the corpus program
``par/scan_reductions.c`` against gcc's build."""

import pytest
from lowering_errors import gcc_first_diagnostic, lowering_error

#: A loop whose body's scan phase is ``{scan}``'s statement.
LOOP = """int a[16], b[16];
int main(void) {{
  int x = 0, z = 0;
  #pragma omp {directive}
  for (int i = 0; i < 16; i++) {{
    x += a[i];
    {scan}
    b[i] = x + z;
  }}
  return x;
}}
"""
INCLUSIVE = "#pragma omp scan inclusive(x)"

#: ``(directive, scan line, "line:col: message")``: the first error.
ERRORS = [
    ("parallel reduction(inscan, +: x)", "",
     "4:33: 'inscan' 'reduction' clause on 'parallel' construct"),
    ("taskloop reduction(inscan, +: x)", "",
     "4:33: 'inscan' 'reduction' clause on 'taskloop' construct"),
    ("parallel reduction(inscan, +: x)", INCLUSIVE,
     "7:13: '#pragma omp scan' may only be used in a loop construct with 'inscan' "
     "'reduction' clause"),
    ("parallel for reduction(inscan, +: x)", "#pragma omp scan inclusive(z)",
     "7:31: 'z' specified in 'inclusive' clause but not in 'inscan' 'reduction' clause on "
     "the containing construct"),
    ("parallel for reduction(inscan, +: x)", "#pragma omp scan exclusive(z)",
     "7:31: 'z' specified in 'exclusive' clause but not in 'inscan' 'reduction' clause on "
     "the containing construct"),
    ("parallel for reduction(inscan, +: x)", INCLUSIVE + "\n    #pragma omp scan inclusive(x)",
     "8:13: '#pragma omp scan' may only be used in a loop construct with 'inscan' "
     "'reduction' clause"),
    ("parallel for reduction(+: x)", INCLUSIVE,
     "7:13: '#pragma omp scan' may only be used in a loop construct with 'inscan' "
     "'reduction' clause"),
    ("parallel for reduction(inscan, +: x) ordered", INCLUSIVE,
     "4:59: 'ordered' clause specified together with 'inscan' 'reduction' clause"),
    ("parallel for reduction(inscan, +: x) schedule(static)", INCLUSIVE,
     "4:60: 'schedule' clause specified together with 'inscan' 'reduction' clause"),
    ("parallel for reduction(inscan, +: x) linear(z)", INCLUSIVE,
     "4:58: 'inscan' 'reduction' clause used together with 'linear' clause for a variable "
     "other than loop iterator"),
    ("parallel for reduction(inscan, +: x)", "#pragma omp scan inclusive(x) exclusive(x)",
     "7:35: expected end of line before 'exclusive'"),
    ("parallel for reduction(inscan, +: x)", "#pragma omp scan",
     "7:21: expected 'inclusive' or 'exclusive' clause before end of line"),
    ("simd reduction(+: z) reduction(inscan, +: x)", INCLUSIVE,
     "4:29: 'inscan' and non-'inscan' 'reduction' clauses on the same construct"),
    ("parallel for simd reduction(inscan, +: x) reduction(+: z)", INCLUSIVE,
     "4:66: 'inscan' and non-'inscan' 'reduction' clauses on the same construct"),
]  # fmt: skip


@pytest.mark.parametrize(("directive", "scan", "expected"), ERRORS)
def test_scan_misuse_is_gccs_error(tmp_path, directive, scan, expected):
    source = LOOP.format(directive=directive, scan=scan)
    line = f"T/t.c:{expected.replace(': ', ': error: ', 1)}"
    assert lowering_error(tmp_path, source).splitlines()[0] == line
    gcc = gcc_first_diagnostic(tmp_path, source)
    if gcc is not None:
        assert gcc == line


def test_a_loop_without_its_scan_directive_is_an_error_at_its_body(tmp_path):
    # gcc reports it at the body's closing brace, inspirec at its opening one
    source = LOOP.format(directive="parallel for reduction(inscan, +: x)", scan="")
    first = lowering_error(tmp_path, source).splitlines()[0]
    assert first == "T/t.c:5:32: error: expected '#pragma omp scan'"


@pytest.mark.parametrize("reduction", ["reduction(inscan, +: x)", "reduction(+: x)"])
def test_simd_without_a_loop_is_an_error(tmp_path, reduction):
    source = (
        f"int main(void) {{\n  int x = 0;\n#pragma omp simd {reduction}\n  x++;\n  return x;\n}}\n"
    )
    first = lowering_error(tmp_path, source).splitlines()[0]
    assert first == "T/t.c:3:9: error: '#pragma omp simd' must be followed by a for loop"
    gcc = gcc_first_diagnostic(tmp_path, source)
    if gcc is not None:  # gcc says so at the statement
        assert gcc == "T/t.c:4:3: error: for statement expected before 'x'"
