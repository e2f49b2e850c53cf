"""Task reductions in the frontend: a task with in_reduction accumulates into
its own copy and combines it into the original (through a pointer taken
before the task) when it ends; task_reduction lists are checked like
reduction lists."""

import pytest
from inspirec.inspire import print_program
from lowering_errors import first_error_in_main

from inspirec import lower_c


def test_in_reduction_task_combines_its_copy_at_its_end(tmp_path):
    src = tmp_path / "r.c"
    src.write_text(
        "int main(void) {\n  long s = 0;\n"
        "  #pragma omp taskgroup task_reduction(+: s)\n  {\n"
        "    #pragma omp task in_reduction(+: s)\n    s += 2;\n  }\n  return (int)s;\n}\n"
    )
    text = print_program(lower_c([str(src)]))
    before, _, task = text.partition("parallel(job[1 .. 1]")
    assert "var ref<ptr<int<8>>> __inspire_red_s = ref_to_ptr(s)" in before
    assert "var ref<ptr<int<8>>> __inspire_red_s = ref_deref(__inspire_red_s)" in task
    body = task[task.index("{") :]
    assert body.index("var ref<int<8>> s") < body.index("critical_enter")
    assert "ptr_elem(ref_deref(__inspire_red_s)" in body[body.index("critical_enter") :]


@pytest.mark.parametrize(
    "body, message",
    [
        ("#pragma omp taskgroup task_reduction(foo: a)\n {}",
         "3:37: error: user defined reduction not found for 'a'"),
        ("#pragma omp taskgroup task_reduction(+: b)\n {}",
         "3:41: error: 'b' undeclared (first use in this function)"),
        ("#pragma omp task in_reduction(+ a)\n a++;",
         "3:9: error: expected 'in_reduction(operator: list)'"),
    ],
)  # fmt: skip
def test_bad_task_reductions_are_errors_at_the_pragma(tmp_path, body, message):
    assert first_error_in_main(tmp_path, body).endswith(message)
