"""The hybrid-scheduling pass: which task-spawning loops become range jobs, and why not."""

import subprocess
import sys
from pathlib import Path

import pytest
from inspirec.analyses.hybrid import hybrid
from inspirec.inspire import print_program, verify

from inspirec import driver

CORPUS = Path(__file__).resolve().parents[1] / "corpus" / "par" / "hybrid_loops.c"

HEAD = """#include <omp.h>
#include <stdio.h>
int out[100]; omp_event_handle_t evt;
int main(void) {
    int n = 20, k = 3;
    #pragma omp parallel
    #pragma omp single
    {
"""
TAIL = """
        #pragma omp taskwait
    }
    printf("%d\\n", out[7]);
    return 0;
}
"""


def run(tmp_path: Path, loop: str):
    source = tmp_path / "t.c"
    source.write_text(HEAD + loop + TAIL)
    program, decisions = hybrid(driver.lower_c([str(source)]))
    assert verify(program) == []
    return print_program(program), decisions


def test_a_loop_spawning_one_task_per_iteration_becomes_a_range_job(tmp_path):
    text, [d] = run(
        tmp_path,
        """
        for (int i = 0; i < n; i++) {
            #pragma omp task
            out[i] = i * k;
        }""",
    )
    assert d.applied and d.location == "t.c:10"
    assert "taskloop(" in text and "for @" in text  # the driver loop inside the job
    assert text.count("parallel(job[1 .. 1]") == 0


def test_a_loop_spawning_several_tasks_per_iteration_becomes_one_range_job(tmp_path):
    text, [d] = run(
        tmp_path,
        """
        for (int i = 0; i < n; i++) {
            #pragma omp task
            out[2 * i] = i;
            #pragma omp task firstprivate(k)
            out[2 * i + 1] = i + k;
        }""",
    )
    assert d.applied and d.location == "t.c:10"
    assert text.count("taskloop(") == 1 and text.count("parallel(job[1 .. 1]") == 0


@pytest.mark.parametrize(
    ("loop", "reason"),
    [
        (
            """
        for (int i = 0; i < n; i++) {
            if (i == 3) n = 10;
            #pragma omp task
            out[i] = i * k;
        }""",
            "the bounds are not loop invariant: 'n' may change while the loop runs",
        ),
        (
            """
        for (int i = 0; i < n; i++) {
            #pragma omp task shared(n)
            out[i] = n--;
        }""",
            "the bounds are not loop invariant: 'n' may change while the loop runs",
        ),
        (
            """
        for (int i = 0; i < n; i++) {
            #pragma omp task
            out[i] = i * k;
            #pragma omp taskwait
        }""",
            "the body is not only task spawns",
        ),
        (
            """
        for (int i = 0; i < n; i++) {
            #pragma omp task shared(i)
            out[0] = (&i != 0);
        }""",
            "the task captures a reference to the loop variable 'i'",
        ),
        (
            """
        for (int i = 0; i < n; i++) {
            #pragma omp task final(i > 3)
            out[i] = i;
        }""",
            "the task has an if or final clause",
        ),
        (
            """
        for (int i = 0; i < n; i++) {
            #pragma omp task detach(evt)
            out[i] = i;
        }""",
            "the task is detached (detach clause)",
        ),
        (
            """
        for (int i = 0; i < n; i += 2) {
            #pragma omp task
            out[i] = i;
        }""",
            "the step is not ++ (for < and <=) or -- (for > and >=)",
        ),
        (
            """
        for (int i = 0; i < n; i++) {
            #pragma omp task firstprivate(k)
            out[i] = k;
            k++;
        }""",
            "the body is not only task spawns",
        ),
        (
            """
        int q, *pq = &q; for (q = 0; q < n; q++) {
            #pragma omp task
            out[q] = q + (pq != 0);
        }""",
            "the loop variable 'q' is changed outside the loop",
        ),
        (
            """
        for (int i = 0; i < n; i++) {
            int m = i * k;
            #pragma omp task shared(m)
            out[i] = m;
        }""",
            "'m' is used other than read by the tasks",
        ),
        (
            """
        for (int i = 0; i < n; i++) {
            int m = out[i];
            #pragma omp task firstprivate(m)
            out[i] = m + 1;
        }""",
            "the value of 'm': the global 'out' may change while the loop runs",
        ),
        (
            """
        for (int i = 0; i < n; i++) {
            int m[2] = {i, k};
            #pragma omp task firstprivate(m)
            out[i] = m[0];
        }""",
            "'m' is an array declared in the loop",
        ),
    ],
)
def test_loops_that_must_not_be_converted_keep_their_tasks(tmp_path, loop, reason):
    text, [d] = run(tmp_path, loop)
    assert not d.applied and d.reason == reason and d.location == "t.c:10"
    assert "taskloop(" not in text and "parallel(job[1 .. 1]" in text


def test_a_value_a_sibling_task_may_change_is_not_copied_early(tmp_path):
    _, decisions = run(
        tmp_path,
        """
        for (int i = 0; i < n; i++) {
            #pragma omp task firstprivate(k)
            out[i] = i * k;
        }
        for (int i = 0; i < n; i++) {
            #pragma omp task shared(k)
            k = i;
        }""",
    )
    assert [d.applied for d in decisions] == [False, True]
    assert decisions[0].reason == "the capture of 'k': 'k' may change while the loop runs"


