/*
 * omp_host_api.c -- the memory allocators, the affinity format, the teams
 * ICVs, the device memory routines, the bind-var ICV and the place queries
 * of the OpenMP 5.x host API, for an implementation with the host device
 * only (no offload devices: the initial device is omp_get_initial_device()).
 *
 * Written against libc, the public omp_* functions and places.c only, so
 * the same text serves both runtimes: it is a source of the work-stealing
 * runtime (with INSPIRE_OMP_COMPAT), and backend/serial_rt.py appends it to
 * a serial-only unit after that unit's #include <omp.h> and places.c's text
 * (INSPIRE_SERIAL_FN is defined there).  Where <omp.h> was not included (_OMP_H is its include
 * guard), the bundled one is, so its types are written once.  Every helper
 * name starts with inspire_ (the prefix the runtime reserves).
 */
#ifndef INSPIRE_SERIAL_FN
#include "internal.h"

#include "depend.h" /* the runtime's dependences: omp_target_memcpy_async */
#include "places.h" /* the place list and bind-var (places.c) */
void inspire_start(void); /* the runtime's start (scheduler.c): the display at start-up */
#include "inspire_rt_config.h"
#endif

#if defined(INSPIRE_SERIAL_FN) || INSPIRE_OMP_COMPAT

#include <errno.h>
#include <limits.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/syscall.h>
#include <unistd.h>

#ifdef INSPIRE_SERIAL_FN
/* A serial-only unit may be compiled without the feature macros under which
 * <unistd.h> declares these two. */
long syscall(long number, ...);
int gethostname(char *name, size_t len);
#endif

#ifndef _OMP_H
/* The runtime build: the bundled <omp.h>, beside the runtime in the source
 * tree and in the installed package alike, declares the types and functions
 * (a serial-only unit included it already). */
#include "../../frontend/include/omp.h"
#endif

/* ---- memory allocators -----------------------------------------------------
 * The predefined allocators (handles 1 to 8) all allocate from the heap
 * with malloc's alignment.  A custom allocator is a struct inspire_omp_alloc
 * on the heap; its address is its handle.  Each block starts with a header
 * (struct inspire_omp_block) just before the pointer returned, so omp_free
 * and omp_realloc find the block's own allocator whatever handle they are
 * given. */

/* The fallback trait of a custom allocator. */
enum inspire_omp_fallback {
    INSPIRE_OMP_FB_DEFAULT_MEM,
    INSPIRE_OMP_FB_NULL,
    INSPIRE_OMP_FB_ABORT,
    INSPIRE_OMP_FB_ALLOCATOR
};

struct inspire_omp_alloc {
    size_t alignment;                /* a power of two */
    size_t pool_size;                /* bytes in use at once at most */
    size_t in_use;                   /* bytes of live blocks (atomic) */
    enum inspire_omp_fallback fallback;
    omp_allocator_handle_t fb_data;  /* the allocator of INSPIRE_OMP_FB_ALLOCATOR */
};

struct inspire_omp_block {
    void *base;                       /* what malloc returned */
    size_t size;                      /* the size asked for */
    omp_allocator_handle_t allocator; /* the allocator that made the block */
};

/* The largest predefined allocator handle. */
#define INSPIRE_OMP_LAST_PREDEFINED ((omp_uintptr_t)omp_thread_mem_alloc)

/* malloc's alignment. */
#define INSPIRE_OMP_MALLOC_ALIGN ((size_t)_Alignof(max_align_t))

/* OMP_ALLOCATOR's allocator (the environment section below). */
static omp_allocator_handle_t inspire_omp_env_allocator(void);

/* The def-allocator-var ICV of the calling thread (null: not set yet: the
 * environment's). */
static _Thread_local omp_allocator_handle_t inspire_omp_default_allocator;

static int inspire_omp_power_of_two(omp_uintptr_t v) { return v != 0 && (v & (v - 1)) == 0; }

static struct inspire_omp_alloc *inspire_omp_custom(omp_allocator_handle_t a)
{
    return (omp_uintptr_t)a > INSPIRE_OMP_LAST_PREDEFINED ? (struct inspire_omp_alloc *)(omp_uintptr_t)a
                                                           : NULL;
}

/* A handle with omp_null_allocator replaced by the default allocator. */
static omp_allocator_handle_t inspire_omp_resolve(omp_allocator_handle_t a)
{
    return a == omp_null_allocator ? omp_get_default_allocator() : a;
}

static int inspire_omp_trait_ok(omp_alloctrait_key_t key, omp_uintptr_t v,
                                struct inspire_omp_alloc *al)
{
    if (key == omp_atk_fb_data) {
        al->fb_data = (omp_allocator_handle_t)v;
        return 1;
    }
    if (key == omp_atk_pool_size) {
        al->pool_size = v == (omp_uintptr_t)omp_atv_default ? SIZE_MAX : (size_t)v;
        return 1;
    }
    if (v == (omp_uintptr_t)omp_atv_default)
        return key >= omp_atk_sync_hint && key <= omp_atk_partition;
    switch (key) {
    case omp_atk_sync_hint:
        return v == omp_atv_contended || v == omp_atv_uncontended || v == omp_atv_serialized ||
               v == omp_atv_private;
    case omp_atk_alignment:
        al->alignment = (size_t)v;
        return inspire_omp_power_of_two(v);
    case omp_atk_access:
        return v == omp_atv_all || v == omp_atv_cgroup || v == omp_atv_pteam || v == omp_atv_thread;
    case omp_atk_fallback:
        if (v == omp_atv_default_mem_fb)
            al->fallback = INSPIRE_OMP_FB_DEFAULT_MEM;
        else if (v == omp_atv_null_fb)
            al->fallback = INSPIRE_OMP_FB_NULL;
        else if (v == omp_atv_abort_fb)
            al->fallback = INSPIRE_OMP_FB_ABORT;
        else if (v == omp_atv_allocator_fb)
            al->fallback = INSPIRE_OMP_FB_ALLOCATOR;
        else
            return 0;
        return 1;
    case omp_atk_pinned:
        return v == omp_atv_true || v == omp_atv_false;
    case omp_atk_partition:
        return v == omp_atv_environment || v == omp_atv_nearest || v == omp_atv_blocked ||
               v == omp_atv_interleaved;
    default:
        return 0;
    }
}

omp_allocator_handle_t omp_init_allocator(omp_memspace_handle_t memspace, int ntraits,
                                          const omp_alloctrait_t traits[])
{
    struct inspire_omp_alloc al = {1, SIZE_MAX, 0, INSPIRE_OMP_FB_DEFAULT_MEM, omp_null_allocator};
    if ((omp_uintptr_t)memspace > (omp_uintptr_t)omp_low_lat_mem_space)
        return omp_null_allocator;
    if (ntraits > 0 && traits == NULL)
        return omp_null_allocator;
    for (int i = 0; i < ntraits; i++)
        if (!inspire_omp_trait_ok(traits[i].key, traits[i].value, &al))
            return omp_null_allocator;
    if (al.fallback == INSPIRE_OMP_FB_ALLOCATOR && al.fb_data == omp_null_allocator)
        return omp_null_allocator;
    struct inspire_omp_alloc *made = malloc(sizeof *made);
    if (made == NULL)
        return omp_null_allocator;
    *made = al;
    return (omp_allocator_handle_t)(omp_uintptr_t)made;
}

void omp_destroy_allocator(omp_allocator_handle_t allocator)
{
    free(inspire_omp_custom(allocator));
}

void omp_set_default_allocator(omp_allocator_handle_t allocator)
{
    if (allocator != omp_null_allocator)
        inspire_omp_default_allocator = allocator;
}

omp_allocator_handle_t omp_get_default_allocator(void)
{
    omp_allocator_handle_t a = inspire_omp_default_allocator;
    return a == omp_null_allocator ? inspire_omp_env_allocator() : a;
}

