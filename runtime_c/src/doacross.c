/*
 * doacross.c -- doacross loops: per-iteration source flags (see doacross.h).
 */
#include "internal.h"

#include "doacross.h"

#include <stdio.h>
#include <stdlib.h>

unsigned char *inspire_doacross_open(long n) {
    unsigned char *posted = calloc(n > 0 ? (size_t)n : 1, 1);
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

/* The flags of the doacross loop the current item runs (NULL: none, or a
 * team of one), with its iteration count in *n. */
static unsigned char *current_flags(long *n) {
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
    unsigned char *posted = ((inspire_pfor_slot_t *)p->slot)->posted;
    for (long k = lo; k < hi; k++)
        __atomic_store_n(&posted[k], 1, __ATOMIC_RELEASE);
}

void inspire_doacross_post(long k) {
    long n;
    unsigned char *posted = current_flags(&n);
    if (posted && k >= 0 && k < n)
        __atomic_store_n(&posted[k], 1, __ATOMIC_RELEASE);
}

void inspire_doacross_wait(long k) {
    long n;
    unsigned char *posted = current_flags(&n);
    if (!posted || k < 0 || k >= n)
        return;
    while (!__atomic_load_n(&posted[k], __ATOMIC_ACQUIRE))
        inspire_yield();
}
