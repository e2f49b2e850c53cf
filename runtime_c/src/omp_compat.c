/*
 * omp_compat.c -- the omp_* runtime library on top of the inspire runtime,
 * link-compatible with the declarations in gcc's and clang's <omp.h>, so
 * generated code may keep calls such as omp_get_thread_num() unchanged.
 * Do not link together with libgomp/libomp.
 */
#include "internal.h"

#include "inspire_rt.h"

#if INSPIRE_OMP_COMPAT

#include "priority.h"
#include "region.h"
#include "scope.h"
#include "teams.h"

#include <limits.h>
#include <stdio.h>

/* The enumerations of <omp.h> with gcc's values (omp.h is not included:
 * its lock types are declared here as the runtime's own). */
typedef enum omp_proc_bind_t { omp_proc_bind_false = 0 } omp_proc_bind_t;
typedef int omp_sync_hint_t;
typedef enum omp_pause_resource_t { omp_pause_soft = 1, omp_pause_hard = 2 } omp_pause_resource_t;
typedef enum omp_event_handle_t {
    __omp_event_handle_t_max__ = __UINTPTR_MAX__
} omp_event_handle_t;

/* Levels of parallelism: gcc answers 255 (nested regions may run with one
 * thread each). */
#define INSPIRE_SUPPORTED_LEVELS 255

int omp_get_thread_num(void);
int omp_get_num_threads(void);
int omp_get_max_threads(void);
void omp_set_num_threads(int n);
void omp_set_dynamic(int on);
int omp_get_dynamic(void);
int omp_in_parallel(void);
int omp_in_final(void);
int omp_in_explicit_task(void);
double omp_get_wtime(void);
double omp_get_wtick(void);
void omp_init_lock(inspire_lock_t *l);
void omp_destroy_lock(inspire_lock_t *l);
void omp_set_lock(inspire_lock_t *l);
void omp_unset_lock(inspire_lock_t *l);
int omp_test_lock(inspire_lock_t *l);
void omp_init_nest_lock(inspire_nest_lock_t *l);
void omp_destroy_nest_lock(inspire_nest_lock_t *l);
void omp_set_nest_lock(inspire_nest_lock_t *l);
void omp_unset_nest_lock(inspire_nest_lock_t *l);
int omp_test_nest_lock(inspire_nest_lock_t *l);
void omp_set_nested(int nested);
int omp_get_nested(void);
int omp_get_thread_limit(void);
void omp_set_max_active_levels(int max_levels);
int omp_get_max_active_levels(void);
int omp_get_supported_active_levels(void);
int omp_get_level(void);
int omp_get_active_level(void);
int omp_get_ancestor_thread_num(int level);
int omp_get_team_size(int level);
int omp_get_cancellation(void);
void omp_fulfill_event(omp_event_handle_t event);
omp_proc_bind_t omp_get_proc_bind(void);
int omp_get_num_places(void);
int omp_get_place_num_procs(int place_num);
void omp_get_place_proc_ids(int place_num, int *ids);
int omp_get_place_num(void);
int omp_get_partition_num_places(void);
void omp_get_partition_place_nums(int *place_nums);
int omp_get_num_devices(void);
int omp_get_num_teams(void);
int omp_get_team_num(void);
int omp_is_initial_device(void);
int omp_get_initial_device(void);
int omp_get_max_task_priority(void);
int omp_pause_resource(omp_pause_resource_t kind, int device_num);
int omp_pause_resource_all(omp_pause_resource_t kind);
void omp_init_lock_with_hint(inspire_lock_t *l, omp_sync_hint_t hint);
void omp_init_nest_lock_with_hint(inspire_nest_lock_t *l, omp_sync_hint_t hint);

int omp_get_thread_num(void) { return inspire_thread_num(); }
int omp_get_num_threads(void) { return inspire_num_threads(); }
int omp_get_max_threads(void) { return inspire_max_threads(); }
void omp_set_num_threads(int n) { inspire_set_num_threads(n); }
void omp_set_dynamic(int on) { inspire_set_dynamic(on); }
int omp_get_dynamic(void) { return inspire_get_dynamic(); }
int omp_in_parallel(void) { return inspire_active_level() > 0; }
int omp_in_final(void) { return inspire_in_final(); }
int omp_in_explicit_task(void) { return inspire_in_explicit_task(); }
double omp_get_wtime(void) { return inspire_wtime(); }
double omp_get_wtick(void) { return 1e-9; }
void omp_init_lock(inspire_lock_t *l) { inspire_lock_init(l); }
void omp_destroy_lock(inspire_lock_t *l) { inspire_lock_destroy(l); }
void omp_set_lock(inspire_lock_t *l) { inspire_lock_set(l); }
void omp_unset_lock(inspire_lock_t *l) { inspire_lock_unset(l); }
int omp_test_lock(inspire_lock_t *l) { return inspire_lock_test(l); }
void omp_init_nest_lock(inspire_nest_lock_t *l) { inspire_nest_lock_init(l); }
void omp_destroy_nest_lock(inspire_nest_lock_t *l) { inspire_nest_lock_destroy(l); }
void omp_set_nest_lock(inspire_nest_lock_t *l) { inspire_nest_lock_set(l); }
void omp_unset_nest_lock(inspire_nest_lock_t *l) { inspire_nest_lock_unset(l); }
int omp_test_nest_lock(inspire_nest_lock_t *l) { return inspire_nest_lock_test(l); }

