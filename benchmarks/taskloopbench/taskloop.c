/*
 * taskloop.c - the taskloop micro-benchmark (issue #16).
 *
 * One thread of a parallel region runs `#pragma omp taskloop grainsize(g)`
 * over n iterations, each adding m numbers (mb_add_bench from
 * ../microbench/work.c, compiled once with gcc into a shared library that
 * every variant links, so the variants differ only in how the range is
 * split into tasks and scheduled).  Iteration i writes out[i]; no iteration
 * synchronises.  The timed part is r parallel regions holding the taskloop,
 * after a warm-up region has started the threads; medians over processes
 * are the harness's business.  Prints "Time: S s" (the mean per region over the r
 * repetitions) and "Check: ok" when every iteration ran exactly once per
 * repetition (exit status 1 otherwise).
 */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

#include "../microbench/work.h"

static long n = 100000, grain = 16, work = 1, reps = 10;
static double *out;

static void run_once(void)
{
#pragma omp parallel
#pragma omp single
    {
#pragma omp taskloop grainsize(grain)
        for (long i = 0; i < n; i++)
            out[i] += mb_add_bench(work) + 1.0;
    }
}

int main(int argc, char **argv)
{
    for (int k = 1; k + 1 < argc; k += 2) {
        long v = atol(argv[k + 1]);
        switch (argv[k][1]) {
        case 'n': n = v; break;
        case 'g': grain = v; break;
        case 'm': work = v; break;
        case 'r': reps = v; break;
        default:
            fprintf(stderr, "usage: %s [-n ITER] [-g GRAIN] [-m WORK] [-r REPS]\n", argv[0]);
            return 2;
        }
    }
    if (n < 1 || grain < 1 || work < 0 || reps < 1) {
        fprintf(stderr, "taskloop: bad arguments\n");
        return 2;
    }
    out = calloc((size_t)n, sizeof *out);
    if (out == NULL) {
        fprintf(stderr, "taskloop: out of memory\n");
        return 2;
    }
    double warm = 0.0;
#pragma omp parallel reduction(+ : warm)
    warm += omp_get_thread_num();
    double start = omp_get_wtime();
    for (long r = 0; r < reps; r++)
        run_once();
    double time = (omp_get_wtime() - start) / (double)reps;
    double expect = (double)reps * (mb_add_bench(work) + 1.0);
    long bad = warm < 0.0;
    for (long i = 0; i < n; i++)
        bad += out[i] != expect;
    free(out);
    printf("Size: n=%ld grain=%ld m=%ld reps=%ld\n", n, grain, work, reps);
    printf("Time: %.9f s\n", time);
    printf("Check: %s\n", bad ? "FAILED" : "ok");
    return bad ? 1 : 0;
}
