"""Thread create/join: which calls become tasks, and the note for each one kept as
an OS thread (text and exact position), as ``parse_program(..., log=)`` reports them.

In the sources below ``/*X*/`` marks a position (it is removed before parsing);
``{X}`` in an expected note stands for ``t.c:LINE:COL`` of that mark.
"""

import re

import pytest
from inspirec.frontend import THREADS_TOPIC, DiagnosticLog, parse_program
from inspirec.inspire import nodes as n

from inspirec import inspire

PRELUDE = """\
#include <pthread.h>
#include <sched.h>
#include <semaphore.h>
#include <stddef.h>
#include <stdlib.h>
#include <threads.h>
#include <time.h>
#include <unistd.h>
static void *plain(void *arg) { return arg; }
"""

KEPT = "note: pthread_create kept as an OS thread: "


def lower(tmp_path, body: str):
    """Lower PRELUDE + body (marks removed); returns (program, notes, positions)."""
    text = PRELUDE + body
    marks: dict[str, str] = {}
    lines = []
    for number, line in enumerate(text.split("\n"), start=1):
        while (m := re.search(r"/\*([A-Z])\*/", line)) is not None:
            marks[m.group(1)] = f"t.c:{number}:{m.start() + 1}"
            line = line[: m.start()] + line[m.end() :]
        lines.append(line)
    src = tmp_path / "t.c"
    src.write_text("\n".join(lines))
    log = DiagnosticLog()
    program = parse_program([str(src)], log=log)
    prefix = str(tmp_path) + "/"
    notes = [d.format(excerpt=False).replace(prefix, "") for d in log.about(THREADS_TOPIC)]
    return program, notes, marks


def one_create(call: str, function: str = "plain", join: str = "pthread_join(t, NULL);") -> str:
    return f"int main(void)\n{{\n    pthread_t t;\n    /*N*/{call}\n    {join}\n    return 0;\n}}\n"


def thread_function(body: str, name: str = "worker") -> str:
    return (
        f"static void *{name}(void *arg)\n{{\n{body}\n    return arg;\n}}\n"
        + "int main(void)\n{\n    pthread_t t;\n"
        + f"    /*N*/pthread_create(&t, NULL, {name}, NULL);\n"
        + "    pthread_join(t, NULL);\n    return 0;\n}\n"
    )


