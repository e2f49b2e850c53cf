/*
 * places.c -- the place list and the bind-var ICV (see places.h).
 *
 * Written against libc only, so the same text serves both runtimes: it is a
 * source of the work-stealing runtime, and backend/serial_rt.py writes it
 * into a serial-only unit that includes <omp.h> (INSPIRE_SERIAL_FN is
 * defined there: every function is static, and the unit binds its one
 * thread to place 0 when it starts, as libgomp binds the initial thread).  Every name starts
 * with inspire_ (the prefix the runtime reserves).
 *
 * The accepted syntax (OpenMP 5.2 section 6.5, as gcc 12's libgomp takes it):
 *   OMP_PLACES    threads | cores | sockets | ll_caches | numa_domains,
 *                 each optionally followed by "(count)"; or a comma-separated
 *                 list of places, a place being "{res,...}" or one CPU number,
 *                 optionally followed by ":len" or ":len:stride" (len copies,
 *                 each shifted by stride), and "!place" removing the first
 *                 equal place listed before it; a resource is "n", "n:len" or
 *                 "n:len:stride" (CPUs n, n+stride, ...), or "!n" removing a
 *                 CPU the place has.  Blanks may surround every token and
 *                 names are case-insensitive.  CPU numbers must be below the
 *                 mask's highest CPU rounded up to whole words of bits (as
 *                 libgomp sizes its CPU sets); CPUs outside the affinity
 *                 mask are dropped, and places left empty are dropped (with
 *                 a warning).
 *   OMP_PROC_BIND true | false, or a comma-separated list of primary, master
 *                 (= primary), close and spread (one per nesting level).
 *   OMP_NUM_THREADS a comma-separated list of positive integers (one per
 *                 nesting level); read by inspire_nthreads_list, which is
 *                 here because this is the text both runtimes share in
 *                 every configuration (env.c's workers, omp_host_api.c's
 *                 nthreads-var).
 * A value libgomp rejects gives libgomp 12's warning lines (its reason when
 * it prints one, then "Invalid value for environment variable OMP_...")
 * after this runtime's prefix; an abstract name giving no place (a count
 * of 0, or a topology that cannot be read) has a line of its own, where
 * libgomp says "Error reading core/socket topology" for both.
 */
#ifndef INSPIRE_SERIAL_FN
#include "internal.h"

#include "places.h"

#define INSPIRE_PLACES_FN
#define INSPIRE_PLACES_WHO "inspire runtime"
#else
#define INSPIRE_PLACES_FN INSPIRE_SERIAL_FN
#define INSPIRE_PLACES_WHO "inspirec --serial"
/* places.h's values (omp_proc_bind_t's, checked in omp_host_api.c), which
 * an older <omp.h> may not all name */
#define INSPIRE_BIND_FALSE 0
#define INSPIRE_BIND_TRUE 1
#define INSPIRE_BIND_PRIMARY 2
#define INSPIRE_BIND_CLOSE 3
#define INSPIRE_BIND_SPREAD 4
/* A serial-only unit may be compiled without the feature macros under which
 * <unistd.h> declares it. */
long syscall(long number, ...);
#endif

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/syscall.h>
#include <unistd.h>

/* A set of CPUs, bit c of word c / bits set for CPU c. */
#define INSPIRE_PLACES_MAX_CPUS 1024
#define INSPIRE_PLACES_BITS ((int)(8 * sizeof(unsigned long)))
#define INSPIRE_PLACES_WORDS (INSPIRE_PLACES_MAX_CPUS / INSPIRE_PLACES_BITS)
typedef struct inspire_cpus {
    unsigned long w[INSPIRE_PLACES_WORDS];
} inspire_cpus_t;

/* At most this many places in a list (libgomp's limit), and OMP_PROC_BIND
 * elements kept (deeper levels use the last one). */
#define INSPIRE_PLACES_MAX 65536
#define INSPIRE_PLACES_BIND_LEVELS 64

static int inspire_cpus_has(const inspire_cpus_t *s, int c)
{
    return (int)(s->w[c / INSPIRE_PLACES_BITS] >> (c % INSPIRE_PLACES_BITS) & 1UL);
}

static void inspire_cpus_add(inspire_cpus_t *s, int c)
{
    s->w[c / INSPIRE_PLACES_BITS] |= 1UL << (c % INSPIRE_PLACES_BITS);
}

