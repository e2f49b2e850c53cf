/*
 * steal.c -- taking half of another worker's deque (see steal.h).
 */
#include "internal.h"

#include "steal.h"

#include <stdio.h>
#include <stdlib.h>

void inspire_steal_init(inspire_worker_t *w) {
    w->steal_buf = malloc(sizeof(void *) * ((INSPIRE_QUEUE_SIZE + 1) / 2));
    if (!w->steal_buf) {
        fprintf(stderr, "inspire runtime: out of memory allocating a steal buffer\n");
        abort();
    }
}

static inline unsigned next_rand(inspire_worker_t *w) {
    unsigned x = w->rng;
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    w->rng = x;
    return x;
}

static inspire_item_t *steal_from(inspire_worker_t *w, inspire_worker_t *v) {
    void **got = w->steal_buf;
    int k = inspire_deque_steal(&v->dq, got, (INSPIRE_QUEUE_SIZE + 1) / 2);
    if (k == 0)
        return NULL;
    w->stats.stolen += (unsigned long)k;
    /* Only this worker pushes to its deque, which was empty when the loop
     * tried it, so k - 1 < INSPIRE_QUEUE_SIZE items fit. */
    for (int i = 1; i < k; i++) {
#if INSPIRE_DEQUE_PUSH_FRONT
        void *next = got[k - i]; /* pushing at the front: back-most first */
#else
        void *next = got[i];
#endif
        if (!inspire_worker_push(w, next)) {
            fprintf(stderr, "inspire runtime: internal error: stolen items do not fit\n");
            abort();
        }
    }
    return got[0];
}

inspire_item_t *inspire_steal(inspire_worker_t *w) {
    int n = __atomic_load_n(&inspire_rt.created, __ATOMIC_ACQUIRE);
    if (n < 2)
        return NULL;
    int start = (int)(next_rand(w) % (unsigned)n);
    for (int k = 0; k < n; k++) {
        int v = start + k < n ? start + k : start + k - n;
        if (v == w->id || !__atomic_load_n(&inspire_rt.workers[v].ready, __ATOMIC_ACQUIRE))
            continue;
        inspire_item_t *it = steal_from(w, &inspire_rt.workers[v]);
        if (it)
            return it;
    }
    return NULL;
}
