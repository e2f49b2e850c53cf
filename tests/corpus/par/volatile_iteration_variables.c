/* A volatile iteration variable of a worksharing loop (also collapsed, of a
 * taskloop, and lastprivate): each thread's private copy, as gcc makes it. */
#include <stdio.h>

int main(void)
{
    volatile int i = 42;
    volatile long j;
    int pairs = 0, sum = 0, last_sum = 0;
    #pragma omp parallel for reduction(+: pairs) collapse(2)
    for (i = 0; i < 10; i++)
        for (j = 0; j < 3; j++)
            pairs++;
    #pragma omp parallel
    #pragma omp single
    #pragma omp taskloop reduction(+: sum)
    for (i = 0; i < 10; i++)
        sum += i;
    #pragma omp parallel for lastprivate(i) reduction(+: last_sum)
    for (i = 0; i < 7; i++)
        last_sum += i;
    printf("pairs %d, sum %d, last sum %d, i after the loop %d\n", pairs, sum, last_sum, i);
    return 0;
}
