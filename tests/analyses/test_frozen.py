"""Frozen globals and reader functions (analyses/frozen.py), on small programs."""

from pathlib import Path

from inspirec.analyses.frozen import frozen_state

from inspirec import driver

PROGRAM = """#include <stdio.h>
static long set_serially = 1, set_in_task, set_by_callee, address_taken, arr[4];
static volatile long changing;
static long per_thread;
#pragma omp threadprivate(per_thread)
long *where;
static void bump(void) { set_by_callee++; }
static long reader(long i) { return arr[i % 4] + set_serially + changing * 0; }
static long plain(long i) {
    long s = 0;
    for (long k = 0; k < i; k++) s += k * set_serially;
    return s;
}
static long calls_plain(long i) { return plain(i) + 1; }
static long recursive(long i) { return i <= 0 ? arr[0] : recursive(i - 1) + 1; }
static long prints(long i) { printf("%ld\\n", i); return i; }
static long writes(long i) { set_serially = i; return i; }
static long follows(long *p) { return *p; }
int main(void) {
    set_serially = 2;
    for (int k = 0; k < 4; k++) arr[k] = k;
    where = &address_taken;
    #pragma omp parallel
    #pragma omp single
    {
        #pragma omp task
        set_in_task = 3;
        bump();
        per_thread = 1;
    }
    printf("%ld %ld %ld %ld %ld %ld %ld\\n", reader(1), calls_plain(3), recursive(2),
           prints(1), writes(2), follows(where), per_thread);
    return 0;
}
"""


def state(tmp_path: Path, text: str):
    source = tmp_path / "p.c"
    source.write_text(text)
    return frozen_state(driver.lower_c([str(source)]))


def test_globals_written_only_by_serial_code_are_frozen(tmp_path):
    s = state(tmp_path, PROGRAM)
    assert s.globals == {"set_serially", "arr", "where"}  # the pointer, not what it points to


def test_reader_functions_compute_and_read_only_their_locals_and_frozen_globals(tmp_path):
    s = state(tmp_path, PROGRAM)
    # reader reads a volatile global, prints calls printf, writes writes a
    # global, follows follows a pointer, bump writes a global
    assert s.readers == {"plain", "calls_plain", "recursive"}


def test_a_task_started_outside_every_region_freezes_nothing(tmp_path):
    s = state(
        tmp_path,
        PROGRAM.replace("    where = &address_taken;", "    #pragma omp task\n    where = 0;"),
    )
    assert s.globals == frozenset()
    assert s.readers == frozenset()  # each of them reads a global


def test_a_function_pointer_freezes_nothing(tmp_path):
    s = state(
        tmp_path,
        PROGRAM.replace("int main(void) {", "int main(void) {\n    void (*f)(void) = bump; f();"),
    )
    assert s.globals == frozenset()
