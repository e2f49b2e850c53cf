"""Serial clones: a task run at once (the deque is full, ``if(false)``, ``final``)
calls the serial version of its body, in which nested spawns run at once too.

Checked on the emitted C (what the serial versions contain, where frames are
kept) and by building programs through the command line with a queue of one
item, so that nearly every spawn takes the lazy path, at 1, 2 and 4 workers.
"""

import re
import subprocess
import sys
from pathlib import Path

import pytest
from inspirec.analyses import RuntimeConfig
from inspirec.frontend import parse_program

from inspirec import backend

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "tests" / "corpus"))
import corpus  # noqa: E402

FIB = r"""
#include <stdio.h>

long fib(int n)
{
    long x, y;
    if (n < 2)
        return n;
    #pragma omp task shared(x)
    x = fib(n - 1);
    #pragma omp task shared(y)
    y = fib(n - 2);
    #pragma omp taskwait
    return x + y;
}

int main(void)
{
    long r;
    #pragma omp parallel
    #pragma omp single
    r = fib(24);
    printf("%ld\n", r);
    return 0;
}
"""

PTHREAD_FIB = r"""
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>

static void *pfib(void *arg)
{
    long n = (long)(intptr_t)arg;
    if (n < 2)
        return arg;
    pthread_t t;
    void *x;
    pthread_create(&t, NULL, pfib, (void *)(intptr_t)(n - 1));
    void *y = pfib((void *)(intptr_t)(n - 2));
    pthread_join(t, &x);
    return (void *)((intptr_t)x + (intptr_t)y);
}

int main(void)
{
    printf("%ld\n", (long)(intptr_t)pfib((void *)(intptr_t)17));
    return 0;
}
"""

FLAT_TASKS = r"""
#include <stdio.h>

static int square(int i)
{
    return i * i;
}

int main(void)
{
    int a[64], b[64];
    #pragma omp parallel
    #pragma omp single
    for (int i = 0; i < 64; i++) {
        #pragma omp task firstprivate(i) shared(a)
        a[i] = square(i);
        #pragma omp task firstprivate(i) shared(b)
        b[i] = 2 * i;
    }
    long s = 0;
    for (int i = 0; i < 64; i++)
        s += a[i] + b[i];
    printf("%ld\n", s);
    return 0;
}
"""

NAME_IN_USE = r"""
#include <stdio.h>

static long walk_serial(int n)
{
    return n < 1 ? 1 : walk_serial(n - 1) + walk_serial(n - 1);
}

static long walk(int n)
{
    if (n < 4)
        return walk_serial(n);
    long a, b;
    #pragma omp task shared(a)
    a = walk(n - 1);
    #pragma omp task shared(b)
    b = walk(n - 1);
    #pragma omp taskwait
    return a + b;
}

int main(void)
{
    long r;
    #pragma omp parallel
    #pragma omp single
    r = walk(12);
    printf("%ld\n", r);
    return 0;
}
"""

CLAUSES = r"""
#include <omp.h>
#include <stdio.h>

static int finals;

static long fib_final(int n)
{
#if OBSERVE
    if (omp_in_final()) {
        #pragma omp atomic
        finals++;
    }
#endif
    if (n < 2)
        return n;
    long x, y;
    #pragma omp task shared(x) final(n < 8)
    x = fib_final(n - 1);
    #pragma omp task shared(y) final(n < 8) if(n > 4)
    y = fib_final(n - 2);
    #pragma omp taskwait
    return x + y;
}

int main(void)
{
    long r;
    #pragma omp parallel
    #pragma omp single
    r = fib_final(18);
    printf("%ld %d\n", r, finals);
    return 0;
}
"""


CALLBACKS = r"""
#include <stdio.h>
#include <stdlib.h>

static long spawner(int n)
{
    long x;
    #pragma omp task shared(x)
    x = n;
    #pragma omp taskwait
    return x;
}

static long (*hook)(int) = spawner;

static int by_value(const void *a, const void *b)
{
    return *(const int *)a - *(const int *)b;
}

static long prints(int n)
{
    long r = 0;
    #pragma omp task shared(r)
    r = printf("%d\n", n);
    #pragma omp taskwait
    return r;
}

static long sorts(int *a, int n)
{
    #pragma omp task
    qsort(a, n, sizeof(int), by_value);
    #pragma omp taskwait
    return a[0];
}

int main(void)
{
    int a[3] = {3, 1, 2};
    long r;
    #pragma omp parallel
    #pragma omp single
    r = hook(1) + prints(2) + sorts(a, 3);
    printf("%ld\n", r);
    return 0;
}
"""


