/* A loop spawning independent tasks: rho = 0, lambda = 1. */
#include <stdio.h>

#define N 64

static void work(double *out, int i)
{
    double s = 0;
    for (int k = 0; k < 1000; k++)
        s += (double)(i * k % 7);
    out[i] = s;
}

int main(void)
{
    double out[N];
    #pragma omp parallel
    #pragma omp single
    {
        for (int i = 0; i < N; i++) {
            #pragma omp task
            work(out, i);
        }
    }
    double sum = 0;
    for (int i = 0; i < N; i++)
        sum += out[i];
    printf("%.0f\n", sum);
    return 0;
}
