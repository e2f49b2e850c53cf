/* Tasks taking part in a task reduction from inside other participants: a
 * task with in_reduction created by a task with in_reduction (no taskwait:
 * the outer one may end first), and by the chunks of a taskloop with a
 * reduction; an in_reduction item through a pointer parameter, by a task
 * that outlives the function; an in_reduction section of an array a
 * reduction(task, ...) reduces whole. */
#include <stdio.h>

static void scale(long *p)
{
    #pragma omp task in_reduction(*: p[0])
    p[0] *= 3;
}

int main(void)
{
    int c = 0, g = 0, pair[2] = {0, 1};
    long product = 1;
    #pragma omp parallel
    #pragma omp single
    {
        #pragma omp taskgroup task_reduction(+: c)
        {
            for (int k = 0; k < 8; k++) {
                #pragma omp task in_reduction(+: c)
                {
                    #pragma omp task in_reduction(+: c)
                    c += 100;
                    c += 1;
                }
            }
        }
        #pragma omp taskgroup task_reduction(*: product)
        {
            scale(&product);
            scale(&product);
        }
    }
    #pragma omp parallel reduction(task, +: pair) num_threads(2)
    {
        #pragma omp single
        {
            #pragma omp task in_reduction(+: pair[0:2])
            pair[1] += 5;
        }
    }
    #pragma omp parallel
    #pragma omp master
    #pragma omp taskloop reduction(+: g)
    for (int i = 0; i < 64; ++i) {
        #pragma omp task in_reduction(+: g)
        g += 2;
        g += 1;
    }
    printf("c %d, product %ld, pair %d %d, g %d\n", c, product, pair[0], pair[1], g);
    return 0;
}
