/*
 * event_table.c -- see event_table.h.
 */
#define INSPIRE_RUNTIME_SOURCE 1
#include "event_table.h"

#include <sched.h>
#include <stdio.h>
#include <stdlib.h>

#if defined(__x86_64__) || defined(__i386__)
#define CPU_RELAX() __builtin_ia32_pause()
#else
#define CPU_RELAX() ((void)0)
#endif

static inline void b_lock(inspire_event_bucket_t *b) {
    for (;;) {
        if (!__atomic_exchange_n(&b->lock, 1, __ATOMIC_ACQUIRE))
            return;
        for (int spins = 1; __atomic_load_n(&b->lock, __ATOMIC_RELAXED); spins++) {
            if (spins % 256 == 0)
                sched_yield(); /* the holder may have been preempted */
            else
                CPU_RELAX();
        }
    }
}

static inline void b_unlock(inspire_event_bucket_t *b) {
    __atomic_store_n(&b->lock, 0, __ATOMIC_RELEASE);
}

void inspire_event_table_init(inspire_event_table_t *t, unsigned nbuckets) {
    t->nbuckets = nbuckets;
    t->buckets = calloc(nbuckets, sizeof *t->buckets);
    if (!t->buckets) {
        fprintf(stderr, "inspire runtime: out of memory allocating an event table of %u buckets\n",
                nbuckets);
        abort();
    }
}

void inspire_event_table_destroy(inspire_event_table_t *t) {
    for (unsigned i = 0; i < t->nbuckets; i++) {
        inspire_event_entry_t *e = t->buckets[i].head;
        while (e) {
            inspire_event_entry_t *n = e->next;
            free(e);
            e = n;
        }
    }
    free(t->buckets);
    t->buckets = NULL;
}

static inline inspire_event_bucket_t *bucket_of(inspire_event_table_t *t, uint64_t key) {
    return &t->buckets[key % t->nbuckets];
}

static inspire_event_entry_t *find(inspire_event_bucket_t *b, uint64_t key) {
    for (inspire_event_entry_t *e = b->head; e; e = e->next)
        if (e->key == key)
            return e;
    return NULL;
}

static inspire_event_entry_t *insert(inspire_event_bucket_t *b, uint64_t key) {
    inspire_event_entry_t *e = calloc(1, sizeof *e);
    if (!e) {
        fprintf(stderr, "inspire runtime: out of memory allocating an event table entry\n");
        abort();
    }
    e->key = key;
    e->next = b->head;
    b->head = e;
    return e;
}

int inspire_event_register(inspire_event_table_t *t, uint64_t key, inspire_event_handler_t *h) {
    inspire_event_bucket_t *b = bucket_of(t, key);
    b_lock(b);
    inspire_event_entry_t *e = find(b, key);
    if (!e)
        e = insert(b, key);
    if (e->fired) {
        b_unlock(b);
        return 1;
    }
    h->next = e->handlers;
    e->handlers = h;
    b_unlock(b);
    return 0;
}

void inspire_event_fire(inspire_event_table_t *t, uint64_t key, void *payload) {
    inspire_event_bucket_t *b = bucket_of(t, key);
    b_lock(b);
    inspire_event_entry_t *e = find(b, key);
    if (!e)
        e = insert(b, key);
    if (e->fired) {
        b_unlock(b);
        fprintf(stderr, "inspire runtime: internal error: event %llu fired twice\n",
                (unsigned long long)key);
        abort();
    }
    e->fired = 1;
    e->payload = payload;
    inspire_event_handler_t *h = e->handlers;
    e->handlers = NULL;
    b_unlock(b);
    while (h) {
        inspire_event_handler_t *next = h->next; /* h may be reused by fn */
        h->fn(h, payload);
        h = next;
    }
}

int inspire_event_consume(inspire_event_table_t *t, uint64_t key, void **payload) {
    inspire_event_bucket_t *b = bucket_of(t, key);
    b_lock(b);
    inspire_event_entry_t **pp = &b->head;
    while (*pp && (*pp)->key != key)
        pp = &(*pp)->next;
    inspire_event_entry_t *e = *pp;
    if (!e || !e->fired) {
        b_unlock(b);
        return 0;
    }
    *pp = e->next;
    b_unlock(b);
    if (payload)
        *payload = e->payload;
    free(e);
    return 1;
}

unsigned long inspire_event_table_count(inspire_event_table_t *t) {
    unsigned long n = 0;
    for (unsigned i = 0; i < t->nbuckets; i++) {
        b_lock(&t->buckets[i]);
        for (inspire_event_entry_t *e = t->buckets[i].head; e; e = e->next)
            n++;
        b_unlock(&t->buckets[i]);
    }
    return n;
}
