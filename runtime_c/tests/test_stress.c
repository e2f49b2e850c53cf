/*
 * test_stress.c -- randomized task trees against a sequential computation.
 *
 * A node of the tree (determined by a seed) does some side effects (atomic
 * add, lock, named critical section, nestable lock) and has 0..4 children,
 * each created in one of six ways:
 *   0 task + merge_all            3 direct call
 *   1 task + merge on its group   4 undeferred task (if(0)) that may spawn
 *     (result returned by merge)  5 nested parallel region (single + barrier)
 *   2 detached task: it outlives its parent and adds its value to a global
 * Spawns use the lazy-task-creation protocol of inspire_rt.h: when the
 * deque is full the child runs as node_seq, the sequential clone.
 *
 * main runs a parallel region of 3 threads (pfor dynamic over the roots,
 * barrier, single nowait spawning detached roots, master, pfor static),
 * checks after the region that every detached task finished (the region end
 * waits for descendants), then spawns roots as plain tasks from main, then
 * stops the runtime and compares every counter with the sequential run.
 *
 * usage: test_stress <seed> <roots> <depth>
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "atomic_ops.h"
#include "inspire_rt.h"

#define CHECK(c)                                                                          \
    do {                                                                                  \
        if (!(c)) {                                                                       \
            fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #c);         \
            exit(1);                                                                      \
        }                                                                                 \
    } while (0)

typedef struct counters {
    long atomic_sum;
    long locked_sum;
    long critical_sum;
    long nested_sum;
    long detached_sum;
    long regions;
    long region_errors;
} counters_t;

static inspire_lock_t lock = INSPIRE_LOCK_INITIALIZER;
static inspire_nest_lock_t nlock;

static uint64_t mix(uint64_t x) {
    x += 0x9E3779B97F4A7C15ull;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
    return x ^ (x >> 31);
}

static uint64_t child_seed(uint64_t seed, int i) { return mix(seed * 31 + (uint64_t)i + 1); }
static int child_mode(uint64_t cs) { return (int)(mix(cs ^ 0xABCDEF) % 6); }

static uint64_t side_effects(counters_t *C, uint64_t seed) {
    uint64_t r = mix(seed);
    uint64_t local = mix(r ^ 0x1234) & 0xffff;
    ATOMIC_ADD(&C->atomic_sum, (long)(local & 0xff));
    if (r & 0x100) {
        inspire_lock_set(&lock);
        C->locked_sum += (long)local;
        inspire_lock_unset(&lock);
    }
    if (r & 0x200) {
        inspire_critical_enter("stress");
        C->critical_sum += 1;
        inspire_critical_enter(NULL); /* different names nest */
        C->critical_sum += 2;
        inspire_critical_exit(NULL);
        inspire_critical_exit("stress");
    }
    if (r & 0x400) {
        inspire_nest_lock_set(&nlock);
        inspire_nest_lock_set(&nlock);
        C->nested_sum += 1;
        inspire_nest_lock_unset(&nlock);
        inspire_nest_lock_unset(&nlock);
    }
    return local;
}

static int nchildren(uint64_t seed, int depth) {
    return depth > 0 ? (int)(mix(seed ^ 0x5555) % 5) : 0;
}

/* ---- sequential version (reference, and the lazy-inline clone) ---------- */

static uint64_t node_seq(counters_t *C, uint64_t seed, int depth) {
    uint64_t v = side_effects(C, seed);
    int n = nchildren(seed, depth);
    for (int i = 0; i < n; i++) {
        uint64_t cs = child_seed(seed, i);
        uint64_t cv = node_seq(C, cs, depth - 1);
        if (child_mode(cs) == 2) {
            ATOMIC_ADD(&C->detached_sum, (long)(cv & 0xffffff));
        } else {
            if (child_mode(cs) == 5)
                ATOMIC_ADD(&C->regions, 1);
            v += cv;
        }
    }
    return v;
}

/* ---- parallel version ------------------------------------------------------ */

static uint64_t node_par(counters_t *C, uint64_t seed, int depth);

typedef struct child_closure {
    counters_t *C;
    uint64_t seed;
    uint64_t *out;
    int depth;
    int mode;
} child_closure_t;

static void child_task(void *arg) {
    child_closure_t *cl = arg;
    uint64_t v = node_par(cl->C, cl->seed, cl->depth);
    if (cl->mode == 2)
        ATOMIC_ADD(&cl->C->detached_sum, (long)(v & 0xffffff));
    else if (cl->mode == 1)
        inspire_task_set_result((void *)(uintptr_t)v);
    else
        *cl->out = v;
}

