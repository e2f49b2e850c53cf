/*
 * deque.c -- bounded lock-protected deque (see deque.h).
 */
#include "internal.h"

#include "deque.h"

#include <stdio.h>
#include <stdlib.h>

#include "spin.h"


#define OTHER_POP_FRONT                                                                   \
    (INSPIRE_QUEUE_POLICY == INSPIRE_PUSH_BACK_STEAL_FRONT ||                             \
     INSPIRE_QUEUE_POLICY == INSPIRE_PUSH_FRONT_STEAL_FRONT)

void inspire_deque_init(inspire_deque_t *d, int capacity, int *count_storage) {
    d->lock = 0;
    d->cap = capacity;
    d->head = 0;
    d->count = count_storage;
    *count_storage = 0;
    d->slots = calloc((size_t)capacity, sizeof(void *));
    if (!d->slots) {
        fprintf(stderr, "inspire runtime: out of memory allocating a deque of %d items\n",
                capacity);
        abort();
    }
}

void inspire_deque_destroy(inspire_deque_t *d) {
    free(d->slots);
    d->slots = NULL;
}

static inline int wrap(int i, int cap) { return i >= cap ? i - cap : i; }

int inspire_deque_push(inspire_deque_t *d, void *item) {
    inspire_spin_lock(&d->lock);
    int n = __atomic_load_n(d->count, __ATOMIC_RELAXED);
    if (n >= d->cap) {
        inspire_spin_unlock(&d->lock);
        return 0;
    }
#if INSPIRE_DEQUE_PUSH_FRONT
    d->head = d->head == 0 ? d->cap - 1 : d->head - 1;
    d->slots[d->head] = item;
#else
    d->slots[wrap(d->head + n, d->cap)] = item;
#endif
    __atomic_store_n(d->count, n + 1, __ATOMIC_RELAXED);
    inspire_spin_unlock(&d->lock);
    return 1;
}

static inline void *take_front(inspire_deque_t *d, int n) {
    void *item = d->slots[d->head];
    d->head = wrap(d->head + 1, d->cap);
    __atomic_store_n(d->count, n - 1, __ATOMIC_RELAXED);
    return item;
}

#if !INSPIRE_DEQUE_PUSH_FRONT
static inline void *take_back(inspire_deque_t *d, int n) {
    void *item = d->slots[wrap(d->head + n - 1, d->cap)];
    __atomic_store_n(d->count, n - 1, __ATOMIC_RELAXED);
    return item;
}
#endif

void *inspire_deque_pop(inspire_deque_t *d) {
    if (__atomic_load_n(d->count, __ATOMIC_RELAXED) == 0)
        return NULL;
    inspire_spin_lock(&d->lock);
    int n = __atomic_load_n(d->count, __ATOMIC_RELAXED);
    void *item = n ? take_front(d, n) : NULL;
    inspire_spin_unlock(&d->lock);
    return item;
}

void *inspire_deque_pop_front_if(inspire_deque_t *d, inspire_deque_match_fn match,
                                 const void *key) {
    if (__atomic_load_n(d->count, __ATOMIC_RELAXED) == 0)
        return NULL;
    inspire_spin_lock(&d->lock);
    int n = __atomic_load_n(d->count, __ATOMIC_RELAXED);
    void *item = n && match(d->slots[d->head], key) ? take_front(d, n) : NULL;
    inspire_spin_unlock(&d->lock);
    return item;
}

void *inspire_deque_pop_newest_if(inspire_deque_t *d, inspire_deque_match_fn match,
                                  const void *key) {
#if INSPIRE_DEQUE_PUSH_FRONT
    return inspire_deque_pop_front_if(d, match, key);
#else
    if (__atomic_load_n(d->count, __ATOMIC_RELAXED) == 0)
        return NULL;
    inspire_spin_lock(&d->lock);
    int n = __atomic_load_n(d->count, __ATOMIC_RELAXED);
    void *item = n && match(d->slots[wrap(d->head + n - 1, d->cap)], key) ? take_back(d, n) : NULL;
    inspire_spin_unlock(&d->lock);
    return item;
#endif
}

int inspire_deque_steal(inspire_deque_t *d, void **items, int max) {
    if (__atomic_load_n(d->count, __ATOMIC_RELAXED) == 0)
        return 0;
    inspire_spin_lock(&d->lock);
    int n = __atomic_load_n(d->count, __ATOMIC_RELAXED);
    int k = (n + 1) / 2 < max ? (n + 1) / 2 : max;
#if OTHER_POP_FRONT
    int first = d->head;
    d->head = wrap(d->head + k, d->cap);
#else
    int first = wrap(d->head + n - k, d->cap);
#endif
    for (int i = 0; i < k; i++)
        items[i] = d->slots[wrap(first + i, d->cap)];
    __atomic_store_n(d->count, n - k, __ATOMIC_RELAXED);
    inspire_spin_unlock(&d->lock);
    return k;
}