CASES = {
    "attributes": (
        "int main(void)\n{\n    pthread_t t;\n    pthread_attr_t a;\n    pthread_attr_init(&a);\n"
        "    /*N*/pthread_create(&t, &a, plain, NULL);\n    pthread_join(t, NULL);\n"
        "    return 0;\n}\n",
        "the thread has non-default attributes",
    ),
    "function pointer": (
        "int main(void)\n{\n    void *(*fp)(void *) = plain;\n    pthread_t t;\n"
        "    /*N*/pthread_create(&t, NULL, fp, NULL);\n    pthread_join(t, NULL);\n"
        "    return 0;\n}\n",
        "the thread function is not a function named in the call",
    ),
    "function hidden by a local": (
        "static void *worker(void *a) { return a; }\n"
        "int main(void)\n{\n    pthread_t t;\n    {\n        void *(*worker)(void *) = plain;\n"
        "        /*N*/pthread_create(&t, NULL, worker, NULL);\n    }\n"
        "    pthread_join(t, NULL);\n    return 0;\n}\n",
        "the thread function is not a function named in the call",
    ),
    "no definition": (
        "void *elsewhere(void *);\n" + one_create("pthread_create(&t, NULL, elsewhere, NULL);"),
        "thread function 'elsewhere' is not defined in the program",
    ),
    "function type": (
        "static void *variadic(void *a, ...) { return a; }\n"
        + one_create("pthread_create(&t, NULL, variadic, NULL);"),
        "thread function 'variadic' does not have type void *(void *)",
    ),
    "global handle": (
        "pthread_t g;\nint main(void)\n{\n    /*N*/pthread_create(&g, NULL, plain, NULL);\n"
        "    pthread_join(g, NULL);\n    return 0;\n}\n",
        "the handle 'g' is a global variable",
    ),
    "structure member": (
        "struct w { pthread_t tid; };\nint main(void)\n{\n    struct w s;\n"
        "    /*N*/pthread_create(&s.tid, NULL, plain, NULL);\n    pthread_join(s.tid, NULL);\n"
        "    return 0;\n}\n",
        "the handle is a structure member ('s.tid')",
    ),
    "through a pointer": (
        "static void start(pthread_t *out)\n{\n"
        "    /*N*/pthread_create(out, NULL, plain, NULL);\n}\n"
        "int main(void)\n{\n    pthread_t t;\n    start(&t);\n    pthread_join(t, NULL);\n"
        "    return 0;\n}\n",
        "the handle ('out') is not a local variable",
    ),
    "static local": (
        one_create("pthread_create(&t, NULL, plain, NULL);").replace(
            "pthread_t t;", "static pthread_t t;"
        ),
        "the handle 't' has static storage",
    ),
    "parameter": (
        "static void run(pthread_t t)\n{\n    /*N*/pthread_create(&t, NULL, plain, NULL);\n"
        "    pthread_join(t, NULL);\n}\nint main(void)\n{\n    run(0);\n    return 0;\n}\n",
        "the handle 't' is a function parameter",
    ),
    "heap array": (
        "int main(void)\n{\n    pthread_t *ts = malloc(2 * sizeof *ts);\n"
        "    /*N*/pthread_create(&ts[1], NULL, plain, NULL);\n    pthread_join(ts[1], NULL);\n"
        "    free(ts);\n    return 0;\n}\n",
        "the handles are in memory reached through the pointer 'ts'",
    ),
    "two dimensions": (
        "int main(void)\n{\n    pthread_t t[2][2];\n"
        "    /*N*/pthread_create(&t[1][0], NULL, plain, NULL);\n    pthread_join(t[1][0], NULL);\n"
        "    return 0;\n}\n",
        "the handle array 't' has more than one dimension",
    ),
    "variable length": (
        "int main(int argc, char **argv)\n{\n    pthread_t t[argc];\n"
        "    /*N*/pthread_create(&t[0], NULL, plain, argv);\n    pthread_join(t[0], NULL);\n"
        "    return 0;\n}\n",
        "the handle array 't' does not have a constant length",
    ),
    "initialiser with side effects": (
        one_create("pthread_create(&t, NULL, plain, NULL);").replace(
            "pthread_t t;", "pthread_t t = (pthread_t)rand();"
        ),
        "the initialiser of the handle 't' has side effects",
    ),
    "both libraries": (
        one_create("pthread_create(&t, NULL, plain, NULL);", join="thrd_join(t, NULL);"),
        "the handle 't' is used with both POSIX and C11 thread functions",
    ),
    "address escapes": (
        one_create(
            "pthread_create(&t, NULL, plain, NULL);", join="pthread_t *p = &/*A*/t;\n    (void)p;"
        ),
        "the address of the handle 't' escapes (at {A})",
    ),
    "passed to a function": (
        "static void join_it(pthread_t h) { pthread_join(h, NULL); }\n"
        + one_create("pthread_create(&t, NULL, plain, NULL);", join="join_it(/*A*/t);"),
        "the handle 't' is passed to 'join_it' (at {A})",
    ),
    "detached": (
        one_create("pthread_create(&t, NULL, plain, NULL);", join="pthread_detach(/*A*/t);"),
        "pthread_detach is called on the handle 't' (at {A})",
    ),
    "copied": (
        one_create(
            "pthread_create(&t, NULL, plain, NULL);",
            join="pthread_t u = /*A*/t;\n    pthread_join(u, NULL);",
        ),
        "the handle 't' is copied (at {A})",
    ),
    "other use": (
        one_create(
            "pthread_create(&t, NULL, plain, NULL);",
            join="if (/*A*/t == 0)\n        return 1;\n    pthread_join(t, NULL);",
        ),
        "the handle 't' is used other than by create and join (at {A})",
    ),
    "across an OpenMP construct": (
        "int main(void)\n{\n    pthread_t t;\n#pragma omp parallel\n    {\n"
        "        /*N*/pthread_create(&t, NULL, plain, NULL);\n        pthread_join(t, NULL);\n"
        "    }\n    return 0;\n}\n",
        "the handle 't' is declared outside the OpenMP construct that uses it "
        "(pthread_create at {N})",
    ),
    "index with side effects": (
        "int main(void)\n{\n    pthread_t t[2];\n    int i = 0;\n"
        "    /*N*/pthread_create(&t[i++], NULL, plain, NULL);\n    pthread_join(t[0], NULL);\n"
        "    return 0;\n}\n",
        "the index of the handle 't' has side effects (pthread_create at {N})",
    ),
    "result pointer with side effects": (
        "static void *slots[2];\nstatic int k;\n"
        + one_create(
            "pthread_create(&t, NULL, plain, NULL);", join="/*A*/pthread_join(t, &slots[k++]);"
        ),
        "the result pointer of pthread_join at {A} has side effects",
    ),
    "array without index": (
        "int main(void)\n{\n    pthread_t t[1];\n"
        "    /*N*/pthread_create((pthread_t *)&t, NULL, plain, NULL);\n"
        "    pthread_join(t[0], NULL);\n    return 0;\n}\n",
        "the handle array 't' is used without an index (pthread_create at {N})",
    ),
    "condition variable wait": (
        "static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;\n"
        "static pthread_cond_t c = PTHREAD_COND_INITIALIZER;\n"
        + thread_function(
            "    pthread_mutex_lock(&m);\n    /*A*/pthread_cond_wait(&c, &m);\n"
            "    pthread_mutex_unlock(&m);"
        ),
        "thread function 'worker' waits on a condition variable (pthread_cond_wait at {A})",
    ),
    "condition variable signal": (
        "static pthread_cond_t c = PTHREAD_COND_INITIALIZER;\n"
        + thread_function("    /*A*/pthread_cond_broadcast(&c);"),
        "thread function 'worker' signals a condition variable (pthread_cond_broadcast at {A})",
    ),
    "barrier": (
        "static pthread_barrier_t b;\n" + thread_function("    /*A*/pthread_barrier_wait(&b);"),
        "thread function 'worker' waits at a barrier (pthread_barrier_wait at {A})",
    ),
    "semaphore wait": (
        "static sem_t s;\n" + thread_function("    /*A*/sem_wait(&s);"),
        "thread function 'worker' waits on a semaphore (sem_wait at {A})",
    ),
    "semaphore post": (
        "static sem_t s;\n" + thread_function("    /*A*/sem_post(&s);"),
        "thread function 'worker' posts a semaphore (sem_post at {A})",
    ),
    "sleep": (
        thread_function("    /*A*/usleep(10);"),
        "thread function 'worker' sleeps (usleep at {A})",
    ),
    "yield": (
        thread_function("    /*A*/sched_yield();"),
        "thread function 'worker' yields the processor (sched_yield at {A})",
    ),
    "detach itself": (
        thread_function("    /*A*/pthread_detach(pthread_self());"),
        "thread function 'worker' detaches a thread (pthread_detach at {A})",
    ),
    "cancellation": (
        thread_function("    /*A*/pthread_testcancel();"),
        "thread function 'worker' uses cancellation (pthread_testcancel at {A})",
    ),
    "exit": (
        thread_function("    if (arg)\n        /*A*/pthread_exit(arg);"),
        "thread function 'worker' exits its thread (pthread_exit at {A})",
    ),
    "identity": (
        thread_function("    arg = (void *)/*A*/pthread_self();"),
        "thread function 'worker' uses its thread's identity (pthread_self at {A})",
    ),
    "thread-specific data": (
        "static pthread_key_t key;\n" + thread_function("    arg = /*A*/pthread_getspecific(key);"),
        "thread function 'worker' uses thread-specific data (pthread_getspecific at {A})",
    ),
    "thread-local storage": (
        "static _Thread_local int calls;\n" + thread_function("    /*A*/calls++;"),
        "thread function 'worker' uses thread-local storage, one object per thread (calls at {A})",
    ),
    "a thread-local static local": (
        thread_function("    static __thread int /*A*/seen;\n    seen++;"),
        "thread function 'worker' uses thread-local storage, one object per thread (seen at {A})",
    ),
    "inline assembly": (
        thread_function('    /*A*/asm volatile("pause" ::: "memory");'),
        "thread function 'worker' runs inline assembly, which may wait for another thread "
        "(asm at {A})",
    ),
    "OpenMP barrier outside a region": (
        thread_function("#pragma /*A*/omp barrier"),
        "thread function 'worker' waits at an OpenMP barrier outside a parallel region "
        "(#pragma omp barrier at {A})",
    ),
    "through calls": (
        "static void nap(void) { /*A*/nanosleep(NULL, NULL); }\n"
        "static void rest(int k) { if (k) nap(); }\n" + thread_function("    rest(1);"),
        "thread function 'worker' sleeps (nanosleep at {A}, through worker -> rest -> nap)",
    ),
    "spin on an atomic flag": (
        "#include <stdatomic.h>\nstatic atomic_int go;\n"
        + thread_function("    while (!/*A*/go)\n        ;"),
        "thread function 'worker' waits in a loop, which may wait for another thread (go at {A})",
    ),
    "poll under a lock": (
        "static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;\nstatic int go;\n"
        + thread_function(
            "    int g = 0;\n    while (!g) {\n        /*A*/pthread_mutex_lock(&m);\n"
            "        g = go;\n        pthread_mutex_unlock(&m);\n    }"
        ),
        "thread function 'worker' waits in a loop, which may wait for another thread "
        "(pthread_mutex_lock at {A})",
    ),
    "volatile read in a helper called in a loop": (
        "static volatile int go;\nstatic int ready(void) { return go; }\n"
        + thread_function("    while (!/*A*/ready())\n        ;"),
        "thread function 'worker' waits in a loop, which may wait for another thread "
        "(ready at {A})",
    ),
    "volatile cast": (
        "static int go;\n" + thread_function("    while (!*/*A*/(volatile int *)&go)\n        ;"),
        "thread function 'worker' waits in a loop, which may wait for another thread "
        "(a volatile cast at {A})",
    ),
    "volatile member through a pointer": (
        "struct ctl { volatile int go; } c;\n"
        + thread_function("    struct ctl *p = &c;\n    while (!/*A*/p->go)\n        ;"),
        "thread function 'worker' waits in a loop, which may wait for another thread (go at {A})",
    ),
    "call through a pointer when a function whose address is taken blocks": (
        "static void step(void) { sleep(1); }\nstatic void (*fn)(void) = step;\n"
        + thread_function("    /*A*/fn();"),
        "thread function 'worker' calls a function through a pointer, which may wait for "
        "another thread (fn at {A})",
    ),
    "thread identity through gettid": (
        "pid_t gettid(void);\n" + thread_function("    (void)/*A*/gettid();"),
        "thread function 'worker' uses its thread's identity (gettid at {A})",
    ),
    "join inside a statement expression": (
        one_create(
            "pthread_create(&t, NULL, plain, NULL);",
            join="int r = ({ /*A*/pthread_join(t, NULL); });\n    (void)r;",
        ),
        "pthread_join is called on the handle 't' inside a statement expression (at {A})",
    ),
    "handle shared with a kept thread": (
        "static void *napper(void *arg) { /*A*/sleep(1); return arg; }\n"
        "int main(void)\n{\n    pthread_t t;\n    /*M*/pthread_create(&t, NULL, napper, NULL);\n"
        "    pthread_join(t, NULL);\n    /*N*/pthread_create(&t, NULL, plain, NULL);\n"
        "    pthread_join(t, NULL);\n    return 0;\n}\n",
        "the handle 't' is also used for a thread that stays an OS thread (pthread_create at {M})",
    ),
}


