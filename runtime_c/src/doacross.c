/*
 * doacross.c -- doacross loops: per-iteration source counters (see doacross.h).
 */
#include "internal.h"

#include "doacross.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>

long *inspire_doacross_open(long n) {
    long *posted = calloc(n > 0 ? (size_t)n : 1, sizeof *posted);
    if (!posted) {
        fprintf(stderr, "inspire runtime: out of memory for a doacross loop of %ld iterations\n",
                n);
        abort();
    }
    return posted;
}

void inspire_doacross_close(inspire_pfor_slot_t *s) {
    free(s->posted);
    s->posted = NULL;
}

/* The counters of the doacross loop the current item runs (NULL: none, or
 * a team of one), with its iteration count in *n. */
static long *current_counters(long *n) {
    inspire_pfor_t *p = inspire_running_loop();
    if (!p || !p->doacross || !p->slot)
        return NULL;
    inspire_pfor_slot_t *s = p->slot;
    *n = s->n;
    return s->posted;
}

void inspire_doacross_post_range(inspire_pfor_t *p, long lo, long hi) {
    if (!p->slot)
        return;
    long *posted = ((inspire_pfor_slot_t *)p->slot)->posted;
    for (long k = lo; k < hi; k++)
        __atomic_store_n(&posted[k], LONG_MAX, __ATOMIC_RELEASE);
}

void inspire_doacross_post(long k, long j) {
    long n;
    long *posted = current_counters(&n);
    if (!posted || k < 0 || k >= n || j < 0)
        return;
    /* only the thread running iteration k writes its counter */
    if (__atomic_load_n(&posted[k], __ATOMIC_RELAXED) <= j)
        __atomic_store_n(&posted[k], j + 1, __ATOMIC_RELEASE);
}

void inspire_doacross_wait(long k, long j) {
    long n;
    long *posted = current_counters(&n);
    if (!posted || k < 0 || k >= n || j < 0)
        return;
    while (__atomic_load_n(&posted[k], __ATOMIC_ACQUIRE) <= j)
        inspire_yield();
}
