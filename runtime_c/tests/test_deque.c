/*
 * test_deque.c -- unit test of the bounded deque for the policy given by
 * INSPIRE_QUEUE_POLICY: order of owner pops and steals, capacity, the
 * conditional owner pops used by merge_all, stealing half, and an owner
 * pushing/popping while thieves steal (every item taken exactly once).
 *
 * usage: test_deque <capacity> <items> <thieves>
 */
#include <pthread.h>
#include <sched.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "deque.h"

#define CHECK(c)                                                                          \
    do {                                                                                  \
        if (!(c)) {                                                                       \
            fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #c);         \
            exit(1);                                                                      \
        }                                                                                 \
    } while (0)

#define PUSH_FRONT                                                                        \
    (INSPIRE_QUEUE_POLICY == INSPIRE_PUSH_FRONT_STEAL_BACK ||                             \
     INSPIRE_QUEUE_POLICY == INSPIRE_PUSH_FRONT_STEAL_FRONT)
#define STEAL_FRONT                                                                       \
    (INSPIRE_QUEUE_POLICY == INSPIRE_PUSH_BACK_STEAL_FRONT ||                             \
     INSPIRE_QUEUE_POLICY == INSPIRE_PUSH_FRONT_STEAL_FRONT)

static void *item(uintptr_t i) { return (void *)(i + 1); }
static uintptr_t id(void *p) { return (uintptr_t)p - 1; }

/* One stolen item, NULL if none. */
static void *steal_one(inspire_deque_t *d) {
    void *p = NULL;
    return inspire_deque_steal(d, &p, 1) ? p : NULL;
}

static int is_item(const void *p, const void *key) { return p == key; }

/* Sequential order checks. */
static void check_order(int cap) {
    int count;
    inspire_deque_t d;
    inspire_deque_init(&d, cap, &count);
    CHECK(inspire_deque_pop(&d) == NULL);
    CHECK(steal_one(&d) == NULL);
    for (int round = 0; round < 3; round++) { /* wrap around the ring */
        for (int i = 0; i < cap; i++)
            CHECK(inspire_deque_push(&d, item((uintptr_t)i)));
        CHECK(inspire_deque_size(&d) == cap);
        CHECK(!inspire_deque_push(&d, item(999))); /* full */
        /* The deque, front to back, holds 0..cap-1 (push back) or cap-1..0
         * (push front).  The owner pops the front. */
        uintptr_t front = PUSH_FRONT ? (uintptr_t)cap - 1 : 0;
        CHECK(id(inspire_deque_pop(&d)) == front);
        if (cap >= 2) {
            /* After the pop the steal end holds: */
            uintptr_t expect;
            if (STEAL_FRONT)
                expect = PUSH_FRONT ? (uintptr_t)cap - 2 : 1;
            else
                expect = PUSH_FRONT ? 0 : (uintptr_t)cap - 1;
            CHECK(id(steal_one(&d)) == expect);
        }
        while (inspire_deque_pop(&d))
            ;
        CHECK(inspire_deque_size(&d) == 0);
    }
    /* Conditional pops: only the tested end, only a matching item. */
    for (int i = 0; i < cap; i++)
        CHECK(inspire_deque_push(&d, item((uintptr_t)i)));
    uintptr_t front = PUSH_FRONT ? (uintptr_t)cap - 1 : 0;
    uintptr_t newest = (uintptr_t)cap - 1;
    if (cap >= 2) {
        uintptr_t other = front == 0 ? 1 : front - 1;
        CHECK(inspire_deque_pop_front_if(&d, is_item, item(other)) == NULL);
        CHECK(inspire_deque_size(&d) == cap);
    }
    CHECK(id(inspire_deque_pop_front_if(&d, is_item, item(front))) == front);
    if (cap >= 2) {
        /* Push front: the newest item was the front, now gone. */
        newest = PUSH_FRONT ? (uintptr_t)cap - 2 : newest;
        CHECK(inspire_deque_pop_newest_if(&d, is_item, item(999)) == NULL);
        CHECK(id(inspire_deque_pop_newest_if(&d, is_item, item(newest))) == newest);
        CHECK(inspire_deque_size(&d) == cap - 2);
    }
    while (inspire_deque_pop(&d))
        ;
    /* Stealing half: ceil(n/2) items from the steal end, capped by max, in
     * front-to-back order. */
    for (int i = 0; i < cap; i++)
        CHECK(inspire_deque_push(&d, item((uintptr_t)i)));
    void *got[65536];
    int k = inspire_deque_steal(&d, got, cap);
    CHECK(k == (cap + 1) / 2);
    CHECK(inspire_deque_size(&d) == cap - k);
    for (int i = 0; i < k; i++) {
        /* Front-to-back position of got[i] in the full deque. */
        int pos = STEAL_FRONT ? i : cap - k + i;
        uintptr_t expect = PUSH_FRONT ? (uintptr_t)(cap - 1 - pos) : (uintptr_t)pos;
        CHECK(id(got[i]) == expect);
    }
    if (cap - k >= 2) {
        CHECK(inspire_deque_steal(&d, got, 1) == 1);
        CHECK(inspire_deque_size(&d) == cap - k - 1);
    }
    while (inspire_deque_pop(&d))
        ;
    CHECK(inspire_deque_steal(&d, got, cap) == 0);
    inspire_deque_destroy(&d);
}

