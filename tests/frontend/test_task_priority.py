"""The priority clause of task: an int<4> on the task's job, gcc's error for
a value that is not an integer."""

from inspirec.inspire import print_program
from lowering_errors import first_error_in_main

from inspirec import lower_c


def test_priority_is_on_the_job(tmp_path):
    src = tmp_path / "p.c"
    src.write_text(
        "int main(void) {\n  int x = 0; long p = 3;\n"
        "  #pragma omp task priority(p + 1)\n  x++;\n"
        "  #pragma omp task\n  x++;\n  return x;\n}\n"
    )
    jobs = [line for line in print_program(lower_c([str(src)])).splitlines() if "job[" in line]
    assert len(jobs) == 2
    assert "priority(cast<int<4>>(add(ref_deref(p), " in jobs[0]
    assert "priority" not in jobs[1]


def test_priority_must_be_an_integer(tmp_path):
    error = first_error_in_main(tmp_path, "#pragma omp task priority(1.5)\n a++;")
    assert error.endswith("3:31: error: expected integer expression before end of line")
