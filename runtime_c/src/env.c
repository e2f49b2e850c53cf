/*
 * env.c -- environment parsing and thread pinning (see env.h).
 */
#include "internal.h"

#include "env.h"

#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "deque.h"
#include "inspire_rt_config.h"
#include "places.h"
#include "priority.h"

static int pin_policy;
static int pin_ncpus;
static int pin_order[CPU_SETSIZE];
/* Pinning by places (the policy came from OMP_PROC_BIND or OMP_PLACES and
 * there are places): worker id is bound to the CPUs of place
 * pin_place[id], the place inspire_places_step gives thread id of a team
 * of all the workers started by worker 0 on place 0. */
static int pin_by_places;
static int pin_place[INSPIRE_MAX_WORKERS];
static int placed_workers = 1; /* the pool's size, when pin_place is set */
static cpu_set_t proc_mask; /* affinity mask of the process at start-up */
static int have_proc_mask;

static void invalid(const char *var, const char *value, const char *accepted) {
    fprintf(stderr, "inspire runtime: invalid value '%s' for %s (accepted: %s)\n", value, var,
            accepted);
    exit(2);
}

/* Narrows *s[0..*len) to the text between the blanks around it
 * (inspire_places_blank: any isspace() character, as libgomp). */
static void trim_blanks(const char **s, size_t *len) {
    while (*len > 0 && inspire_places_blank(**s)) {
        (*s)++;
        (*len)--;
    }
    while (*len > 0 && inspire_places_blank((*s)[*len - 1]))
        (*len)--;
}

/* The integer in 1..max spelled by s[0..len) (blanks around it allowed),
 * or 0 if s spells none. */
static int parse_count(const char *s, size_t len, int max) {
    char buf[32];
    trim_blanks(&s, &len);
    if (len == 0 || len >= sizeof buf)
        return 0;
    memcpy(buf, s, len);
    buf[len] = '\0';
    for (size_t i = 0; i < len; i++)
        if (buf[i] < '0' || buf[i] > '9')
            return 0;
    errno = 0;
    long v = strtol(buf, NULL, 10);
    return errno || v < 1 || v > max ? 0 : (int)v;
}

static int parse_positive(const char *var, const char *value, int max) {
    char accepted[96];
    snprintf(accepted, sizeof accepted, "an integer from 1 to %d", max);
    int v = parse_count(value, strlen(value), max);
    if (!v)
        invalid(var, value, accepted);
    return v;
}

/* libgomp's warning for an OpenMP variable whose value it does not accept
 * (the value is then ignored and the default used). */
static void omp_invalid(const char *var) {
    fprintf(stderr, "inspire runtime: Invalid value for environment variable %s\n", var);
}

/* OMP_DYNAMIC as libgomp reads a boolean variable: true or false in any
 * case, blanks around it allowed; anything else is warned about and reads
 * as false. */
static int parse_omp_bool(const char *var, const char *value) {
    const char *s = value;
    size_t len = strlen(s);
    trim_blanks(&s, &len);
    if (len == 4 && !strncasecmp(s, "true", 4))
        return 1;
    if (!(len == 5 && !strncasecmp(s, "false", 5)))
        omp_invalid(var);
    return 0;
}

static int parse_bool(const char *var, const char *value) {
    if (!strcmp(value, "1") || !strcasecmp(value, "true"))
        return 1;
    if (!strcmp(value, "0") || !strcasecmp(value, "false"))
        return 0;
    invalid(var, value, "0, 1, true, false");
    return 0;
}

static int cpu_count(void) {
    cpu_set_t set;
    if (sched_getaffinity(0, sizeof set, &set) == 0) {
        int n = CPU_COUNT(&set);
        if (n > 0)
            return n;
    }
    return 1;
}

static int read_topology(int cpu, const char *what) {
    char path[128];
    snprintf(path, sizeof path, "/sys/devices/system/cpu/cpu%d/topology/%s", cpu, what);
    FILE *f = fopen(path, "r");
    if (!f)
        return 0;
    int v = 0;
    if (fscanf(f, "%d", &v) != 1)
        v = 0;
    fclose(f);
    return v;
}

typedef struct cpu_key {
    int cpu, k1, k2, k3;
} cpu_key_t;