def emit(tmp_path: Path, source: str, *defines: str) -> str:
    path = tmp_path / "prog.c"
    path.write_text("".join(f"#define {d}\n" for d in defines) + source)
    return backend.emit_c(parse_program([str(path)]), RuntimeConfig())


def definition(c_text: str, head: str) -> str:
    """The definition of the C function whose first line is ``head``."""
    m = re.search(rf"^{re.escape(head)}\n\{{\n.*?^\}}\n", c_text, re.M | re.S)
    assert m is not None, f"no definition {head!r}"
    return m.group(0)


def lazy_paths(function: str) -> list[str]:
    """The statements of each ``if (inspire_task_inline_p())`` branch (a
    task's) or ``if (inspire_spawn_inline_p())`` branch (a thread's) of a
    definition."""
    test = r"if \(inspire_(?:task|spawn)_inline_p\(\)\)"
    blocks = re.findall(test + r"\n\s*\{\n(.*?)\n\s*\}\n", function, re.S)
    return [" ".join(line.strip() for line in b.split("\n")) for b in blocks]


def build(tmp_path: Path, sources: list[Path], *options: str) -> Path:
    exe = tmp_path / "prog"
    r = subprocess.run(
        [sys.executable, "-m", "inspirec", "build", *map(str, sources), "-o", str(exe), *options],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=REPO,
    )
    assert r.returncode == 0, r.stderr
    return exe


def run_at_every_worker_count(exe: Path, expected: str) -> None:
    for workers in corpus.THREAD_COUNTS:
        proc = corpus.run_binary(exe, threads=workers)
        assert (proc.returncode, proc.stdout) == (0, expected), f"{workers} workers"


def gcc_output(tmp_path: Path, source: Path, *flags: str) -> str:
    exe = tmp_path / "gcc_build"
    subprocess.run(["gcc", "-O2", *flags, str(source), "-o", str(exe)], check=True)
    return subprocess.run([str(exe)], capture_output=True, text=True, check=True).stdout


def test_the_serial_clone_of_fib_makes_no_runtime_call(tmp_path):
    c_text = emit(tmp_path, FIB)
    assert emit(tmp_path, FIB) == c_text  # deterministic
    assert "static long fib_serial(int n);" in c_text
    clone = definition(c_text, "static long fib_serial(int n)")
    assert "inspire_" not in clone  # no inline test, no frame, no merge_all, no work item
    assert "fib_task0_serial(&x, n);" in clone and "fib_task1_serial(&y, n);" in clone
    task = definition(c_text, "static void fib_task0_serial(long *x, int n)")
    assert "*x = fib_serial(n - 1);" in task
    # The outlined task keeps the parallel flavour; the lazy path calls the serial one.
    assert "*x = fib(n - 1);" in definition(c_text, "static void fib_task0_seq(long *x, int n)")
    parallel = definition(c_text, "long fib(int n)")
    assert lazy_paths(parallel) == ["fib_task0_serial(&x, n);", "fib_task1_serial(&y, n);"]
    assert "inspire_inline_begin" not in c_text


SERIAL_FRAMES = corpus.get("par/serial_frames")


def test_serial_versions_that_create_tasks_run_in_a_frame():
    c_text = backend.emit_c(parse_program([str(s) for s in SERIAL_FRAMES.sources]), RuntimeConfig())
    bracketed = [
        ("long via_pointer(int depth, long (*f)(int))", "via_pointer_task0_serial"),  # f(10)
        ("long nested_regions(int depth)", "nested_regions_task0_serial"),  # a region
        ("long squares(int n, long *out, void (*later)(long *, long))", "squares_task0_serial"),
        ("long sorted_checksum(int depth)", "sorted_checksum_task0_serial"),  # qsort(by_key)
    ]
    for head, serial in bracketed:
        first = lazy_paths(definition(c_text, head))[0]
        assert first.startswith("inspire_frame_t inspire_f; inspire_inline_begin(&inspire_f);")
        assert f"{serial}(" in first and first.endswith("inspire_inline_end(&inspire_f);")
    assert all("inspire_" not in p for p in lazy_paths(definition(c_text, "long tree(int n)")))
    # The task square_later creates is a child of squares: its serial clone still waits.
    squares = "static long squares_serial(int n, long *out, void (*later)(long *, long))"
    assert "inspire_merge_all();" in definition(c_text, squares)
    assert "inspire_" not in definition(c_text, "static long tree_serial(int n)")


def test_serial_versions_that_create_tasks_run_with_a_full_deque(tmp_path):
    exe = build(tmp_path, list(SERIAL_FRAMES.sources), "--param", "queue_size=1")
    run_at_every_worker_count(exe, SERIAL_FRAMES.expected_stdout)


