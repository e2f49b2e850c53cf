"""Thread create/join converted into tasks, compiled and run.

The IR contract of :mod:`frontend.threads`: the task itself stores the thread
function's result in the slot, so replacing every ``merge(g)`` of a function
by one ``merge_all()`` before the first of them keeps the program's meaning
(what the synchronization coalescing does when no spawn can follow a merge).
"""

import re
import subprocess
import sys
from pathlib import Path

import pytest
from inspirec.analyses import RuntimeConfig
from inspirec.frontend import parse_program

from inspirec import backend, inspire

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "tests" / "corpus"))
import corpus  # noqa: E402

SPAWN_THEN_JOIN = r"""
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <threads.h>

static void *cube(void *arg)
{
    long x = (long)(intptr_t)arg;
    long s = 0;
    for (long i = 0; i < 20000; i++)
        s += (x * x * x + i) % 13;
    return (void *)(intptr_t)s;
}

static int half(void *arg)
{
    return *(int *)arg / 2;
}

int main(void)
{
    pthread_t t[6];
    void *r[6];
    thrd_t c;
    int n = 84, h = 0;
    for (int i = 0; i < 6; i++)
        pthread_create(&t[i], NULL, cube, (void *)(intptr_t)i);
    thrd_create(&c, half, &n);
    long total = 0;
    for (int i = 0; i < 6; i++) {
        pthread_join(t[i], &r[i]);
        total += (long)(intptr_t)r[i];
    }
    thrd_join(c, &h);
    printf("%ld %d\n", total, h);
    return 0;
}
"""

MERGE_LINE = re.compile(r"^(\s*)merge\(ref_deref\(.*\)\) @\"[^\"]*\":\d+;$")


def coalesce_text(ir: str) -> str:
    """Every merge statement of the program replaced by one merge_all() before the first."""
    out, first = [], True
    for line in ir.split("\n"):
        m = MERGE_LINE.match(line)
        if m is None:
            out.append(line)
        elif first:
            out.append(f"{m.group(1)}merge_all();")
            first = False
    assert not first, "no merge statement found"
    return "\n".join(out)


def expected_output(tmp_path: Path, source: Path) -> str:
    exe = tmp_path / "gcc_build"
    subprocess.run(
        ["gcc", "-O2", "-pthread", str(source), "-o", str(exe)], check=True, capture_output=True
    )
    return subprocess.run([str(exe)], capture_output=True, text=True, check=True).stdout


@pytest.mark.parametrize("queue_size", [1, 16])
def test_coalesced_joins_keep_the_results(tmp_path, queue_size):
    source = tmp_path / "spawn_then_join.c"
    source.write_text(SPAWN_THEN_JOIN)
    program = parse_program([str(source)])
    text = inspire.print_program(program)
    assert text.count("merge(ref_deref(") == 2
    coalesced = inspire.check(inspire.parse(coalesce_text(text), "coalesced.ir"))
    assert "merge(" not in inspire.print_program(coalesced).replace("merge_all(", "")
    config = RuntimeConfig(queue_size=queue_size)
    exe = tmp_path / "prog"
    backend.build_executable(
        backend.CUnit(backend.emit_c(coalesced, config), config, needs_runtime=True),
        str(exe),
        backend.CCOptions(cc="gcc", optimize="2"),
    )
    expected = expected_output(tmp_path, source)
    for workers in corpus.THREAD_COUNTS:
        proc = corpus.run_binary(exe, threads=workers)
        assert proc.stdout == expected, f"{workers} workers"


def test_converted_threads_emit_group_spawns_and_merges(tmp_path):
    source = tmp_path / "spawn_then_join.c"
    source.write_text(SPAWN_THEN_JOIN)
    c_text = backend.emit_c(parse_program([str(source)]), RuntimeConfig())
    assert "inspire_group_t t[6];" in c_text
    assert "void *t_result[6];" in c_text and "int c_result;" in c_text
    assert "= inspire_task_spawn_group(inspire_t);" in c_text
    assert "= INSPIRE_GROUP_DONE;" in c_text  # the lazily inlined case
    assert "if (inspire_g != INSPIRE_GROUP_DONE)" in c_text
    assert "inspire_merge(inspire_g);" in c_text