/* A block of size bytes (size > 0) aligned to align (a power of two) from
 * the heap, with its header; NULL if it cannot be had. */
static void *inspire_omp_block_new(size_t size, size_t align, omp_allocator_handle_t a)
{
    size_t total;
    if (align < INSPIRE_OMP_MALLOC_ALIGN)
        align = INSPIRE_OMP_MALLOC_ALIGN;
    if (__builtin_add_overflow(size, sizeof(struct inspire_omp_block) + align - 1, &total))
        return NULL;
    char *base = malloc(total);
    if (base == NULL)
        return NULL;
    uintptr_t user = (uintptr_t)(base + sizeof(struct inspire_omp_block));
    user = (user + align - 1) & ~(uintptr_t)(align - 1);
    struct inspire_omp_block *header = (struct inspire_omp_block *)user - 1;
    header->base = base;
    header->size = size;
    header->allocator = a;
    return (void *)user;
}

/* The bytes a block of size bytes takes from its allocator's pool: the
 * block's header counts too, as in libgomp (a 2 MiB pool does not hold two
 * 1 MiB blocks). */
static size_t inspire_omp_charge(size_t size)
{
    return size + sizeof(struct inspire_omp_block);
}

static struct inspire_omp_block *inspire_omp_header(void *ptr)
{
    return (struct inspire_omp_block *)ptr - 1;
}

/* size bytes (size > 0) aligned to align from the allocator a (not null). */
static void *inspire_omp_allocate(size_t size, size_t align, omp_allocator_handle_t a)
{
    struct inspire_omp_alloc *al = inspire_omp_custom(a);
    if (al == NULL)
        return inspire_omp_block_new(size, align, a);
    if (al->alignment > align)
        align = al->alignment;
    void *p = NULL;
    size_t charge = inspire_omp_charge(size);
    size_t used = __atomic_add_fetch(&al->in_use, charge, __ATOMIC_RELAXED);
    if (charge >= size && used >= charge && used <= al->pool_size)
        p = inspire_omp_block_new(size, align, a);
    if (p != NULL)
        return p;
    __atomic_sub_fetch(&al->in_use, charge, __ATOMIC_RELAXED);
    switch (al->fallback) {
    case INSPIRE_OMP_FB_DEFAULT_MEM:
        return inspire_omp_block_new(size, align, omp_default_mem_alloc);
    case INSPIRE_OMP_FB_ALLOCATOR:
        return inspire_omp_allocate(size, align, inspire_omp_resolve(al->fb_data));
    case INSPIRE_OMP_FB_ABORT:
        fprintf(stderr, "inspire: out of memory allocating %zu bytes with an OpenMP allocator "
                        "(fallback abort_fb)\n", size);
        abort();
    default:
        return NULL;
    }
}

void *omp_aligned_alloc(size_t alignment, size_t size, omp_allocator_handle_t allocator)
{
    if (size == 0 || !inspire_omp_power_of_two(alignment))
        return NULL;
    return inspire_omp_allocate(size, alignment, inspire_omp_resolve(allocator));
}

void *omp_alloc(size_t size, omp_allocator_handle_t allocator)
{
    return omp_aligned_alloc(1, size, allocator);
}

void *omp_aligned_calloc(size_t alignment, size_t nmemb, size_t size,
                         omp_allocator_handle_t allocator)
{
    size_t bytes;
    if (__builtin_mul_overflow(nmemb, size, &bytes))
        return NULL;
    void *p = omp_aligned_alloc(alignment, bytes, allocator);
    if (p != NULL)
        memset(p, 0, bytes);
    return p;
}

void *omp_calloc(size_t nmemb, size_t size, omp_allocator_handle_t allocator)
{
    return omp_aligned_calloc(1, nmemb, size, allocator);
}

void omp_free(void *ptr, omp_allocator_handle_t allocator)
{
    (void)allocator; /* the block's header names its allocator */
    if (ptr == NULL)
        return;
    struct inspire_omp_block *header = inspire_omp_header(ptr);
    struct inspire_omp_alloc *al = inspire_omp_custom(header->allocator);
    if (al != NULL)
        __atomic_sub_fetch(&al->in_use, inspire_omp_charge(header->size), __ATOMIC_RELAXED);
    free(header->base);
}

/* As OpenMP 5.2 and libgomp: a null allocator means the block's own one. */
void *omp_realloc(void *ptr, size_t size, omp_allocator_handle_t allocator,
                  omp_allocator_handle_t free_allocator)
{
    if (ptr == NULL)
        return omp_alloc(size, allocator);
    if (size == 0) {
        omp_free(ptr, free_allocator);
        return NULL;
    }
    struct inspire_omp_block *header = inspire_omp_header(ptr);
    if (allocator == omp_null_allocator)
        allocator = header->allocator;
    void *p = inspire_omp_allocate(size, 1, allocator);
    if (p == NULL)
        return NULL;
    memcpy(p, ptr, header->size < size ? header->size : size);
    omp_free(ptr, free_allocator);
    return p;
}

/* ---- the affinity format ---------------------------------------------------
 * affinity-format-var is one string for the program, guarded by a spin lock
 * (its readers copy it). */

static char *inspire_omp_affinity_fmt; /* NULL: not read from the environment yet */
static int inspire_omp_affinity_lock;

static void inspire_omp_affinity_acquire(void)
{
    while (__atomic_exchange_n(&inspire_omp_affinity_lock, 1, __ATOMIC_ACQUIRE))
        while (__atomic_load_n(&inspire_omp_affinity_lock, __ATOMIC_RELAXED))
            ;
}

static void inspire_omp_affinity_release(void)
{
    __atomic_store_n(&inspire_omp_affinity_lock, 0, __ATOMIC_RELEASE);
}

static char *inspire_omp_strdup(const char *s)
{
    size_t n = strlen(s) + 1;
    char *copy = malloc(n);
    if (copy != NULL)
        memcpy(copy, s, n);
    return copy;
}

/* A heap copy of affinity-format-var (NULL if out of memory); the caller
 * frees it. */
static char *inspire_omp_affinity_copy(void)
{
    inspire_omp_affinity_acquire();
    if (inspire_omp_affinity_fmt == NULL) {
        const char *env = getenv("OMP_AFFINITY_FORMAT");
        inspire_omp_affinity_fmt =
            inspire_omp_strdup(env != NULL ? env : "level %L thread %i affinity %A");
    }
    char *copy = inspire_omp_affinity_fmt ? inspire_omp_strdup(inspire_omp_affinity_fmt) : NULL;
    inspire_omp_affinity_release();
    return copy;
}

void omp_set_affinity_format(const char *format)
{
    char *copy = inspire_omp_strdup(format != NULL ? format : "");
    if (copy == NULL)
        return;
    inspire_omp_affinity_acquire();
    char *old = inspire_omp_affinity_fmt;
    inspire_omp_affinity_fmt = copy;
    inspire_omp_affinity_release();
    free(old);
}

/* Output to a buffer of size bytes: what does not fit is counted, not
 * written; the buffer always keeps room for the final NUL. */
struct inspire_omp_out {
    char *buf;
    size_t size;
    size_t len;
};

static void inspire_omp_put(struct inspire_omp_out *o, const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++, o->len++)
        if (o->len + 1 < o->size)
            o->buf[o->len] = s[i];
}

static void inspire_omp_pad(struct inspire_omp_out *o, char c, size_t n)
{
    for (size_t i = 0; i < n; i++)
        inspire_omp_put(o, &c, 1);
}

static void inspire_omp_finish(struct inspire_omp_out *o)
{
    if (o->size > 0)
        o->buf[o->len < o->size ? o->len : o->size - 1] = '\0';
}

