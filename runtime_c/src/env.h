/*
 * env.h -- environment variables (OpenMP conventions) and thread pinning.
 *
 *   INSPIRE_NUM_WORKERS   positive integer; else OMP_NUM_THREADS (a positive
 *                         integer or a list of them, as libgomp accepts it;
 *                         the first counts, capped at INSPIRE_MAX_WORKERS);
 *                         else the CPUs in the affinity mask.  The default
 *                         team size (omp_get_max_threads) is OMP_NUM_THREADS's
 *                         first element whenever it is valid, else the workers
 *   INSPIRE_AFFINITY      none | compact | scatter (each worker on one CPU,
 *                         in topology order); else OMP_PROC_BIND and
 *                         OMP_PLACES as libgomp reads them (places.h): when
 *                         they give places, worker i is bound to the CPUs of
 *                         the place thread i of a team of all the workers
 *                         gets (shown as scatter for spread, else compact);
 *                         otherwise none; default none
 *   INSPIRE_DISPLAY_ENV   0 | 1 (also true / false): print the configuration
 *   INSPIRE_STATS         0 | 1 (also true / false): per-worker counters at exit
 *   INSPIRE_TRACE         path of a Chrome trace-event JSON file to write; it
 *                         is created when the runtime starts, and a path that
 *                         cannot be written fails there with the reason
 *   OMP_DYNAMIC           true | false, any case (recorded for omp_get_dynamic)
 *
 * An invalid INSPIRE_* value prints an error naming the variable and the
 * accepted values and exits with status 2.  An OMP_* value libgomp rejects
 * is treated as libgomp treats it: "inspire runtime: Invalid value for
 * environment variable OMP_..." on stderr (libgomp's line, with the
 * runtime's prefix), and the default is used.
 */
#ifndef INSPIRE_ENV_H
#define INSPIRE_ENV_H

#include <pthread.h>
#include <stdio.h>
#include "internal.h"

enum { INSPIRE_AFFINITY_NONE = 0, INSPIRE_AFFINITY_COMPACT = 1, INSPIRE_AFFINITY_SCATTER = 2 };

typedef struct inspire_env {
    int num_workers;
    const char *num_workers_from; /* which variable decided it */
    int nthreads_var; /* the default team size: OMP_NUM_THREADS's first element (even when
                       * INSPIRE_NUM_WORKERS gives the workers), else num_workers */
    int affinity;
    const char *affinity_from;
    int places; /* number of places workers are bound to (0: not by places) */
    int display;
    int stats;
    int dynamic;
    const char *trace_path; /* NULL: no trace */
    int cpus_available;
} inspire_env_t;

/* Read the environment.  Exits with status 2 on invalid INSPIRE_* values.
 * Called from: inspire_start. */
INSPIRE_INTERNAL void inspire_env_read(inspire_env_t *e);

/* The deque capacity of top-level items for e's workers (see
 * inspire_rt.queue_limit in worker.h).  Called from: inspire_start and the
 * display. */
INSPIRE_INTERNAL int inspire_env_queue_limit(const inspire_env_t *e);

/* OMP_THREAD_LIMIT bounds the workers, as it bounds libgomp's threads,
 * unless INSPIRE_NUM_WORKERS gave their number.
 * Called from: inspire_start, right after inspire_env_read. */
INSPIRE_INTERNAL void inspire_env_limit_workers(inspire_env_t *e, int thread_limit);

/* thread-limit-var: OMP_THREAD_LIMIT as omp_host_api.c reads it (INT_MAX:
 * none).  Defined there.  Called from: anywhere. */
INSPIRE_INTERNAL int inspire_omp_env_thread_limit(void);

/* target-offload-var is mandatory (OMP_TARGET_OFFLOAD as omp_host_api.c
 * reads it).  Defined there.  Called from: anywhere. */
INSPIRE_INTERNAL int inspire_omp_env_offload_mandatory(void);

/* run-sched-var (schedule(runtime); OMP_SCHEDULE, omp_set_schedule) as
 * omp_get_schedule answers it: kind is an omp_sched_t value (1 static .. 4
 * auto, or-ed with INSPIRE_OMP_SCHED_MONOTONIC).  Defined in omp_host_api.c.
 * Called from: anywhere. */
INSPIRE_INTERNAL void inspire_omp_run_sched(int *kind, int *chunk);
#define INSPIRE_OMP_SCHED_MONOTONIC ((int)0x80000000u) /* omp_sched_monotonic */

/* OMP_NUM_THREADS's element for nesting level `level` (0: the initial
 * task's), 0 when the list has no such element.  Defined in
 * omp_host_api.c.  Called from: anywhere. */
INSPIRE_INTERNAL int inspire_omp_env_nthreads(int level);

/* display-affinity-var: OMP_DISPLAY_AFFINITY as omp_host_api.c reads it.
 * Defined there.  Called from: anywhere. */
INSPIRE_INTERNAL int inspire_omp_env_display_affinity(void);

/* Print the effective configuration (compile-time macros and settings). */
INSPIRE_INTERNAL void inspire_env_display(FILE *f, const inspire_env_t *e);

/* Make worker `id`'s thread start on the CPU its placement gives it:
 * its pinned CPU, or (without pinning) the id-th CPU of the process's
 * affinity mask after the main thread's.  An added worker (id >= the
 * pool's size) is placed as pool worker id mod the pool's size.  Called
 * from: inspire_worker_start_thread, before creating the thread. */
INSPIRE_INTERNAL void inspire_env_place_thread(pthread_attr_t *attr, int id);

/* Pin the calling thread as worker `id` according to the affinity policy
 * chosen by inspire_env_read (no-op for none).  Called from: each worker. */
INSPIRE_INTERNAL void inspire_env_pin_thread(int id);

#endif /* INSPIRE_ENV_H */
