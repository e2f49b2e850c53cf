/*
 * driver.c - shared main() of all benchmark kernels (see bench.h).
 *
 * Usage: prog [-s test|medium|paper] [-c] [-h] [-<letter> value ...]
 *
 * Output (one item per line):
 *     Benchmark: NAME
 *     Size: n=35 ...
 *     Threads: N
 *     Checksum: ...
 *     Verification: successful|failed|not performed
 *     Time: X.XXXXXX s
 * Exit status: 0 on success, 1 if verification failed, 2 on bad usage.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/time.h>
#ifdef _OPENMP
#include <omp.h>
#endif

#include "bench.h"

static const char *size_names[BENCH_NSIZES] = {"test", "medium", "paper"};

long bench_arg(int i)
{
    return (long)bench_params[i].value;
}

double bench_argf(int i)
{
    return bench_params[i].value;
}

double bench_now(void)
{
    struct timeval tv;
    gettimeofday(&tv, NULL);
    return (double)tv.tv_sec + (double)tv.tv_usec * 1e-6;
}

void bench_fatal(const char *msg)
{
    fprintf(stderr, "%s: %s\n", bench_name, msg);
    exit(2);
}

void *bench_malloc(size_t size)
{
    void *p = malloc(size > 0 ? size : 1);
    if (p == NULL) {
        bench_fatal("out of memory");
    }
    return p;
}

static void usage(const char *prog)
{
    int i;
    int s;
    printf("Usage: %s [options]\n", prog);
    printf("Benchmark %s\n", bench_name);
    printf("  -s CLASS   size class: test, medium (default) or paper\n");
    printf("  -c         verify the result\n");
    printf("  -h         this help\n");
    for (i = 0; i < bench_nparams; i++) {
        printf("  -%c VALUE   %s (%s; defaults", bench_params[i].opt, bench_params[i].help,
               bench_params[i].name);
        for (s = 0; s < BENCH_NSIZES; s++) {
            printf(" %s=%.15g", size_names[s], bench_params[i].sizes[s]);
        }
        printf(")\n");
    }
}

static int find_param(int opt)
{
    int i;
    for (i = 0; i < bench_nparams; i++) {
        if (bench_params[i].opt == opt) {
            return i;
        }
    }
    return -1;
}

int main(int argc, char **argv)
{
    char optstring[128];
    char checksum[256];
    int set[64];
    double given[64];
    int size = BENCH_SIZE_MEDIUM;
    int check = 0;
    int verified = BENCH_NOT_PERFORMED;
    int len = 0;
    int threads = 1;
    int opt;
    int i;
    double t0;
    double t1;
    char *end;

    if (bench_nparams > 60) {
        bench_fatal("too many parameters");
    }
    optstring[len++] = 's';
    optstring[len++] = ':';
    optstring[len++] = 'c';
    optstring[len++] = 'h';
    for (i = 0; i < bench_nparams; i++) {
        optstring[len++] = bench_params[i].opt;
        optstring[len++] = ':';
        set[i] = 0;
        given[i] = 0.0;
    }
    optstring[len] = '\0';

    while ((opt = getopt(argc, argv, optstring)) != -1) {
        if (opt == 's') {
            for (size = 0; size < BENCH_NSIZES; size++) {
                if (strcmp(optarg, size_names[size]) == 0) {
                    break;
                }
            }
            if (size == BENCH_NSIZES) {
                usage(argv[0]);
                bench_fatal("unknown size class");
            }
        } else if (opt == 'c') {
            check = 1;
        } else if (opt == 'h') {
            usage(argv[0]);
            return 0;
        } else {
            i = find_param(opt);
            if (i < 0) {
                usage(argv[0]);
                return 2;
            }
            given[i] = strtod(optarg, &end);
            if (end == optarg || *end != '\0') {
                usage(argv[0]);
                bench_fatal("bad numeric argument");
            }
            set[i] = 1;
        }
    }
    if (optind < argc) {
        usage(argv[0]);
        bench_fatal("unexpected argument");
    }
    for (i = 0; i < bench_nparams; i++) {
        bench_params[i].value = set[i] ? given[i] : bench_params[i].sizes[size];
    }
#ifdef _OPENMP
    threads = omp_get_max_threads();
#elif defined(BENCH_THREADS_FROM_ENV)
    /* thread pools other than OpenMP (oneTBB) honour OMP_NUM_THREADS too */
    threads = (int)sysconf(_SC_NPROCESSORS_ONLN);
    if (getenv("OMP_NUM_THREADS") != NULL && atoi(getenv("OMP_NUM_THREADS")) > 0) {
        threads = atoi(getenv("OMP_NUM_THREADS"));
    }
#endif

    bench_init();
    t0 = bench_now();
    bench_run();
    t1 = bench_now();
    if (check) {
        bench_run_serial();
        verified = bench_verify();
    }
    checksum[0] = '\0';
    bench_checksum(checksum, sizeof checksum);

    printf("Benchmark: %s\n", bench_name);
    printf("Size: %s", size_names[size]);
    for (i = 0; i < bench_nparams; i++) {
        printf(" %s=%.15g", bench_params[i].name, bench_params[i].value);
    }
    printf("\n");
    printf("Threads: %d\n", threads);
    printf("Checksum: %s\n", checksum);
    printf("Verification: %s\n", verified == BENCH_SUCCESSFUL ? "successful"
                                 : verified == BENCH_FAILED   ? "failed"
                                                              : "not performed");
    printf("Time: %.6f s\n", t1 - t0);
    bench_free();
    return verified == BENCH_FAILED ? 1 : 0;
}
