"""The runtime of a serial-only build (``inspirec build --serial``), as C text.

A serial-only unit (:func:`backend.emit_c.emit_c` with ``serial_only``) runs
every task at once and every parallel region with a team of one thread, so
it needs none of the work-stealing runtime: what its emitted code still names
(the C templates of the builtins table, the group and frame types of the
constructs) is defined here, with the meaning a team of one gives it:

* the thread number is 0, the team size and the processor count are 1,
  ``omp_in_parallel()`` is 0 (a team of one is not an active region);
  every region is a nesting level all the same: the emitted code brackets
  each region's body with ``inspire_region_enter``/``inspire_region_leave``,
  so ``omp_get_level()`` counts the regions the thread is in (as gcc's
  build answers in regions of one thread), ``omp_get_active_level()`` is 0,
  and at every level from 0 to it the ancestor thread number is 0 and the
  team size 1 (-1 at any other level);
  ``omp_set_num_threads(n)`` sets what ``omp_get_max_threads()`` answers
  (the nthreads ICV, 1 at first) but teams stay of one thread, as an
  OpenMP implementation limited to one thread answers; ``omp_set_dynamic``
  is recorded nowhere;
* barriers, critical sections, taskyield and merges do nothing; a taskgroup
  only counts its depth: cancelling one (``OMP_CANCELLATION`` true) marks
  its level, and tasks created at or below a cancelled level are discarded
  (``inspire_task_discarded``) until it ends; cancelling the region
  (``cancel parallel``) only ends it for the one thread, and cancelling a
  loop (``cancel for``/``sections``) sets ``inspire_serial_for_cancelled``,
  which stops the running loop, before the next iteration, in the loops of
  a program that cancels loops; ``single`` is always
  the one thread's; an atomic update is a plain update;
* the schedule ICV (``omp_get_schedule``/``omp_set_schedule``,
  ``OMP_SCHEDULE``) is the runtime's (in ``omp_host_api.c``); the one
  thread runs every loop in order whatever it says;
* a detached task runs at once like any task, with the event handle 0, and
  is complete when its body has run: ``omp_fulfill_event`` does nothing (a
  taskwait or taskgroup after it therefore does not wait for a fulfilment
  that a thread kept as an OS thread would make later);
* ``omp_in_explicit_task()`` answers the state the bodies of tasks and
  regions set (``inspire_explicit_begin/end``);
* ``omp_in_final()`` is true between ``inspire_final_begin/end`` (the serial
  flavour keeps a final frame exactly where that is observable);
* ``omp_display_env`` and ``OMP_DISPLAY_ENV`` are the runtime's (in
  ``omp_host_api.c``), with the nthreads ICV's 1 as ``OMP_NUM_THREADS``
  when the environment gives no valid list;
* the rest of ``<omp.h>``'s host API answers as the runtime's
  ``omp_compat.c`` does outside any region (no devices, the ICVs from the
  same environment variables); teams run one after
  another, as the runtime's ``teams.c`` runs them, and a target region
  runs as a new initial thread (level 0, a league of one team with the
  target's thread limit), so every function
  the bundled ``<omp.h>`` declares is defined (checked by a test);
* an OpenMP lock is a flag (a nest lock a count) in the lock object's own
  bytes; setting a lock the one thread already holds can never succeed, so
  it stops the program with a message instead of hanging;
* the memory allocators, the affinity format, the teams ICVs, the device
  memory routines, the bind-var ICV and the place queries are the
  work-stealing runtime's own C source, ``runtime_c/src/omp_host_api.c``
  (:data:`OMP_HOST_API`), written against libc, the ``omp_*`` functions
  above and the place list of ``runtime_c/src/places.c`` (:data:`PLACES`,
  the same source: ``OMP_PLACES`` and ``OMP_PROC_BIND`` read as libgomp
  reads them; with places, the one thread binds itself to place 0 when the
  program starts, as libgomp binds its initial thread, and the partition
  queries follow the levels above).

:data:`SERIAL_RUNTIME` is written into the unit after its ``#include``
lines (the ``inspire_*`` part as ``static`` functions); the ``omp_*``
functions of :data:`OMP_FUNCTIONS` are written, with external linkage as
``<omp.h>`` declares them, only for a unit that includes ``<omp.h>``.
"""

from __future__ import annotations

import re

from inspirec.backend.runtime import RUNTIME_DIR