static void inspire_cpus_del(inspire_cpus_t *s, int c)
{
    s->w[c / INSPIRE_PLACES_BITS] &= ~(1UL << (c % INSPIRE_PLACES_BITS));
}

static int inspire_cpus_count(const inspire_cpus_t *s)
{
    int n = 0;
    for (int i = 0; i < INSPIRE_PLACES_WORDS; i++)
        n += __builtin_popcountl(s->w[i]);
    return n;
}

/* ---- the state, read once ------------------------------------------------- */

static struct inspire_places_state {
    int ready; /* atomic: 0 not read, -1 being read, 1 read */
    int count; /* places in list */
    inspire_cpus_t *list;
    int nbind; /* elements of bind (>= 1) */
    int bind[INSPIRE_PLACES_BIND_LEVELS];
    inspire_cpus_t mask; /* the process affinity mask at the first call */
    int limit;           /* CPU numbers must be below this (whole words of the mask) */
} inspire_places_state;

static void inspire_places_warn(const char *what)
{
    fprintf(stderr, INSPIRE_PLACES_WHO ": %s\n", what);
}

/* Appends a place to the list being built; 0 when the list is full. */
static int inspire_places_push(inspire_cpus_t **list, int *len, int *cap,
                               const inspire_cpus_t *place)
{
    if (*len == INSPIRE_PLACES_MAX)
        return 0;
    if (*len == *cap) {
        int grown = *cap ? 2 * *cap : 16;
        inspire_cpus_t *bigger = realloc(*list, (size_t)grown * sizeof **list);
        if (bigger == NULL)
            return 0;
        *list = bigger;
        *cap = grown;
    }
    (*list)[(*len)++] = *place;
    return 1;
}

/* ---- the abstract names ----------------------------------------------------- */

/* The CPU list of a sysfs file ("0-3,8,10-11") into *out; 0 if unreadable. */
static int inspire_places_read_list(const char *path, inspire_cpus_t *out)
{
    char text[4096];
    FILE *f = fopen(path, "r");
    if (f == NULL)
        return 0;
    size_t n = fread(text, 1, sizeof text - 1, f);
    fclose(f);
    text[n] = '\0';
    memset(out, 0, sizeof *out);
    for (const char *p = text; *p >= '0' && *p <= '9';) {
        char *end;
        long first = strtol(p, &end, 10), last = first;
        p = end;
        if (*p == '-') {
            last = strtol(p + 1, &end, 10);
            if (end == p + 1)
                return 0;
            p = end;
        }
        for (long c = first; c <= last && c < INSPIRE_PLACES_MAX_CPUS; c++)
            inspire_cpus_add(out, (int)c);
        if (*p == ',')
            p++;
    }
    return 1;
}

/* The sysfs file of CPU `cpu` whose name ends with `what`, into *out. */
static int inspire_places_cpu_file(int cpu, const char *what, inspire_cpus_t *out)
{
    char path[160];
    snprintf(path, sizeof path, "/sys/devices/system/cpu/cpu%d/%s", cpu, what);
    return inspire_places_read_list(path, out);
}

/* The index of CPU `cpu`'s last-level cache in sysfs (the highest level,
 * the last index among equals), -1 if none. */
static int inspire_places_last_cache(int cpu)
{
    int best = -1, best_level = 0;
    for (int i = 0; i < 128; i++) {
        char path[160];
        snprintf(path, sizeof path, "/sys/devices/system/cpu/cpu%d/cache/index%d/level", cpu, i);
        FILE *f = fopen(path, "r");
        if (f == NULL)
            break;
        int level = 0;
        if (fscanf(f, "%d", &level) == 1 && level >= best_level) {
            best = i;
            best_level = level;
        }
        fclose(f);
    }
    return best;
}

/* The places of abstract name `kind` (1 threads, 2 cores, 3 sockets,
 * 4 ll_caches, 5 numa_domains), at most `count`, from the CPUs of the mask:
 * CPUs are taken in increasing order, each one not yet placed bringing its
 * whole group (hardware-thread siblings, package, cache or node) restricted
 * to the CPUs not yet placed; threads makes one place of each CPU of a core
 * group in turn.  A CPU whose topology cannot be read is left out. */
