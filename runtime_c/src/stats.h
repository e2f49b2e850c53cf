/*
 * stats.h -- per-worker counters (INSPIRE_STATS=1) and the Chrome trace
 * (INSPIRE_TRACE=path.json): one "X" slice per executed stretch of a work
 * item per worker.
 */
#ifndef INSPIRE_STATS_H
#define INSPIRE_STATS_H

#include <stdio.h>
#include "inspire_rt.h"
#include "internal.h"

typedef struct inspire_stats {
    unsigned long spawned;   /* tasks queued as work items */
    unsigned long executed;  /* work items whose body ran here */
    unsigned long stolen;    /* work items taken from other workers */
    unsigned long suspended; /* waits that suspended a work item */
    unsigned long nested;    /* queued children run by their waiting parent, on its stack */
    unsigned long sleeps;    /* times the worker went to sleep */
} inspire_stats_t;

typedef struct inspire_trace_event {
    double ts_us;
    double dur_us;
    inspire_task_fn fn; /* named by inspire_trace_site, if it was */
    int implicit;
} inspire_trace_event_t;

typedef struct inspire_trace_buf {
    inspire_trace_event_t *ev;
    unsigned long n;
    unsigned long cap;
    unsigned long dropped;
} inspire_trace_buf_t;

struct inspire_worker;

/* Microseconds since the runtime started.  Called from: anywhere. */
INSPIRE_INTERNAL double inspire_now_us(void);

/* Record one slice.  Called from: the worker owning buf. */
INSPIRE_INTERNAL void inspire_trace_record(inspire_trace_buf_t *buf, double t0_us, double t1_us,
                                           inspire_task_fn fn, int implicit);

/* Print the per-worker table to f.  Called from: inspire_stop. */
INSPIRE_INTERNAL void inspire_stats_print(FILE *f, struct inspire_worker *workers, int n);

/* Create the trace file at path, or print why it cannot be written and exit
 * with status 2 (as for an invalid environment variable).
 * Called from: inspire_start, before any task runs. */
INSPIRE_INTERNAL FILE *inspire_trace_open(const char *path);

/* Write every worker's slices to f (from inspire_trace_open) as Chrome
 * trace-event JSON and close it; returns 0 on success, else an errno value.
 * Called from: inspire_stop. */
INSPIRE_INTERNAL int inspire_trace_write(FILE *f, struct inspire_worker *workers, int n);

#endif /* INSPIRE_STATS_H */
