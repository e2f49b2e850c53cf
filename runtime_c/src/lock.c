/*
 * lock.c -- locks and critical sections (see lock.h).
 */
#include "internal.h"

#include "lock.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "spin.h"
#include "worker.h"


void inspire_lock_init(inspire_lock_t *l) { __atomic_store_n(&l->state, 0, __ATOMIC_RELEASE); }

void inspire_lock_destroy(inspire_lock_t *l) {
    if (__atomic_load_n(&l->state, __ATOMIC_ACQUIRE)) {
        fprintf(stderr, "inspire runtime: a lock was destroyed while it was held\n");
        abort();
    }
}

void inspire_lock_set(inspire_lock_t *l) {
    int spins = 0;
    for (;;) {
        if (!__atomic_exchange_n(&l->state, 1, __ATOMIC_ACQUIRE))
            return;
        while (__atomic_load_n(&l->state, __ATOMIC_RELAXED)) {
            if (++spins >= INSPIRE_LOCK_SPINS) {
                spins = 0;
                inspire_yield();
            } else {
                INSPIRE_CPU_RELAX();
            }
        }
    }
}

/* Unsetting and testing a lock are where a spin-wait loop over a lock or a
 * critical section observes other threads: inspire_poll (inspire_rt.h). */
void inspire_lock_unset(inspire_lock_t *l) {
    __atomic_store_n(&l->state, 0, __ATOMIC_RELEASE);
    inspire_poll();
}

int inspire_lock_test(inspire_lock_t *l) {
    int got = !__atomic_load_n(&l->state, __ATOMIC_RELAXED) &&
              !__atomic_exchange_n(&l->state, 1, __ATOMIC_ACQUIRE);
    if (!got)
        inspire_poll();
    return got;
}

/* Owner identity of a nestable lock: the current task (locks are owned by
 * tasks in OpenMP), or the thread for threads the runtime does not manage. */
static __thread char foreign_identity;

static void *owner_id(void) {
    inspire_worker_t *w = inspire_self;
    if (w && w->current)
        return w->current;
    return &foreign_identity;
}

void inspire_nest_lock_init(inspire_nest_lock_t *l) {
    inspire_lock_init(&l->lock);
    l->count = 0;
    l->owner = NULL;
}

void inspire_nest_lock_destroy(inspire_nest_lock_t *l) { inspire_lock_destroy(&l->lock); }

void inspire_nest_lock_set(inspire_nest_lock_t *l) {
    void *me = owner_id();
    if (__atomic_load_n(&l->owner, __ATOMIC_RELAXED) == me) {
        l->count++;
        return;
    }
    inspire_lock_set(&l->lock);
    __atomic_store_n(&l->owner, me, __ATOMIC_RELAXED);
    l->count = 1;
}

void inspire_nest_lock_unset(inspire_nest_lock_t *l) {
    if (--l->count == 0) {
        __atomic_store_n(&l->owner, NULL, __ATOMIC_RELAXED);
        inspire_lock_unset(&l->lock);
    }
}

int inspire_nest_lock_test(inspire_nest_lock_t *l) {
    void *me = owner_id();
    if (__atomic_load_n(&l->owner, __ATOMIC_RELAXED) == me)
        return ++l->count;
    if (!inspire_lock_test(&l->lock))
        return 0;
    __atomic_store_n(&l->owner, me, __ATOMIC_RELAXED);
    l->count = 1;
    return 1;
}

/* ---- named critical sections ------------------------------------------------ */

typedef struct critical_entry {
    const char *name; /* NULL: free slot */
    inspire_lock_t lock;
} critical_entry_t;

static critical_entry_t critical_table[INSPIRE_CRITICAL_NAMES];
static pthread_mutex_t critical_insert = PTHREAD_MUTEX_INITIALIZER;

static unsigned hash_name(const char *s) {
    unsigned h = 2166136261u;
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * 16777619u;
    return h;
}

/* The unnamed critical section's lock, on a cache line of its own. */
static struct {
    inspire_lock_t lock;
} __attribute__((aligned(64))) unnamed_critical;

/* The last name this thread looked up, and its lock: the emitted code
 * passes the same string literal on every entry of a section. */
static __thread const char *last_name;
static __thread inspire_lock_t *last_lock;

static inspire_lock_t *find_critical_lock(const char *name);

static inspire_lock_t *critical_lock(const char *name) {
    if (!name)
        return &unnamed_critical.lock;
    if (name != last_name) {
        last_lock = find_critical_lock(name);
        last_name = name;
    }
    return last_lock;
}

static inspire_lock_t *find_critical_lock(const char *name) {
    unsigned h = hash_name(name) % INSPIRE_CRITICAL_NAMES;
    for (unsigned k = 0; k < INSPIRE_CRITICAL_NAMES; k++) {
        critical_entry_t *e = &critical_table[(h + k) % INSPIRE_CRITICAL_NAMES];
        const char *n = __atomic_load_n(&e->name, __ATOMIC_ACQUIRE);
        if (!n) {
            pthread_mutex_lock(&critical_insert);
            n = __atomic_load_n(&e->name, __ATOMIC_ACQUIRE);
            if (!n) {
                char *copy = strdup(name);
                if (!copy) {
                    fprintf(stderr, "inspire runtime: out of memory in critical section table\n");
                    abort();
                }
                __atomic_store_n(&e->name, copy, __ATOMIC_RELEASE);
                n = copy;
            }
            pthread_mutex_unlock(&critical_insert);
        }
        if (strcmp(n, name) == 0)
            return &e->lock;
    }
    fprintf(stderr, "inspire runtime: more than %d distinct critical section names\n",
            INSPIRE_CRITICAL_NAMES);
    abort();
}

/* The lock of atomics on locations wider than 8 bytes (inspire_rt.h). */
static inspire_lock_t wide_atomics;

void inspire_atomic_begin(void) { inspire_lock_set(&wide_atomics); }

void inspire_atomic_end(void) { inspire_lock_unset(&wide_atomics); }

void inspire_critical_enter(const char *name) { inspire_lock_set(critical_lock(name)); }

void inspire_critical_exit(const char *name) { inspire_lock_unset(critical_lock(name)); }
