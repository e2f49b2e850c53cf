/* y = a*x + y over an int index in a parallel for: each thread's chunk is
   vectorised only if gcc sees its index as affine in the chunk's counter.
   Usage: axpy N REPS */
#include <stdio.h>
#include <stdlib.h>

static void axpy(float a, const float *x, float *y, int n)
{
#pragma omp parallel for
    for (int i = 0; i < n; i++)
        y[i] = a * x[i] + y[i];
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 1 << 20, reps = argc > 2 ? atoi(argv[2]) : 2000;
    float *x = malloc(sizeof *x * (size_t)n), *y = malloc(sizeof *y * (size_t)n);
    for (int i = 0; i < n; i++) {
        x[i] = (float)(i % 5);
        y[i] = 0;
    }
    for (int r = 0; r < reps; r++)
        axpy(r % 2 ? 0.5f : -0.5f, x, y, n); /* y returns to 0 every two calls */
    double total = 0;
    for (int i = 0; i < n; i++)
        total += y[i];
    printf("%.1f\n", total);
    free(x);
    free(y);
    return 0;
}