typedef struct region_closure {
    counters_t *C;
    uint64_t seed;
    int depth;
    uint64_t value; /* written by the single thread */
    int written;
} region_closure_t;

static void region_body(void *arg) {
    region_closure_t *rc = arg;
    if (inspire_single()) {
        rc->value = node_par(rc->C, rc->seed, rc->depth);
        __atomic_store_n(&rc->written, 1, __ATOMIC_RELAXED);
        ATOMIC_ADD(&rc->C->regions, 1);
    }
    inspire_barrier();
    if (!__atomic_load_n(&rc->written, __ATOMIC_RELAXED))
        ATOMIC_ADD(&rc->C->region_errors, 1);
    CHECK(inspire_thread_num() < inspire_num_threads());
}

static uint64_t node_par(counters_t *C, uint64_t seed, int depth) {
    uint64_t v = side_effects(C, seed);
    int n = nchildren(seed, depth);
    uint64_t vals[4] = {0, 0, 0, 0};
    inspire_group_t groups[4] = {0, 0, 0, 0};
    int counted[4] = {0, 0, 0, 0};
    for (int i = 0; i < n; i++) {
        uint64_t cs = child_seed(seed, i);
        int mode = child_mode(cs);
        counted[i] = mode != 2;
        switch (mode) {
        case 0:
        case 1:
        case 2:
            if (inspire_spawn_inline_p()) {
                uint64_t cv = node_seq(C, cs, depth - 1);
                if (mode == 2)
                    ATOMIC_ADD(&C->detached_sum, (long)(cv & 0xffffff));
                else
                    vals[i] = cv;
            } else {
                inspire_task_t *t = inspire_task_new(child_task, sizeof(child_closure_t));
                child_closure_t *cl = inspire_task_closure(t);
                cl->C = C;
                cl->seed = cs;
                cl->out = &vals[i];
                cl->depth = depth - 1;
                cl->mode = mode;
                if (mode == 1)
                    groups[i] = inspire_task_spawn_group(t);
                else
                    inspire_task_spawn(t);
            }
            break;
        case 3:
            vals[i] = node_par(C, cs, depth - 1);
            break;
        case 4: {
            inspire_frame_t f;
            inspire_undeferred_begin(&f);
            vals[i] = node_par(C, cs, depth - 1);
            inspire_undeferred_end(&f);
            break;
        }
        default: {
            region_closure_t rc = {C, cs, depth - 1, 0, 0};
            inspire_parallel(2, region_body, &rc);
            CHECK(rc.written);
            vals[i] = rc.value;
            break;
        }
        }
    }
    for (int i = n - 1; i >= 0; i--)
        if (groups[i])
            vals[i] = (uint64_t)(uintptr_t)inspire_merge(groups[i]);
    inspire_merge_all();
    for (int i = 0; i < n; i++)
        if (counted[i])
            v += vals[i];
    return v;
}

/* ---- top level --------------------------------------------------------------- */

typedef struct top {
    counters_t *C;
    uint64_t seed;
    int roots;
    int depth;
    uint64_t *values;
    long master_runs;
    long singles;
    long static_iters;
} top_t;

static uint64_t root_seed(uint64_t seed, int i) { return mix(seed ^ ((uint64_t)i << 20)); }

static void top_body(void *arg) {
    top_t *tp = arg;
    inspire_pfor_t it;
    inspire_pfor_begin(&it, tp->roots, INSPIRE_SCHED_DYNAMIC, 1);
    for (long lo, hi; inspire_pfor_next(&it, &lo, &hi);)
        for (long i = lo; i < hi; i++)
            tp->values[i] = node_par(tp->C, root_seed(tp->seed, (int)i), tp->depth);
    inspire_pfor_end(&it, 0);
    if (inspire_single()) { /* nowait: the region end must wait for these */
        ATOMIC_ADD(&tp->singles, 1);
        for (int i = 0; i < 3; i++) {
            if (inspire_spawn_inline_p()) {
                uint64_t cv = node_seq(tp->C, root_seed(tp->seed + 1, i), tp->depth);
                ATOMIC_ADD(&tp->C->detached_sum, (long)(cv & 0xffffff));
            } else {
                inspire_task_t *t = inspire_task_new(child_task, sizeof(child_closure_t));
                child_closure_t *cl = inspire_task_closure(t);
                cl->C = tp->C;
                cl->seed = root_seed(tp->seed + 1, i);
                cl->out = NULL;
                cl->depth = tp->depth;
                cl->mode = 2;
                inspire_task_spawn(t);
            }
        }
    }
    if (inspire_thread_num() == 0)
        ATOMIC_ADD(&tp->master_runs, 1);
    inspire_pfor_begin(&it, tp->roots, INSPIRE_SCHED_STATIC, 0);
    for (long lo, hi; inspire_pfor_next(&it, &lo, &hi);)
        for (long i = lo; i < hi; i++) {
            CHECK(tp->values[i] != 0 || tp->depth == 0);
            ATOMIC_ADD(&tp->static_iters, 1);
        }
    inspire_pfor_end(&it, 1);
}

