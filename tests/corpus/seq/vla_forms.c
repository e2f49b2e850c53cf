/* Variably modified types beyond local arrays: pointers to VLAs (heap
 * matrices indexed p[i][j], pointer arithmetic by rows), multi-dimensional
 * VLA parameters in all three spellings, sizeof of VLA types and objects
 * (evaluated once, when the declaration is reached), typedefs of VLA types
 * inside functions, casts to pointer-to-VLA types and _Alignof. */
#include <stdio.h>
#include <stdlib.h>

static double sum2(int n, int m, double a[n][m])
{
    double s = 0.0;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < m; j++)
            s += a[i][j] * (i + 1);
    return s;
}

static double sum_open(int n, int m, double a[][m])
{
    return sum2(n, m, a) + (double)sizeof a[0];
}

static double sum_ptr(int n, int m, double (*a)[m])
{
    double s = 0.0;
    for (double (*row)[m] = a; row < a + n; row++)
        s += (*row)[m - 1];
    return s;
}

static long cube(int n, int m, int k, int c[n][m][k])
{
    long t = 0;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < m; j++)
            for (int l = 0; l < k; l++)
                t += c[i][j][l] * (i + 2 * j + 3 * l);
    return t + (long)(sizeof c[0] + sizeof c[0][0]);
}

static void fill(int n, int m, float *flat)
{
    float (*mat)[m] = (float (*)[m])flat;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < m; j++)
            mat[i][j] = (float)(i * m + j);
}

int main(void)
{
    int n = 3, m = 5;
    double (*p)[n] = malloc(sizeof(double[n][n]));
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            p[i][j] = i * 10 + j;
    printf("p[2][1] = %.0f, sizeof *p = %zu, sizeof(double[n][n]) = %zu\n", p[2][1], sizeof *p,
           sizeof(double[n][n]));
    free(p);

    double (*q)[m] = malloc((size_t)n * sizeof *q);
    for (int i = 0; i < n; i++)
        for (int j = 0; j < m; j++)
            q[i][j] = i + 0.25 * j;
    printf("sum2 = %.2f, sum_open = %.2f, sum_ptr = %.2f\n", sum2(n, m, q), sum_open(n, m, q),
           sum_ptr(n, m, q));
    free(q);

    int c[2][3][4];
    for (int i = 0; i < 2; i++)
        for (int j = 0; j < 3; j++)
            for (int l = 0; l < 4; l++)
                c[i][j][l] = i + j + l;
    printf("cube = %ld\n", cube(2, 3, 4, c));

    /* the size is fixed when the declaration is reached */
    int k = 4;
    char buf[k];
    typedef int vec_t[k + 1];
    k = 100;
    vec_t v;
    for (int i = 0; i < (int)(sizeof v / sizeof v[0]); i++)
        v[i] = i * i;
    printf("sizeof buf = %zu, sizeof(vec_t) = %zu, v[4] = %d, k = %d\n", sizeof buf,
           sizeof(vec_t), v[4], k);

    float flat[12];
    fill(3, 4, flat);
    float (*rows)[4] = (float (*)[4])flat;
    printf("rows[2][3] = %.0f, _Alignof(vec_t) = %zu\n", rows[2][3], _Alignof(vec_t));

    int dims[3] = {2, 3, 2};
    int total = 0;
    for (int t = 0; t < 3; t++) {
        long grid[dims[t]][dims[t] + 1];
        long (*gp)[dims[t] + 1] = grid;
        for (int i = 0; i < dims[t]; i++)
            for (int j = 0; j <= dims[t]; j++)
                gp[i][j] = i * j;
        total += (int)(sizeof grid / sizeof grid[0][0]) + (int)gp[dims[t] - 1][dims[t]];
    }
    printf("total = %d\n", total);
    return 0;
}
