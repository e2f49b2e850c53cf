/* Three taskloops over the same body with known splits: grainsize(strict: 16),
 * no clause (one iteration per task) and num_tasks(4); a fourth with a task
 * spawned in every iteration.  main is the one context: rho = 0, lambda = 5
 * (four range jobs, plus the task inside the last one). */
#include <stdio.h>

#define N 1000

static long a[N];

int main(void)
{
    long total = 0;
    #pragma omp parallel
    #pragma omp single
    {
        #pragma omp taskloop grainsize(strict: 16)
        for (int i = 0; i < N; i++)
            a[i] = 3 * i;
        #pragma omp taskloop
        for (int i = 0; i < N; i++)
            a[i] = 3 * i;
        #pragma omp taskloop num_tasks(4)
        for (int i = 0; i < N; i++)
            a[i] = 3 * i;
        #pragma omp taskloop grainsize(10)
        for (int i = 0; i < N; i += 10) {
            #pragma omp task
            {
                #pragma omp atomic
                total += a[i];
            }
        }
    }
    printf("%ld\n", total);
    return 0;
}