static void inspire_places_abstract(int kind, long count, inspire_cpus_t **list, int *len,
                                    int *cap)
{
    struct inspire_places_state *st = &inspire_places_state;
    inspire_cpus_t left = st->mask, group;
    int cache = -1;
    if (kind == 5) {
        inspire_cpus_t nodes;
        if (!inspire_places_read_list("/sys/devices/system/node/online", &nodes))
            return;
        for (int n = 0; n < INSPIRE_PLACES_MAX_CPUS && *len < count; n++) {
            char path[96];
            if (!inspire_cpus_has(&nodes, n))
                continue;
            snprintf(path, sizeof path, "/sys/devices/system/node/node%d/cpulist", n);
            if (!inspire_places_read_list(path, &group))
                continue;
            for (int i = 0; i < INSPIRE_PLACES_WORDS; i++) {
                group.w[i] &= left.w[i];
                left.w[i] &= ~group.w[i];
            }
            if (inspire_cpus_count(&group) && !inspire_places_push(list, len, cap, &group))
                return;
        }
        return;
    }
    for (int c = 0; c < INSPIRE_PLACES_MAX_CPUS && *len < count; c++) {
        if (!inspire_cpus_has(&left, c))
            continue;
        int ok;
        if (kind == 4) {
            if (cache < 0)
                cache = inspire_places_last_cache(c);
            char what[64];
            snprintf(what, sizeof what, "cache/index%d/shared_cpu_list", cache);
            ok = cache >= 0 && inspire_places_cpu_file(c, what, &group);
        } else if (kind == 3) {
            ok = inspire_places_cpu_file(c, "topology/core_siblings_list", &group) ||
                 inspire_places_cpu_file(c, "topology/package_cpus_list", &group);
        } else {
            ok = inspire_places_cpu_file(c, "topology/thread_siblings_list", &group);
        }
        if (!ok) {
            inspire_cpus_del(&left, c);
            continue;
        }
        inspire_cpus_add(&group, c);
        for (int i = 0; i < INSPIRE_PLACES_WORDS; i++) {
            group.w[i] &= left.w[i];
            left.w[i] &= ~group.w[i];
        }
        if (kind != 1) {
            if (!inspire_places_push(list, len, cap, &group))
                return;
            continue;
        }
        for (int t = 0; t < INSPIRE_PLACES_MAX_CPUS && *len < count; t++) {
            inspire_cpus_t one;
            if (!inspire_cpus_has(&group, t))
                continue;
            memset(&one, 0, sizeof one);
            inspire_cpus_add(&one, t);
            if (!inspire_places_push(list, len, cap, &one))
                return;
        }
    }
}

/* ---- explicit lists ----------------------------------------------------------- */

typedef struct inspire_places_parse {
    const char *s;    /* the cursor */
    char why[128];    /* the reason of the failure, in libgomp's words ("": the syntax) */
    int limit;        /* CPU numbers must be below this */
} inspire_places_parse_t;

INSPIRE_PLACES_FN int inspire_places_blank(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r';
}

static void inspire_places_skip(inspire_places_parse_t *p)
{
    while (inspire_places_blank(*p->s))
        p->s++;
}

/* A decimal number with an optional sign (blanks before it skipped),
 * saturated at +-2^40; 0 if there is no digit. */
static int inspire_places_number(inspire_places_parse_t *p, long *value)
{
    inspire_places_skip(p);
    int negative = *p->s == '-';
    if (*p->s == '-' || *p->s == '+')
        p->s++;
    if (*p->s < '0' || *p->s > '9')
        return 0;
    long v = 0;
    while (*p->s >= '0' && *p->s <= '9') {
        if (v < (1L << 40))
            v = 10 * v + (*p->s - '0');
        p->s++;
    }
    *value = negative ? -v : v;
    return 1;
}

/* An optional ":len" or ":len:stride" after a resource or a place (blanks
 * after it skipped); len must be 1 .. max-1.  0 on a syntax error. */
static int inspire_places_interval(inspire_places_parse_t *p, long max, long *len, long *stride)
{
    *len = 1;
    *stride = 1;
    inspire_places_skip(p);
    if (*p->s != ':')
        return 1;
    p->s++;
    if (!inspire_places_number(p, len) || *len < 1 || *len >= max)
        return 0;
    inspire_places_skip(p);
    if (*p->s == ':') {
        p->s++;
        if (!inspire_places_number(p, stride))
            return 0;
        inspire_places_skip(p);
    }
    return 1;
}

