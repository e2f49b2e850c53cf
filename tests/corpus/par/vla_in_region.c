/* A function called by every thread of a parallel region, and by tasks,
 * declares a VLA of about 1 MiB: the work items' stacks must hold it, as
 * the threads' stacks of gcc's runtime do. */
#include <stdio.h>

static double work(int n)
{
    double values[n];
    for (int i = 0; i < n; i++)
        values[i] = (double)i / n;
    double sum = 0;
    for (int i = 0; i < n; i++)
        sum += values[i];
    return sum;
}

int main(void)
{
    int n = 1 << 17; /* 1 MiB of doubles */
    double total = 0, from_tasks = 0;
    #pragma omp parallel reduction(+: total)
    total += work(n) > 65535.0;
    #pragma omp parallel
    #pragma omp single
    for (int k = 0; k < 4; k++) {
        #pragma omp task shared(from_tasks)
        {
            double part = work(n / (k + 1));
            #pragma omp atomic
            from_tasks += part > 1000.0;
        }
    }
    printf("every thread's sum ok: %d; tasks ok: %g\n", total >= 1, from_tasks);
    return 0;
}
