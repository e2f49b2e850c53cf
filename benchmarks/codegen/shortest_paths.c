/* Floyd-Warshall with a parallel loop per k: the loop bound and k are shared
   scalars the region only reads.  Usage: shortest_paths N */
#include <stdio.h>
#include <stdlib.h>

static void paths(int n, int *d)
{
    for (int k = 0; k < n; k++) {
#pragma omp parallel for
        for (int i = 0; i < n; i++)
            for (int j = 0; j < n; j++) {
                int through = d[i * n + k] + d[k * n + j];
                d[i * n + j] = d[i * n + j] < through ? d[i * n + j] : through;
            }
    }
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 400;
    int *d = malloc(sizeof *d * (size_t)n * (size_t)n);
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            d[i * n + j] = i == j ? 0 : 1 + (i * 7 + j * 13) % 97;
    paths(n, d);
    long total = 0;
    for (int i = 0; i < n * n; i++)
        total += d[i];
    printf("%ld\n", total);
    free(d);
    return 0;
}
