/* Exercises explicit `barrier` between phases of a parallel region: a
 * Jacobi-style smoothing with two buffers where each thread updates a
 * cyclic share of the cells, barriers separate the phases, and `master`
 * computes a residual between them.  Results do not depend on the team size. */
#include <omp.h>
#include <stdio.h>

#define CELLS 256
#define ITERS 30

static long cur[CELLS], nxt[CELLS];

int main(void)
{
    long checks[ITERS];
    int barrier_errors = 0;

    #pragma omp parallel shared(checks, barrier_errors)
    {
        int me = omp_get_thread_num();
        int nt = omp_get_num_threads();
        for (int i = me; i < CELLS; i += nt)
            cur[i] = (i * 37) % 101;
        #pragma omp barrier
        for (int it = 0; it < ITERS; it++) {
            for (int i = me; i < CELLS; i += nt) {
                long left = cur[(i + CELLS - 1) % CELLS], right = cur[(i + 1) % CELLS];
                nxt[i] = (left + 2 * cur[i] + right + it) / 4;
            }
            #pragma omp barrier
            for (int i = me; i < CELLS; i += nt)
                cur[i] = nxt[i];
            #pragma omp barrier
            #pragma omp master
            {
                long s = 0;
                for (int i = 0; i < CELLS; i++)
                    s = (s * 3 + cur[i]) % 1000000007L;
                checks[it] = s;
            }
            /* everyone checks that cur equals nxt after the copy phase */
            int local_err = 0;
            for (int i = me; i < CELLS; i += nt)
                local_err += cur[i] != nxt[i];
            #pragma omp atomic
            barrier_errors += local_err;
            #pragma omp barrier
        }
    }
    long combined = 0;
    for (int it = 0; it < ITERS; it++)
        combined = (combined * 7 + checks[it]) % 1000000007L;
    printf("final cells: %ld %ld %ld combined=%ld errors=%d\n", cur[0], cur[100], cur[255],
           combined, barrier_errors);
    printf("%s\n", barrier_errors == 0 ? "barrier_phases: ok" : "barrier_phases: FAILED");
    return barrier_errors != 0;
}
