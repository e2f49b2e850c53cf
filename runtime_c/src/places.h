/*
 * places.h -- the OpenMP place list (OMP_PLACES) and the bind-var ICV
 * (OMP_PROC_BIND), read once from the environment the way gcc's libgomp
 * reads them, and the placement of a team's threads on the places; also
 * the reader of OMP_NUM_THREADS's list, which both runtimes share.
 *
 * Invariants (both runtimes; places.c is also written into serial-only
 * units, see backend/serial_rt.py):
 *   - There are places (inspire_places_count() > 0) exactly when bind-var's
 *     first element is not false: OMP_PROC_BIND is true/close/spread/
 *     primary/master (then the list is OMP_PLACES, or every hardware thread
 *     of the affinity mask when OMP_PLACES is unset or invalid), or
 *     OMP_PROC_BIND is unset (or invalid) and OMP_PLACES is valid.
 *   - Every place is a non-empty set of CPUs of the process affinity mask
 *     taken at the first call; place numbers are 0 .. count-1.
 *   - An invalid value prints a warning on stderr and is ignored (no exit).
 *   - inspire_places_step is the one description of where a team's threads
 *     go: worker pinning (env.c) and the partition queries (omp_host_api.c)
 *     both derive from it.
 */
#ifndef INSPIRE_PLACES_H
#define INSPIRE_PLACES_H

#include "internal.h"

/* The omp_proc_bind_t values of <omp.h>. */
enum {
    INSPIRE_BIND_FALSE = 0,
    INSPIRE_BIND_TRUE = 1,
    INSPIRE_BIND_PRIMARY = 2,
    INSPIRE_BIND_CLOSE = 3,
    INSPIRE_BIND_SPREAD = 4
};

/* Number of places (0: none).  The first call reads the environment;
 * thread-safe. */
INSPIRE_INTERNAL int inspire_places_count(void);

/* The CPUs in the affinity mask the program started with (at least one):
 * omp_get_num_procs(). */
INSPIRE_INTERNAL int inspire_places_num_procs(void);

/* The CPUs of place `place` in increasing order, written to ids (if not
 * NULL); returns their number (0 for a place number out of range). */
INSPIRE_INTERNAL int inspire_places_cpus(int place, int *ids);

/* bind-var for a region started at nesting level `level` (0: the outermost
 * region): the OMP_PROC_BIND list's element, the last one past its end;
 * INSPIRE_BIND_FALSE at every level when there are no places. */
INSPIRE_INTERNAL int inspire_places_bind(int level);

/* One team step: the encountering thread is on *place with the partition
 * [*off, *off + *len) and starts a team of `nthreads` under `bind`; on
 * return the three describe thread `thread` of the team (0 <= thread <
 * nthreads), as libgomp places it: close/true fill the partition from the
 * encountering thread's place (blocks of nthreads/len threads per place when
 * there are more threads than places), primary keeps every thread on that
 * place, spread cuts the partition into nthreads subpartitions (or gives
 * each thread its one place when there are more threads than places). */
INSPIRE_INTERNAL void inspire_places_step(int bind, int nthreads, int thread, int *place,
                                          int *off, int *len);

/* The bind-var list (OMP_PROC_BIND's elements, one per nesting level)
 * into out[0 .. min(count, max)); returns its count (>= 1).  It is
 * {INSPIRE_BIND_FALSE} when there are no places, {INSPIRE_BIND_TRUE} when
 * only OMP_PLACES gave them. */
INSPIRE_INTERNAL int inspire_places_bind_list(int *out, int max);

/* True for a blank of the OMP_* and INSPIRE_* variables' syntax: the
 * characters isspace() accepts in the C locale (libgomp skips those). */
INSPIRE_INTERNAL int inspire_places_blank(char c);

/* OMP_NUM_THREADS's value as libgomp reads it: a comma-separated list of
 * positive integers (one per nesting level), blanks around each; an element
 * too large for an int counts as INT_MAX.  Writes the first min(count, max)
 * elements to out and returns the count; 0 for a value libgomp rejects (an
 * empty element, anything but digits, a zero).  Warns about nothing. */
INSPIRE_INTERNAL int inspire_nthreads_list(const char *value, int *out, int max);

/* The place the calling thread is bound to, -1 when it is not bound. */
INSPIRE_INTERNAL int inspire_places_self(void);

/* Records that the calling thread is bound to `place` (-1: not bound).
 * Called from: env.c, after pinning a worker. */
INSPIRE_INTERNAL void inspire_places_set_self(int place);

#endif /* INSPIRE_PLACES_H */