/* Adds CPUs first, first + stride, ... (len of them) to *set. */
static int inspire_places_add_cpus(inspire_places_parse_t *p, inspire_cpus_t *set, long first,
                                   long len, long stride)
{
    if (stride == 0)
        len = 1;
    for (long k = 0; k < len; k++) {
        long c = first + k * stride;
        if (c < 0 || c >= p->limit) {
            snprintf(p->why, sizeof p->why, "Logical CPU number %lu out of range",
                     (unsigned long)c);
            return 0;
        }
        inspire_cpus_add(set, (int)c);
    }
    return 1;
}

/* One place: "{...}" or a CPU number, into *out (the cursor after it). */
static int inspire_places_one(inspire_places_parse_t *p, inspire_cpus_t *out)
{
    long removed[256];
    int nremoved = 0;
    memset(out, 0, sizeof *out);
    inspire_places_skip(p);
    if (*p->s != '{') {
        long cpu;
        return inspire_places_number(p, &cpu) && inspire_places_add_cpus(p, out, cpu, 1, 1);
    }
    p->s++;
    for (;;) {
        long num, len, stride;
        inspire_places_skip(p);
        int negated = *p->s == '!';
        if (negated)
            p->s++;
        if (!inspire_places_number(p, &num) ||
            !inspire_places_interval(p, (long)1 << 40, &len, &stride))
            return 0;
        if (negated) {
            if (len != 1 || nremoved == (int)(sizeof removed / sizeof removed[0]))
                return 0;
            removed[nremoved++] = num; /* after every CPU of the place is added */
        } else if (!inspire_places_add_cpus(p, out, num, len, stride)) {
            return 0;
        }
        if (*p->s == '}')
            break;
        if (*p->s != ',')
            return 0;
        p->s++;
    }
    p->s++;
    for (int i = 0; i < nremoved; i++) {
        if (removed[i] < 0 || removed[i] >= p->limit) {
            snprintf(p->why, sizeof p->why, "Logical CPU number %lu out of range",
                     (unsigned long)removed[i]);
            return 0;
        }
        if (!inspire_cpus_has(out, (int)removed[i])) {
            snprintf(p->why, sizeof p->why, "Logical CPU %ld to be removed is not in the set",
                     removed[i]);
            return 0;
        }
        inspire_cpus_del(out, (int)removed[i]);
    }
    return 1;
}

/* The explicit list at p (the whole rest of the value). */
static int inspire_places_list(inspire_places_parse_t *p, inspire_cpus_t **list, int *len,
                               int *cap)
{
    for (;;) {
        inspire_cpus_t place;
        long copies, stride;
        inspire_places_skip(p);
        int negated = *p->s == '!';
        if (negated)
            p->s++;
        if (!inspire_places_one(p, &place) ||
            !inspire_places_interval(p, INSPIRE_PLACES_MAX, &copies, &stride))
            return 0;
        if (negated) {
            int k = 0;
            if (copies != 1)
                return 0;
            while (k < *len && memcmp(&(*list)[k], &place, sizeof place))
                k++;
            if (k == *len) {
                snprintf(p->why, sizeof p->why,
                         "Trying to remove a non-existing place from list of places");
                return 0;
            }
            memmove(&(*list)[k], &(*list)[k + 1], (size_t)(*len - k - 1) * sizeof place);
            (*len)--;
        } else {
            for (long k = 0; k < copies; k++) {
                if (k > 0) { /* the previous copy shifted by stride */
                    inspire_cpus_t next;
                    memset(&next, 0, sizeof next);
                    for (int c = 0; c < INSPIRE_PLACES_MAX_CPUS; c++)
                        if (inspire_cpus_has(&place, c) &&
                            !inspire_places_add_cpus(p, &next, c + stride, 1, 1))
                            return 0;
                    place = next;
                }
                if (!inspire_places_push(list, len, cap, &place)) {
                    snprintf(p->why, sizeof p->why, "Too many places");
                    return 0;
                }
            }
        }
        if (*p->s == '\0')
            return 1;
        if (*p->s != ',')
            return 0;
        p->s++;
    }
}

