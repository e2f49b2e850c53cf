/*
 * taskgroup.c -- inspire_taskgroup_begin/end (see taskgroup.h).
 */
#include "internal.h"

#include "taskgroup.h"

#include <stdio.h>
#include <stdlib.h>

#include "frame.h"

void inspire_taskgroup_begin(void) {
    inspire_worker_t *w = inspire_self;
    if (!w || !w->current)
        return; /* foreign thread: every task it creates runs inline */
    inspire_frame_t *tg = malloc(sizeof *tg);
    if (!tg) {
        fprintf(stderr, "inspire runtime: out of memory opening a taskgroup\n");
        abort();
    }
    tg->count = 0;
    tg->target = 0;
    tg->waiter = NULL;
    tg->prev = w->current->taskgroup;
    w->current->taskgroup = tg;
}

void inspire_taskgroup_end(void) {
    inspire_worker_t *w = inspire_self;
    if (!w || !w->current)
        return;
    inspire_frame_t *tg = w->current->taskgroup;
    if (!tg) {
        fprintf(stderr, "inspire runtime: inspire_taskgroup_end without an open taskgroup\n");
        abort();
    }
    inspire_frame_wait(w, tg);
    /* Resumed on the same worker: tasks are tied. */
    w->current->taskgroup = tg->prev;
    free(tg);
}
