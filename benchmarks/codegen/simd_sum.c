/* A float sum under omp simd reduction: vectorised only if the emitted C
   keeps the reduction clause.  Usage: simd_sum N REPS */
#include <stdio.h>
#include <stdlib.h>

static float sum(const float *x, int n)
{
    float s = 0;
#pragma omp simd reduction(+ : s)
    for (int i = 0; i < n; i++)
        s += x[i];
    return s;
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 1 << 20, reps = argc > 2 ? atoi(argv[2]) : 2000;
    float *x = malloc(sizeof *x * (size_t)n);
    for (int i = 0; i < n; i++)
        x[i] = (float)(i % 7) * 0.25f;
    double total = 0;
    for (int r = 0; r < reps; r++) {
        x[r % n] += 1.0f; /* a new sum every time */
        total += sum(x, n);
    }
    printf("%.1f\n", total);
    free(x);
    return 0;
}
