/* teams distribute parallel for with a reduction: each thread's private sum
   must stay in a register.  Usage: teams_sum N REPS */
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 1 << 20, reps = argc > 2 ? atoi(argv[2]) : 100;
    float *b = malloc(sizeof *b * (size_t)n);
    for (int i = 0; i < n; i++)
        b[i] = (float)(i % 3);
    double total = 0;
    for (int r = 0; r < reps; r++) {
        float sum = 0;
#pragma omp teams distribute parallel for reduction(+ : sum)
        for (int i = 0; i < n; i++)
            sum += b[i];
        total += sum;
    }
    printf("%.1f\n", total);
    free(b);
    return 0;
}
