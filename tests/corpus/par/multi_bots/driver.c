/* Multi-file parallel program, driver part (BOTS style): getopt-based option
 * parsing, timing with gettimeofday (measured but not printed, to keep the
 * output deterministic), running the parallel kernel inside
 * parallel/single, and self-verification against the sequential kernel. */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/time.h>
#include <unistd.h>

#include "bots.h"

struct bots_params bots_arg = {16, 4, 0};

static double wall_seconds(void)
{
    struct timeval tv;
    gettimeofday(&tv, NULL);
    return (double)tv.tv_sec + (double)tv.tv_usec * 1e-6;
}

static void usage(const char *prog)
{
    printf("usage: %s [-n items] [-c cutoff] [-v]\n", prog);
}

int main(int argc, char **argv)
{
    int opt;
    while ((opt = getopt(argc, argv, "n:c:vh")) != -1) {
        switch (opt) {
        case 'n':
            bots_arg.size = atoi(optarg);
            break;
        case 'c':
            bots_arg.cutoff = atoi(optarg);
            break;
        case 'v':
            bots_arg.verbose = 1;
            break;
        case 'h':
        default:
            usage(argv[0]);
            return 2;
        }
    }
    printf("Program: subset-sum count, items=%d cutoff=%d\n", bots_arg.size, bots_arg.cutoff);
    kernel_init(bots_arg.size);

    long par_result = 0;
    double t0 = wall_seconds();
    #pragma omp parallel
    #pragma omp single
    par_result = kernel_parallel();
    double t1 = wall_seconds();

    long seq_result = kernel_sequential();
    kernel_fini();

    printf("Result: %ld subsets\n", par_result);
    if (bots_arg.verbose)
        printf("Tasks created: %ld\n", bots_tasks_created);
    printf("Time measured: %s\n", t1 >= t0 ? "yes" : "no");
    int ok = par_result == seq_result;
    printf("Verification: %s\n", ok ? "SUCCESSFUL" : "UNSUCCESSFUL");
    return ok ? 0 : 1;
}