#: The runtime interface a serial-only unit may name, for a team of one.
SERIAL_RUNTIME = """\
/* inspirec --serial: a team of one thread, no runtime */
typedef unsigned long inspire_group_t;
#define INSPIRE_GROUP_DONE ((inspire_group_t)0)
typedef struct { int inspire_unused; } inspire_frame_t;
#define INSPIRE_ATOMIC_UPDATE(p, OP, v) \
    __extension__({ __typeof__(*(p)) *inspire_p_ = (p), inspire_old_ = *inspire_p_; \
                    *inspire_p_ = inspire_old_ OP (v); inspire_old_; })
#define INSPIRE_ATOMIC_REVERSED_UPDATE(p, OP, v) \
    __extension__({ __typeof__(*(p)) *inspire_p_ = (p), inspire_old_ = *inspire_p_; \
                    *inspire_p_ = (v) OP inspire_old_; inspire_old_; })
#define INSPIRE_ATOMIC_LOAD(p) (*(p))
#define INSPIRE_ATOMIC_STORE(p, v) ((void)(*(p) = (v)))
#define INSPIRE_ATOMIC_EXCHANGE(p, v) \
    __extension__({ __typeof__(*(p)) *inspire_p_ = (p), inspire_old_ = *inspire_p_; \
                    *inspire_p_ = (v); inspire_old_; })
#define INSPIRE_ATOMIC_COMPARE(p, OP, e, d) \
    __extension__({ __typeof__(*(p)) *inspire_p_ = (p), inspire_old_ = *inspire_p_; \
                    __typeof__(*(p)) inspire_d_ = (d); \
                    if (inspire_old_ OP (e)) *inspire_p_ = inspire_d_; inspire_old_; })
#define INSPIRE_SERIAL_FN static __attribute__((unused))
static int inspire_serial_final;
static int inspire_serial_max_threads = 1;
static int inspire_serial_level; /* the regions (teams of one) the thread is in */
INSPIRE_SERIAL_FN void inspire_region_enter(void) { inspire_serial_level++; }
INSPIRE_SERIAL_FN void inspire_region_leave(void) { inspire_serial_level--; }
INSPIRE_SERIAL_FN void inspire_final_begin(inspire_frame_t *f) { (void)f; inspire_serial_final++; }
INSPIRE_SERIAL_FN void inspire_final_end(inspire_frame_t *f) { (void)f; inspire_serial_final--; }
INSPIRE_SERIAL_FN int inspire_in_final(void) { return inspire_serial_final > 0; }
static int inspire_serial_explicit;
INSPIRE_SERIAL_FN int inspire_explicit_begin(int v)
{
    int old = inspire_serial_explicit;
    inspire_serial_explicit = v;
    return old;
}
INSPIRE_SERIAL_FN void inspire_explicit_end(int *saved) { inspire_serial_explicit = *saved; }
static int inspire_serial_taskgroups;      /* open taskgroups */
static int inspire_serial_cancelled_level; /* outermost cancelled one (0: none) */
INSPIRE_SERIAL_FN void inspire_taskgroup_begin(void) { inspire_serial_taskgroups++; }
INSPIRE_SERIAL_FN void inspire_taskgroup_end(void)
{
    if (inspire_serial_cancelled_level == inspire_serial_taskgroups)
        inspire_serial_cancelled_level = 0;
    inspire_serial_taskgroups--;
}
INSPIRE_SERIAL_FN int inspire_serial_cancel_var(void)
{
    /* libgomp's syntax: true in any case, blanks around it allowed */
    const char *v = getenv("OMP_CANCELLATION");
    while (v && (*v == ' ' || *v == '\\t'))
        v++;
    return v && strncasecmp(v, "true", 4) == 0 && v[4 + strspn(v + 4, " \\t")] == '\\0';
}
INSPIRE_SERIAL_FN int inspire_cancel_taskgroup(int cond)
{
    if (!cond || !inspire_serial_cancel_var() || inspire_serial_taskgroups == 0)
        return 0;
    if (!inspire_serial_cancelled_level)
        inspire_serial_cancelled_level = inspire_serial_taskgroups;
    return 1;
}
INSPIRE_SERIAL_FN int inspire_task_discarded(void) { return inspire_serial_cancelled_level > 0; }
INSPIRE_SERIAL_FN int inspire_cancellation_point_taskgroup(void)
{
    return inspire_serial_cancelled_level > 0;
}
INSPIRE_SERIAL_FN int inspire_cancel_parallel(int cond)
{
    return cond && inspire_serial_cancel_var();
}
static int inspire_serial_for_cancelled; /* the running loop: no further iteration */
INSPIRE_SERIAL_FN int inspire_cancel_for(int cond)
{
    if (!cond || !inspire_serial_cancel_var())
        return 0;
    inspire_serial_for_cancelled = 1;
    return 1;
}
/* teams run one after another (as in runtime_c/src/teams.c) */
struct inspire_serial_teams {
    int count, current, limit;
    struct inspire_serial_teams *outer;
    int level, explicit_task; /* a target region's: the encountering thread's before */
};
static struct inspire_serial_teams *inspire_serial_teams_now; /* NULL: no teams region */
INSPIRE_SERIAL_FN int inspire_serial_teams_icv(const char *name)
{
    const char *v = getenv(name);
    char *end;
    long n = v ? strtol(v, &end, 10) : 0;
    if (v)
        while (*end == ' ' || *end == '\\t')
            end++;
    return v && *v && *end == '\\0' && n > 0 && n <= 2147483647L ? (int)n : 0;
}
INSPIRE_SERIAL_FN int inspire_teams_begin(int num_teams, int thread_limit)
{
#ifdef _OMP_H
    int teams = omp_get_max_teams(), limit = omp_get_teams_thread_limit();
#else
    int teams = inspire_serial_teams_icv("OMP_NUM_TEAMS");
    int limit = inspire_serial_teams_icv("OMP_TEAMS_THREAD_LIMIT");
#endif
    struct inspire_serial_teams *s = malloc(sizeof *s);
    if (!s) {
        fprintf(stderr, "out of memory starting a teams region\\n");
        abort();
    }
    s->count = num_teams > 0 ? num_teams : teams > 0 ? teams : 3;
    s->limit = thread_limit > 0 ? thread_limit : limit > 0 ? limit : 0;
    s->current = 0;
    s->outer = inspire_serial_teams_now;
    inspire_serial_teams_now = s;
    return s->count;
}
INSPIRE_SERIAL_FN void inspire_teams_team(int team) { inspire_serial_teams_now->current = team; }
/* a target region: a new initial thread in a league of one team (teams.c) */
INSPIRE_SERIAL_FN void inspire_target_begin(int thread_limit)
{
    struct inspire_serial_teams *s = malloc(sizeof *s);
    if (!s) {
        fprintf(stderr, "out of memory starting a target region\\n");
        abort();
    }
    s->count = 1;
    s->current = 0;
    s->limit = thread_limit > 0 ? thread_limit : 0;
    s->outer = inspire_serial_teams_now;
    s->level = inspire_serial_level;
    s->explicit_task = inspire_serial_explicit;
    inspire_serial_level = 0;
    inspire_serial_explicit = 0;
    inspire_serial_teams_now = s;
}
/* the device of a device construct (-1: the default, -2: the host): mandatory
 * offload to a device that is not the host ends the program, as libgomp does */
INSPIRE_SERIAL_FN void inspire_target_device(int device)
{
    const char *v = getenv("OMP_TARGET_OFFLOAD");
    size_t blanks = v ? strspn(v, " \\t\\n\\v\\f\\r") : 0;
    int mandatory = v && strncasecmp(v + blanks, "mandatory", 9) == 0
                    && v[blanks + 9 + strspn(v + blanks + 9, " \\t\\n\\v\\f\\r")] == '\\0';
#ifdef _OMP_H
    if (device == -1)
        device = omp_get_default_device();
#else
    if (device == -1 && getenv("OMP_DEFAULT_DEVICE"))
        device = atoi(getenv("OMP_DEFAULT_DEVICE"));
#endif
    if (mandatory && device != 0 && device != -2) {
        fprintf(stderr, "inspirec --serial: OMP_TARGET_OFFLOAD is set to MANDATORY, but device "
                "not found\\n");
        exit(EXIT_FAILURE);
    }
}
INSPIRE_SERIAL_FN void inspire_target_end(void)
{
    struct inspire_serial_teams *s = inspire_serial_teams_now;
    inspire_serial_level = s->level;
    inspire_serial_explicit = s->explicit_task;
    inspire_serial_teams_now = s->outer;
    free(s);
}
INSPIRE_SERIAL_FN void inspire_teams_end(void)
{
    struct inspire_serial_teams *s = inspire_serial_teams_now;
    inspire_serial_teams_now = s->outer;
    free(s);
}
INSPIRE_SERIAL_FN int inspire_distribute_next(long n, long chunk, long *seq, long *lo, long *hi)
{
    struct inspire_serial_teams *s = inspire_serial_teams_now;
    long teams = s ? s->count : 1, team = s ? s->current : 0;
    if (n <= 0)
        return 0;
    if (chunk <= 0) {
        if (*seq > 0)
            return 0;
        long q = n / teams, r = n % teams;
        *lo = team * q + (team < r ? team : r);
        *hi = *lo + q + (team < r);
        *seq = 1;
        return *lo < *hi;
    }
    long k = *seq * teams + team;
    if (k >= (n + chunk - 1) / chunk)
        return 0;
    *lo = k * chunk;
    *hi = n - *lo > chunk ? *lo + chunk : n;
    *seq += 1;
    return 1;
}
INSPIRE_SERIAL_FN void inspire_error_directive(const char *message, int fatal)
{
    const char *text = message ? message : "";
    fprintf(stderr, "inspirec --serial: %serror directive encountered%s%s\\n",
            fatal ? "fatal error: " : "", *text ? ": " : "", text);
    if (fatal)
        exit(EXIT_FAILURE);
}
INSPIRE_SERIAL_FN void inspire_merge(inspire_group_t g) { (void)g; }
INSPIRE_SERIAL_FN int inspire_max_threads(void) { return inspire_serial_max_threads; }
INSPIRE_SERIAL_FN int inspire_num_workers(void) { return 1; }
INSPIRE_SERIAL_FN void inspire_set_num_threads(int n)
{
    if (n >= 1)
        inspire_serial_max_threads = n;
}
INSPIRE_SERIAL_FN double inspire_wtime(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}
INSPIRE_SERIAL_FN void inspire_serial_deadlock(const char *what)
{
    fprintf(stderr, "inspirec --serial: %s: the lock is held by the only thread "
            "(a deadlock when tasks run at once)\\n", what);
    abort();
}
"""

