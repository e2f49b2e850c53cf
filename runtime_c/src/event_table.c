/*
 * event_table.c -- see event_table.h.
 */
#include "internal.h"

#include "event_table.h"

#include <stdio.h>
#include <stdlib.h>

#include "spin.h"


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
    inspire_spin_lock(&b->lock);
    inspire_event_entry_t *e = find(b, key);
    if (!e)
        e = insert(b, key);
    if (e->fired) {
        inspire_spin_unlock(&b->lock);
        return 1;
    }
    h->next = e->handlers;
    e->handlers = h;
    inspire_spin_unlock(&b->lock);
    return 0;
}

void inspire_event_fire(inspire_event_table_t *t, uint64_t key, void *payload) {
    inspire_event_bucket_t *b = bucket_of(t, key);
    inspire_spin_lock(&b->lock);
    inspire_event_entry_t *e = find(b, key);
    if (!e)
        e = insert(b, key);
    if (e->fired) {
        inspire_spin_unlock(&b->lock);
        fprintf(stderr, "inspire runtime: internal error: event %llu fired twice\n",
                (unsigned long long)key);
        abort();
    }
    e->fired = 1;
    e->payload = payload;
    inspire_event_handler_t *h = e->handlers;
    e->handlers = NULL;
    inspire_spin_unlock(&b->lock);
    while (h) {
        inspire_event_handler_t *next = h->next; /* h may be reused by fn */
        h->fn(h, payload);
        h = next;
    }
}

int inspire_event_consume(inspire_event_table_t *t, uint64_t key, void **payload) {
    inspire_event_bucket_t *b = bucket_of(t, key);
    inspire_spin_lock(&b->lock);
    inspire_event_entry_t **pp = &b->head;
    while (*pp && (*pp)->key != key)
        pp = &(*pp)->next;
    inspire_event_entry_t *e = *pp;
    if (!e || !e->fired) {
        inspire_spin_unlock(&b->lock);
        return 0;
    }
    *pp = e->next;
    inspire_spin_unlock(&b->lock);
    if (payload)
        *payload = e->payload;
    free(e);
    return 1;
}

unsigned long inspire_event_table_count(inspire_event_table_t *t) {
    unsigned long n = 0;
    for (unsigned i = 0; i < t->nbuckets; i++) {
        inspire_spin_lock(&t->buckets[i].lock);
        for (inspire_event_entry_t *e = t->buckets[i].head; e; e = e->next)
            n++;
        inspire_spin_unlock(&t->buckets[i].lock);
    }
    return n;
}