size_t omp_get_affinity_format(char *buffer, size_t size)
{
    char *fmt = inspire_omp_affinity_copy();
    struct inspire_omp_out o = {buffer, buffer != NULL ? size : 0, 0};
    inspire_omp_put(&o, fmt != NULL ? fmt : "", fmt != NULL ? strlen(fmt) : 0);
    inspire_omp_finish(&o);
    free(fmt);
    return o.len;
}

/* The CPUs the calling thread may run on, as a list of ranges ("0-3,6"). */
static void inspire_omp_affinity_list(char *text, size_t size)
{
    unsigned long mask[128];
    size_t len = 0;
    long got = syscall(SYS_sched_getaffinity, 0, sizeof mask, mask);
    const int bits = (int)(8 * sizeof mask[0]);
    int ncpu = got > 0 ? (int)got * 8 : 0;
    text[0] = '\0';
    for (int cpu = 0; cpu < ncpu; cpu++) {
        if (!(mask[cpu / bits] >> (cpu % bits) & 1UL))
            continue;
        int last = cpu;
        while (last + 1 < ncpu && (mask[(last + 1) / bits] >> ((last + 1) % bits) & 1UL))
            last++;
        int n = last == cpu ? snprintf(text + len, size - len, "%s%d", len ? "," : "", cpu)
                            : snprintf(text + len, size - len, "%s%d-%d", len ? "," : "", cpu, last);
        if (n < 0 || (size_t)n >= size - len)
            break;
        len += (size_t)n;
        cpu = last;
    }
}

/* The field types of OpenMP 5.2 table 6.2: short and long names. */
static const char inspire_omp_field_short[] = "tTLnNaHPiA";
static const char *const inspire_omp_field_long[] = {
    "team_num", "num_teams", "nesting_level", "thread_num", "num_threads",
    "ancestor_tnum", "host", "process_id", "native_thread_id", "thread_affinity"};

/* The value of a field (index into the tables above) as text; numeric
 * fields say so through *numeric. */
static void inspire_omp_field(int field, char *text, size_t size, int *numeric)
{
    long value = 0;
    *numeric = 1;
    switch (inspire_omp_field_short[field]) {
    case 't': value = omp_get_team_num(); break;
    case 'T': value = omp_get_num_teams(); break;
    case 'L': value = omp_get_level(); break;
    case 'n': value = omp_get_thread_num(); break;
    case 'N': value = omp_get_num_threads(); break;
    case 'a': value = omp_get_ancestor_thread_num(omp_get_level() - 1); break;
    case 'P': value = (long)getpid(); break;
    case 'i': value = syscall(SYS_gettid); break;
    case 'H':
        *numeric = 0;
        if (gethostname(text, size) != 0)
            text[0] = '\0';
        text[size - 1] = '\0';
        return;
    default:
        *numeric = 0;
        inspire_omp_affinity_list(text, size);
        return;
    }
    snprintf(text, size, "%ld", value);
}

/* Expands format into o. */
static void inspire_omp_expand(struct inspire_omp_out *o, const char *format)
{
    const char *p = format;
    while (*p) {
        if (*p != '%') {
            inspire_omp_put(o, p++, 1);
            continue;
        }
        const char *spec = p++;
        if (*p == '%') {
            inspire_omp_put(o, p++, 1);
            continue;
        }
        int zero = 0, right = 0, field = -1;
        size_t width = 0;
        if (*p == '0') {
            zero = 1;
            p++;
        }
        if (*p == '.') {
            right = 1;
            p++;
        }
        while (*p >= '0' && *p <= '9' && width < 100000)
            width = width * 10 + (size_t)(*p++ - '0');
        if (*p == '{') {
            const char *close = strchr(p, '}');
            size_t n = close ? (size_t)(close - p - 1) : 0;
            for (int f = 0; close && f < (int)sizeof inspire_omp_field_short - 1; f++)
                if (strlen(inspire_omp_field_long[f]) == n &&
                    strncmp(inspire_omp_field_long[f], p + 1, n) == 0)
                    field = f;
            p = close ? close + 1 : p + strlen(p);
        } else if (*p) {
            const char *s = strchr(inspire_omp_field_short, *p);
            field = s ? (int)(s - inspire_omp_field_short) : -1;
            p++;
        }
        if (field < 0) { /* unknown: verbatim */
            inspire_omp_put(o, spec, (size_t)(p - spec));
            continue;
        }
        char text[4096];
        int numeric;
        inspire_omp_field(field, text, sizeof text, &numeric);
        size_t n = strlen(text);
        size_t pad = width > n ? width - n : 0;
        if (!right) {
            inspire_omp_put(o, text, n);
            inspire_omp_pad(o, ' ', pad);
        } else if (zero && numeric) {
            size_t sign = text[0] == '-';
            inspire_omp_put(o, text, sign);
            inspire_omp_pad(o, '0', pad);
            inspire_omp_put(o, text + sign, n - sign);
        } else {
            inspire_omp_pad(o, ' ', pad);
            inspire_omp_put(o, text, n);
        }
    }
}

size_t omp_capture_affinity(char *buffer, size_t size, const char *format)
{
    char *icv = NULL;
    if (format == NULL || *format == '\0') {
        icv = inspire_omp_affinity_copy();
        format = icv != NULL ? icv : "";
    }
    struct inspire_omp_out o = {buffer, buffer != NULL ? size : 0, 0};
    inspire_omp_expand(&o, format);
    inspire_omp_finish(&o);
    free(icv);
    return o.len;
}

void omp_display_affinity(const char *format)
{
    size_t n = omp_capture_affinity(NULL, 0, format);
    char *text = malloc(n + 1);
    if (text == NULL)
        return;
    omp_capture_affinity(text, n + 1, format);
    fprintf(stderr, "%s\n", text); /* on stderr, as libgomp writes it */
    free(text);
}

/* ---- teams ICVs --------------------------------------------------------------
 * nteams-var and teams-thread-limit-var: -1 until read from the environment
 * (a positive integer there, else 0). */

static int inspire_omp_nteams = -1;
static int inspire_omp_teams_limit = -1;

static int inspire_omp_icv(int *icv, const char *env_name)
{
    int v = __atomic_load_n(icv, __ATOMIC_RELAXED);
    if (v >= 0)
        return v;
    const char *env = getenv(env_name);
    char *end;
    long n = env != NULL ? strtol(env, &end, 10) : 0;
    if (env != NULL)
        while (*end == ' ' || *end == '\t')
            end++;
    int from_env = env != NULL && *env && *end == '\0' && n > 0 && n <= INT_MAX ? (int)n : 0;
    int unset = -1;
    __atomic_compare_exchange_n(icv, &unset, from_env, 0, __ATOMIC_RELAXED, __ATOMIC_RELAXED);
    return __atomic_load_n(icv, __ATOMIC_RELAXED);
}

void omp_set_num_teams(int num_teams)
{
    if (num_teams > 0)
        __atomic_store_n(&inspire_omp_nteams, num_teams, __ATOMIC_RELAXED);
}

/* The CPUs of the affinity mask the program started with, as libgomp
 * answers: not the workers or the nthreads ICV (OMP_NUM_THREADS=5 on two
 * CPUs still has two processors), nor one in a serial-only unit. */
int omp_get_num_procs(void) { return inspire_places_num_procs(); }

int omp_get_max_teams(void) { return inspire_omp_icv(&inspire_omp_nteams, "OMP_NUM_TEAMS"); }

void omp_set_teams_thread_limit(int thread_limit)
{
    if (thread_limit > 0)
        __atomic_store_n(&inspire_omp_teams_limit, thread_limit, __ATOMIC_RELAXED);
}

int omp_get_teams_thread_limit(void)
{
    return inspire_omp_icv(&inspire_omp_teams_limit, "OMP_TEAMS_THREAD_LIMIT");
}

/* ---- devices ---------------------------------------------------------------
 * The host is the only device: device memory is host memory, and every
 * other device number is invalid. */