/* OMP_PLACES into list/len: 1 if valid (warnings printed), else 0 with a
 * warning and an empty list. */
static int inspire_places_parse_env(const char *value, inspire_cpus_t **list, int *len,
                                    int *cap)
{
    static const char *const names[] = {"threads", "cores", "sockets", "ll_caches",
                                        "numa_domains"};
    struct inspire_places_state *st = &inspire_places_state;
    inspire_places_parse_t p = {value, "", st->limit};
    inspire_places_skip(&p);
    for (int kind = 1; kind <= 5; kind++) {
        size_t n = strlen(names[kind - 1]);
        if (strncasecmp(p.s, names[kind - 1], n))
            continue;
        long count = INSPIRE_PLACES_MAX, available = inspire_cpus_count(&st->mask);
        p.s += n;
        inspire_places_skip(&p);
        if (*p.s != '\0') {
            if (*p.s != '(' || (p.s++, !inspire_places_number(&p, &count)))
                goto invalid;
            inspire_places_skip(&p);
            if (*p.s++ != ')')
                goto invalid;
            inspire_places_skip(&p);
            if (*p.s != '\0')
                goto invalid;
            if (count < 0) /* libgomp reads the count unsigned: no limit */
                count = INSPIRE_PLACES_MAX;
        }
        inspire_places_abstract(kind, count < available ? count : available, list, len, cap);
        if (*len == 0) {
            inspire_places_warn("OMP_PLACES gives no place (topology not readable, or a count "
                                "of 0): no places");
            return 0;
        }
        return 1;
    }
    if (*p.s == '\0' || !inspire_places_list(&p, list, len, cap))
        goto invalid;
    if (*len == 0) {
        snprintf(p.why, sizeof p.why, "All places have been removed");
        goto invalid;
    }
    int kept = 0;
    for (int i = 0; i < *len; i++) {
        inspire_cpus_t *pl = &(*list)[i];
        for (int w = 0; w < INSPIRE_PLACES_WORDS; w++)
            pl->w[w] &= st->mask.w[w];
        if (inspire_cpus_count(pl))
            (*list)[kept++] = *pl;
    }
    if (kept == 0) {
        snprintf(p.why, sizeof p.why, "None of the places contain usable logical CPUs");
        goto invalid;
    }
    if (kept < *len) {
        char text[160];
        snprintf(text, sizeof text,
                 "Number of places reduced from %d to %d because some places didn't contain "
                 "any usable logical CPUs", *len, kept);
        inspire_places_warn(text);
    }
    *len = kept;
    return 1;
invalid: /* libgomp's lines: the reason, if any, then the variable */
    if (p.why[0])
        inspire_places_warn(p.why);
    inspire_places_warn("Invalid value for environment variable OMP_PLACES");
    *len = 0;
    return 0;
}

/* ---- OMP_PROC_BIND ---------------------------------------------------------- */

/* The bind-var value an OMP_PROC_BIND element spells (s[0..len), any
 * case), or -1 for a word that names no policy. */
static int inspire_places_bind_word(const char *s, size_t len)
{
    static const struct {
        const char *name;
        int bind;
    } names[] = {{"false", INSPIRE_BIND_FALSE},   {"true", INSPIRE_BIND_TRUE},
                 {"primary", INSPIRE_BIND_PRIMARY}, {"master", INSPIRE_BIND_PRIMARY},
                 {"close", INSPIRE_BIND_CLOSE},     {"spread", INSPIRE_BIND_SPREAD}};
    for (size_t k = 0; k < sizeof names / sizeof names[0]; k++)
        if (strlen(names[k].name) == len && !strncasecmp(s, names[k].name, len))
            return names[k].bind;
    return -1;
}

/* OMP_PROC_BIND into st->bind: 1 if set and valid; an invalid value is
 * warned about and reads as unset (0). */
