/* The team sizes of nested regions without num_threads clauses, as the
 * environment sets them (max-active-levels, nthreads-var per level). */
#include <omp.h>
#include <stdio.h>

int main(void)
{
    int sizes[4] = {0};
#pragma omp parallel
    {
        int outer = omp_get_thread_num();
        int max = omp_get_max_threads();
#pragma omp parallel
        {
#pragma omp single
            if (outer < 4)
                sizes[outer] = omp_get_num_threads() * 100 + max * 10 + omp_get_max_threads();
        }
    }
    printf("levels %d nested %d max %d\n", omp_get_max_active_levels(), omp_get_nested(),
           omp_get_max_threads());
    for (int i = 0; i < 4; i++)
        printf("%d ", sizes[i]);
    printf("\n");
    return 0;
}