static int cmp_key(const void *a, const void *b) {
    const cpu_key_t *x = a, *y = b;
    if (x->k1 != y->k1)
        return x->k1 < y->k1 ? -1 : 1;
    if (x->k2 != y->k2)
        return x->k2 < y->k2 ? -1 : 1;
    if (x->k3 != y->k3)
        return x->k3 < y->k3 ? -1 : 1;
    return x->cpu < y->cpu ? -1 : x->cpu > y->cpu;
}

/* compact: fill a core's hardware threads, then the next core of the same
 * package; scatter: one hardware thread per core first, alternating packages. */
static void compute_order(int policy) {
    cpu_set_t set;
    pin_ncpus = 0;
    if (sched_getaffinity(0, sizeof set, &set) != 0)
        return;
    static cpu_key_t keys[CPU_SETSIZE];
    static int pkg[CPU_SETSIZE], core[CPU_SETSIZE], rank[CPU_SETSIZE];
    int n = 0;
    for (int c = 0; c < CPU_SETSIZE; c++) {
        if (!CPU_ISSET(c, &set))
            continue;
        pkg[n] = read_topology(c, "physical_package_id");
        core[n] = read_topology(c, "core_id");
        rank[n] = 0;
        for (int j = 0; j < n; j++)
            if (pkg[j] == pkg[n] && core[j] == core[n])
                rank[n]++;
        keys[n].cpu = c;
        n++;
    }
    for (int i = 0; i < n; i++) {
        if (policy == INSPIRE_AFFINITY_SCATTER) {
            int pos = 0; /* cores of the same package with a smaller id */
            for (int j = 0; j < n; j++)
                if (pkg[j] == pkg[i] && rank[j] == 0 && core[j] < core[i])
                    pos++;
            keys[i].k1 = rank[i];
            keys[i].k2 = pos;
            keys[i].k3 = pkg[i];
        } else {
            keys[i].k1 = pkg[i];
            keys[i].k2 = core[i];
            keys[i].k3 = rank[i];
        }
    }
    qsort(keys, (size_t)n, sizeof keys[0], cmp_key);
    for (int i = 0; i < n; i++)
        pin_order[i] = keys[i].cpu;
    pin_ncpus = n;
}

int inspire_env_queue_limit(const inspire_env_t *e) {
    return INSPIRE_DEQUE_PUSH_FRONT && e->num_workers == 1 && inspire_max_task_priority() == 0
               ? 1
               : INSPIRE_QUEUE_SIZE;
}

void inspire_env_limit_workers(inspire_env_t *e, int thread_limit) {
    if (e->num_workers <= thread_limit || !strcmp(e->num_workers_from, "INSPIRE_NUM_WORKERS"))
        return;
    e->num_workers = thread_limit;
    e->num_workers_from = "OMP_THREAD_LIMIT";
}