/* ---- the rest of the host API of <omp.h> ----------------------------------
 * Levels are region.c's: a region inside max-active-levels-var active
 * regions runs with one thread; every region counts as a level, a region
 * of one thread too.  No devices: the answers are those of an
 * implementation with the host device only (the places, bind-var and the
 * rest are omp_host_api.c's); the team number,
 * number of teams and thread limit are those of the teams region running
 * (teams.c).
 * omp_pause_resource stops the workers (scheduler.c's inspire_pause) when
 * the initial task calls it outside every region with no task of its
 * running, and reports failure (nonzero) otherwise; the next parallel
 * region starts them again (also in a child process after fork).  The schedule ICV is region.c's: the
 * schedule of schedule(runtime) loops, set from OMP_SCHEDULE at start;
 * cancel-var is scope.c's and max-task-priority priority.c's (each read
 * from its environment variable once, where the runtime uses it);
 * omp_display_env is omp_host_api.c's. */

/* max-active-levels-var: -1 until first used, then the environment's
 * (omp_host_api.c reads OMP_MAX_ACTIVE_LEVELS, OMP_NESTED and the lists of
 * OMP_NUM_THREADS and OMP_PROC_BIND as libgomp does). */
static int max_active_levels = -1;
INSPIRE_INTERNAL int inspire_omp_env_max_levels(void);

static int max_levels(void) {
    int v = __atomic_load_n(&max_active_levels, __ATOMIC_RELAXED);
    if (v < 0) {
        int unset = -1;
        __atomic_compare_exchange_n(&max_active_levels, &unset, inspire_omp_env_max_levels(), 0,
                                    __ATOMIC_RELAXED, __ATOMIC_RELAXED);
        v = __atomic_load_n(&max_active_levels, __ATOMIC_RELAXED);
    }
    return v;
}

void omp_set_nested(int nested) {
    __atomic_store_n(&max_active_levels, nested ? INSPIRE_SUPPORTED_LEVELS : 1, __ATOMIC_RELAXED);
}
int omp_get_nested(void) { return max_levels() > 1; }
int omp_get_thread_limit(void) { return inspire_thread_limit(); }
void omp_set_max_active_levels(int max_levels) {
    if (max_levels >= 0)
        __atomic_store_n(&max_active_levels,
                         max_levels < INSPIRE_SUPPORTED_LEVELS ? max_levels
                                                               : INSPIRE_SUPPORTED_LEVELS,
                         __ATOMIC_RELAXED);
}
int omp_get_max_active_levels(void) { return max_levels(); }
int inspire_max_active_levels(void) { return max_levels(); }
int omp_get_supported_active_levels(void) { return INSPIRE_SUPPORTED_LEVELS; }
int omp_get_level(void) { return inspire_level(); }
int omp_get_active_level(void) { return inspire_active_level(); }
int omp_get_ancestor_thread_num(int level) { return inspire_ancestor_thread_num(level); }
int omp_get_team_size(int level) { return inspire_team_size(level); }
int omp_get_cancellation(void) { return inspire_cancel_var(); }
int omp_get_num_devices(void) { return 0; }
int omp_get_num_teams(void) { return inspire_num_teams(); }
int omp_get_team_num(void) { return inspire_team_num(); }
int omp_is_initial_device(void) { return 1; }
int omp_get_initial_device(void) { return omp_get_num_devices(); }
int omp_get_max_task_priority(void) { return inspire_max_task_priority(); }
int omp_pause_resource(omp_pause_resource_t kind, int device_num) {
    if ((kind != omp_pause_soft && kind != omp_pause_hard) || device_num != omp_get_initial_device())
        return -1;
    return inspire_pause();
}
int omp_pause_resource_all(omp_pause_resource_t kind) { return omp_pause_resource(kind, 0); }
void omp_init_lock_with_hint(inspire_lock_t *l, omp_sync_hint_t hint) {
    (void)hint;
    inspire_lock_init(l);
}
void omp_init_nest_lock_with_hint(inspire_nest_lock_t *l, omp_sync_hint_t hint) {
    (void)hint;
    inspire_nest_lock_init(l);
}
void omp_fulfill_event(omp_event_handle_t event) { inspire_task_fulfill((uintptr_t)event); }

_Static_assert(sizeof(inspire_lock_t) <= 4, "inspire_lock_t must fit omp_lock_t (4 bytes)");
_Static_assert(sizeof(inspire_nest_lock_t) <= 16,
               "inspire_nest_lock_t must fit omp_nest_lock_t (16 bytes)");

#else
typedef int inspire_omp_compat_disabled_t;
#endif
