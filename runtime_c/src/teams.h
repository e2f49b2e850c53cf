/*
 * teams.h -- the state of the host teams construct (teams.c), read by the
 * omp_* functions that answer inside a teams region and by parallel regions
 * (a team's thread limit).
 */
#ifndef INSPIRE_TEAMS_H
#define INSPIRE_TEAMS_H

#include "internal.h"

/* The team number (0 outside teams), the number of teams (1 outside
 * teams), and the current team's thread limit (INT_MAX without one). */
INSPIRE_INTERNAL int inspire_team_num(void);
INSPIRE_INTERNAL int inspire_num_teams(void);
INSPIRE_INTERNAL int inspire_thread_limit(void);

#endif /* INSPIRE_TEAMS_H */
