"""declare simd is a hint: accepted with its clauses at file and block scope
(the function is compiled as written), gcc's error for contradicting ones."""

import re
import subprocess

from lowering_errors import lowering_error

from inspirec import backend, driver

PROGRAM = """\
#include <stdio.h>
#pragma omp declare simd uniform(a) linear(i:1) notinbranch
static double f(double *a, int i) { return a[i] * 2; }
int main(void) {
    double a[8] = {1, 2, 3, 4, 5, 6, 7, 8}, s = 0;
    #pragma omp declare simd simdlen(4)
    double g(double);
    #pragma omp simd reduction(+: s)
    for (int i = 0; i < 8; i++)
        s += f(a, i) + g(0);
    printf("%g\\n", s);
    return 0;
}
double g(double x) { return x; }
"""


def test_declare_simd_is_accepted(tmp_path):
    src = tmp_path / "simd.c"
    src.write_text(PROGRAM)
    exe = tmp_path / "simd"
    driver.build([str(src)], str(exe), cc=backend.CCOptions(cc="gcc"))
    assert subprocess.run([str(exe)], capture_output=True, text=True).stdout == "72\n"


def test_inbranch_with_notinbranch_is_an_error(tmp_path):
    source = "#pragma omp declare simd inbranch notinbranch\nint f(int x) { return x; }\n"
    error = lowering_error(tmp_path, source + "int main(void) { return f(0); }\n")
    assert error.startswith(
        "T/t.c:1:9: error: 'inbranch' clause is incompatible with 'notinbranch'"
    )


HINTS = """\
#pragma omp declare simd simdlen(4) notinbranch uniform(k) linear(i)
double scale(double x, double k, int i);
#pragma omp declare simd simdlen(4) notinbranch uniform(k) linear(i)
#pragma omp declare simd inbranch
double scale(double x, double k, int i) { return x * k + i; }
int main(void) {
    double a[64], s = 0;
    #pragma omp simd safelen(16) simdlen(2 * 4)
    for (int i = 0; i < 64; i++)
        a[i] = scale(i, 2.0, 0);
    #pragma omp simd reduction(+: s)
    for (int i = 0; i < 64; i++)
        s += a[i];
    #pragma omp simd
    for (int i = 0; i < 64; i++) {
        #pragma omp ordered simd
        s += a[i];
    }
    return s == 2 * 4032 ? 0 : 1;
}
"""


def test_hints_are_kept_in_the_emitted_c(tmp_path):
    src = tmp_path / "hints.c"
    src.write_text(HINTS)
    unit = driver.translate_c([str(src)])
    assert unit.simd_hints
    lines = [line.strip() for line in unit.text.splitlines()]
    # every declare simd line before the prototype and the definition, once each
    # (the clauses naming parameters are dropped: vector arguments are always right)
    hints = ["#pragma omp declare simd simdlen(4) notinbranch", "#pragma omp declare simd inbranch"]
    heads = [i for i, line in enumerate(lines) if line.startswith("double scale(")]
    assert len(heads) == 2
    for head in heads:
        assert lines[head - 2 : head] == hints
    # the loops whose clauses name no variable but a reduction's keep their
    # hints; the one with a directive in its body does not
    assert lines.count("#pragma omp simd safelen(16) simdlen(8)") == 1
    assert lines.count("#pragma omp simd reduction(+: s)") == 1
    assert sum(line.startswith("#pragma omp simd") for line in lines) == 2
    exe = tmp_path / "hints"
    driver.build([str(src)], str(exe), cc=backend.CCOptions(cc="gcc"))
    assert subprocess.run([str(exe)]).returncode == 0
    # gcc made the vector versions: the build passed -fopenmp-simd
    symbols = subprocess.run(["nm", str(exe)], capture_output=True, text=True).stdout
    assert "_ZGV" in symbols


def test_declare_simd_must_precede_a_function(tmp_path):
    # at the declaration's start, as gcc places it
    error = lowering_error(
        tmp_path, "#pragma omp declare simd\nint x;\nint main(void) { return x; }\n"
    )
    assert error.startswith(
        "T/t.c:2:1: error: '#pragma omp declare simd' not immediately followed by a function "
        "declaration or definition"
    )
    error = lowering_error(tmp_path, "int main(void) { return 0; }\n#pragma omp declare simd\n")
    assert error.startswith("T/t.c:2:9: error: '#pragma omp declare simd' not immediately")


def test_simd_lengths_are_checked(tmp_path):
    loop = "for (int i = 0; i < 4; i++) a[i] = i;"
    for clauses, message in (
        ("safelen(0)", "'safelen' clause expression must be positive constant integer expression"),
        ("simdlen(n)", "'simdlen' clause expression must be positive constant integer expression"),
        ("simdlen(8) safelen(4)", "'simdlen' clause value is bigger than 'safelen' clause value"),
    ):
        for construct in ("simd", "for simd", "taskloop simd", "parallel for simd"):
            source = (
                f"int main(void) {{\n  int n = 4, a[4];\n#pragma omp {construct} {clauses}\n"
                f"  {loop}\n  return a[n - 1];\n}}\n"
            )
            first = lowering_error(tmp_path, source).splitlines()[0]
            assert re.fullmatch(rf"T/t\.c:3:\d+: error: {re.escape(message)}", first)
