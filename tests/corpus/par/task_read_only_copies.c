/* Tasks that only read a local shared in the region copy it when they are
 * created, as gcc makes them: the common loop that spawns a task per
 * iteration without firstprivate sees each iteration's counter.  A local a
 * task writes, or whose address the function takes, stays shared. */
#include <stdio.h>
#include <unistd.h>

int main(void)
{
    int i, limit = 6, seen[8] = {0}, total = 0, scale = 2;
    int *to_scale = &scale;
    #pragma omp parallel num_threads(2)
    #pragma omp single
    {
        for (i = 0; i < limit; i++) {
            #pragma omp task
            {
                usleep(1000);
                seen[i] += i * 10;
            }
        }
        #pragma omp taskwait
        #pragma omp task
        total = limit * 100;          /* written: shared */
        #pragma omp taskwait
        *to_scale = 3;
        #pragma omp task
        total += scale;               /* addressed: shared, sees 3 */
        #pragma omp taskwait
    }
    printf("seen %d %d %d %d %d %d %d, total %d\n", seen[0], seen[1], seen[2], seen[3], seen[4],
           seen[5], seen[6], total);
    return 0;
}
