/*
 * teams.h -- the state of the host teams construct (teams.c), read by the
 * omp_* functions that answer inside a teams region and by parallel regions
 * (a team's thread limit).
 */
#ifndef INSPIRE_TEAMS_H
#define INSPIRE_TEAMS_H

#include "internal.h"

/* A teams region being run (allocated by inspire_teams_begin), or a target
 * region (inspire_target_begin: a league of one team whose initial thread
 * is new): the work item that encountered it and every task and implicit
 * task created in it point to it (inspire_item_t.teams, copied when they
 * are created). */
typedef struct inspire_teams_state {
    int count;   /* number of teams */
    int current; /* the team running */
    int limit;   /* thread limit (0: none) */
    struct inspire_teams_state *outer; /* the encountering item's before */
    /* a target region: the encountering item's region and omp_in_explicit_task
     * state before it (both restored by inspire_target_end) */
    struct inspire_region *region;
    int in_explicit;
} inspire_teams_state_t;

/* The team number (0 outside teams), the number of teams (1 outside
 * teams), and the current team's thread limit (INT_MAX without one). */
INSPIRE_INTERNAL int inspire_team_num(void);
INSPIRE_INTERNAL int inspire_num_teams(void);
INSPIRE_INTERNAL int inspire_thread_limit(void);

#endif /* INSPIRE_TEAMS_H */