void inspire_env_read(inspire_env_t *e) {
    memset(e, 0, sizeof *e);
    e->cpus_available = cpu_count();
    const char *v;
    /* OMP_NUM_THREADS is checked (and warned about) even when
     * INSPIRE_NUM_WORKERS decides the workers: it still gives the default
     * team size (nthreads_var), as libgomp's omp_get_max_threads() answers */
    const char *omp = getenv("OMP_NUM_THREADS");
    /* the first element (the outermost level) counts, since nested regions
     * run with one thread, capped at the workers the runtime can have */
    int first = 0;
    int omp_workers = 0;
    if (omp != NULL && inspire_nthreads_list(omp, &first, 1) > 0)
        omp_workers = first < INSPIRE_MAX_WORKERS ? first : INSPIRE_MAX_WORKERS;
    if (omp != NULL && omp_workers == 0)
        omp_invalid("OMP_NUM_THREADS");
    if ((v = getenv("INSPIRE_NUM_WORKERS")) != NULL) {
        e->num_workers = parse_positive("INSPIRE_NUM_WORKERS", v, INSPIRE_MAX_WORKERS);
        e->num_workers_from = "INSPIRE_NUM_WORKERS";
    } else if (omp_workers > 0) {
        e->num_workers = omp_workers;
        e->num_workers_from = "OMP_NUM_THREADS";
    } else {
        e->num_workers = e->cpus_available < INSPIRE_MAX_WORKERS ? e->cpus_available
                                                                 : INSPIRE_MAX_WORKERS;
        e->num_workers_from = "affinity mask";
    }
    e->nthreads_var = omp_workers > 0 ? omp_workers : e->num_workers;
    e->affinity = INSPIRE_AFFINITY_NONE;
    e->affinity_from = "default";
    if ((v = getenv("INSPIRE_AFFINITY")) != NULL) {
        if (!strcmp(v, "none"))
            e->affinity = INSPIRE_AFFINITY_NONE;
        else if (!strcmp(v, "compact"))
            e->affinity = INSPIRE_AFFINITY_COMPACT;
        else if (!strcmp(v, "scatter"))
            e->affinity = INSPIRE_AFFINITY_SCATTER;
        else
            invalid("INSPIRE_AFFINITY", v, "none, compact, scatter");
        e->affinity_from = "INSPIRE_AFFINITY";
    } else if ((v = getenv("OMP_PROC_BIND")) != NULL || getenv("OMP_PLACES") != NULL) {
        /* places.c decides, as libgomp does: workers are bound to places
         * exactly when there are places (bind-var true, or false with a
         * warning for a value libgomp rejects, such as an unknown policy
         * name or an invalid OMP_PLACES alone). */
        e->affinity_from = v != NULL ? "OMP_PROC_BIND" : "OMP_PLACES";
        e->places = inspire_places_count();
        if (e->places > 0) {
            e->affinity = inspire_places_bind(0) == INSPIRE_BIND_SPREAD ? INSPIRE_AFFINITY_SCATTER
                                                                         : INSPIRE_AFFINITY_COMPACT;
            pin_by_places = 1;
            placed_workers = e->num_workers;
            for (int id = 0; id < e->num_workers; id++) {
                int off = 0, len = e->places;
                pin_place[id] = 0;
                inspire_places_step(inspire_places_bind(0), e->num_workers, id, &pin_place[id],
                                    &off, &len);
            }
        }
    }
    if ((v = getenv("INSPIRE_DISPLAY_ENV")) != NULL)
        e->display = parse_bool("INSPIRE_DISPLAY_ENV", v);
    if ((v = getenv("INSPIRE_STATS")) != NULL)
        e->stats = parse_bool("INSPIRE_STATS", v);
    if ((v = getenv("OMP_DYNAMIC")) != NULL)
        e->dynamic = parse_omp_bool("OMP_DYNAMIC", v);
    if ((v = getenv("INSPIRE_TRACE")) != NULL) {
        if (!*v)
            invalid("INSPIRE_TRACE", v, "a writable file path");
        e->trace_path = v;
    }
    pin_policy = e->affinity;
    have_proc_mask = sched_getaffinity(0, sizeof proc_mask, &proc_mask) == 0;
    if (pin_policy != INSPIRE_AFFINITY_NONE && !pin_by_places)
        compute_order(pin_policy);
}

/* The place of worker id: an added worker (id >= the pool's size) takes
 * that of pool worker id mod the pool's size. */
static int worker_place(int id) { return pin_place[id % placed_workers]; }

/* The CPUs of worker id's place into *set; 0 if the place has none. */
static int place_set(int id, cpu_set_t *set) {
    int ids[CPU_SETSIZE], n = inspire_places_cpus(worker_place(id), NULL);
    CPU_ZERO(set);
    if (n <= 0 || n > CPU_SETSIZE)
        return 0;
    inspire_places_cpus(worker_place(id), ids);
    for (int i = 0; i < n; i++)
        if (ids[i] < CPU_SETSIZE)
            CPU_SET(ids[i], set);
    return CPU_COUNT(set) > 0;
}

/* The CPU worker `id` starts on: its pinned CPU, or without pinning the
 * id-th CPU of the affinity mask after the one the main thread runs on. */
static int start_cpu(int id, const cpu_set_t *mask) {
    if (pin_policy != INSPIRE_AFFINITY_NONE)
        return pin_ncpus ? pin_order[id % pin_ncpus] : -1;
    int n = CPU_COUNT(mask), here = sched_getcpu(), first = 0;
    if (n == 0)
        return -1;
    for (int c = 0; c < CPU_SETSIZE && c < here; c++)
        first += CPU_ISSET(c, mask) != 0;
    int want = (first + id) % n;
    for (int c = 0; c < CPU_SETSIZE; c++)
        if (CPU_ISSET(c, mask) && want-- == 0)
            return c;
    return -1;
}

/* Without a binding policy the first workers, one per CPU, start on CPUs of
 * their own (their first touches spread over the CPUs) and are freed once
 * running (inspire_env_pin_thread); a worker beyond them (a team wider than
 * the machine) starts wherever the kernel puts it. */
static int starts_placed(int id) {
    return have_proc_mask && id < CPU_COUNT(&proc_mask);
}