def cli(*args: str) -> str:
    r = subprocess.run(
        [sys.executable, "-m", "inspirec", *args], capture_output=True, text=True, timeout=300
    )
    assert r.returncode == 0, r.stderr
    return r.stdout


def test_no_hybrid_keeps_the_loops():
    assert "taskloop(" in cli("emit", "--emit", "ir", str(CORPUS))
    assert "taskloop(" not in cli("emit", "--emit", "ir", "--no-hybrid", str(CORPUS))


def test_explain_names_every_decision_with_its_line():
    out = cli("analyze", "--explain", str(CORPUS))
    section = out.split("Hybrid scheduling")[1].split("\n\n")[0].splitlines()[1:]
    verdicts = [
        (line.split(" at ")[1].split(":")[1], "not converted" not in line) for line in section
    ]
    assert verdicts == [
        ("23", True),
        ("28", True),  # two tasks per iteration
        ("35", True),
        ("40", True),
        ("51", False),
        ("58", False),
        ("65", True),  # the loop variable is declared outside
        ("71", True),
        ("79", False),
    ]
    assert "hybrid_loops.c:51: not converted: the bounds are not loop invariant" in out
    assert "Hybrid scheduling" not in cli("analyze", str(CORPUS))


def test_the_functions_a_moved_task_calls_keep_their_own_variables(tmp_path):
    """Renaming a task's captures must not reach into the functions it calls."""
    source = tmp_path / "calls.c"
    source.write_text(
        """
#include <stdio.h>
static int twice(int k) { return 2 * k; }
int out[8];
int main(void) {
    int k = 5;
    #pragma omp parallel
    #pragma omp single
    for (int i = 0; i < 8; i++) {
        #pragma omp task firstprivate(k)
        out[i] = twice(k) + i;
    }
    printf("%d\\n", out[7]);
    return 0;
}
"""
    )
    program, [d] = hybrid(driver.lower_c([str(source)]))
    assert d.applied
    assert verify(program) == []
    assert "return mul(2, ref_deref(k))" in print_program(program)


def test_a_variable_length_capture_is_not_moved(tmp_path):
    text, [d] = run(
        tmp_path,
        """
        int vla[n];
        for (int i = 0; i < n; i++) {
            #pragma omp task firstprivate(vla)
            out[i] = vla[0] * 0 + i;
        }""",
    )
    assert not d.applied and "variable-length type" in d.reason
    assert "taskloop(" not in text


def test_a_loop_variable_declared_outside_the_loop_gets_its_final_value(tmp_path):
    text, [d] = run(
        tmp_path,
        """
        int q;
        for (q = 2; q <= n; q++) {
            #pragma omp task
            out[q] = q;
        }
        out[0] = q;""",
    )
    assert d.applied
    assert "assign(q, cast<int<4>>(add(cast<int<8>>(2), ref_deref(__inspire_hcount))))" in text


FROZEN = """#include <stdio.h>
static long limit = 8, table[4];
static long scaled(long i) { return table[i % 4] * 2; }
long out[64];
int main(void) {
    limit = 16;
    for (int k = 0; k < 4; k++) table[k] = k + 1;
    #pragma omp parallel
    #pragma omp single
    for (int i = 0; i < limit; i++) {
        long w = scaled(i);
        #pragma omp task firstprivate(w)
        out[i] = w + i;
    }
    printf("%ld\\n", out[7]);
    return 0;
}
"""


def test_values_from_frozen_globals_and_reader_functions_move_into_the_tasks(tmp_path):
    source = tmp_path / "frozen.c"
    source.write_text(FROZEN)
    program, [d] = hybrid(driver.lower_c([str(source)]))
    assert d.applied, d.reason
    assert verify(program) == []
    text = print_program(program)
    assert "var ref<int<8>> __inspire_hl_w = scaled(" in text


def test_a_function_pointer_anywhere_keeps_globals_from_moving(tmp_path):
    source = tmp_path / "pointer.c"
    source.write_text(
        FROZEN.replace(
            "int main(void) {", "int main(void) {\n    long (*f)(long) = scaled; (void)f;"
        )
    )
    _, [d] = hybrid(driver.lower_c([str(source)]))
    assert not d.applied
    assert (
        d.reason
        == "the bounds are not loop invariant: the global 'limit' may change while the loop runs"
    )


def test_worksharing_loops_of_tasks_become_one_range_job_per_thread():
    source = CORPUS.with_name("hybrid_worksharing.c")
    program, decisions = hybrid(driver.lower_c([str(source)]))
    assert verify(program) == []
    assert [(d.location.split(":")[1], d.applied, d.reason) for d in decisions] == [
        ("27", True, "one range job per thread, one logical task per iteration"),
        ("33", False, "'offset' is shared and may change while the loop runs"),
        ("39", False, "'offset' is shared and may change while the loop runs"),
        ("45", True, "one range job per thread, one logical task per iteration"),
        ("50", True, "one range job per thread, one logical task per iteration"),
        ("58", True, "one range job per thread, one logical task per iteration"),
        ("63", False, "the body is not only task spawns"),
        ("69", False, "the step is not 1"),
    ]
    text = print_program(program)
    assert text.count("taskloop(") == 4 and text.count("get_thread_id()") == 4
