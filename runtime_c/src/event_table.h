/*
 * event_table.h -- the runtime's event table (open hashing, one spinlock per
 * bucket, INSPIRE_EVENT_TABLE_BUCKETS buckets by default).
 *
 * An event is identified by a 64-bit key (here: the id of a thread group).
 * It fires once, carrying a payload (the group's void* result).  Handlers
 * registered before the event fires are called by the firing thread, outside
 * the bucket lock; registering after it fired reports that instead.  The
 * entry of a fired event stays until it is consumed (merge takes it).
 */
#ifndef INSPIRE_EVENT_TABLE_H
#define INSPIRE_EVENT_TABLE_H

#include <stdint.h>
#include "internal.h"
#include "spin.h"

typedef struct inspire_event_handler {
    void (*fn)(struct inspire_event_handler *h, void *payload);
    void *arg;
    struct inspire_event_handler *next;
} inspire_event_handler_t;

typedef struct inspire_event_entry {
    uint64_t key;
    int fired;
    void *payload;
    inspire_event_handler_t *handlers;
    struct inspire_event_entry *next;
} inspire_event_entry_t;

typedef struct inspire_event_bucket {
    inspire_spin_t lock;
    inspire_event_entry_t *head;
} inspire_event_bucket_t;

typedef struct inspire_event_table {
    unsigned nbuckets;
    inspire_event_bucket_t *buckets;
} inspire_event_table_t;

/* May be called from: any thread, before the table is shared. */
INSPIRE_INTERNAL void inspire_event_table_init(inspire_event_table_t *t, unsigned nbuckets);
/* Frees all entries.  May be called from: one thread, once nobody uses t. */
INSPIRE_INTERNAL void inspire_event_table_destroy(inspire_event_table_t *t);

/* Register h for `key`.  Returns 0 if registered (h->fn will be called once
 * when the event fires), 1 if the event had already fired (h is not kept).
 * h must stay valid until it is called.  May be called from: any thread. */
INSPIRE_INTERNAL int inspire_event_register(inspire_event_table_t *t, uint64_t key,
                                            inspire_event_handler_t *h);

/* Fire `key` with `payload`; calls the registered handlers.  Firing the same
 * key twice without a consume in between aborts.  May be called from: any thread. */
INSPIRE_INTERNAL void inspire_event_fire(inspire_event_table_t *t, uint64_t key, void *payload);

/* If `key` has fired: remove its entry, store the payload, return 1.
 * Otherwise return 0.  May be called from: any thread. */
INSPIRE_INTERNAL int inspire_event_consume(inspire_event_table_t *t, uint64_t key, void **payload);

/* Number of entries currently stored (for tests; takes every bucket lock). */
INSPIRE_INTERNAL unsigned long inspire_event_table_count(inspire_event_table_t *t);

#endif /* INSPIRE_EVENT_TABLE_H */
