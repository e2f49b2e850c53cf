/* loop_tasks.c - a loop that spawns one task per chunk of an array.
 *
 * One thread (`single`) walks over the array in chunks and creates a task for
 * each chunk; the other threads of the team pick the tasks up.  Each task
 * writes only its own chunk and its own slot of `partial`, so no locking is
 * needed; `taskwait` waits for all chunks before the partial results are
 * combined in a fixed order (so the output does not depend on scheduling).
 *
 * Loop-spawned tasks like these are what inspirec's `classify` analysis calls
 * loop-like.
 *
 *     inspirec run examples/loop_tasks.c
 */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

#define N (1 << 20)
#define CHUNK 4096

int main(void)
{
    double *data = malloc(N * sizeof(double));
    int nchunks = N / CHUNK;
    double *partial = malloc((size_t)nchunks * sizeof(double));

    #pragma omp parallel
    #pragma omp single
    {
        for (int c = 0; c < nchunks; c++) {
            /* c is firstprivate by default: each task gets its own chunk index;
             * data and partial are pointers copied into the task */
            #pragma omp task
            {
                double s = 0.0;
                for (int i = c * CHUNK; i < (c + 1) * CHUNK; i++) {
                    data[i] = (double)(i % 1000) * 0.5;
                    s += data[i];
                }
                partial[c] = s;
            }
        }
        #pragma omp taskwait
    }

    double total = 0.0;
    for (int c = 0; c < nchunks; c++)
        total += partial[c];

    /* sequential check */
    double expect = 0.0;
    for (int i = 0; i < N; i++)
        expect += (double)(i % 1000) * 0.5;

    printf("chunks = %d, total = %.1f\n", nchunks, total);
    int ok = total == expect;
    printf("verification: %s\n", ok ? "ok" : "FAILED");
    free(data);
    free(partial);
    return ok ? 0 : 1;
}
