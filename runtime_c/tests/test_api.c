/*
 * test_api.c -- semantics of individual entry points of inspire_rt.h.
 *
 * usage: test_api <case>   with case one of
 *   region pfor locks final undeferred join outlive foreign omp yield idle fib
 */
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "atomic_ops.h"
#include "inspire_rt.h"

#define CHECK(c)                                                                          \
    do {                                                                                  \
        if (!(c)) {                                                                       \
            fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #c);         \
            exit(1);                                                                      \
        }                                                                                 \
    } while (0)

/* ---- region: thread ids, barrier, single, master, nesting ------------------ */

typedef struct region_state {
    int n;
    int seen[64];
    int before;
    int after_bad;
    int singles;
    int masters;
    int nested_size;
    int tasks_done;
} region_state_t;

static void slow_task(void *arg) {
    region_state_t *s = *(region_state_t **)arg;
    for (volatile int i = 0; i < 20000; i++)
        ;
    ATOMIC_ADD(&s->tasks_done, 1);
}

static void nested_body(void *arg) {
    region_state_t *s = arg;
    ATOMIC_WRITE(&s->nested_size, inspire_num_threads());
}

static void region_body(void *arg) {
    region_state_t *s = arg;
    int me = inspire_thread_num();
    CHECK(inspire_num_threads() == s->n);
    CHECK(me >= 0 && me < s->n);
    ATOMIC_ADD(&s->seen[me], 1);
    /* every thread spawns a task; the barrier must wait for all of them */
    for (int k = 0; k < 2; k++) {
        if (inspire_spawn_inline_p()) {
            slow_task(&s);
        } else {
            inspire_task_t *t = inspire_task_new(slow_task, sizeof(void *));
            *(region_state_t **)inspire_task_closure(t) = s;
            inspire_task_spawn(t);
        }
    }
    ATOMIC_ADD(&s->before, 1);
    inspire_barrier();
    if (ATOMIC_READ(&s->before) != s->n)
        ATOMIC_ADD(&s->after_bad, 1);
    if (ATOMIC_READ(&s->tasks_done) != 2 * s->n)
        ATOMIC_ADD(&s->after_bad, 1);
    for (int k = 0; k < 5; k++) {
        if (inspire_single())
            ATOMIC_ADD(&s->singles, 1);
        inspire_barrier();
    }
    if (inspire_thread_num() == 0)
        ATOMIC_ADD(&s->masters, 1);
    if (me == s->n - 1)
        inspire_parallel(4, nested_body, s);
}

static void case_region(void) {
    int sizes[] = {1, 2, 3, 7};
    for (int k = 0; k < 4; k++) {
        region_state_t s;
        memset(&s, 0, sizeof s);
        s.n = sizes[k];
        inspire_parallel(s.n, region_body, &s);
        for (int i = 0; i < s.n; i++)
            CHECK(s.seen[i] == 1);
        CHECK(s.after_bad == 0);
        CHECK(s.singles == 5);
        CHECK(s.masters == 1);
        /* a region nested in an active region has one thread; in a region of
         * one thread it has its own team (max-active-levels 1) */
        CHECK(s.nested_size == (s.n > 1 ? 1 : 4));
        CHECK(s.tasks_done == 2 * s.n);
    }
    /* default team size follows omp_set_num_threads */
    inspire_set_num_threads(3);
    CHECK(inspire_max_threads() == 3);
    region_state_t s;
    memset(&s, 0, sizeof s);
    s.n = 3;
    inspire_parallel(0, region_body, &s);
    CHECK(s.singles == 5);
    CHECK(inspire_thread_num() == 0 && inspire_num_threads() == 1);
}

/* ---- pfor: every iteration exactly once, static distribution ------------------ */

typedef struct pfor_state {
    long n;
    int *hits;
    int kind;
    long chunk;
    int owner_ok;
} pfor_state_t;

