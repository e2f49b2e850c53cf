/*
 * test_event.c -- unit test of the event table: concurrent register / fire /
 * consume on many keys; every handler runs exactly once with the fired
 * payload; consumed entries disappear.
 *
 * usage: test_event <buckets> <keys> <threads>
 */
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "event_table.h"

#define CHECK(c)                                                                          \
    do {                                                                                  \
        if (!(c)) {                                                                       \
            fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #c);         \
            exit(1);                                                                      \
        }                                                                                 \
    } while (0)

static inspire_event_table_t table;
static long nkeys;
static int nthreads;
static inspire_event_handler_t *handlers; /* one per key */
static int *calls;                        /* handler calls per key */
static int *registered;                   /* 1 if the handler was kept */

static void on_fire(inspire_event_handler_t *h, void *payload) {
    long k = (long)(intptr_t)h->arg;
    CHECK((uintptr_t)payload == (uintptr_t)k * 7 + 1);
    __atomic_fetch_add(&calls[k], 1, __ATOMIC_RELAXED);
}

static void *registrar(void *arg) {
    long t = (long)(intptr_t)arg;
    for (long k = t; k < nkeys; k += nthreads) {
        handlers[k].fn = on_fire;
        handlers[k].arg = (void *)(intptr_t)k;
        registered[k] = inspire_event_register(&table, (uint64_t)k + 1, &handlers[k]) == 0;
    }
    return NULL;
}

static void *firer(void *arg) {
    long t = (long)(intptr_t)arg;
    for (long k = nkeys - 1 - t; k >= 0; k -= nthreads)
        inspire_event_fire(&table, (uint64_t)k + 1, (void *)((uintptr_t)k * 7 + 1));
    return NULL;
}

int main(int argc, char **argv) {
    unsigned buckets = argc > 1 ? (unsigned)atoi(argv[1]) : 97;
    nkeys = argc > 2 ? atol(argv[2]) : 100000;
    nthreads = argc > 3 ? atoi(argv[3]) : 2;
    inspire_event_table_init(&table, buckets);
    handlers = calloc((size_t)nkeys, sizeof *handlers);
    calls = calloc((size_t)nkeys, sizeof *calls);
    registered = calloc((size_t)nkeys, sizeof *registered);
    CHECK(handlers && calls && registered);

    /* Sequential semantics first. */
    inspire_event_handler_t h = {on_fire, (void *)(intptr_t)0, NULL};
    CHECK(inspire_event_register(&table, 1, &h) == 0);
    void *pl = NULL;
    CHECK(!inspire_event_consume(&table, 1, &pl)); /* not fired yet */
    inspire_event_fire(&table, 1, (void *)1);
    CHECK(calls[0] == 1);
    CHECK(inspire_event_register(&table, 1, &h) == 1); /* already fired */
    CHECK(inspire_event_consume(&table, 1, &pl) && pl == (void *)1);
    CHECK(inspire_event_table_count(&table) == 0);
    calls[0] = 0;

    pthread_t th[128];
    for (int t = 0; t < nthreads; t++) {
        pthread_create(&th[2 * t], NULL, registrar, (void *)(intptr_t)t);
        pthread_create(&th[2 * t + 1], NULL, firer, (void *)(intptr_t)t);
    }
    for (int t = 0; t < 2 * nthreads; t++)
        pthread_join(th[t], NULL);
    long kept = 0;
    for (long k = 0; k < nkeys; k++) {
        /* Registered in time: called exactly once; too late: never. */
        CHECK(calls[k] == registered[k]);
        kept += registered[k];
        void *p = NULL;
        CHECK(inspire_event_consume(&table, (uint64_t)k + 1, &p));
        CHECK((uintptr_t)p == (uintptr_t)k * 7 + 1);
    }
    CHECK(inspire_event_table_count(&table) == 0);
    printf("event table ok: buckets %u keys %ld handlers run %ld late %ld\n", buckets, nkeys,
           kept, nkeys - kept);
    inspire_event_table_destroy(&table);
    return 0;
}
