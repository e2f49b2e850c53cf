/* collapse over non-rectangular loop nests (OpenMP 5.0): inner bounds that
 * are linear in an outer iteration variable, on worksharing loops (also
 * with lastprivate iteration variables declared outside the nest),
 * taskloop, distribute and three-level nests; each iteration runs once. */
#include <stdio.h>

#define N 60
int a[N][N];
int cube[N][N][N / 4];

int main(void)
{
    long below = 0, above = 0, tasks = 0, teams = 0, deep = 0, down = 0;
    int i, j;
#pragma omp parallel for collapse(2) reduction(+: below)
    for (int i = 0; i < N; i++)
        for (int j = 0; j < i; j++) {
            a[i][j] = i * N + j;
            below += a[i][j];
        }
#pragma omp parallel for collapse(2) reduction(+: above) lastprivate(i, j)
    for (i = 0; i < N; i++)
        for (j = i; j < N; j++)
            above += (long)(j - i + 1) * (i + 1);
    printf("below %ld above %ld last i %d j %d\n", below, above, i, j);
#pragma omp parallel
#pragma omp single
#pragma omp taskloop collapse(2) reduction(+: tasks) grainsize(7)
    for (int i = 0; i < N; i++)
        for (int j = 2 * i; j < 3 * i + 2; j++)
            tasks += j % 11;
#pragma omp teams distribute parallel for collapse(2) reduction(+: teams)
    for (int i = 0; i < N; i++)
        for (int j = 0; j <= N - 1 - i; j++)
            teams += a[N - 1 - j][i % (j + 1)] % 7;
#pragma omp parallel for collapse(3) reduction(+: deep)
    for (int i = 0; i < N; i++)
        for (int j = i; j < N; j++)
            for (int k = 0; k < N / 4; k++) {
                cube[i][j][k] += 1;
                deep += k;
            }
    int once = 1;
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++)
            for (int k = 0; k < N / 4; k++)
                once &= cube[i][j][k] == (j >= i);
#pragma omp parallel for collapse(2) reduction(+: down)
    for (int i = N - 1; i >= 0; i -= 1)
        for (int j = i; j >= 0; j--)
            down += (long)i * j;
    printf("tasks %ld teams %ld deep %ld once %d down %ld\n", tasks, teams, deep, once, down);
    return 0;
}
