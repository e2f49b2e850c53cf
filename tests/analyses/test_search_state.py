"""Search state (analyses/search_state.py): globals that tasks both read and write."""

from pathlib import Path

import pytest
from inspirec.analyses.search_state import search_state

from inspirec import driver

TASKS = """#include <stdio.h>
{globals}
static void visit(int n) {{
    if (n <= 0) return;
    {body}
    #pragma omp task
    visit(n - 1);
    #pragma omp task
    visit(n - 2);
    #pragma omp taskwait
}}
int main(void) {{
    #pragma omp parallel
    #pragma omp single
    visit(12);
    {after}
    return 0;
}}
"""


def state(tmp_path: Path, globals_: str, body: str, after: str = "") -> tuple[str, ...]:
    source = tmp_path / "p.c"
    source.write_text(TASKS.format(globals=globals_, body=body, after=after))
    return search_state(driver.lower_c([str(source)]))


def test_a_bound_that_tasks_read_and_write_is_search_state(tmp_path):
    found = state(
        tmp_path,
        "int best = 1000;",
        "if (n >= best) return;\n    #pragma omp critical\n    if (n < best) best = n;",
    )
    assert len(found) == 1 and found[0].startswith("best (read at p.c:"), found


@pytest.mark.parametrize(
    "globals_, body, after",
    [
        ("", "", ""),  # plain recursion
        ("long count;", "#pragma omp atomic\n    count += n;", 'printf("%ld\\n", count);'),
        ("long total;", "total += n;", 'printf("%ld\\n", total);'),  # a racy sum: written only
        ("int limit = 3;", "if (n < limit) return;", "limit = 4;"),  # written only serially
        ("int seen[20];", "seen[n] = 1;", 'printf("%d\\n", seen[3]);'),  # read only serially
        ("int ticks;", "int *p = &ticks;\n    (void)p;", ""),  # an escape is not followed
        ("char grid[8];", 'printf("%s", grid);\n    grid[n % 8] = 1;', ""),  # decayed: not a read
    ],
)
def test_globals_tasks_only_write_or_only_read_are_not(tmp_path, globals_, body, after):
    assert state(tmp_path, globals_, body, after) == ()


@pytest.mark.parametrize(
    "globals_, body",
    [
        ("int seen[20];", "if (seen[n]) return;\n    seen[n] = 1;"),  # an element
        ("long ticket;", "long mine = ticket++;\n    if (mine > 100) return;"),  # value used
        (
            "int ticks;",
            "int old;\n    #pragma omp atomic capture\n    old = ticks++;\n"
            "    if (old > 100) return;",
        ),
    ],
)
def test_reads_through_elements_and_used_updates_count(tmp_path, globals_, body):
    found = state(tmp_path, globals_, body)
    name = globals_.split()[1].split("[")[0].rstrip(";")
    assert [f.split()[0] for f in found] == [name], found


def test_a_volatile_bound_updated_by_compare_and_swap_is_search_state(tmp_path):
    body = (
        "int old = best;\n    if (n >= old) return;\n"
        "    while (n < old && !__sync_bool_compare_and_swap(&best, old, n)) old = best;"
    )
    found = state(tmp_path, "static volatile int best = 100;", body)
    assert [f.split()[0] for f in found] == ["best"], found


def test_a_call_through_a_function_pointer_in_a_task_counts(tmp_path):
    found = state(
        tmp_path,
        "static void nothing(int n) { (void)n; }\nvoid (*hook)(int) = nothing;",
        "hook(n);",
    )
    assert any(f.startswith("a call through a function pointer (p.c:") for f in found), found
