/*
 * test_stack_pool.c -- unit test of the stack pool: LIFO reuse, the pool
 * limit, the whole usable stack is writable, and the guard page below it is
 * not (checked in a child process that must die of SIGSEGV).
 */
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
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
    inspire_stack_pool_init(&pool, 1000);
    pool.max_free = 4;
    inspire_fiber_t *f[8];
    for (int i = 0; i < 8; i++) {
        f[i] = inspire_stack_acquire(&pool, never, NULL);
        CHECK(f[i]->stack_size == INSPIRE_FIBER_USABLE_BYTES);
        CHECK(f[i]->stack_lo == f[i]->map_base + INSPIRE_GUARD_BYTES);
        CHECK(((uintptr_t)f[i]->stack_lo & 4095) == 0);
    }
    CHECK(pool.allocated == 8);
    /* Usable stack: every page writable. */
    memset(f[0]->stack_lo, 0xA5, f[0]->stack_size);
    for (int i = 0; i < 8; i++)
        inspire_stack_release(&pool, f[i]);
    CHECK(pool.nfree == 4);
    CHECK(pool.unmapped == 4);
    /* LIFO: the most recently released stack comes back first. */
    inspire_fiber_t *again = inspire_stack_acquire(&pool, never, NULL);
    CHECK(again == f[3]);
    CHECK(pool.allocated == 8);
    /* The guard page is not accessible. */
    pid_t pid = fork();
    CHECK(pid >= 0);
    if (pid == 0) {
        signal(SIGSEGV, SIG_DFL);
        volatile char *guard = (volatile char *)again->stack_lo - 1;
        *guard = 1;
        _exit(0); /* reached only if the guard is writable */
    }
    int status = 0;
    CHECK(waitpid(pid, &status, 0) == pid);
    CHECK(WIFSIGNALED(status) && WTERMSIG(status) == SIGSEGV);
    inspire_stack_release(&pool, again);
    inspire_stack_pool_destroy(&pool);
    CHECK(pool.nfree == 0);
    printf("stack pool ok: usable %zu bytes, guard %d bytes\n", (size_t)INSPIRE_FIBER_USABLE_BYTES,
           INSPIRE_GUARD_BYTES);
    return 0;
}
