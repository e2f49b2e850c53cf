"""declare simd is a hint: accepted with its clauses at file and block scope
(the function is compiled as written), gcc's error for contradicting ones."""

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
