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
 * so the state is one set of process-wide values: a teams region is only
 * ever encountered outside every other OpenMP region (gcc's and
 * inspirec's compile-time rule), and each team's tasks have finished before
 * the next team starts (the compiler wraps each team's body in a
 * taskgroup), so every task of a team reads that team's values.
 *
 * The number of teams: num_teams if positive, else nteams-var
 * (omp_set_num_teams, OMP_NUM_TEAMS) if positive, else 3 (libgomp's
 * default).  The thread limit: thread_limit if positive, else
 * teams-thread-limit-var (omp_set_teams_thread_limit,
 * OMP_TEAMS_THREAD_LIMIT) if positive, else none; a parallel region in a
 * team runs with at most that many threads (region.c) and
 * omp_get_thread_limit answers it.
 */
#include "internal.h"

#include "inspire_rt.h"
#include "teams.h"

#include <limits.h>

#if INSPIRE_OMP_COMPAT
int omp_get_max_teams(void);
int omp_get_teams_thread_limit(void);
#endif

/* The libgomp default number of teams of a host teams region. */
#define INSPIRE_DEFAULT_TEAMS 3

static int teams_count = 1;
static int teams_current = 0;
static int teams_limit = 0; /* 0: none */

int inspire_teams_begin(int num_teams, int thread_limit) {
    int n = num_teams, limit = thread_limit;
#if INSPIRE_OMP_COMPAT
    if (n <= 0)
        n = omp_get_max_teams();
    if (limit <= 0)
        limit = omp_get_teams_thread_limit();
#endif
    teams_count = n > 0 ? n : INSPIRE_DEFAULT_TEAMS;
    teams_limit = limit > 0 ? limit : 0;
    teams_current = 0;
    return teams_count;
}

void inspire_teams_team(int team) { teams_current = team; }

void inspire_teams_end(void) {
    teams_count = 1;
    teams_current = 0;
    teams_limit = 0;
}

int inspire_distribute_next(long n, long chunk, long *seq, long *lo, long *hi) {
    long teams = teams_count, team = teams_current;
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

int inspire_team_num(void) { return teams_current; }
int inspire_num_teams(void) { return teams_count; }
int inspire_thread_limit(void) { return teams_limit > 0 ? teams_limit : INT_MAX; }