typedef struct shared {
    inspire_deque_t d;
    int count;
    long nitems;
    int done;
    int started;
    unsigned char *seen;
    long taken_by_thieves;
    long stolen_live; /* steals so far (read by the owner while running) */
} shared_t;

static void take(shared_t *s, void *p) {
    uintptr_t i = id(p);
    CHECK(i < (uintptr_t)s->nitems);
    unsigned char prev = __atomic_fetch_add(&s->seen[i], 1, __ATOMIC_RELAXED);
    CHECK(prev == 0);
}

static void *thief(void *arg) {
    shared_t *s = arg;
    long mine = 0;
    __atomic_fetch_add(&s->started, 1, __ATOMIC_SEQ_CST);
    while (!__atomic_load_n(&s->done, __ATOMIC_ACQUIRE)) {
        void *got[4];
        int k = inspire_deque_steal(&s->d, got, 1 + (int)(mine % 4));
        for (int i = 0; i < k; i++) {
            take(s, got[i]);
            mine++;
        }
        if (k)
            __atomic_fetch_add(&s->stolen_live, k, __ATOMIC_RELAXED);
    }
    void *p;
    while ((p = steal_one(&s->d)) != NULL) {
        take(s, p);
        mine++;
    }
    __atomic_fetch_add(&s->taken_by_thieves, mine, __ATOMIC_RELAXED);
    return NULL;
}

int main(int argc, char **argv) {
    int cap = argc > 1 ? atoi(argv[1]) : 16;
    long nitems = argc > 2 ? atol(argv[2]) : 200000;
    int nthieves = argc > 3 ? atoi(argv[3]) : 2;
    check_order(cap);
    if (cap >= 1)
        check_order(1);

    long thieves_total = 0, owner_total = 0;
    for (int attempt = 0; attempt < 5; attempt++) {
        shared_t s = {0};
        s.nitems = nitems;
        s.seen = calloc((size_t)nitems, 1);
        CHECK(s.seen);
        inspire_deque_init(&s.d, cap, &s.count);
        pthread_t th[64];
        for (int t = 0; t < nthieves; t++)
            pthread_create(&th[t], NULL, thief, &s);
        while (__atomic_load_n(&s.started, __ATOMIC_SEQ_CST) < nthieves)
            ;
        unsigned rng = 12345;
        long next = 0, owner_took = 0;
        /* Make sure the thieves are really stealing before the owner starts
         * competing: offer the first items and wait for one steal. */
        if (nthieves > 0) {
            while (next < nitems && inspire_deque_push(&s.d, item((uintptr_t)next)))
                next++;
            for (long spin = 0; !__atomic_load_n(&s.stolen_live, __ATOMIC_RELAXED); spin++) {
                CHECK(spin < 100000000L);
                sched_yield();
            }
        }
        while (next < nitems) {
            rng = rng * 1103515245u + 12345u;
            for (volatile int k = 0; k < 20; k++)
                ; /* a little work between operations */
            if ((rng >> 16) % 3 != 0) {
                if (inspire_deque_push(&s.d, item((uintptr_t)next)))
                    next++;
                else
                    CHECK(inspire_deque_size(&s.d) <= cap);
            } else {
                void *p = inspire_deque_pop(&s.d);
                if (p) {
                    take(&s, p);
                    owner_took++;
                }
            }
        }
        void *p;
        while ((p = inspire_deque_pop(&s.d)) != NULL) {
            take(&s, p);
            owner_took++;
        }
        __atomic_store_n(&s.done, 1, __ATOMIC_RELEASE);
        for (int t = 0; t < nthieves; t++)
            pthread_join(th[t], NULL);
        for (long i = 0; i < nitems; i++)
            CHECK(s.seen[i] == 1);
        CHECK(owner_took + s.taken_by_thieves == nitems);
        CHECK(inspire_deque_size(&s.d) == 0);
        inspire_deque_destroy(&s.d);
        free(s.seen);
        thieves_total = s.taken_by_thieves;
        owner_total = owner_took;
        if (nthieves == 0 || thieves_total > 0)
            break;
    }
    /* Thieves and owner really competed for the items. */
    CHECK(nthieves == 0 || thieves_total > 0);
    printf("deque ok: policy %d cap %d items %ld owner %ld thieves %ld\n", INSPIRE_QUEUE_POLICY,
           cap, nitems, owner_total, thieves_total);
    return 0;
}
