"""The mergeable pass: taskloops whose logical tasks keep nothing of their own."""

import re
from pathlib import Path

from inspirec.analyses.mergeable import mergeable
from inspirec.inspire import print_program, verify

from inspirec import driver

SOURCE = """#include <stdio.h>
int main(void) {
    long s = 0, out[64];
    int k = 3, fp = 7;
    #pragma omp parallel
    #pragma omp single
    {
        #pragma omp taskloop grainsize(4) reduction(+: s)
        for (int i = 0; i < 64; i++) { out[i] = i * k; s += i; }
        #pragma omp taskloop firstprivate(fp)
        for (int i = 0; i < 64; i++) { fp += i; out[i] += fp; }
        #pragma omp taskloop shared(k) num_tasks(3)
        for (int i = 0; i < 64; i++) {
            #pragma omp task shared(k)
            out[i] += k;
        }
        #pragma omp taskloop
        for (int i = 0; i < 64; i++) {
            #pragma omp task firstprivate(fp)
            out[i] += fp;
        }
    }
    printf("%ld %ld\\n", s, out[9]);
    return 0;
}
"""


def flags(tmp_path: Path) -> list[str]:
    source = tmp_path / "m.c"
    source.write_text(SOURCE)
    program, decisions = mergeable(driver.lower_c([str(source)]))
    assert verify(program) == [] and decisions == []
    return re.findall(r"taskloop\(.*?, lit<int<8>> 0, (\d+), bind", print_program(program))


def test_taskloops_that_only_read_their_copies_are_mergeable(tmp_path):
    # a reduction (its copy starts from the identity in every call), a written
    # firstprivate copy (not mergeable), a shared variable, a copy read by a
    # nested task
    assert flags(tmp_path) == ["8", "0", "8", "8"]