int omp_get_device_num(void) { return omp_get_initial_device(); }

static void inspire_omp_invalid_device(void);

/* OpenMP 5.2's omp_initial_device and omp_invalid_device (a serial-only
 * unit may include an <omp.h> without them). */
#define INSPIRE_OMP_INITIAL_DEVICE (-1)
#define INSPIRE_OMP_INVALID_DEVICE (-4)

/* Whether device_num is the host (omp_initial_device too); the invalid
 * device number ends the program (runtime error termination). */
static int inspire_omp_host(int device_num)
{
    if (device_num == INSPIRE_OMP_INVALID_DEVICE)
        inspire_omp_invalid_device();
    return device_num == omp_get_initial_device() || device_num == INSPIRE_OMP_INITIAL_DEVICE;
}

void *omp_target_alloc(size_t size, int device_num)
{
    return inspire_omp_host(device_num) ? malloc(size) : NULL;
}

void omp_target_free(void *device_ptr, int device_num)
{
    if (inspire_omp_host(device_num))
        free(device_ptr);
}

int omp_target_is_present(const void *ptr, int device_num)
{
    return ptr == NULL || inspire_omp_host(device_num);
}

int omp_target_memcpy(void *dst, const void *src, size_t length, size_t dst_offset,
                      size_t src_offset, int dst_device_num, int src_device_num)
{
    if (!inspire_omp_host(dst_device_num) || !inspire_omp_host(src_device_num))
        return EINVAL;
    if (length > 0) {
        if (dst == NULL || src == NULL)
            return EINVAL;
        memmove((char *)dst + dst_offset, (const char *)src + src_offset, length);
    }
    return 0;
}

/* Copies the sub-volume of dims dimensions; bytes is the size of one
 * element, dst_stride and src_stride the sizes of one index of the first
 * dimension. */
static void inspire_omp_rect(char *dst, const char *src, size_t bytes, int dims,
                             const size_t *volume, const size_t *dst_offsets,
                             const size_t *src_offsets, const size_t *dst_strides,
                             const size_t *src_strides)
{
    dst += dst_offsets[0] * dst_strides[0];
    src += src_offsets[0] * src_strides[0];
    if (dims == 1) {
        memmove(dst, src, volume[0] * bytes);
        return;
    }
    for (size_t i = 0; i < volume[0]; i++)
        inspire_omp_rect(dst + i * dst_strides[0], src + i * src_strides[0], bytes, dims - 1,
                         volume + 1, dst_offsets + 1, src_offsets + 1, dst_strides + 1,
                         src_strides + 1);
}

int omp_target_memcpy_rect(void *dst, const void *src, size_t element_size, int num_dims,
                           const size_t *volume, const size_t *dst_offsets,
                           const size_t *src_offsets, const size_t *dst_dimensions,
                           const size_t *src_dimensions, int dst_device_num,
                           int src_device_num)
{
    if (dst == NULL && src == NULL)
        return INT_MAX; /* the number of dimensions supported */
    if (dst == NULL || src == NULL || num_dims < 1 || element_size == 0 || volume == NULL ||
        dst_offsets == NULL || src_offsets == NULL || dst_dimensions == NULL ||
        src_dimensions == NULL || !inspire_omp_host(dst_device_num) ||
        !inspire_omp_host(src_device_num))
        return EINVAL;
    size_t *strides = malloc(2 * (size_t)num_dims * sizeof *strides);
    if (strides == NULL)
        return ENOMEM;
    size_t *dst_strides = strides, *src_strides = strides + num_dims;
    size_t dst_stride = element_size, src_stride = element_size;
    int bad = 0;
    for (int d = num_dims - 1; d >= 0; d--) {
        size_t dst_end, src_end;
        bad |= __builtin_add_overflow(dst_offsets[d], volume[d], &dst_end) ||
               dst_end > dst_dimensions[d];
        bad |= __builtin_add_overflow(src_offsets[d], volume[d], &src_end) ||
               src_end > src_dimensions[d];
        dst_strides[d] = dst_stride;
        src_strides[d] = src_stride;
        bad |= __builtin_mul_overflow(dst_stride, dst_dimensions[d], &dst_stride);
        bad |= __builtin_mul_overflow(src_stride, src_dimensions[d], &src_stride);
        if (volume[d] == 0)
            bad |= 2; /* nothing to copy */
    }
    if (!bad)
        inspire_omp_rect(dst, src, element_size, num_dims, volume, dst_offsets, src_offsets,
                         dst_strides, src_strides);
    free(strides);
    return bad & 1 ? EINVAL : 0;
}

int omp_target_associate_ptr(const void *host_ptr, const void *device_ptr, size_t size,
                             size_t device_offset, int device_num)
{
    (void)host_ptr;
    (void)device_ptr;
    (void)size;
    (void)device_offset;
    (void)device_num;
    return EINVAL; /* no device to associate memory with */
}

int omp_target_disassociate_ptr(const void *ptr, int device_num)
{
    (void)ptr;
    (void)device_num;
    return EINVAL;
}

/* ---- OpenMP 5.1/5.2 additions (not in gcc 12's omp.h) ------------------------
 * The device memory routines of OpenMP 5.1 and 5.2, the interoperability
 * routines (a host program without interop directives only has
 * omp_interop_none) and the tool control routine (no tool is ever
 * attached).  Enumeration parameters are written as int: the enumerations
 * of <omp.h> have negative enumerators, so gcc gives them the type int. */

static void inspire_omp_invalid_device(void)
{
    fprintf(stderr, "inspire: a device memory routine was given omp_invalid_device\n");
    exit(1);
}

void *omp_get_mapped_ptr(const void *ptr, int device_num)
{
    /* Host memory is the host device's own: the pointer itself. */
    return inspire_omp_host(device_num) ? (void *)ptr : NULL;
}

int omp_target_is_accessible(const void *ptr, size_t size, int device_num)
{
    (void)ptr;
    (void)size;
    return inspire_omp_host(device_num);
}

/* Waits for the sibling tasks the dependences of the depend objects
 * list[0..n) name (the dependences of the target task an asynchronous copy
 * generates).  The objects are only read. */
static void inspire_omp_depobj_wait(int n, omp_depend_t *list)
{
#ifdef INSPIRE_SERIAL_FN
    /* A team of one ran every earlier task at once: nothing is unfinished. */
    (void)n;
    (void)list;
#else
    if (n <= 0 || list == NULL)
        return;
    inspire_dep_t *deps = malloc((size_t)n * sizeof *deps);
    if (deps == NULL) {
        fprintf(stderr, "inspire: out of memory waiting for depend objects\n");
        abort();
    }
    for (int i = 0; i < n; i++)
        deps[i] = INSPIRE_DEP(&list[i], INSPIRE_DEP_OBJ);
    inspire_depend_wait(deps, n);
    free(deps);
#endif
}

/* The asynchronous copies run as the target task the call generates: it
 * may be deferred, but it may also run at once, which it does here once
 * its dependences are met, so it has completed (and a later taskwait has
 * nothing to wait for) when the routine returns. */
int omp_target_memcpy_async(void *dst, const void *src, size_t length, size_t dst_offset,
                            size_t src_offset, int dst_device_num, int src_device_num,
                            int depobj_count, omp_depend_t *depobj_list)
{
    if (!inspire_omp_host(dst_device_num) || !inspire_omp_host(src_device_num))
        return EINVAL;
    if (length > 0 && (dst == NULL || src == NULL))
        return EINVAL;
    inspire_omp_depobj_wait(depobj_count, depobj_list);
    return omp_target_memcpy(dst, src, length, dst_offset, src_offset, dst_device_num,
                             src_device_num);
}