void inspire_env_place_thread(pthread_attr_t *attr, int id) {
    cpu_set_t set;
    if (pin_by_places) {
        if (place_set(id, &set))
            pthread_attr_setaffinity_np(attr, sizeof set, &set);
        return;
    }
    if (!have_proc_mask || (pin_policy == INSPIRE_AFFINITY_NONE && !starts_placed(id)))
        return;
    int cpu = start_cpu(id, &proc_mask);
    if (cpu < 0)
        return;
    CPU_ZERO(&set);
    CPU_SET(cpu, &set);
    pthread_attr_setaffinity_np(attr, sizeof set, &set);
}

void inspire_env_pin_thread(int id) {
    if (pin_by_places) {
        cpu_set_t set;
        if (place_set(id, &set) && pthread_setaffinity_np(pthread_self(), sizeof set, &set) == 0)
            inspire_places_set_self(worker_place(id));
        return;
    }
    if (pin_policy == INSPIRE_AFFINITY_NONE) {
        /* Started on one CPU by inspire_env_place_thread: free it again. */
        if (id != 0 && starts_placed(id))
            pthread_setaffinity_np(pthread_self(), sizeof proc_mask, &proc_mask);
        return;
    }
    if (pin_ncpus == 0)
        return;
    cpu_set_t set;
    CPU_ZERO(&set);
    CPU_SET(pin_order[id % pin_ncpus], &set);
    pthread_setaffinity_np(pthread_self(), sizeof set, &set);
}

static const char *policy_name(int p) {
    switch (p) {
    case INSPIRE_PUSH_BACK_STEAL_BACK:
        return "push back / steal back";
    case INSPIRE_PUSH_FRONT_STEAL_BACK:
        return "push front / steal back";
    case INSPIRE_PUSH_BACK_STEAL_FRONT:
        return "push back / steal front";
    default:
        return "push front / steal front";
    }
}

void inspire_env_display(FILE *f, const inspire_env_t *e) {
    static const char *aff[] = {"none", "compact", "scatter"};
    fprintf(f, "INSPIRE RUNTIME CONFIGURATION BEGIN\n");
    fprintf(f, "  INSPIRE_QUEUE_POLICY = %d (%s)\n", INSPIRE_QUEUE_POLICY,
            policy_name(INSPIRE_QUEUE_POLICY));
    fprintf(f, "  INSPIRE_QUEUE_SIZE = %d items\n", INSPIRE_QUEUE_SIZE);
    fprintf(f, "  INSPIRE_EVENT_TABLE_BUCKETS = %d\n", INSPIRE_EVENT_TABLE_BUCKETS);
    fprintf(f, "  INSPIRE_PARAM_BUFFER_BYTES = %d bytes\n", INSPIRE_PARAM_BUFFER_BYTES);
    fprintf(f, "  INSPIRE_STACK_BYTES = %lu bytes\n", (unsigned long)INSPIRE_STACK_BYTES);
    fprintf(f, "  INSPIRE_CONTEXT_ASM = %d\n", INSPIRE_CONTEXT_ASM);
    fprintf(f, "  INSPIRE_MAX_WORKERS = %d\n", INSPIRE_MAX_WORKERS);
    fprintf(f, "  INSPIRE_MAX_THREADS = %d\n", INSPIRE_MAX_THREADS);
    fprintf(f, "  INSPIRE_IDLE_SPIN_US = %d us\n", INSPIRE_IDLE_SPIN_US);
    fprintf(f, "  INSPIRE_IDLE_BACKOFF_US = %d us\n", INSPIRE_IDLE_BACKOFF_US);
    fprintf(f, "  workers = %d (from %s)\n", e->num_workers, e->num_workers_from);
    int queue_limit = inspire_env_queue_limit(e);
    fprintf(f, "  queue capacity = %d (from %s)\n", queue_limit,
            queue_limit < INSPIRE_QUEUE_SIZE ? "one worker under push front"
                                             : "INSPIRE_QUEUE_SIZE");
    fprintf(f, "  affinity = %s (from %s)\n", aff[e->affinity], e->affinity_from);
    fprintf(f, "  places = %d\n", e->places);
    fprintf(f, "  cpus available = %d\n", e->cpus_available);
    fprintf(f, "  stats = %d\n", e->stats);
    fprintf(f, "  trace = %s\n", e->trace_path ? e->trace_path : "(none)");
    fprintf(f, "  dynamic = %d\n", e->dynamic);
    fprintf(f, "INSPIRE RUNTIME CONFIGURATION END\n");
}
