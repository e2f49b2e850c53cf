/*
 * teams.c -- the host teams construct and the distribute construct.
 *
 * A teams region runs its teams one after another on the encountering
 * thread, team numbers 0 to n-1 in order, as libgomp runs host teams (a
 * conforming implementation: the teams of a host teams region need not run
 * concurrently).  The compiler emits
 *
 *     int n = inspire_teams_begin(num_teams, thread_limit);
 *     for (int t = 0; t < n; t++) { inspire_teams_team(t); body }
 *     inspire_teams_end();
 *
 * The region's state (teams.h) belongs to the encountering work item, and
 * every task and implicit task created in a team points to it, so the
 * omp_* queries answer the team they run in, also for a teams region
 * encountered in a parallel region's threads (which OpenMP does not allow,
 * but libgomp runs).  Each team's body is a taskgroup (the compiler wraps
 * it), so no task of a team outlives it.
 *
 * The number of teams: num_teams if positive, else nteams-var
 * (omp_set_num_teams, OMP_NUM_TEAMS) if positive, else 3 (libgomp's
 * default).  The thread limit: thread_limit if positive, else that of an
 * enclosing target region (or teams region) if positive, else
 * teams-thread-limit-var (omp_set_teams_thread_limit,
 * OMP_TEAMS_THREAD_LIMIT) if positive, else none, as libgomp; a parallel region in a
 * team runs with at most that many threads (region.c) and
 * omp_get_thread_limit answers it.  Outside teams the thread limit is
 * thread-limit-var (OMP_THREAD_LIMIT, default none).  A thread the
 * runtime does not manage has no work item: it runs teams with a state of
 * its own.
 *
 * A target region runs on the host (there is no offload device) as libgomp
 * runs its host fallback: the encountering thread runs it as a new initial
 * thread, so inside it omp_get_level() and omp_get_thread_num() are 0,
 * omp_get_num_threads() is 1 and omp_in_parallel() false, also when it is
 * encountered in a parallel region; a parallel region in it starts a team
 * of its own (nthreads-var threads, at most the target's thread_limit).
 * inspire_target_begin(thread_limit) makes the encountering work item such
 * an initial thread (no region, not an explicit task) in a league of one
 * team with that thread limit; inspire_target_end() restores it.  Before a
 * device construct, inspire_target_device(device) ends the program, as
 * libgomp does, when OMP_TARGET_OFFLOAD is mandatory and the device its
 * device clause (or default-device-var) names is not the host.
 */
#include "internal.h"

#include "env.h"
#include "inspire_rt.h"
#include "teams.h"
#include "worker.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>

#if INSPIRE_OMP_COMPAT
int omp_get_max_teams(void);
int omp_get_teams_thread_limit(void);
int omp_get_default_device(void);
#endif

/* The libgomp default number of teams of a host teams region. */
#define INSPIRE_DEFAULT_TEAMS 3

/* The teams region of a thread without a work item. */
static __thread inspire_teams_state_t *foreign_teams;

static inspire_teams_state_t **slot(void) {
    inspire_worker_t *w = inspire_self;
    return w && w->current ? &w->current->teams : &foreign_teams;
}

static const inspire_teams_state_t *state(void) { return *slot(); }

int inspire_teams_begin(int num_teams, int thread_limit) {
    inspire_teams_state_t **at = slot();
    int n = num_teams, limit = thread_limit;
    if (limit <= 0 && *at) /* none of its own: an enclosing target's, as libgomp */
        limit = (*at)->limit;
#if INSPIRE_OMP_COMPAT
    if (n <= 0)
        n = omp_get_max_teams();
    if (limit <= 0)
        limit = omp_get_teams_thread_limit();
#endif
    inspire_teams_state_t *s = malloc(sizeof *s);
    if (!s) {
        fprintf(stderr, "inspire runtime: out of memory starting a teams region\n");
        abort();
    }
    s->count = n > 0 ? n : INSPIRE_DEFAULT_TEAMS;
    s->current = 0;
    s->limit = limit > 0 ? limit : 0;
    s->outer = *at;
    *at = s;
    return s->count;
}

void inspire_teams_team(int team) { (*slot())->current = team; }

void inspire_target_begin(int thread_limit) {
    inspire_teams_state_t *s = malloc(sizeof *s);
    if (!s) {
        fprintf(stderr, "inspire runtime: out of memory starting a target region\n");
        abort();
    }
    inspire_teams_state_t **at = slot();
    inspire_worker_t *w = inspire_self;
    inspire_item_t *it = w ? w->current : NULL;
    s->count = 1;
    s->current = 0;
    s->limit = thread_limit > 0 ? thread_limit : 0;
    s->outer = *at;
    s->region = it ? it->region : NULL;
    s->in_explicit = it ? it->in_explicit : 0;
    if (it) {
        it->region = NULL;
        it->in_explicit = 0;
    }
    *at = s;
}

void inspire_target_device(int device) {
#if INSPIRE_OMP_COMPAT
    if (device == -1) /* no device clause */
        device = omp_get_default_device();
    /* the initial device is the only one: its number is the number of devices,
     * 0; -2 is the host itself (a false if clause) */
    if (inspire_omp_env_offload_mandatory() && device != 0 && device != -2) {
        fprintf(stderr, "inspire runtime: OMP_TARGET_OFFLOAD is set to MANDATORY, but device "
                        "not found\n");
        exit(EXIT_FAILURE);
    }
#else
    (void)device;
#endif
}

void inspire_target_end(void) {
    inspire_teams_state_t **at = slot();
    inspire_teams_state_t *s = *at;
    inspire_worker_t *w = inspire_self;
    inspire_item_t *it = w ? w->current : NULL;
    if (it) {
        it->region = s->region;
        it->in_explicit = s->in_explicit;
    }
    *at = s->outer;
    free(s);
}

void inspire_teams_end(void) {
    inspire_teams_state_t **at = slot();
    inspire_teams_state_t *s = *at;
    *at = s->outer;
    free(s);
}

int inspire_distribute_next(long n, long chunk, long *seq, long *lo, long *hi) {
    long teams = inspire_num_teams(), team = inspire_team_num();
    if (n <= 0)
        return 0;
    if (chunk <= 0) { /* one block per team, the first n % teams one longer */
        if (*seq > 0)
            return 0;
        long q = n / teams, r = n % teams;
        *lo = team * q + (team < r ? team : r);
        *hi = *lo + q + (team < r);
        *seq = 1;
        return *lo < *hi;
    }
    long k = *seq * teams + team; /* chunks are dealt round-robin */
    if (k >= (n + chunk - 1) / chunk)
        return 0;
    *lo = k * chunk;
    *hi = n - *lo > chunk ? *lo + chunk : n;
    *seq += 1;
    return 1;
}

int inspire_team_num(void) {
    const inspire_teams_state_t *s = state();
    return s ? s->current : 0;
}

int inspire_num_teams(void) {
    const inspire_teams_state_t *s = state();
    return s ? s->count : 1;
}

int inspire_thread_limit(void) {
    const inspire_teams_state_t *s = state();
    if (s && s->limit > 0)
        return s->limit;
#if INSPIRE_OMP_COMPAT
    return inspire_omp_env_thread_limit();
#else
    return INT_MAX;
#endif
}