@pytest.mark.parametrize("source, reason", CASES.values(), ids=list(CASES))
def test_kept_thread_has_a_note_with_its_reason(tmp_path, source, reason):
    program, notes, marks = lower(tmp_path, source)
    expected = f"{{N}}: {KEPT}{reason}".format(**marks)
    assert expected in notes, "\n".join(notes)
    assert "pthread_create(" in inspire.print_program(program)  # still a library call


def test_no_note_for_a_converted_thread_and_the_contract_types(tmp_path):
    program, notes, _ = lower(
        tmp_path,
        "int main(void)\n{\n    pthread_t one, many[3];\n    void *r;\n"
        "    pthread_create(&one, NULL, plain, NULL);\n"
        "    for (int i = 0; i < 3; i++)\n        pthread_create(&many[i], NULL, plain, NULL);\n"
        "    pthread_join(one, &r);\n"
        "    for (int i = 0; i < 3; i++)\n        pthread_join(many[i], NULL);\n    return 0;\n}\n",
    )
    assert notes == []
    declared = {x.var.name: str(x.var.type) for x in program.walk() if isinstance(x, n.DeclStmt)}
    assert declared["one"] == "ref<threadgroup>"
    assert declared["one_result"] == "ref<ptr<unit>>"
    assert declared["many"] == "ref<array<threadgroup,3>>"
    assert declared["many_result"] == "ref<array<ptr<unit>,3>>"
    merges = [x for x in program.walk() if isinstance(x, n.CallExpr) and _builtin(x) == "merge"]
    assert len(merges) == 2 and all(_builtin(m.args[0]) == "ref_deref" for m in merges)


