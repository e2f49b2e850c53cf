/*
 * item.h -- work items and the per-worker pool that recycles them.
 *
 * A work item is a task (explicit, or the implicit task of a region member)
 * from its creation until its whole subtree has finished: the item's memory
 * stays valid while a descendant may still decrement one of its frames.
 * Freed items go to the pool of the worker that frees them (any worker's
 * items may end up there); beyond INSPIRE_ITEM_POOL_MAX they are freed.
 */
#ifndef INSPIRE_ITEM_H
#define INSPIRE_ITEM_H

#include <stdlib.h>

#include "event_table.h"
#include "fiber.h"
#include "inspire_rt.h"
#include "internal.h"

struct inspire_dep_node;
struct inspire_dep_table;
struct inspire_region;
struct inspire_scope;
struct inspire_teams_state;
struct inspire_worker;

struct inspire_item {
    void *closure;                 /* must stay first: inspire_task_head_t */
    inspire_task_fn fn;
    struct inspire_item *parent;   /* explicit tasks: creating task (subtree count) */
    inspire_frame_t *body_sync;    /* frame of the creator, decremented when the body ends */
    inspire_frame_t *tree_sync;    /* implicit tasks: region frame, decremented when subtree ends */
    inspire_frame_t frame;         /* own direct children (merge_all), target 0 */
    inspire_frame_t *cur_frame;    /* innermost frame (own or inline/undeferred/final) */
    inspire_frame_t tree;          /* 1 (own body) + unfinished child subtrees, target 1 */
    struct inspire_scope *scope;   /* innermost scope open in its body (scope.h) */
    struct inspire_scope *member_of; /* scope counting its subtree (NULL: none) */
    struct inspire_dep_node *dep_node;   /* its dependences (depend.h; NULL: none) */
    struct inspire_dep_table *dep_table; /* its children's dependences (NULL: none) */
    struct inspire_region *region; /* team the task belongs to (NULL: none) */
    struct inspire_teams_state *teams; /* teams region team it runs in (teams.h; NULL: none) */
    struct inspire_worker *owner;  /* worker that started it (tasks are tied) */
    inspire_fiber_t *fiber;        /* stack it is suspended on (NULL: not started/running) */
    struct inspire_item *next;     /* mailbox / pool / waiter lists */
    inspire_group_t group;         /* != 0: fire this event when the body ends */
    void *result;                  /* payload of the group event */
    inspire_event_handler_t handler; /* used while waiting in merge() */
    long single_seq;               /* implicit tasks: singles / loops encountered */
    long ws_seq;
    int thread_num;
    int implicit;
    int nthreads_var;              /* implicit tasks: nthreads-var of their data environment
                                    * (region.c; 0: the runtime's, inspire_rt.nthreads_var) */
    int final_depth;
    int in_explicit;               /* omp_in_explicit_task() (see inspire_explicit_begin) */
    int heap_closure;
    int started;
    int priority;                  /* > 0: queued in the priority heap (priority.h) */
    int detached;                  /* a detached task (detach.h) ... */
    long pending;                  /* ... then: body and event units before completion */
    int limit;                     /* deque capacity while it runs (see take_child in frame.c) */
    size_t stack_need;             /* stack it must start with: INSPIRE_STACK_BYTES, or its
                                    * task context's estimate (inspire_task_set_stack) */
    size_t nest_room;              /* suspended in merge_all with this much stack free for
                                    * a nested child (0: none) */
    struct inspire_item *handoff;  /* queued child handed to it while suspended (see frame.c) */
    double trace_t0;
    _Alignas(16) char buf[INSPIRE_PARAM_BUFFER_BYTES];
};

typedef struct inspire_item inspire_item_t;

/* Free items of one worker (a LIFO: recently used memory first). */
typedef struct inspire_item_pool {
    inspire_item_t *free;
    int nfree;
} inspire_item_pool_t;

/* A newly allocated item (cache-line aligned); aborts when out of memory. */
INSPIRE_INTERNAL inspire_item_t *inspire_item_new(void);

/* An item with unspecified contents.  Called from: the worker owning p. */
static inline inspire_item_t *inspire_item_alloc(inspire_item_pool_t *p) {
    inspire_item_t *it = p->free;
    if (!it)
        return inspire_item_new();
    p->free = it->next;
    p->nfree--;
    return it;
}

/* Recycle it, whose subtree has finished (never the root item of main(),
 * whose subtree count keeps main's own body and never drops to zero).
 * Called from: the worker owning p. */
static inline void inspire_item_free(inspire_item_pool_t *p, inspire_item_t *it) {
    if (p->nfree >= INSPIRE_ITEM_POOL_MAX) {
        free(it);
        return;
    }
    it->next = p->free;
    p->free = it;
    p->nfree++;
}

#endif /* INSPIRE_ITEM_H */
