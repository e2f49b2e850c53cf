/* typeof of a variably modified expression: the SWAP macro of a stencil's
 * two grids, pointers to rows of run-time length, and a copy declared with
 * the type of a VLA. */
#include <stdio.h>
#include <stdlib.h>

#define SWAP(a, b)                                                            \
    do {                                                                      \
        __typeof__(a) swap_tmp = (a);                                         \
        (a) = (b);                                                            \
        (b) = swap_tmp;                                                       \
    } while (0)

static double relax(int n, int steps)
{
    double (*cur)[n] = malloc(sizeof(double[n][n]));
    double (*nxt)[n] = malloc(sizeof(double[n][n]));
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            cur[i][j] = nxt[i][j] = i == 0 ? 100.0 : 0.0;
    for (int it = 0; it < steps; it++) {
#pragma omp parallel for
        for (int i = 1; i < n - 1; i++)
            for (int j = 1; j < n - 1; j++)
                nxt[i][j] = 0.25 * (cur[i - 1][j] + cur[i + 1][j] + cur[i][j - 1] + cur[i][j + 1]);
        SWAP(cur, nxt);
    }
    double sum = 0;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            sum += cur[i][j];
    free(cur);
    free(nxt);
    return sum;
}

static int copy_sum(int n)
{
    int a[n];
    for (int i = 0; i < n; i++)
        a[i] = i * i;
    __typeof__(a) b;
    for (int i = 0; i < n; i++)
        b[i] = a[n - 1 - i];
    return (int)sizeof b + b[0] + b[n - 1];
}

int main(void)
{
    printf("%.6f\n", relax(48, 60));
    printf("%d\n", copy_sum(9));
    return 0;
}
