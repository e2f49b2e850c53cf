/* A float sum under parallel for simd reduction: each thread's chunks are
   vectorised only if the emitted chunk loop keeps the hint and names the
   thread's private sum.  Usage: parallel_simd_sum N REPS */
#include <stdio.h>
#include <stdlib.h>

static float sum(const float *x, int n)
{
    float s = 0;
#pragma omp parallel for simd reduction(+ : s)
    for (int i = 0; i < n; i++)
        s += x[i];
    return s;
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 1 << 20, reps = argc > 2 ? atoi(argv[2]) : 2000;
    float *x = malloc(sizeof *x * (size_t)n);
    for (int i = 0; i < n; i++)
        x[i] = (float)(i % 7) * 0.25f; /* sums of quarters: exact in any order */
    double total = 0;
    for (int r = 0; r < reps; r++) {
        x[r % n] += 1.0f;
        total += sum(x, n);
    }
    printf("%.1f\n", total);
    free(x);
    return 0;
}