static void pfor_body(void *arg) {
    pfor_state_t *p = arg;
    inspire_pfor_t it;
    for (int rep = 0; rep < 3; rep++) { /* consecutive loops, some nowait */
        inspire_pfor_begin(&it, p->n, p->kind, p->chunk);
        for (long lo, hi; inspire_pfor_next(&it, &lo, &hi);) {
            CHECK(lo < hi && hi <= p->n);
            for (long i = lo; i < hi; i++) {
                ATOMIC_ADD(&p->hits[i], 1);
                if (p->kind == INSPIRE_SCHED_STATIC && p->chunk > 0 &&
                    (i / p->chunk) % inspire_num_threads() != inspire_thread_num())
                    ATOMIC_WRITE(&p->owner_ok, 0);
            }
        }
        inspire_pfor_end(&it, rep == 1);
    }
    inspire_barrier();
}

static void case_pfor(void) {
    int kinds[] = {INSPIRE_SCHED_STATIC, INSPIRE_SCHED_DYNAMIC, INSPIRE_SCHED_GUIDED};
    long chunks[] = {0, 1, 7};
    long sizes[] = {0, 1, 5, 1000};
    for (int k = 0; k < 3; k++)
        for (int c = 0; c < 3; c++)
            for (int z = 0; z < 4; z++) {
                pfor_state_t p = {sizes[z], calloc((size_t)sizes[z] + 1, sizeof(int)), kinds[k],
                                  chunks[c], 1};
                inspire_parallel(3, pfor_body, &p);
                for (long i = 0; i < p.n; i++)
                    CHECK(p.hits[i] == 3);
                CHECK(p.owner_ok);
                free(p.hits);
            }
    /* outside a region: one thread runs everything */
    inspire_pfor_t it;
    long total = 0;
    inspire_pfor_begin(&it, 100, INSPIRE_SCHED_DYNAMIC, 3);
    for (long lo, hi; inspire_pfor_next(&it, &lo, &hi);)
        total += hi - lo;
    inspire_pfor_end(&it, 1);
    CHECK(total == 100);
}

/* ---- locks -------------------------------------------------------------------------- */

static inspire_lock_t lk = INSPIRE_LOCK_INITIALIZER;
static inspire_nest_lock_t nlk;
static long lk_sum, crit_sum, nest_sum;

static void lock_body(void *arg) {
    (void)arg;
    for (int i = 0; i < 2000; i++) {
        inspire_lock_set(&lk);
        long v = lk_sum;
        if (i % 100 == 0)
            inspire_yield();
        lk_sum = v + 1;
        inspire_lock_unset(&lk);
        inspire_critical_enter("a");
        inspire_critical_enter("b");
        crit_sum += 1;
        inspire_critical_exit("b");
        inspire_critical_exit("a");
        inspire_nest_lock_set(&nlk);
        CHECK(inspire_nest_lock_test(&nlk) == 2);
        nest_sum += 1;
        inspire_nest_lock_unset(&nlk);
        inspire_nest_lock_unset(&nlk);
    }
}

static void case_locks(void) {
    inspire_nest_lock_init(&nlk);
    CHECK(inspire_lock_test(&lk));
    CHECK(!inspire_lock_test(&lk));
    inspire_lock_unset(&lk);
    inspire_parallel(4, lock_body, NULL);
    CHECK(lk_sum == 4 * 2000 && crit_sum == 4 * 2000 && nest_sum == 4 * 2000);
    inspire_lock_destroy(&lk);
    inspire_nest_lock_destroy(&nlk);
}

/* ---- final / undeferred -------------------------------------------------------------- */

static long final_inline, final_queued;

static void final_child(void *arg) {
    (void)arg;
    ATOMIC_ADD(&final_queued, 1);
}

static void spawn_some(int k) {
    for (int i = 0; i < k; i++) {
        if (inspire_spawn_inline_p()) {
            CHECK(inspire_in_final());
            ATOMIC_ADD(&final_inline, 1);
        } else {
            inspire_task_t *t = inspire_task_new(final_child, 0);
            inspire_task_spawn(t);
        }
    }
}

static void case_final(void) {
    CHECK(!inspire_in_final());
    inspire_frame_t f, g;
    inspire_final_begin(&f);
    CHECK(inspire_in_final());
    spawn_some(50); /* all included */
    inspire_final_begin(&g);
    spawn_some(5);
    inspire_final_end(&g);
    CHECK(inspire_in_final());
    inspire_final_end(&f);
    CHECK(!inspire_in_final());
    CHECK(final_inline == 55 && final_queued == 0);
}