int omp_target_memcpy_rect_async(void *dst, const void *src, size_t element_size,
                                 int num_dims, const size_t *volume, const size_t *dst_offsets,
                                 const size_t *src_offsets, const size_t *dst_dimensions,
                                 const size_t *src_dimensions, int dst_device_num,
                                 int src_device_num, int depobj_count,
                                 omp_depend_t *depobj_list)
{
    if (dst != NULL || src != NULL)
        inspire_omp_depobj_wait(depobj_count, depobj_list);
    return omp_target_memcpy_rect(dst, src, element_size, num_dims, volume, dst_offsets,
                                  src_offsets, dst_dimensions, src_dimensions, dst_device_num,
                                  src_device_num);
}

/* The properties OpenMP 5.2 requires (omp_ipr_first to -1), by -id - 1. */
static const char *const inspire_omp_ipr_names[] = {
    "fr_id",    "fr_name", "vendor",         "vendor_name", "device_num",
    "platform", "device",  "device_context", "targetsync",
};
#define INSPIRE_OMP_IPR_COUNT ((int)(sizeof inspire_omp_ipr_names / sizeof *inspire_omp_ipr_names))

/* No implementation-defined properties: property ids run from
 * omp_ipr_first to -1. */
int omp_get_num_interop_properties(void *const interop)
{
    (void)interop;
    return 0;
}

static int inspire_omp_ipr_valid(int property_id)
{
    return property_id >= -INSPIRE_OMP_IPR_COUNT && property_id < 0;
}

/* Every interop object a host program can have is omp_interop_none: no
 * property has a value (an empty error), or the id names no property. */
static void inspire_omp_interop_rc(void *const interop, int property_id, int *ret_code)
{
    if (ret_code == NULL)
        return;
    if (interop == NULL)
        *ret_code = -1; /* omp_irc_empty */
    else if (!inspire_omp_ipr_valid(property_id))
        *ret_code = -2; /* omp_irc_out_of_range */
    else
        *ret_code = -6; /* omp_irc_other: not an interop object of this program */
}

intptr_t omp_get_interop_int(void *const interop, int property_id, int *ret_code)
{
    inspire_omp_interop_rc(interop, property_id, ret_code);
    return 0;
}

void *omp_get_interop_ptr(void *const interop, int property_id, int *ret_code)
{
    inspire_omp_interop_rc(interop, property_id, ret_code);
    return NULL;
}

const char *omp_get_interop_str(void *const interop, int property_id, int *ret_code)
{
    inspire_omp_interop_rc(interop, property_id, ret_code);
    return NULL;
}

const char *omp_get_interop_name(void *const interop, int property_id)
{
    (void)interop;
    return inspire_omp_ipr_valid(property_id) ? inspire_omp_ipr_names[-property_id - 1] : NULL;
}

const char *omp_get_interop_type_desc(void *const interop, int property_id)
{
    static const char *const types[] = {
        "intptr_t", "const char *", "intptr_t", "const char *", "int",
        "void *",   "void *",       "void *",   "void *",
    };
    if (interop == NULL || !inspire_omp_ipr_valid(property_id))
        return NULL; /* omp_interop_none has no properties */
    return types[-property_id - 1];
}

const char *omp_get_interop_rc_desc(void *const interop, int ret_code)
{
    (void)interop;
    switch (ret_code) {
    case 1:
        return "omp_irc_no_value: the parameters are valid, no meaningful value is available";
    case 0:
        return "omp_irc_success: the value was returned";
    case -1:
        return "omp_irc_empty: the interop object is omp_interop_none";
    case -2:
        return "omp_irc_out_of_range: the property id is out of range";
    case -3:
        return "omp_irc_type_int: the property's value is not an integer";
    case -4:
        return "omp_irc_type_ptr: the property's value is not a pointer";
    case -5:
        return "omp_irc_type_str: the property's value is not a string";
    case -6:
        return "omp_irc_other: another error";
    default:
        return NULL;
    }
}

int omp_control_tool(int command, int modifier, void *arg)
{
    (void)command;
    (void)modifier;
    (void)arg;
    return -2; /* omp_control_tool_notool: no tool is attached */
}

/* ---- the bind-var ICV and the places ------------------------------------
 * The place list and bind-var come from places.c (read as libgomp reads
 * OMP_PLACES and OMP_PROC_BIND).  The partition of the current task is
 * derived from the nesting levels alone: starting from the initial thread
 * (place 0, the whole list), each enclosing region at level l moved its
 * thread ancestor_thread_num(l) of team_size(l) threads by one
 * inspire_places_step under that level's bind-var.  omp_get_place_num is
 * the place the same steps give the calling thread, which is where libgomp
 * binds that thread number of the team: a team may have more threads than
 * the runtime has workers (its implicit tasks then share the workers, each
 * bound to its own place by env.c), so the place of the worker running an
 * implicit task is not always the thread's.  It is -1 when the calling
 * thread is not bound at all (inspire_places_self: binding a worker, or the
 * serial unit's one thread at start-up, failed). */

#ifndef INSPIRE_SERIAL_FN
_Static_assert((int)INSPIRE_BIND_FALSE == (int)omp_proc_bind_false &&
                   (int)INSPIRE_BIND_TRUE == (int)omp_proc_bind_true &&
                   (int)INSPIRE_BIND_PRIMARY == (int)omp_proc_bind_primary &&
                   (int)INSPIRE_BIND_CLOSE == (int)omp_proc_bind_close &&
                   (int)INSPIRE_BIND_SPREAD == (int)omp_proc_bind_spread,
               "places.h's bind values are <omp.h>'s omp_proc_bind_t");
#endif

/* bind-var for a region the current task would start: the list's element
 * for the current nesting level (the last one past its end); false at every
 * level when the first element is false. */
omp_proc_bind_t omp_get_proc_bind(void)
{
    return (omp_proc_bind_t)inspire_places_bind(omp_get_level());
}

int omp_get_num_places(void) { return inspire_places_count(); }

int omp_get_place_num_procs(int place_num) { return inspire_places_cpus(place_num, NULL); }

void omp_get_place_proc_ids(int place_num, int *ids)
{
    if (ids != NULL)
        inspire_places_cpus(place_num, ids);
}

/* The current task's place and place partition [*off, *off + *len) (len
 * 0: none). */
static void inspire_omp_partition(int *place, int *off, int *len)
{
    int level = omp_get_level();
    *place = 0;
    *off = 0;
    *len = inspire_places_count();
    for (int l = 1; l <= level && *len > 0; l++)
        inspire_places_step(inspire_places_bind(l - 1), omp_get_team_size(l),
                            omp_get_ancestor_thread_num(l), place, off, len);
}

int omp_get_place_num(void)
{
    int place, off, len;
    if (inspire_places_count() == 0 || inspire_places_self() < 0)
        return -1;
    inspire_omp_partition(&place, &off, &len);
    return place;
}

int omp_get_partition_num_places(void)
{
    int place, off, len;
    inspire_omp_partition(&place, &off, &len);
    return len;
}

void omp_get_partition_place_nums(int *place_nums)
{
    int place, off, len;
    inspire_omp_partition(&place, &off, &len);
    for (int i = 0; place_nums != NULL && i < len; i++)
        place_nums[i] = off + i;
}

/* ---- the environment and omp_display_env ----------------------------------
 * The OMP_* variables are read once, when the program starts (a
 * constructor, as libgomp reads them at its initialisation), with the
 * syntax libgomp 12 accepts: a value it rejects is warned about with its
 * line, "Invalid value for environment variable OMP_X" (after this
 * runtime's prefix instead of "libgomp: "), and the default is used; the
 * program goes on.  Each variable is warned about by one reader: in the
 * work-stealing runtime env.c warns about OMP_NUM_THREADS and OMP_DYNAMIC
 * (it sizes the workers from them), region.c about OMP_SCHEDULE and
 * places.c about OMP_PLACES and OMP_PROC_BIND; a serial-only unit has no
 * env.c, so those two are warned about here (it does not read
 * OMP_SCHEDULE).  Kept here: what omp_display_env prints (libgomp prints
 * the initial values, whatever the program set since) and the initial
 * max-active-levels and def-allocator-var. */

