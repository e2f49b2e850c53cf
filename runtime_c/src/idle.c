/*
 * idle.c -- futex sleep and wake-up of idle workers (see idle.h).
 */
#include "internal.h"

#include "detach.h"
#include "idle.h"
#include "priority.h"

#include <limits.h>
#include <linux/futex.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

static void futex_wait(unsigned *addr, unsigned val) {
    syscall(SYS_futex, addr, FUTEX_WAIT_PRIVATE, val, NULL, NULL, 0);
}

static void futex_wake(unsigned *addr) {
    syscall(SYS_futex, addr, FUTEX_WAKE_PRIVATE, 1, NULL, NULL, 0);
}

void inspire_futex_wait_for(unsigned *addr, unsigned val, long timeout_ns) {
    struct timespec limit = {timeout_ns / 1000000000L, timeout_ns % 1000000000L};
    syscall(SYS_futex, addr, FUTEX_WAIT_PRIVATE, val, &limit, NULL, 0);
}

void inspire_futex_wake_all(unsigned *addr) {
    syscall(SYS_futex, addr, FUTEX_WAKE_PRIVATE, INT_MAX, NULL, NULL, 0);
}

int inspire_idle_wake(inspire_worker_t *v) {
    if (__atomic_load_n(&v->sleeping, __ATOMIC_SEQ_CST) &&
        __atomic_exchange_n(&v->sleeping, 0, __ATOMIC_SEQ_CST)) {
        __atomic_fetch_sub(&inspire_rt.sleepers, 1, __ATOMIC_SEQ_CST);
        __atomic_fetch_add(&v->futex, 1, __ATOMIC_SEQ_CST);
        futex_wake(&v->futex);
        return 1;
    }
    return 0;
}

void inspire_idle_wake_one(inspire_worker_t *w) {
    int n = __atomic_load_n(&inspire_rt.created, __ATOMIC_ACQUIRE);
    for (int k = 1; k <= n; k++) {
        inspire_worker_t *v = &inspire_rt.workers[(w->id + k) % n];
        if (inspire_worker_steals(v) && inspire_idle_wake(v))
            return;
    }
}

void inspire_idle_wake_all(void) {
    int n = __atomic_load_n(&inspire_rt.created, __ATOMIC_ACQUIRE);
    for (int i = 0; i < n; i++) {
        inspire_worker_t *v = &inspire_rt.workers[i];
        __atomic_exchange_n(&v->sleeping, 0, __ATOMIC_SEQ_CST);
        __atomic_fetch_add(&v->futex, 1, __ATOMIC_SEQ_CST);
        futex_wake(&v->futex);
    }
}

static int work_visible(inspire_worker_t *w) {
    if (w->ready_head || w->yielded || __atomic_load_n(&w->mailbox, __ATOMIC_SEQ_CST))
        return 1;
    if (!inspire_worker_steals(w)) /* an added worker that hosts nothing */
        return __atomic_load_n(w->dq.count, __ATOMIC_SEQ_CST) > 0;
    if (inspire_priority_pending() || inspire_detach_pending())
        return 1;
    int n = __atomic_load_n(&inspire_rt.created, __ATOMIC_ACQUIRE);
    for (int i = 0; i < n; i++) {
        const inspire_worker_t *v = &inspire_rt.workers[i];
        if (__atomic_load_n(&v->ready, __ATOMIC_ACQUIRE) &&
            __atomic_load_n(v->dq.count, __ATOMIC_SEQ_CST) > 0)
            return 1;
    }
    return 0;
}

void inspire_idle_sleep(inspire_worker_t *w) {
    unsigned v = __atomic_load_n(&w->futex, __ATOMIC_SEQ_CST);
    __atomic_store_n(&w->sleeping, 1, __ATOMIC_SEQ_CST);
    __atomic_fetch_add(&inspire_rt.sleepers, 1, __ATOMIC_SEQ_CST);
    __atomic_thread_fence(__ATOMIC_SEQ_CST);
    if (work_visible(w) || __atomic_load_n(&inspire_rt.shutdown, __ATOMIC_SEQ_CST)) {
        if (__atomic_exchange_n(&w->sleeping, 0, __ATOMIC_SEQ_CST))
            __atomic_fetch_sub(&inspire_rt.sleepers, 1, __ATOMIC_SEQ_CST);
        return;
    }
    w->stats.sleeps++;
    futex_wait(&w->futex, v);
    if (__atomic_exchange_n(&w->sleeping, 0, __ATOMIC_SEQ_CST))
        __atomic_fetch_sub(&inspire_rt.sleepers, 1, __ATOMIC_SEQ_CST);
}