static long und_done;
static void und_child(void *arg) {
    (void)arg;
    for (volatile int i = 0; i < 100000; i++)
        ;
    ATOMIC_ADD(&und_done, 1);
}

static void case_undeferred(void) {
    inspire_frame_t f;
    inspire_undeferred_begin(&f);
    int queued = 0;
    for (int i = 0; i < 4; i++) {
        if (!inspire_spawn_inline_p()) {
            inspire_task_spawn(inspire_task_new(und_child, 0));
            queued++;
        } else {
            und_child(NULL);
        }
    }
    inspire_merge_all(); /* waits for the undeferred task's children */
    CHECK(und_done == 4);
    inspire_undeferred_end(&f);
    CHECK(queued > 0);
}

/* ---- thread create/join converted into tasks ----------------------------------------- */

typedef struct join_closure {
    long arg;
} join_closure_t;

static void *thread_fn(void *arg) {
    long v = (long)(intptr_t)arg;
    long s = 0;
    for (long i = 0; i <= v; i++)
        s += i;
    return (void *)(intptr_t)s;
}

static void join_task(void *c) {
    join_closure_t *cl = c;
    inspire_task_set_result(thread_fn((void *)(intptr_t)cl->arg));
}

static void case_join(void) {
    enum { N = 40 };
    inspire_group_t t[N];
    void *res[N];
    for (int i = 0; i < N; i++) {
        if (inspire_spawn_inline_p()) {
            res[i] = thread_fn((void *)(intptr_t)(i * 1000));
            t[i] = INSPIRE_GROUP_DONE;
        } else {
            inspire_task_t *tk = inspire_task_new(join_task, sizeof(join_closure_t));
            ((join_closure_t *)inspire_task_closure(tk))->arg = i * 1000;
            t[i] = inspire_task_spawn_group(tk);
        }
    }
    for (int i = N - 1; i >= 0; i--) {
        void *r = t[i] == INSPIRE_GROUP_DONE ? res[i] : inspire_merge(t[i]);
        long v = i * 1000L;
        CHECK((long)(intptr_t)r == v * (v + 1) / 2);
    }
    CHECK(inspire_merge(INSPIRE_GROUP_DONE) == NULL);
}

/* ---- children outlive parents; merge_all waits for direct children only -------------- */

static int release_flag;
static long grandchild_done;

static void grandchild(void *arg) {
    (void)arg;
    while (!ATOMIC_READ(&release_flag))
        inspire_yield();
    ATOMIC_ADD(&grandchild_done, 1);
}

static void child(void *arg) {
    (void)arg;
    /* spawn a grandchild that waits for main, and return without waiting */
    if (inspire_spawn_inline_p()) {
        fprintf(stderr, "deque unexpectedly full\n");
        exit(1);
    }
    inspire_task_spawn(inspire_task_new(grandchild, 0));
}

static void case_outlive(void) {
    inspire_task_spawn(inspire_task_new(child, 0));
    inspire_merge_all(); /* must not wait for the grandchild */
    CHECK(ATOMIC_READ(&grandchild_done) == 0);
    ATOMIC_WRITE(&release_flag, 1);
    inspire_stop(); /* the program end waits for it */
    CHECK(grandchild_done == 1);
}

/* ---- a thread the runtime does not manage ---------------------------------------------- */

static long foreign_sum;
static void foreign_region(void *arg) {
    (void)arg;
    CHECK(inspire_num_threads() == 1);
    ATOMIC_ADD(&foreign_sum, 1);
}

static void *foreign_thread(void *arg) {
    (void)arg;
    CHECK(inspire_spawn_inline_p()); /* everything runs inline */
    inspire_merge_all();
    inspire_parallel(4, foreign_region, NULL);
    inspire_barrier();
    inspire_frame_t f;
    inspire_final_begin(&f);
    CHECK(inspire_in_final());
    inspire_final_end(&f);
    CHECK(!inspire_in_final());
    return NULL;
}

static void case_foreign(void) {
    pthread_t th;
    CHECK(pthread_create(&th, NULL, foreign_thread, NULL) == 0);
    pthread_join(th, NULL);
    CHECK(foreign_sum == 1);
}

