/*
 * test_stack_pool.c -- the guard page below a pooled stack is not
 * accessible: a write just below the usable stack must kill a child
 * process with SIGSEGV.  (Reuse, limits and the budget are tested
 * in-process: tests/runtime/test_rt_inprocess.py.)
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

#include "stack_pool.h"

#define CHECK(c)                                                                          \
    do {                                                                                  \
        if (!(c)) {                                                                       \
            fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #c);         \
            exit(1);                                                                      \
        }                                                                                 \
    } while (0)

static void never(void *arg) {
    (void)arg;
    abort();
}

int main(void) {
    inspire_stack_pool_t pool;
    inspire_stack_pool_init(&pool, 16);
    inspire_fiber_t *f = inspire_stack_acquire(&pool, never, NULL);
    pid_t pid = fork();
    CHECK(pid >= 0);
    if (pid == 0) {
        signal(SIGSEGV, SIG_DFL);
        volatile char *guard = (volatile char *)f->stack_lo - 1;
        *guard = 1;
        _exit(0); /* reached only if the guard is writable */
    }
    int status = 0;
    CHECK(waitpid(pid, &status, 0) == pid);
    CHECK(WIFSIGNALED(status) && WTERMSIG(status) == SIGSEGV);
    inspire_stack_release(&pool, f);
    inspire_stack_pool_destroy(&pool);
    printf("stack guard ok: guard %d bytes\n", INSPIRE_GUARD_BYTES);
    return 0;
}
