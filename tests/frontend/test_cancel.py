"""cancel and cancellation point in the frontend: taskgroup cancellation
ends the task (``if (cancel_taskgroup(c)) return;``); gcc's errors for
misplaced ones, at the pragma; the other construct kinds are named as not
supported."""

import pytest
from inspirec.inspire import print_program
from lowering_errors import first_error_in_main

from inspirec import lower_c


def test_cancel_and_cancellation_point_end_the_task(tmp_path):
    src = tmp_path / "c.c"
    src.write_text(
        "int main(void) {\n  int a = 0;\n"
        "  #pragma omp taskgroup\n"
        "  #pragma omp task shared(a)\n  {\n"
        "    #pragma omp cancellation point taskgroup\n"
        "    #pragma omp cancel taskgroup if(cancel: a > 1)\n"
        "    a++;\n  }\n  return a;\n}\n"
    )
    text = print_program(lower_c([str(src)]))
    assert "if (cancellation_point_taskgroup()" in text
    assert "if (cancel_taskgroup(gt(ref_deref(a), 1)" in text
    assert text.count("return;") == 2


TASK = "#pragma omp task\n {\n{inner}\n }"


@pytest.mark.parametrize(
    "body, message",
    [
        ("#pragma omp cancel taskgroup", "3:9: error: orphaned 'cancel' construct"),
        ("#pragma omp cancellation point taskgroup",
         "3:9: error: orphaned 'cancellation point' construct"),
        ("#pragma omp parallel\n {\n#pragma omp cancel taskgroup\n }",
         "5:9: error: 'cancel taskgroup' construct not closely nested inside of 'task'"),
        ("#pragma omp task\n {\n#pragma omp single\n {\n#pragma omp cancellation point taskgroup\n"
         " }\n }",
         "7:9: error: 'cancellation point taskgroup' construct not closely nested inside of "
         "'task'"),
        ("#pragma omp task\n {\n#pragma omp cancel\n }",
         "5:9: error: '#pragma omp cancel' must specify one of 'parallel', 'for', 'sections' or "
         "'taskgroup' clauses"),
        ("#pragma omp task\n {\n#pragma omp cancel taskgroup if(1) if(2)\n }",
         "5:9: error: too many 'if' clauses without modifier"),
        ("#pragma omp parallel\n {\n#pragma omp cancel parallel\n }",
         "5:9: error: 'cancel parallel' is not supported"),
        ("#pragma omp taskloop\n for (int i = 0; i < 4; i++) {\n"
         "#pragma omp cancel taskgroup\n }",
         "5:9: error: 'cancel taskgroup' in a 'taskloop' is not supported"),
    ],
)  # fmt: skip
def test_misplaced_cancellation_is_an_error(tmp_path, body, message):
    assert first_error_in_main(tmp_path, body).endswith(message)