static int inspire_places_parse_bind(const char *value)
{
    struct inspire_places_state *st = &inspire_places_state;
    const char *s = value;
    int n = 0;
    for (;;) {
        while (inspire_places_blank(*s))
            s++;
        size_t len = 0;
        while (s[len] && s[len] != ',' && !inspire_places_blank(s[len]))
            len++;
        int b = inspire_places_bind_word(s, len);
        if (b < 0)
            break;
        /* true and false stand alone; a list names policies only */
        int alone = b == INSPIRE_BIND_FALSE || b == INSPIRE_BIND_TRUE;
        if (alone && n > 0)
            break;
        if (n > 0 && (st->bind[0] == INSPIRE_BIND_FALSE || st->bind[0] == INSPIRE_BIND_TRUE))
            break;
        if (n < INSPIRE_PLACES_BIND_LEVELS)
            st->bind[n++] = b;
        s += len;
        while (inspire_places_blank(*s))
            s++;
        if (*s == '\0') {
            st->nbind = n;
            return 1;
        }
        if (*s != ',')
            break;
        s++;
    }
    /* libgomp's words for an unknown policy and a list it rejects alike */
    inspire_places_warn("Invalid value for environment variable OMP_PROC_BIND");
    st->nbind = 1;
    st->bind[0] = INSPIRE_BIND_FALSE;
    return 0;
}

/* Reads the environment into inspire_places_state (once). */
static void inspire_places_read(void)
{
    struct inspire_places_state *st = &inspire_places_state;
    int cap = 0;
    memset(&st->mask, 0, sizeof st->mask);
    long got = syscall(SYS_sched_getaffinity, 0, sizeof st->mask.w, st->mask.w);
    if (got <= 0)
        inspire_cpus_add(&st->mask, 0);
    /* libgomp's CPU set size: whole words up to the mask's highest CPU */
    int highest = 0;
    for (int c = 0; c < INSPIRE_PLACES_MAX_CPUS; c++)
        if (inspire_cpus_has(&st->mask, c))
            highest = c;
    st->limit = (highest / INSPIRE_PLACES_BITS + 1) * INSPIRE_PLACES_BITS;
    st->nbind = 1;
    st->bind[0] = INSPIRE_BIND_FALSE;
    const char *bind = getenv("OMP_PROC_BIND"), *places = getenv("OMP_PLACES");
    int bind_set = bind != NULL && inspire_places_parse_bind(bind);
    if (bind_set && st->bind[0] == INSPIRE_BIND_FALSE)
        return; /* no places at all, whatever OMP_PLACES says */
    int listed = places != NULL && inspire_places_parse_env(places, &st->list, &st->count, &cap);
    if (!bind_set) {
        if (listed)
            st->bind[0] = INSPIRE_BIND_TRUE;
        return;
    }
    if (!listed) { /* the default: one place per hardware thread */
        inspire_places_abstract(1, INSPIRE_PLACES_MAX, &st->list, &st->count, &cap);
        for (int c = 0; st->count == 0 && c < INSPIRE_PLACES_MAX_CPUS; c++) {
            inspire_cpus_t one; /* no topology: the CPUs of the mask */
            memset(&one, 0, sizeof one);
            inspire_cpus_add(&one, c);
            if (inspire_cpus_has(&st->mask, c))
                inspire_places_push(&st->list, &st->count, &cap, &one);
        }
    }
}

static const struct inspire_places_state *inspire_places_get(void)
{
    struct inspire_places_state *st = &inspire_places_state;
    int ready = __atomic_load_n(&st->ready, __ATOMIC_ACQUIRE);
    if (ready == 1)
        return st;
    int unread = 0;
    if (__atomic_compare_exchange_n(&st->ready, &unread, -1, 0, __ATOMIC_ACQUIRE,
                                    __ATOMIC_ACQUIRE)) {
        inspire_places_read();
        if (st->count == 0)
            st->bind[0] = INSPIRE_BIND_FALSE, st->nbind = 1;
        __atomic_store_n(&st->ready, 1, __ATOMIC_RELEASE);
    }
    while (__atomic_load_n(&st->ready, __ATOMIC_ACQUIRE) != 1)
        ; /* another thread is reading the environment */
    return st;
}

/* ---- OMP_NUM_THREADS ---------------------------------------------------------- */

