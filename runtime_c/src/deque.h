/*
 * deque.h -- the bounded per-worker work deque with the four queue policies.
 *
 * The owner pushes at the end chosen by INSPIRE_QUEUE_POLICY and always pops
 * from the front; other workers steal from the end chosen by the policy.
 * Every operation takes the deque's spinlock (both ends can be shared
 * between the owner and thieves under some policies).  The item count is an
 * int the owner may read without the lock: the spawn fast path compares it
 * with the capacity to decide lazy task creation.  The count lives outside
 * the deque (in the owner's thread-local hot state) so that fast path is a
 * single thread-local load.
 */
#ifndef INSPIRE_DEQUE_H
#define INSPIRE_DEQUE_H

#include "inspire_rt_config.h"
#include "internal.h"
#include "spin.h"

/* 1 when the owner pushes at the front (the push-front policies): it then
 * takes its newest item first and descends the task tree depth first. */
#define INSPIRE_DEQUE_PUSH_FRONT                                                          \
    (INSPIRE_QUEUE_POLICY == INSPIRE_PUSH_FRONT_STEAL_BACK ||                             \
     INSPIRE_QUEUE_POLICY == INSPIRE_PUSH_FRONT_STEAL_FRONT)

typedef struct inspire_deque {
    inspire_spin_t lock;
    int cap;        /* capacity in items */
    int head;       /* slot index of the front item */
    int *count;     /* items held; written under the lock, read anywhere */
    void **slots;   /* cap entries, circular */
} inspire_deque_t;

/* count_storage: where the item count lives (must outlive the deque).
 * May be called from: any thread, before the deque is shared. */
INSPIRE_INTERNAL void inspire_deque_init(inspire_deque_t *d, int capacity, int *count_storage);
INSPIRE_INTERNAL void inspire_deque_destroy(inspire_deque_t *d);

/* Owner side.  push returns 0 when the deque is full (nothing changed).
 * May be called from: the owning worker only. */
INSPIRE_INTERNAL int inspire_deque_push(inspire_deque_t *d, void *item);
INSPIRE_INTERNAL void *inspire_deque_pop(inspire_deque_t *d);

/* Owner side, for a task waiting for its children (merge_all): take the
 * item at the front (pop_front_if) or the most recently pushed item, at the
 * policy's push end (pop_newest_if), but only if match(item, key) is true;
 * NULL (nothing changed) otherwise.  The test runs under the deque's lock,
 * so a thief cannot take the item between the test and the removal.
 * May be called from: the owning worker only. */
typedef int (*inspire_deque_match_fn)(const void *item, const void *key);
INSPIRE_INTERNAL void *inspire_deque_pop_front_if(inspire_deque_t *d,
                                                  inspire_deque_match_fn match, const void *key);
INSPIRE_INTERNAL void *inspire_deque_pop_newest_if(inspire_deque_t *d,
                                                   inspire_deque_match_fn match, const void *key);

/* Thief side: take half of the items (rounded up, at most max, none if the
 * deque is empty) from the policy's steal end into items[], in the deque's
 * front-to-back order; returns how many were taken.
 * May be called from: any thread. */
INSPIRE_INTERNAL int inspire_deque_steal(inspire_deque_t *d, void **items, int max);

static inline int inspire_deque_size(const inspire_deque_t *d) {
    return __atomic_load_n(d->count, __ATOMIC_RELAXED);
}

#endif /* INSPIRE_DEQUE_H */
