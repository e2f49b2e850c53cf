/* A cancellation point of the taskgroup in the body of a combined master /
 * masked taskloop (whose chunks are tasks), and a target task taking part
 * in a task reduction over two array sections whose bounds end alike
 * (y[:2], z[1:2]). */
#include <stdio.h>

int main(void)
{
    int iterations = 0;
    int y[2] = {1, 2}, z[3] = {0, 0, 0};
    #pragma omp parallel
    {
        #pragma omp masked taskloop
        for (int i = 0; i < 40; i++) {
            #pragma omp cancellation point taskgroup
            #pragma omp atomic
            iterations++;
        }
        #pragma omp barrier
        #pragma omp master taskloop grainsize(4)
        for (int i = 0; i < 8; i++) {
            #pragma omp cancellation point taskgroup
            #pragma omp atomic
            iterations++;
        }
    }
    #pragma omp taskgroup task_reduction(+: y[:2], z[1:2])
    {
        #pragma omp target in_reduction(+: y[:2], z[1:2])
        {
            y[0] += 5;
            z[2] += 7;
        }
        #pragma omp task in_reduction(+: y[:2], z[1:2])
        z[1] += 3;
    }
    printf("iterations %d; y %d %d, z %d %d %d\n", iterations, y[0], y[1], z[0], z[1], z[2]);
    return 0;
}
