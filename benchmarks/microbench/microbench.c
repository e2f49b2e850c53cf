/*
 * microbench.c - n independent tasks of work m (after the OMPTB benchmark
 * of paper 004, sections 3-4).
 *
 * Strategies (-S):
 *   master    one thread of the parallel region creates all n tasks, every
 *             thread executes them (MasterTask)
 *   parallel  the iterations of a worksharing loop are divided among the
 *             threads and each thread creates the tasks of its iterations
 *             (ParallelTask)
 *   for       the same n calls in a worksharing loop, no tasks: the
 *             baseline (ParallelFor)
 *
 * Work per task: m iterations of mb_add_bench (work.c, linked from a
 * library compiled once with gcc, so every variant runs the same task
 * code).  With -l LAMBDA > 0 the work is heterogeneous: k = 10000 task
 * sizes are drawn beforehand from an exponential distribution with rate
 * LAMBDA (mean 1/LAMBDA iterations) and task i uses size i mod k.
 *
 * Every task records, in a cache-line sized slot of the thread that runs
 * it, the number of tasks and the total work it ran (the per-thread task
 * counts of paper 004 section 5.3) and stores its result there, so the
 * call cannot be removed.  With -T FILE every task also records its start
 * and end time and the thread that ran it, written as CSV after the run.
 *
 * Output, one item per line (the same "Key: value" form as the benchmark
 * driver):
 *     Benchmark: microbench
 *     Size: strategy=master n=100000 m=1 lambda=0
 *     Threads: 2
 *     Checksum: tasks=100000 work=100000
 *     Verification: successful
 *     Tasks per thread: 50123 49877
 *     Time: 0.001234 s
 * The time covers the parallel region that creates and runs the tasks
 * (the threads are started by an untimed region before it).
 * Exit status: 0, 1 if a task was lost or ran twice, 2 on bad usage.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#ifdef _OPENMP
#include <omp.h>
#endif

#include "work.h"

#define MB_MAX_THREADS 256
#define MB_NSIZES 10000

#define MB_MASTER 0
#define MB_PARALLEL 1
#define MB_FOR 2

/* one thread's counters, padded to a cache line of its own */
typedef struct mb_slot {
    long tasks;
    long work;
    double result;
    char pad[104]; /* 128 bytes: a line of its own whatever the alignment */
} mb_slot;

/* one task's entry in the trace */
typedef struct mb_event {
    int thread;
    double start;
    double end;
} mb_event;

static const char *strategy_names[3] = {"master", "parallel", "for"};

static mb_slot slots[MB_MAX_THREADS];
static long sizes[MB_NSIZES];
static mb_event *trace;
static long n_tasks = 100000;
static long work_m = 1;
static double lambda = 0.0;
static double t_origin;

static double mb_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static int mb_thread(void)
{
#ifdef _OPENMP
    return omp_get_thread_num();
#else
    return 0;
#endif
}

static int mb_threads(void)
{
#ifdef _OPENMP
    return omp_get_max_threads();
#else
    return 1;
#endif
}

