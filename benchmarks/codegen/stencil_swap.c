/* A 3-point stencil whose region swaps its own input and output pointers
   between worksharing loops.  Usage: stencil_swap N STEPS */
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 1 << 18, steps = argc > 2 ? atoi(argv[2]) : 1000;
    float *a = calloc((size_t)n, sizeof *a), *b = calloc((size_t)n, sizeof *b);
    for (int i = 0; i < n; i++)
        a[i] = b[i] = (float)(i % 13);
#pragma omp parallel
    {
        float *in = a, *out = b;
        for (int step = 0; step < steps; step++) {
#pragma omp for
            for (int i = 1; i < n - 1; i++)
                out[i] = 0.25f * in[i - 1] + 0.5f * in[i] + 0.25f * in[i + 1];
            float *t = in;
            in = out;
            out = t;
        }
    }
    double total = 0;
    for (int i = 0; i < n; i++)
        total += a[i] + b[i];
    printf("%.3f\n", total);
    free(a);
    free(b);
    return 0;
}