int main(int argc, char **argv) {
    uint64_t seed = argc > 1 ? strtoull(argv[1], NULL, 10) : 1;
    int roots = argc > 2 ? atoi(argv[2]) : 6;
    int depth = argc > 3 ? atoi(argv[3]) : 7;
    inspire_nest_lock_init(&nlock);

    /* Sequential reference. */
    counters_t ref;
    memset(&ref, 0, sizeof ref);
    uint64_t *ref_values = calloc((size_t)roots, sizeof(uint64_t));
    CHECK(ref_values);
    for (int i = 0; i < roots; i++)
        ref_values[i] = node_seq(&ref, root_seed(seed, i), depth);
    for (int i = 0; i < 3; i++) {
        uint64_t cv = node_seq(&ref, root_seed(seed + 1, i), depth);
        ref.detached_sum += (long)(cv & 0xffffff);
    }
    counters_t ref_phase1 = ref;
    uint64_t ref_main = 0;
    for (int i = 0; i < roots; i++)
        ref_main += node_seq(&ref, root_seed(seed + 2, i), depth);

    /* Phase 1: a parallel region. */
    counters_t par;
    memset(&par, 0, sizeof par);
    top_t tp = {&par, seed, roots, depth, calloc((size_t)roots, sizeof(uint64_t)), 0, 0, 0};
    CHECK(tp.values);
    inspire_parallel(3, top_body, &tp);
    for (int i = 0; i < roots; i++)
        CHECK(tp.values[i] == ref_values[i]);
    CHECK(tp.master_runs == 1);
    CHECK(tp.singles == 1);
    CHECK(tp.static_iters == roots);
    CHECK(par.detached_sum == ref_phase1.detached_sum); /* region end waited */
    CHECK(par.atomic_sum == ref_phase1.atomic_sum);
    CHECK(par.region_errors == 0);

    /* Phase 2: tasks spawned by main outside any region. */
    uint64_t *mv = calloc((size_t)roots, sizeof(uint64_t));
    inspire_group_t *mg = calloc((size_t)roots, sizeof(inspire_group_t));
    CHECK(mv && mg);
    for (int i = 0; i < roots; i++) {
        if (inspire_spawn_inline_p()) {
            mv[i] = node_seq(&par, root_seed(seed + 2, i), depth);
        } else {
            inspire_task_t *t = inspire_task_new(child_task, sizeof(child_closure_t));
            child_closure_t *cl = inspire_task_closure(t);
            cl->C = &par;
            cl->seed = root_seed(seed + 2, i);
            cl->out = &mv[i];
            cl->depth = depth;
            cl->mode = i % 2; /* half merged individually, half by merge_all */
            if (cl->mode == 1)
                mg[i] = inspire_task_spawn_group(t);
            else
                inspire_task_spawn(t);
        }
    }
    for (int i = 0; i < roots; i++)
        if (mg[i])
            mv[i] = (uint64_t)(uintptr_t)inspire_merge(mg[i]);
    inspire_merge_all();
    uint64_t par_main = 0;
    for (int i = 0; i < roots; i++)
        par_main += mv[i];
    CHECK(par_main == ref_main);

    inspire_stop(); /* waits for detached tasks created by main */
    CHECK(par.atomic_sum == ref.atomic_sum);
    CHECK(par.locked_sum == ref.locked_sum);
    CHECK(par.critical_sum == ref.critical_sum);
    CHECK(par.nested_sum == ref.nested_sum);
    CHECK(par.detached_sum == ref.detached_sum);
    CHECK(par.regions == ref.regions);
    CHECK(par.region_errors == 0);
    printf("stress ok: seed %llu roots %d depth %d atomic %ld regions %ld detached %ld\n",
           (unsigned long long)seed, roots, depth, par.atomic_sum, par.regions,
           par.detached_sum);
    free(ref_values);
    free(tp.values);
    free(mv);
    free(mg);
    return 0;
}
