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


ADD = "static void add(long *p) {\n  #pragma omp task in_reduction(+: p[0])\n  p[0] += 1;\n}\n"


@pytest.mark.parametrize(
    ("task_body", "registered"),
    [
        ("{ s += 1; add(&s); }", True),  # a call: the copy's address may reach add's task
        ("{ s += 1; }", False),  # no call: nothing can reach the copy
        # it may end before its end: a stale registration would outlive the copy
        ("{ add(&s);\n    #pragma omp cancellation point taskgroup\n    }", False),
    ],
)
def test_private_copies_are_registered_only_where_a_task_may_reach_them(
    tmp_path, task_body, registered
):
    src = tmp_path / "r.c"
    src.write_text(
        ADD + "int main(void) {\n  long s = 0;\n"
        "  #pragma omp taskgroup task_reduction(+: s)\n  {\n"
        f"    #pragma omp task in_reduction(+: s)\n    {task_body}\n  }}\n  return (int)s;\n}}\n"
    )
    text = print_program(lower_c([str(src)]))
    # add's task, where no construct reducing p is visible, asks for the original
    asked = "reduction_original(cast<ptr<unit>>(ref_deref(p))" in text
    assert asked == ("add(" in task_body)
    assert ("reduction_copy_begin(" in text) == registered
    assert text.count("reduction_copy_begin(") == text.count("reduction_copy_end(")