#: The omp_* functions of a serial-only unit written here for a team of one.
OMP_BASE_FUNCTIONS = """\
int omp_get_thread_num(void) { return 0; }
int omp_get_num_threads(void) { return 1; }
int omp_get_max_threads(void) { return inspire_max_threads(); }
void omp_set_num_threads(int n) { inspire_set_num_threads(n); }
void omp_set_dynamic(int on) { (void)on; }
int omp_get_dynamic(void) { return 0; }
int omp_in_parallel(void) { return 0; }
int omp_in_final(void) { return inspire_in_final(); }
int omp_in_explicit_task(void) { return inspire_serial_explicit; }
double omp_get_wtime(void) { return inspire_wtime(); }
double omp_get_wtick(void) { return 1e-9; }
void omp_init_lock(omp_lock_t *l) { *(unsigned char *)(void *)l = 0; }
void omp_destroy_lock(omp_lock_t *l) { (void)l; }
void omp_set_lock(omp_lock_t *l)
{
    if (*(unsigned char *)(void *)l)
        inspire_serial_deadlock("omp_set_lock");
    *(unsigned char *)(void *)l = 1;
}
void omp_unset_lock(omp_lock_t *l) { *(unsigned char *)(void *)l = 0; }
int omp_test_lock(omp_lock_t *l)
{
    if (*(unsigned char *)(void *)l)
        return 0;
    *(unsigned char *)(void *)l = 1;
    return 1;
}
void omp_init_nest_lock(omp_nest_lock_t *l) { *(int *)(void *)l = 0; }
void omp_destroy_nest_lock(omp_nest_lock_t *l) { (void)l; }
void omp_set_nest_lock(omp_nest_lock_t *l) { ++*(int *)(void *)l; }
void omp_unset_nest_lock(omp_nest_lock_t *l) { --*(int *)(void *)l; }
int omp_test_nest_lock(omp_nest_lock_t *l) { return ++*(int *)(void *)l; }
void omp_init_lock_with_hint(omp_lock_t *l, omp_sync_hint_t hint) { (void)hint; omp_init_lock(l); }
void omp_init_nest_lock_with_hint(omp_nest_lock_t *l, omp_sync_hint_t hint)
{
    (void)hint;
    omp_init_nest_lock(l);
}
static int inspire_serial_env_int(const char *name)
{
    const char *v = getenv(name);
    char *end;
    long n = v ? strtol(v, &end, 10) : 0;
    if (v) /* blanks after the number, as libgomp allows */
        end += strspn(end, " \\t");
    return v && *v && *end == '\\0' && n >= 0 && n <= 2147483647L ? (int)n : 0;
}
/* max-active-levels-var: -1 until first used, then the environment's
 * (read by omp_host_api.c's text, written after this) */
INSPIRE_SERIAL_FN int inspire_omp_env_max_levels(void);
static int inspire_serial_max_levels = -1;
void omp_set_nested(int nested) { inspire_serial_max_levels = nested ? 255 : 1; }
void omp_set_max_active_levels(int n)
{
    if (n >= 0)
        inspire_serial_max_levels = n < 255 ? n : 255;
}
int omp_get_max_active_levels(void)
{
    if (inspire_serial_max_levels < 0)
        inspire_serial_max_levels = inspire_omp_env_max_levels();
    return inspire_serial_max_levels;
}
int omp_get_nested(void) { return omp_get_max_active_levels() > 1; }
int omp_get_supported_active_levels(void) { return 255; }
INSPIRE_SERIAL_FN int inspire_omp_env_thread_limit(void);
int omp_get_thread_limit(void)
{
    struct inspire_serial_teams *s = inspire_serial_teams_now;
    return s && s->limit > 0 ? s->limit : inspire_omp_env_thread_limit();
}
int omp_get_level(void) { return inspire_serial_level; }
int omp_get_active_level(void) { return 0; }
int omp_get_ancestor_thread_num(int level)
{
    return level >= 0 && level <= inspire_serial_level ? 0 : -1;
}
int omp_get_team_size(int level) { return level >= 0 && level <= inspire_serial_level ? 1 : -1; }
int omp_get_cancellation(void) { return inspire_serial_cancel_var(); }
int omp_get_max_task_priority(void) { return inspire_serial_env_int("OMP_MAX_TASK_PRIORITY"); }
void omp_fulfill_event(omp_event_handle_t event) { (void)event; }
int omp_get_num_devices(void) { return 0; }
int omp_get_num_teams(void)
{
    return inspire_serial_teams_now ? inspire_serial_teams_now->count : 1;
}
int omp_get_team_num(void)
{
    return inspire_serial_teams_now ? inspire_serial_teams_now->current : 0;
}
int omp_is_initial_device(void) { return 1; }
int omp_get_initial_device(void) { return 0; }
int omp_pause_resource(omp_pause_resource_t kind, int device)
{
    (void)kind;
    (void)device;
    return -1;
}
int omp_pause_resource_all(omp_pause_resource_t kind) { (void)kind; return -1; }
"""