@pytest.mark.parametrize("coalesce", [True, False], ids=["coalesced", "separate_joins"])
def test_converted_threads_run_at_once_in_serial_clones(tmp_path, coalesce):
    source = tmp_path / "pfib.c"
    source.write_text(PTHREAD_FIB)
    c_text = emit(tmp_path, PTHREAD_FIB)
    clone = definition(c_text, "static void *pfib_serial(void *arg)")
    assert "pfib_task0_serial((void *)(n - (long)1), &t_result);" in clone
    assert "(*inspire_h) = INSPIRE_GROUP_DONE;" in clone
    assert "if (inspire_g != INSPIRE_GROUP_DONE)" in clone  # the join, a no-op here
    assert "_inline_p" not in clone and "inspire_task_" not in clone
    lazy = lazy_paths(definition(c_text, "void *pfib(void *arg)"))
    assert lazy == [
        "pfib_task0_serial((void *)(n - (long)1), &t_result); (*inspire_h) = INSPIRE_GROUP_DONE;"
    ]
    options = ["--param", "queue_size=1", *([] if coalesce else ["--no-coalesce"])]
    exe = build(tmp_path, [source], *options)
    run_at_every_worker_count(exe, gcc_output(tmp_path, source, "-pthread"))


def test_no_serial_version_when_tasks_reach_no_spawn(tmp_path):
    c_text = emit(tmp_path, FLAT_TASKS)
    assert "_serial" not in c_text
    assert "inspire_inline_begin" not in c_text
    lazy = lazy_paths(c_text)
    assert len(lazy) == 2 and all(re.fullmatch(r"main_task\d_seq\(.*\);", p) for p in lazy)


def test_a_clone_name_in_use_is_numbered(tmp_path):
    c_text = emit(tmp_path, NAME_IN_USE)
    clone = definition(c_text, "static long walk_serial2(int n)")
    assert "walk_serial(n)" in clone and "walk_task0_serial(&a, n);" in clone
    source = tmp_path / "walk.c"
    source.write_text(NAME_IN_USE)
    exe = build(tmp_path, [source], "--param", "queue_size=1")
    run_at_every_worker_count(exe, "4096\n")


@pytest.mark.parametrize("observe", [0, 1])
def test_final_clause_in_serial_code(tmp_path, observe):
    c_text = emit(tmp_path, CLAUSES, f"OBSERVE {observe}")
    clone = definition(c_text, "static long fib_final_serial(int n)")
    parallel = definition(c_text, "long fib_final(int n)")
    # In parallel code an if(false) task runs the serial version too; a final
    # one is deferred as any other (as in libgomp), in a final frame when it
    # runs at once, made final when it is a work item
    assert parallel.count("const int inspire_fin = n < 8;") == 2
    assert "if (!(n > 4))\n        {\n            if (inspire_fin)\n" in parallel
    final_run = "inspire_final_begin(&inspire_f);\n                fib_final_task{}_serial"
    assert final_run.format(0) in parallel and final_run.format(1) in parallel
    assert parallel.count("if (inspire_fin) inspire_task_set_final(inspire_t);") == 2
    if observe:  # omp_in_final() must be true in a final task run by serial code too
        assert clone.count("inspire_final_begin(&inspire_f);") == 2
        assert "(void)(n > 4);" in clone  # the if clause only for its side effects
    else:  # nothing can tell: the clauses are evaluated, the tasks run at once
        assert "inspire_final" not in clone
        assert "(void)(n < 8);\n    fib_final_task0_serial(&x, n);" in clone
        assert "(void)(n < 8);\n    (void)(n > 4);\n    fib_final_task1_serial(&y, n);" in clone
    source = tmp_path / "clauses.c"
    source.write_text(f"#define OBSERVE {observe}\n" + CLAUSES)
    expected = gcc_output(tmp_path, source, "-fopenmp")
    exe = build(tmp_path, [source], "--param", "queue_size=1")
    run_at_every_worker_count(exe, expected)


def test_only_external_functions_that_may_call_back_need_a_frame(tmp_path):
    # The program takes the address of a spawning function: an external
    # function that may call back (qsort) may run it, printf may not.
    c_text = emit(tmp_path, CALLBACKS)
    prints = lazy_paths(definition(c_text, "long prints(int n)"))
    assert prints == ["prints_task0_seq(&r, n);"]
    sorts = lazy_paths(definition(c_text, "long sorts(int *a, int n)"))
    assert len(sorts) == 1 and sorts[0].startswith("inspire_frame_t inspire_f;")
    source = tmp_path / "callbacks.c"
    source.write_text(CALLBACKS)
    exe = build(tmp_path, [source], "--param", "queue_size=1")
    run_at_every_worker_count(exe, gcc_output(tmp_path, source, "-fopenmp"))
