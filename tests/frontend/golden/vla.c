/* Variably modified types: a local VLA (extents evaluated once into
 * immutable int<8> variables), a pointer to a VLA, a typedef of a VLA type,
 * VLA parameters (extents over the earlier parameters; the function type
 * has array<T,*>), casts and sizeof of VLA types, and a task capturing a
 * pointer to a VLA with its extent. */
#include <stdlib.h>

static double trace(int n, double a[n][n])
{
    double s = 0.0;
    for (int i = 0; i < n; i++)
        s += a[i][i];
    return s;
}

static float first(float *flat, int m)
{
    float (*rows)[m] = (float (*)[m])flat;
    return rows[1][0];
}

int main(void)
{
    int n = 3;
    double grid[n][n];
    double (*p)[n] = malloc(sizeof(double[n][n]));
    typedef int row_t[n + 1];
    row_t r;
    long result = 0;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            grid[i][j] = p[i][j] = i + j;
    r[n] = (int)sizeof grid;
    #pragma omp task shared(result)
    result = (long)p[1][1];
    #pragma omp taskwait
    free(p);
    float flat[4] = {0, 0, 5, 0};
    return (int)trace(n, grid) + r[n] + (int)first(flat, 2) + (int)result - 85;
}
