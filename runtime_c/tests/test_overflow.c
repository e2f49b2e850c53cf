/*
 * test_overflow.c -- a task that overflows its stack must be reported as a
 * task stack overflow (built with a small INSPIRE_STACK_BYTES).
 *
 * An overflow of a fiber while no task runs on it is the scheduler's own
 * and must be reported as such (built with the runtime's src/ on the
 * include path).
 *
 * usage: test_overflow deep|frame|ok|scheduler
 *   deep       unbounded recursion inside a task
 *   frame      one frame much larger than the guard page inside a task
 *   ok         recursion that fits (must succeed)
 *   scheduler  unbounded recursion on a pooled fiber with no current task
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "inspire_rt.h"
#include "stack_pool.h"

static int mode_frame;

static long recurse(long n) {
    volatile char pad[256];
    pad[0] = (char)n;
    if (n == 0)
        return pad[0];
    return recurse(n - 1) + pad[0];
}

static long big_frame(long n) {
    volatile char big[256 * 1024];
    big[0] = (char)n;
    big[sizeof big - 1] = (char)n;
    return big[0] + big[sizeof big - 1];
}

static void task(void *arg) {
    long depth = *(long *)arg;
    long r = mode_frame ? big_frame(depth) : recurse(depth);
    printf("task finished: %ld\n", r);
}

static void *no_task; /* the "current task" of the scheduler mode: none */

static void scheduler_fiber(void *arg) {
    inspire_fiber_entered();
    printf("scheduler finished: %ld\n", recurse(*(long *)arg));
    exit(0);
}

/* Like a scheduler fiber of a worker: a pooled stack, no task running. */
static void overflow_without_task(long depth) {
    inspire_stack_pool_t pool;
    inspire_stack_pool_init(&pool, 16);
    inspire_fiber_t home, *f = inspire_stack_acquire(&pool, scheduler_fiber, &depth);
    inspire_fiber_init_home(&home);
    inspire_overflow_watch_task(&no_task);
    inspire_overflow_set_current(f);
    inspire_fiber_switch(&home, f, 0);
}

int main(int argc, char **argv) {
    const char *m = argc > 1 ? argv[1] : "ok";
    if (!strcmp(m, "scheduler"))
        overflow_without_task(100000000);
    long depth = 100000000;
    if (!strcmp(m, "ok"))
        depth = 10;
    mode_frame = !strcmp(m, "frame");
    if (inspire_spawn_inline_p()) {
        fprintf(stderr, "deque unexpectedly full\n");
        return 1;
    }
    inspire_task_t *t = inspire_task_new(task, sizeof(long));
    *(long *)inspire_task_closure(t) = depth;
    inspire_task_spawn(t);
    inspire_merge_all();
    printf("overflow test done\n");
    return 0;
}
