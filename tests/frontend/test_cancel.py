"""cancel and cancellation point in the frontend: taskgroup cancellation
ends the task (``if (cancel_taskgroup(c)) return;``), region cancellation
the implicit task, loop and sections cancellation the iteration; the
barriers of a region in a program that cancels regions are cancellation
points; gcc's errors and warnings for misplaced ones, at the pragma."""

import pytest
from inspirec.frontend import DiagnosticLog, parse_program
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
        ("#pragma omp task\n {\n#pragma omp taskgroup\n {\n"
         "#pragma omp cancellation point taskgroup\n }\n }",
         "7:9: error: 'cancellation point taskgroup' construct not closely nested inside of "
         "'task'"),
        ("#pragma omp task\n {\n#pragma omp cancel\n }",
         "5:9: error: '#pragma omp cancel' must specify one of 'parallel', 'for', 'sections' or "
         "'taskgroup' clauses"),
        ("#pragma omp task\n {\n#pragma omp cancel taskgroup if(1) if(2)\n }",
         "5:38: error: too many 'if' clauses without modifier"),
        ("#pragma omp parallel\n {\n#pragma omp for\n for (int i = 0; i < 4; i++) {\n"
         "#pragma omp cancel parallel\n }\n }",
         "7:9: error: 'cancel parallel' construct not closely nested inside of 'parallel'"),
        ("#pragma omp parallel for\n for (int i = 0; i < 4; i++) {\n"
         "#pragma omp cancellation point parallel\n }",
         "5:9: error: 'cancellation point parallel' construct not closely nested inside of "
         "'parallel'"),
        ("#pragma omp parallel\n {\n#pragma omp single\n {\n#pragma omp cancel parallel\n"
         " }\n }",
         "7:9: error: 'cancel parallel' construct not closely nested inside of 'parallel'"),
        ("#pragma omp parallel\n {\n#pragma omp cancel for\n }",
         "5:9: error: 'cancel for' construct not closely nested inside of 'for'"),
        ("#pragma omp parallel\n {\n#pragma omp cancellation point sections\n }",
         "5:9: error: 'cancellation point sections' construct not closely nested inside of "
         "'sections'"),
        ("#pragma omp parallel\n {\n#pragma omp cancel parallel if(parallel: a)\n }",
         "5:31: error: expected 'cancel' 'if' clause modifier"),
        ("#pragma omp cancel parallel", "3:9: error: orphaned 'cancel' construct"),
        ("#pragma omp taskloop\n for (int i = 0; i < 4; i++) {\n"
         "#pragma omp cancel for\n }",
         "5:9: error: 'cancel for' construct not closely nested inside of 'for'"),
    ],
)  # fmt: skip
def test_misplaced_cancellation_is_an_error(tmp_path, body, message):
    assert first_error_in_main(tmp_path, body).endswith(message)


def test_region_and_loop_cancellation_lowering(tmp_path):
    """cancel parallel returns from the region's body, cancel for from the
    iteration; the region's barriers (explicit, and the loop's) become
    cancellation points, an orphaned one stays a barrier."""
    src = tmp_path / "c.c"
    src.write_text(
        "void orphan(void) {\n  #pragma omp barrier\n}\n"
        "int main(void) {\n  int a = 0;\n"
        "  #pragma omp parallel\n  {\n"
        "    #pragma omp for\n    for (int i = 0; i < 8; i++) {\n"
        "      #pragma omp cancel for if(i == a)\n"
        "      #pragma omp cancellation point for\n    }\n"
        "    #pragma omp barrier\n"
        "    #pragma omp cancellation point parallel\n"
        "    #pragma omp cancel parallel\n"
        "    orphan();\n  }\n  return a;\n}\n"
    )
    text = print_program(lower_c([str(src)]))
    assert "if (cancel_for(" in text and "if (cancellation_point_for()" in text
    assert "if (cancellation_point_parallel()" in text and "if (cancel_parallel(1)" in text
    assert text.count("if (barrier_cancellable()") == 2
    assert text.count(" barrier()") == 1


def test_cancel_loop_without_barrier_warns(tmp_path):
    """gcc's warnings: a nowait or ordered loop must not be cancelled."""
    src = tmp_path / "c.c"
    src.write_text(
        "int main(void) {\n"
        "  #pragma omp parallel for ordered\n  for (int i = 0; i < 8; i++) {\n"
        "    #pragma omp cancel for\n  }\n  return 0;\n}\n"
    )
    log = DiagnosticLog()
    parse_program([str(src)], log=log)
    assert [w.message for w in log.warnings] == [
        "'cancel for' inside 'nowait' for construct",
        "'cancel for' inside 'ordered' for construct",
    ]
