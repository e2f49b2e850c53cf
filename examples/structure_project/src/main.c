/* main.c - runs both kernels and checks their results. */
#include <stdio.h>
#include <stdlib.h>

#include "kernels.h"

#define N 1000

int main(void)
{
    long nodes = 0;
    #pragma omp parallel
    #pragma omp single
    nodes = tree_sum(16);

    long *data = malloc(N * sizeof *data);
    if (!data)
        return 2;
    for (int i = 0; i < N; i++)
        data[i] = i;
    long sum = block_sum(data, N);
    free(data);

    int ok = nodes == (1L << 17) - 1 && sum == (long)N * (N - 1) / 2;
    printf("nodes = %ld, sum = %ld: %s\n", nodes, sum, ok ? "ok" : "FAILED");
    return ok ? 0 : 1;
}