/* splitmix64: the task sizes do not depend on the C library's rand() */
static unsigned long long mb_next(unsigned long long *state)
{
    unsigned long long z;
    *state += 0x9E3779B97F4A7C15ULL;
    z = *state;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

/* k task sizes from the exponential distribution with rate lambda, at least 1 */
static void mb_draw_sizes(unsigned long long seed)
{
    unsigned long long state = seed;
    long i;
    for (i = 0; i < MB_NSIZES; i++) {
        /* u in (0, 1]: 53 random bits */
        double u = ((double)(mb_next(&state) >> 11) + 1.0) / 9007199254740992.0;
        long m = (long)floor(-log(u) / lambda + 0.5);
        sizes[i] = m < 1 ? 1 : m;
    }
}

static long mb_work_of(long i)
{
    return lambda > 0.0 ? sizes[i % MB_NSIZES] : work_m;
}

static void mb_task(long i, long m)
{
    int t = mb_thread();
    double start = 0.0;
    if (trace != NULL) {
        start = mb_now();
    }
    slots[t].result = mb_add_bench(m);
    slots[t].tasks++;
    slots[t].work += m;
    if (trace != NULL) {
        trace[i].thread = t;
        trace[i].start = start - t_origin;
        trace[i].end = mb_now() - t_origin;
    }
}

static void run_master(void)
{
#pragma omp parallel
    {
#pragma omp master
        {
            long i;
            for (i = 0; i < n_tasks; i++) {
                long m = mb_work_of(i);
#pragma omp task firstprivate(i, m)
                mb_task(i, m);
            }
#pragma omp taskwait
        }
    }
}

static void run_parallel(void)
{
#pragma omp parallel
    {
        long i;
#pragma omp for schedule(static)
        for (i = 0; i < n_tasks; i++) {
            long m = mb_work_of(i);
#pragma omp task firstprivate(i, m)
            mb_task(i, m);
        }
#pragma omp taskwait
    }
}

static void run_for(void)
{
#pragma omp parallel
    {
        long i;
#pragma omp for schedule(static)
        for (i = 0; i < n_tasks; i++) {
            mb_task(i, mb_work_of(i));
        }
    }
}

/* starts the threads of every runtime before the timed region */
static void warm_up(void)
{
#pragma omp parallel
    {
        slots[mb_thread()].result = 0.0;
    }
}

static void usage(const char *prog)
{
    printf("Usage: %s [-S master|parallel|for] [-n TASKS] [-m WORK] [-l LAMBDA] "
           "[-r SEED] [-T TRACE.csv]\n",
           prog);
    printf("  -S  task creation strategy (default master)\n");
    printf("  -n  number of tasks (default 100000)\n");
    printf("  -m  work per task, iterations (default 1)\n");
    printf("  -l  > 0: heterogeneous work, exponential with this rate (mean 1/LAMBDA)\n");
    printf("  -r  seed of the heterogeneous task sizes (default 1)\n");
    printf("  -T  write the per-task trace (task,thread,start_s,end_s) to this file\n");
}

static long parse_long(const char *text, long min, const char *prog)
{
    char *end;
    long v = strtol(text, &end, 10);
    if (end == text || *end != '\0' || v < min) {
        usage(prog);
        exit(2);
    }
    return v;
}

static void write_trace(const char *path)
{
    FILE *f = fopen(path, "w");
    long i;
    if (f == NULL) {
        fprintf(stderr, "microbench: cannot write %s\n", path);
        exit(2);
    }
    fprintf(f, "task,thread,start_s,end_s\n");
    for (i = 0; i < n_tasks; i++) {
        fprintf(f, "%ld,%d,%.9f,%.9f\n", i, trace[i].thread, trace[i].start, trace[i].end);
    }
    fclose(f);
}

int main(int argc, char **argv)
{
    const char *trace_path = NULL;
    unsigned long long seed = 1;
    int strategy = MB_MASTER;
    int threads = mb_threads();
    long expected_work = 0;
    long tasks = 0;
    long work = 0;
    double t0;
    double t1;
    char *end;
    long i;
    int opt;
    int t;

    while ((opt = getopt(argc, argv, "S:n:m:l:r:T:h")) != -1) {
        if (opt == 'S') {
            for (strategy = 0; strategy < 3; strategy++) {
                if (strcmp(optarg, strategy_names[strategy]) == 0) {
                    break;
                }
            }
            if (strategy == 3) {
                usage(argv[0]);
                return 2;
            }
        } else if (opt == 'n') {
            n_tasks = parse_long(optarg, 1, argv[0]);
        } else if (opt == 'm') {
            work_m = parse_long(optarg, 0, argv[0]);
        } else if (opt == 'l') {
            lambda = strtod(optarg, &end);
            if (end == optarg || *end != '\0' || lambda < 0.0) {
                usage(argv[0]);
                return 2;
            }
        } else if (opt == 'r') {
            seed = (unsigned long long)parse_long(optarg, 0, argv[0]);
        } else if (opt == 'T') {
            trace_path = optarg;
        } else if (opt == 'h') {
            usage(argv[0]);
            return 0;
        } else {
            usage(argv[0]);
            return 2;
        }
    }
    if (optind < argc || threads > MB_MAX_THREADS) {
        usage(argv[0]);
        return 2;
    }
    if (lambda > 0.0) {
        mb_draw_sizes(seed);
    }
    for (i = 0; i < n_tasks; i++) {
        expected_work += mb_work_of(i);
    }
    if (trace_path != NULL) {
        trace = (mb_event *)calloc((size_t)n_tasks, sizeof(mb_event));
        if (trace == NULL) {
            fprintf(stderr, "microbench: out of memory\n");
            return 2;
        }
    }

    warm_up();
    memset(slots, 0, sizeof slots);
    t0 = mb_now();
    t_origin = t0;
    if (strategy == MB_MASTER) {
        run_master();
    } else if (strategy == MB_PARALLEL) {
        run_parallel();
    } else {
        run_for();
    }
    t1 = mb_now();

    for (t = 0; t < MB_MAX_THREADS; t++) {
        tasks += slots[t].tasks;
        work += slots[t].work;
    }
    printf("Benchmark: microbench\n");
    printf("Size: strategy=%s n=%ld m=%ld lambda=%g\n", strategy_names[strategy], n_tasks,
           lambda > 0.0 ? 0 : work_m, lambda);
    printf("Threads: %d\n", threads);
    printf("Checksum: tasks=%ld work=%ld\n", n_tasks, expected_work);
    printf("Verification: %s\n",
           tasks == n_tasks && work == expected_work ? "successful" : "failed");
    printf("Tasks per thread:");
    for (t = 0; t < threads; t++) {
        printf(" %ld", slots[t].tasks);
    }
    printf("\n");
    printf("Time: %.6f s\n", t1 - t0);
    if (trace_path != NULL) {
        write_trace(trace_path);
        free(trace);
    }
    return tasks == n_tasks && work == expected_work ? 0 : 1;
}