/* ---- omp_* compatibility ------------------------------------------------------------------ */

int omp_get_thread_num(void);
int omp_get_num_threads(void);
int omp_get_max_threads(void);
int omp_in_final(void);
double omp_get_wtime(void);
void omp_set_num_threads(int);

static int omp_ids[8];
static void omp_body(void *arg) {
    (void)arg;
    ATOMIC_ADD(&omp_ids[omp_get_thread_num()], 1);
    CHECK(omp_get_num_threads() == 2);
}

static void omp_body_any(void *arg) {
    (void)arg;
    for (volatile int i = 0; i < 100000; i++)
        ;
}

static void case_omp(void) {
    omp_set_num_threads(2);
    CHECK(omp_get_max_threads() == 2);
    CHECK(omp_get_thread_num() == 0 && omp_get_num_threads() == 1 && !omp_in_final());
    double t0 = omp_get_wtime();
    inspire_parallel(0, omp_body, NULL);
    CHECK(omp_get_wtime() >= t0);
    CHECK(omp_ids[0] == 1 && omp_ids[1] == 1);
}

/* ---- a task that spins politely while its worker has other work ------------------------------ */

static void case_yield(void) {
    /* the spawned task waits for main, main waits (merge_all) for it: only
     * works if waiting tasks let other work run on their worker */
    release_flag = 0;
    inspire_task_spawn(inspire_task_new(grandchild, 0));
    for (int i = 0; i < 10; i++)
        inspire_yield();
    ATOMIC_WRITE(&release_flag, 1);
    inspire_merge_all();
    CHECK(grandchild_done == 1);
}

/* ---- idle: a parallel phase, then a long sequential one ------------------------------------ */

static void case_idle(void) {
    /* The test measures the process's CPU time: the other workers must
     * fall asleep during the sleep below instead of burning their CPUs. */
    inspire_parallel(0, omp_body_any, NULL);
    struct timespec ts = {0, 500 * 1000 * 1000};
    while (nanosleep(&ts, &ts) != 0)
        ;
}

/* ---- fib: one task per call, lazy task creation ------------------------------------------ */

static long fib_seq(int n) { return n < 2 ? n : fib_seq(n - 1) + fib_seq(n - 2); }

static long fib_par(int n);

struct fib_closure {
    int n;
    long *out;
};

static void fib_task(void *c) {
    struct fib_closure *cl = c;
    *cl->out = fib_par(cl->n);
}

static void fib_spawn(int n, long *out) {
    if (inspire_spawn_inline_p()) {
        *out = fib_seq(n);
        return;
    }
    inspire_task_t *t = inspire_task_new(fib_task, sizeof(struct fib_closure));
    struct fib_closure *cl = inspire_task_closure(t);
    cl->n = n;
    cl->out = out;
    inspire_task_spawn(t);
}

static long fib_par(int n) {
    if (n < 2)
        return n;
    long x, y;
    fib_spawn(n - 1, &x);
    fib_spawn(n - 2, &y);
    inspire_merge_all();
    return x + y;
}

static void case_fib(void) { CHECK(fib_par(25) == 75025); }

int main(int argc, char **argv) {
    const char *c = argc > 1 ? argv[1] : "";
    if (!strcmp(c, "region"))
        case_region();
    else if (!strcmp(c, "pfor"))
        case_pfor();
    else if (!strcmp(c, "locks"))
        case_locks();
    else if (!strcmp(c, "final"))
        case_final();
    else if (!strcmp(c, "undeferred"))
        case_undeferred();
    else if (!strcmp(c, "join"))
        case_join();
    else if (!strcmp(c, "outlive"))
        case_outlive();
    else if (!strcmp(c, "foreign"))
        case_foreign();
    else if (!strcmp(c, "omp"))
        case_omp();
    else if (!strcmp(c, "yield"))
        case_yield();
    else if (!strcmp(c, "idle"))
        case_idle();
    else if (!strcmp(c, "fib"))
        case_fib();
    else {
        fprintf(stderr, "test_api: unknown case '%s'\n", c);
        return 2;
    }
    printf("api ok: %s\n", c);
    return 0;
}