def _builtin(e) -> str | None:
    if isinstance(e, n.CallExpr) and isinstance(e.function, n.Builtin):
        return e.function.name
    return None


def test_c11_thread_kept_and_converted(tmp_path):
    program, notes, marks = lower(
        tmp_path,
        "static mtx_t m;\nstatic cnd_t c;\n"
        "static int waits(void *arg) { mtx_lock(&m); /*A*/cnd_wait(&c, &m); mtx_unlock(&m); "
        "return 0; }\n"
        "static int seven(void *arg) { return 7; }\n"
        "int main(void)\n{\n    thrd_t a, b;\n    int r;\n"
        "    /*N*/thrd_create(&a, waits, NULL);\n    thrd_create(&b, seven, NULL);\n"
        "    thrd_join(b, &r);\n    thrd_join(a, NULL);\n    return r;\n}\n",
    )
    assert notes == [
        "{N}: note: thrd_create kept as an OS thread: thread function 'waits' waits on a "
        "condition variable (cnd_wait at {A})".format(**marks)
    ]
    text = inspire.print_program(program)
    assert "var ref<threadgroup> b;" in text and "var ref<int<4>> b_result;" in text
    assert "thrd_create(ref_to_ptr(a)" in text  # the kept one is a library call


def test_notes_are_in_source_order_with_display_columns(tmp_path):
    _, notes, marks = lower(
        tmp_path,
        "static void second(void)\n{\n    pthread_t b;\n"
        "    /*M*/pthread_create(&b, (void *)1, plain, NULL);\n    pthread_join(b, NULL);\n}\n"
        "static void first(void)\n{\n\tpthread_t a;\n"
        "\t/*N*/pthread_create(&a, (void *)1, plain, NULL);\n\tpthread_join(a, NULL);\n}\n"
        "int main(void)\n{\n    first();\n    second();\n    return 0;\n}\n",
    )
    n_line = marks["N"].rsplit(":", 1)[0]
    assert notes == [
        f"{marks['M']}: {KEPT}the thread has non-default attributes",
        f"{n_line}:9: {KEPT}the thread has non-default attributes",  # after a tab
    ]


def test_fresh_result_slot_names(tmp_path):
    program, _, _ = lower(
        tmp_path,
        "int t_result;\nint main(void)\n{\n    pthread_t t;\n"
        "    pthread_create(&t, NULL, plain, NULL);\n    pthread_join(t, NULL);\n"
        "    return t_result;\n}\n",
    )
    text = inspire.print_program(program)
    assert "var ref<ptr<unit>> t_result2;" in text
    assert "return ref_deref(t_result);" in text