#ifdef INSPIRE_SERIAL_FN
#define INSPIRE_OMP_ENV_FN INSPIRE_SERIAL_FN
#define INSPIRE_OMP_ENV_WHO "inspirec --serial"
#else
#define INSPIRE_OMP_ENV_FN INSPIRE_INTERNAL
#define INSPIRE_OMP_ENV_WHO "inspire runtime"
#endif

#define INSPIRE_OMP_ENV_THREADS 64 /* OMP_NUM_THREADS elements displayed */

static struct inspire_omp_env {
    int ready;                                /* atomic: 0 unread, -1 being read, 1 read */
    int nthreads[INSPIRE_OMP_ENV_THREADS];    /* OMP_NUM_THREADS's list, each capped at INT_MAX */
    int n_nthreads;                           /* its elements (0: unset or invalid) */
    int dynamic;
    int max_levels;                           /* initial max-active-levels-var */
    unsigned long long stacksize;             /* bytes (0: unset) */
    int active_wait;                          /* OMP_WAIT_POLICY is active */
    unsigned long thread_limit;
    int default_device;
    int display_affinity;
    omp_allocator_handle_t allocator;
    int offload;                              /* 0 default, 1 mandatory, 2 disabled */
    int display;                              /* OMP_DISPLAY_ENV: 0, 1 true, 2 verbose */
    int sched_kind, sched_chunk;              /* the run-sched-var at start */
} inspire_omp_env_state;

static void inspire_omp_env_invalid(const char *name)
{
    fprintf(stderr, INSPIRE_OMP_ENV_WHO ": Invalid value for environment variable %s\n", name);
}

/* The value of `name` without the blanks around it, into buf (NULL: unset;
 * a value too long for buf reads as the empty string, which no variable
 * accepts). */
static const char *inspire_omp_env_text(const char *name, char *buf, size_t size)
{
    const char *v = getenv(name);
    if (v == NULL)
        return NULL;
    while (inspire_places_blank(*v))
        v++;
    size_t n = strlen(v);
    while (n > 0 && inspire_places_blank(v[n - 1]))
        n--;
    if (n >= size)
        n = 0;
    memcpy(buf, v, n);
    buf[n] = '\0';
    return buf;
}

/* A decimal integer of 0 .. max spelled by all of s, into *out; 0 if none. */
static int inspire_omp_env_number(const char *s, unsigned long long max, unsigned long long *out)
{
    unsigned long long v = 0;
    if (*s < '0' || *s > '9')
        return 0;
    for (; *s >= '0' && *s <= '9'; s++) {
        v = 10 * v + (unsigned)(*s - '0');
        if (v > max)
            return 0;
    }
    *out = v;
    return *s == '\0';
}

/* Index of value among names (any case), -1 if none: `name` unset or not
 * a word of the list warns (unless unset) and gives -1. */
static int inspire_omp_env_word(const char *name, const char *const *words, int n)
{
    char buf[64];
    const char *v = inspire_omp_env_text(name, buf, sizeof buf);
    if (v == NULL)
        return -1;
    for (int i = 0; i < n; i++)
        if (strcasecmp(v, words[i]) == 0)
            return i;
    inspire_omp_env_invalid(name);
    return -1;
}

/* A boolean variable: 1 true, 0 false or invalid (warned), -1 unset. */
static int inspire_omp_env_bool(const char *name)
{
    static const char *const words[] = {"false", "true"};
    if (getenv(name) == NULL)
        return -1;
    int i = inspire_omp_env_word(name, words, 2);
    return i < 0 ? 0 : i;
}

/* An integer variable of min .. max: the value, or dflt when unset or
 * invalid (warned). */
static long long inspire_omp_env_int(const char *name, long long min, unsigned long long max,
                                     long long dflt)
{
    char buf[64];
    unsigned long long v;
    const char *text = inspire_omp_env_text(name, buf, sizeof buf);
    if (text == NULL)
        return dflt;
    if (!inspire_omp_env_number(text, max, &v) || (long long)v < min) {
        inspire_omp_env_invalid(name);
        return dflt;
    }
    return (long long)v;
}

/* OMP_NUM_THREADS's list (places.c reads it), or 0 elements for a value
 * libgomp rejects; warns only in a serial-only unit (env.c warns in the
 * runtime). */
static void inspire_omp_env_threads(struct inspire_omp_env *e)
{
    const char *v = getenv("OMP_NUM_THREADS");
    if (v == NULL)
        return;
    int n = inspire_nthreads_list(v, e->nthreads, INSPIRE_OMP_ENV_THREADS);
    e->n_nthreads = n < INSPIRE_OMP_ENV_THREADS ? n : INSPIRE_OMP_ENV_THREADS;
#ifdef INSPIRE_SERIAL_FN
    if (n == 0)
        inspire_omp_env_invalid("OMP_NUM_THREADS");
#endif
}

/* OMP_STACKSIZE: a size with an optional unit b, k (the default), m or g. */
static void inspire_omp_env_stacksize(struct inspire_omp_env *e)
{
    char buf[64];
    const char *v = inspire_omp_env_text("OMP_STACKSIZE", buf, sizeof buf);
    if (v == NULL)
        return;
    unsigned long long n = 0, unit = 1024;
    const char *p = v;
    if (*p < '0' || *p > '9')
        goto invalid;
    for (; *p >= '0' && *p <= '9'; p++)
        if ((n = 10 * n + (unsigned)(*p - '0')) > (1ULL << 40))
            goto invalid;
    while (*p == ' ' || *p == '\t')
        p++;
    if (*p != '\0') {
        const char *units = "bkmg", *u = strchr(units, *p | 0x20);
        if (u == NULL || p[1] != '\0')
            goto invalid;
        unit = 1ULL << (10 * (u - units));
    }
    e->stacksize = n * unit;
    return;
invalid:
    inspire_omp_env_invalid("OMP_STACKSIZE");
}