INSPIRE_PLACES_FN int inspire_nthreads_list(const char *value, int *out, int max)
{
    int count = 0;
    for (const char *s = value;;) {
        while (inspire_places_blank(*s))
            s++;
        if (*s < '0' || *s > '9')
            return 0;
        long long k = 0;
        for (; *s >= '0' && *s <= '9'; s++)
            if ((k = 10 * k + (*s - '0')) > INT_MAX)
                k = INT_MAX;
        while (inspire_places_blank(*s))
            s++;
        if (k == 0 || (*s != ',' && *s != '\0'))
            return 0;
        if (count < max)
            out[count] = (int)k;
        count++;
        if (*s == '\0')
            return count;
        s++;
    }
}

/* ---- queries ------------------------------------------------------------------ */

INSPIRE_PLACES_FN int inspire_places_count(void) { return inspire_places_get()->count; }

INSPIRE_PLACES_FN int inspire_places_num_procs(void)
{
    const struct inspire_places_state *st = inspire_places_get();
    int n = 0;
    for (int c = 0; c < st->limit && c < INSPIRE_PLACES_MAX_CPUS; c++)
        n += inspire_cpus_has(&st->mask, c);
    return n;
}

INSPIRE_PLACES_FN int inspire_places_cpus(int place, int *ids)
{
    const struct inspire_places_state *st = inspire_places_get();
    if (place < 0 || place >= st->count)
        return 0;
    int n = 0;
    for (int c = 0; c < INSPIRE_PLACES_MAX_CPUS; c++)
        if (inspire_cpus_has(&st->list[place], c)) {
            if (ids != NULL)
                ids[n] = c;
            n++;
        }
    return n;
}

INSPIRE_PLACES_FN int inspire_places_bind(int level)
{
    const struct inspire_places_state *st = inspire_places_get();
    if (st->bind[0] == INSPIRE_BIND_FALSE)
        return INSPIRE_BIND_FALSE;
    return st->bind[level < 0 ? 0 : level < st->nbind ? level : st->nbind - 1];
}

INSPIRE_PLACES_FN int inspire_places_bind_list(int *out, int max)
{
    const struct inspire_places_state *st = inspire_places_get();
    for (int i = 0; i < st->nbind && i < max; i++)
        out[i] = st->bind[i];
    return st->nbind;
}

INSPIRE_PLACES_FN void inspire_places_step(int bind, int nthreads, int thread, int *place,
                                           int *off, int *len)
{
    int parts = *len, rel = *place - *off;
    if (parts <= 0 || nthreads <= 0 || bind == INSPIRE_BIND_FALSE || bind == INSPIRE_BIND_PRIMARY)
        return; /* every thread on the encountering thread's place, same partition */
    if (bind == INSPIRE_BIND_SPREAD && nthreads <= parts) {
        /* subpartition k: size s + (k < r), starting at k*s + min(k, r) */
        int s = parts / nthreads, r = parts % nthreads;
        int mine = rel < r * (s + 1) ? rel / (s + 1) : r + (rel - r * (s + 1)) / s;
        int k = (mine + thread) % nthreads;
        int start = k * s + (k < r ? k : r);
        if (thread != 0)
            *place = *off + start;
        *off += start;
        *len = s + (k < r);
        return;
    }
    /* close (true), or spread with more threads than places: the first
     * s*parts threads in blocks of s per place, the rest one per place, both
     * from the encountering thread's place on */
    int d = thread;
    if (nthreads > parts) {
        int s = nthreads / parts;
        d = thread < s * parts ? thread / s : thread - s * parts;
    }
    *place = *off + (rel + d) % parts;
    if (bind == INSPIRE_BIND_SPREAD) {
        *off = *place;
        *len = 1;
    }
}

#ifndef INSPIRE_SERIAL_FN
static __thread int inspire_places_me = -1;
#else
static int inspire_places_me = -1;
#endif

INSPIRE_PLACES_FN int inspire_places_self(void) { return inspire_places_me; }

INSPIRE_PLACES_FN void inspire_places_set_self(int place) { inspire_places_me = place; }

#ifdef INSPIRE_SERIAL_FN
/* The one thread of a serial-only unit is bound to place 0 when there are
 * places (libgomp binds its initial thread there). */
INSPIRE_SERIAL_FN __attribute__((constructor)) void inspire_places_serial_start(void)
{
    const struct inspire_places_state *st = inspire_places_get();
    if (st->count > 0 &&
        syscall(SYS_sched_setaffinity, 0, sizeof st->list[0].w, st->list[0].w) == 0)
        inspire_places_set_self(0);
}
#endif