#: The place list and bind-var shared with the work-stealing runtime (the
#: text of ``places.c``), written after :data:`OMP_BASE_FUNCTIONS`.
PLACES = (RUNTIME_DIR / "src" / "places.c").read_text(encoding="utf-8")

#: The host API functions shared with the work-stealing runtime (the text of
#: ``omp_host_api.c``), written after :data:`PLACES`.
OMP_HOST_API = (RUNTIME_DIR / "src" / "omp_host_api.c").read_text(encoding="utf-8")

#: The OpenMP library functions of a serial-only unit that includes <omp.h>.
OMP_FUNCTIONS = OMP_BASE_FUNCTIONS + PLACES + OMP_HOST_API


def _defined_names(text: str) -> frozenset[str]:
    """The macros and functions a piece of C text above defines: ``#define``
    lines and function definitions starting at column 0 (a declaration, which
    ends with ``;`` before any ``{``, defines nothing)."""
    definition = r"^#define (\w+)|^(?:INSPIRE_SERIAL_FN )?(?:const )?\w+ \*?(\w+)\([^;{]*\)\s*\{"
    return frozenset(m.group(1) or m.group(2) for m in re.finditer(definition, text, re.M))


#: What a serial-only unit may name: the builtins table's team-of-one forms
#: (``c_serial``) and the templates of rows without one must stay inside it.
SERIAL_NAMES = _defined_names(SERIAL_RUNTIME) | _defined_names(OMP_FUNCTIONS)

#: Headers the serial runtime uses (written before it unless the program includes them).
SERIAL_RUNTIME_INCLUDES = ("<stdio.h>", "<stdlib.h>", "<string.h>", "<strings.h>", "<time.h>")