static void inspire_omp_env_read(struct inspire_omp_env *e)
{
    static const char *const allocators[] = {
        "omp_default_mem_alloc", "omp_large_cap_mem_alloc", "omp_const_mem_alloc",
        "omp_high_bw_mem_alloc", "omp_low_lat_mem_alloc",   "omp_cgroup_mem_alloc",
        "omp_pteam_mem_alloc",   "omp_thread_mem_alloc"};
    static const char *const offload[] = {"default", "mandatory", "disabled"};
    static const char *const wait[] = {"passive", "active"};
    static const char *const display[] = {"false", "true", "verbose"};
    int bind[2];
    inspire_omp_env_threads(e);
#ifdef INSPIRE_SERIAL_FN
    e->dynamic = inspire_omp_env_bool("OMP_DYNAMIC") > 0;
#else
    { /* env.c warns about it */
        char buf[16];
        const char *v = inspire_omp_env_text("OMP_DYNAMIC", buf, sizeof buf);
        e->dynamic = v != NULL && strcasecmp(v, "true") == 0;
    }
#endif
    /* max-active-levels: OMP_MAX_ACTIVE_LEVELS (capped at 255), else
     * OMP_NESTED, else 255 when OMP_NUM_THREADS or OMP_PROC_BIND is a list
     * of more than one element, else 1 */
    int nested = inspire_omp_env_bool("OMP_NESTED");
    long long levels = inspire_omp_env_int("OMP_MAX_ACTIVE_LEVELS", 0, ~0ULL, -1);
    if (levels >= 0)
        e->max_levels = levels < 255 ? (int)levels : 255;
    else if (nested >= 0)
        e->max_levels = nested ? 255 : 1;
    else
        e->max_levels = e->n_nthreads > 1 || inspire_places_bind_list(bind, 2) > 1 ? 255 : 1;
    inspire_omp_env_stacksize(e);
    e->active_wait = inspire_omp_env_word("OMP_WAIT_POLICY", wait, 2) == 1;
    e->thread_limit = (unsigned long)inspire_omp_env_int("OMP_THREAD_LIMIT", 1, ~0ULL,
                                                         (long long)UINT_MAX);
    if (e->thread_limit > UINT_MAX)
        e->thread_limit = UINT_MAX;
    /* read where they are used too (teams ICVs above, scope.c, priority.c) */
    inspire_omp_env_int("OMP_NUM_TEAMS", 1, INT_MAX, 0);
    inspire_omp_env_int("OMP_TEAMS_THREAD_LIMIT", 1, INT_MAX, 0);
    inspire_omp_env_bool("OMP_CANCELLATION");
    inspire_omp_env_int("OMP_MAX_TASK_PRIORITY", 0, INT_MAX, 0);
    e->default_device = (int)inspire_omp_env_int("OMP_DEFAULT_DEVICE", 0, INT_MAX, 0);
    e->display_affinity = inspire_omp_env_bool("OMP_DISPLAY_AFFINITY") > 0;
    int a = inspire_omp_env_word("OMP_ALLOCATOR", allocators, 8);
    e->allocator = (omp_allocator_handle_t)(a < 0 ? omp_default_mem_alloc : a + 1);
    int o = inspire_omp_env_word("OMP_TARGET_OFFLOAD", offload, 3);
    e->offload = o < 0 ? 0 : o;
    int d = inspire_omp_env_word("OMP_DISPLAY_ENV", display, 3);
    e->display = d < 0 ? 0 : d;
    omp_sched_t kind;
    omp_get_schedule(&kind, &e->sched_chunk);
    e->sched_kind = (int)kind;
}

/* The environment, read at the first call (thread-safe). */
static const struct inspire_omp_env *inspire_omp_env(void)
{
    struct inspire_omp_env *e = &inspire_omp_env_state;
    int unread = 0;
    if (__atomic_load_n(&e->ready, __ATOMIC_ACQUIRE) == 1)
        return e;
    if (__atomic_compare_exchange_n(&e->ready, &unread, -1, 0, __ATOMIC_ACQUIRE,
                                    __ATOMIC_ACQUIRE)) {
        inspire_omp_env_read(e);
        __atomic_store_n(&e->ready, 1, __ATOMIC_RELEASE);
    }
    while (__atomic_load_n(&e->ready, __ATOMIC_ACQUIRE) != 1)
        ; /* another thread is reading the environment */
    return e;
}

INSPIRE_OMP_ENV_FN int inspire_omp_env_max_levels(void) { return inspire_omp_env()->max_levels; }

INSPIRE_OMP_ENV_FN int inspire_omp_env_nthreads(int level)
{
    const struct inspire_omp_env *e = inspire_omp_env();
    return level >= 0 && level < e->n_nthreads ? e->nthreads[level] : 0;
}

INSPIRE_OMP_ENV_FN int inspire_omp_env_display_affinity(void)
{
    return inspire_omp_env()->display_affinity;
}

INSPIRE_OMP_ENV_FN int inspire_omp_env_offload_mandatory(void)
{
    return inspire_omp_env()->offload == 1;
}

INSPIRE_OMP_ENV_FN int inspire_omp_env_thread_limit(void)
{
    unsigned long limit = inspire_omp_env()->thread_limit;
    return limit < INT_MAX ? (int)limit : INT_MAX;
}

/* ---- run-sched-var: schedule(runtime), OMP_SCHEDULE, omp_set_schedule ------
 * As omp_get_schedule reports it: an omp_sched_t (1 static, 2 dynamic,
 * 3 guided, 4 auto, or-ed with the monotonic bit) and the chunk size;
 * libgomp's initial value, and its reading of OMP_SCHEDULE. */
static int inspire_omp_sched = omp_sched_dynamic;
static int inspire_omp_sched_chunk = 1;

/* No modifier given: the kind's own (a value no modifier has). */
enum { inspire_omp_sched_kind_modifier = 1 };

/* The text after the blanks at p: any isspace() character, as libgomp's
 * OMP_SCHEDULE parser skips (inspire_places_blank). */
static const char *inspire_omp_sched_blanks(const char *p)
{
    while (inspire_places_blank(*p))
        p++;
    return p;
}

/* If p starts with the word w (any case) followed by a non-letter, the text
 * after it, else NULL. */
static const char *inspire_omp_sched_word(const char *p, const char *w)
{
    size_t n = strlen(w);
    if (strncasecmp(p, w, n) != 0)
        return NULL;
    char c = p[n];
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' ? NULL : p + n;
}

/* OMP_SCHEDULE = [monotonic: | nonmonotonic:] kind [, chunk]; a malformed
 * value is reported on stderr (libgomp's line) and leaves the initial value.
 * Its priority runs it before the constructors without one, such as
 * inspire_omp_env_start below, which records the initial schedule for
 * omp_display_env. */
#ifdef INSPIRE_SERIAL_FN
INSPIRE_SERIAL_FN
#else
static
#endif
__attribute__((constructor(200))) void inspire_omp_sched_read(void)
{
    const char *v = getenv("OMP_SCHEDULE");
    if (!v)
        return;
    const char *p = inspire_omp_sched_blanks(v), *q;
    int modifier = inspire_omp_sched_kind_modifier;
    if ((q = inspire_omp_sched_word(p, "monotonic")) && *inspire_omp_sched_blanks(q) == ':') {
        modifier = omp_sched_monotonic;
        p = inspire_omp_sched_blanks(inspire_omp_sched_blanks(q) + 1);
    } else if ((q = inspire_omp_sched_word(p, "nonmonotonic")) &&
               *inspire_omp_sched_blanks(q) == ':') {
        modifier = 0;
        p = inspire_omp_sched_blanks(inspire_omp_sched_blanks(q) + 1);
    }
    static const char *const kinds[] = {"static", "dynamic", "guided", "auto"};
    int kind = 0;
    for (int k = 0; k < 4 && !kind; k++)
        if ((q = inspire_omp_sched_word(p, kinds[k])) != NULL) {
            kind = k + 1;
            p = inspire_omp_sched_blanks(q);
        }
    long chunk = kind == omp_sched_static ? 0 : 1;
    if (kind && *p == ',') {
        char *end;
        chunk = strtol(p + 1, &end, 10);
        if (end == p + 1 || *inspire_omp_sched_blanks(end) != '\0' || chunk > INT_MAX ||
            chunk < INT_MIN) {
            fprintf(stderr, INSPIRE_OMP_ENV_WHO ": Invalid value for chunk size in environment "
                            "variable OMP_SCHEDULE\n");
            return;
        }
        if (chunk == 0 && kind != omp_sched_static)
            chunk = 1;
    } else if (!kind || *p != '\0') {
        fprintf(stderr, INSPIRE_OMP_ENV_WHO ": Unknown value for environment variable "
                        "OMP_SCHEDULE\n");
        return;
    }
    if (modifier == inspire_omp_sched_kind_modifier) /* static is monotonic */
        modifier = kind == omp_sched_static ? omp_sched_monotonic : 0;
    inspire_omp_sched = kind | modifier;
    inspire_omp_sched_chunk = (int)chunk;
}

INSPIRE_OMP_ENV_FN void inspire_omp_run_sched(int *kind, int *chunk)
{
    *kind = __atomic_load_n(&inspire_omp_sched, __ATOMIC_RELAXED);
    *chunk = __atomic_load_n(&inspire_omp_sched_chunk, __ATOMIC_RELAXED);
}

void omp_set_schedule(omp_sched_t kind, int chunk_size)
{
    int k = (int)(kind & ~omp_sched_monotonic);
    if (k < 1 || k > 4)
        return; /* not a schedule kind: ignored */
    if (k != omp_sched_auto)
        __atomic_store_n(&inspire_omp_sched_chunk,
                         chunk_size >= 1 ? chunk_size : k == omp_sched_static ? 0 : 1,
                         __ATOMIC_RELAXED);
    __atomic_store_n(&inspire_omp_sched, (int)kind, __ATOMIC_RELAXED);
}

void omp_get_schedule(omp_sched_t *kind, int *chunk_size)
{
    int k;
    inspire_omp_run_sched(&k, chunk_size);
    *kind = (omp_sched_t)k;
}

/* default-device-var: OMP_DEFAULT_DEVICE until omp_set_default_device sets
 * it (a negative number sets 0, as libgomp 12 does); -1 while unset.  One
 * value for the program, like the runtime's other ICVs.  There is no
 * device besides the host: target regions run on the host whatever it is. */
static int inspire_omp_default_device = -1;

void omp_set_default_device(int device_num)
{
    __atomic_store_n(&inspire_omp_default_device, device_num >= 0 ? device_num : 0,
                     __ATOMIC_RELAXED);
}

int omp_get_default_device(void)
{
    int d = __atomic_load_n(&inspire_omp_default_device, __ATOMIC_RELAXED);
    return d >= 0 ? d : inspire_omp_env()->default_device;
}

static omp_allocator_handle_t inspire_omp_env_allocator(void) { return inspire_omp_env()->allocator; }

/* OMP_PLACES as libgomp 12 displays the place list: each place in braces,
 * its CPUs as runs "first" or "first:length", comma-separated. */
static void inspire_omp_env_places(FILE *f)
{
    int n = inspire_places_count();
    for (int p = 0; p < n; p++) {
        int k = inspire_places_cpus(p, NULL);
        int *ids = malloc((size_t)(k > 0 ? k : 1) * sizeof *ids);
        if (ids == NULL)
            return;
        inspire_places_cpus(p, ids);
        fputs(p ? ",{" : "{", f);
        for (int i = 0; i < k;) {
            int j = i + 1;
            while (j < k && ids[j] == ids[j - 1] + 1)
                j++;
            fprintf(f, j - i > 1 ? "%s%d:%d" : "%s%d", i ? "," : "", ids[i], j - i);
            i = j;
        }
        fputc('}', f);
        free(ids);
    }
}

/* Prints the initial ICVs the environment gave, on stderr, in libgomp 12's
 * order and format (verbose adds nothing: libgomp's verbose lines are its
 * own GOMP_* variables, which this runtime does not have). */
void omp_display_env(int verbose)
{
    static const char *const kinds[] = {"?", "STATIC", "DYNAMIC", "GUIDED", "AUTO"};
    static const char *const binds[] = {"FALSE", "TRUE", "MASTER", "CLOSE", "SPREAD"};
    static const char *const offload[] = {"DEFAULT", "MANDATORY", "DISABLED"};
    static const char *const allocators[] = {
        "omp_default_mem_alloc", "omp_large_cap_mem_alloc", "omp_const_mem_alloc",
        "omp_high_bw_mem_alloc", "omp_low_lat_mem_alloc",   "omp_cgroup_mem_alloc",
        "omp_pteam_mem_alloc",   "omp_thread_mem_alloc"};
    const struct inspire_omp_env *e = inspire_omp_env();
    (void)verbose;
    FILE *f = stderr;
    fputs("\nOPENMP DISPLAY ENVIRONMENT BEGIN\n  _OPENMP = '201511'\n", f);
    fprintf(f, "  OMP_DYNAMIC = '%s'\n", e->dynamic ? "TRUE" : "FALSE");
    fprintf(f, "  OMP_NESTED = '%s'\n", e->max_levels > 1 ? "TRUE" : "FALSE");
    fputs("  OMP_NUM_THREADS = '", f);
    if (e->n_nthreads == 0)
        fprintf(f, "%d", inspire_num_workers()); /* one in a serial-only unit */
    for (int i = 0; i < e->n_nthreads; i++)
        fprintf(f, i ? ",%d" : "%d", e->nthreads[i]);
    int monotonic = (unsigned)e->sched_kind >> 31, kind = e->sched_kind & 0x7fffffff;
    const char *modifier = kind == omp_sched_static ? (monotonic ? "" : "NONMONOTONIC:")
                                                    : (monotonic ? "MONOTONIC:" : "");
    fprintf(f, "'\n  OMP_SCHEDULE = '%s%s", modifier, kinds[kind >= 1 && kind <= 4 ? kind : 0]);
    if (kind != omp_sched_auto && e->sched_chunk != (kind == omp_sched_static ? 0 : 1))
        fprintf(f, ",%d", e->sched_chunk);
    fputs("'\n  OMP_PROC_BIND = '", f);
    int bind[64], nbind = inspire_places_bind_list(bind, 64);
    for (int i = 0; i < nbind && i < 64; i++)
        fprintf(f, "%s%s", i ? "," : "", binds[bind[i] >= 0 && bind[i] <= 4 ? bind[i] : 0]);
    fputs("'\n  OMP_PLACES = '", f);
    inspire_omp_env_places(f);
    fprintf(f, "'\n  OMP_STACKSIZE = '%llu'\n", e->stacksize);
    fprintf(f, "  OMP_WAIT_POLICY = '%s'\n", e->active_wait ? "ACTIVE" : "PASSIVE");
    fprintf(f, "  OMP_THREAD_LIMIT = '%lu'\n", e->thread_limit);
    fprintf(f, "  OMP_MAX_ACTIVE_LEVELS = '%d'\n", e->max_levels);
    fprintf(f, "  OMP_NUM_TEAMS = '%d'\n", omp_get_max_teams());
    fprintf(f, "  OMP_TEAMS_THREAD_LIMIT = '%d'\n", omp_get_teams_thread_limit());
    fprintf(f, "  OMP_CANCELLATION = '%s'\n", omp_get_cancellation() ? "TRUE" : "FALSE");
    fprintf(f, "  OMP_DEFAULT_DEVICE = '%d'\n", e->default_device);
    fprintf(f, "  OMP_MAX_TASK_PRIORITY = '%d'\n", omp_get_max_task_priority());
    fprintf(f, "  OMP_DISPLAY_AFFINITY = '%s'\n", e->display_affinity ? "TRUE" : "FALSE");
    const char *format = getenv("OMP_AFFINITY_FORMAT");
    fprintf(f, "  OMP_AFFINITY_FORMAT = '%s'\n",
            format != NULL ? format : "level %L thread %i affinity %A");
    int a = (int)(omp_uintptr_t)e->allocator;
    fprintf(f, "  OMP_ALLOCATOR = '%s'\n", allocators[a >= 1 && a <= 8 ? a - 1 : 0]);
    fprintf(f, "  OMP_TARGET_OFFLOAD = '%s'\n", offload[e->offload]);
    fputs("OPENMP DISPLAY ENVIRONMENT END\n", f);
}

/* The environment is read (and warned about) when the program starts, and
 * displayed then when OMP_DISPLAY_ENV asks.  In the work-stealing runtime
 * the runtime is started first (its workers are the default
 * OMP_NUM_THREADS; starting twice does nothing), and region.c's reader of
 * OMP_SCHEDULE, a constructor of an earlier priority, has run. */
#ifdef INSPIRE_SERIAL_FN
INSPIRE_SERIAL_FN
#else
static
#endif
__attribute__((constructor)) void inspire_omp_env_start(void)
{
    if (inspire_omp_env()->display) {
#ifndef INSPIRE_SERIAL_FN
        inspire_start();
#endif
        omp_display_env(inspire_omp_env()->display == 2);
    }
}

#else
typedef int inspire_omp_host_api_disabled_t;
#endif

