/* Variable-length arrays captured by tasks.  A VLA that is shared (declared
 * before the parallel region) is updated by tasks in place; a firstprivate
 * VLA (explicit, or implicit: a local of an orphaned task's function) is
 * copied when the task is created, so later changes by the parent are not
 * seen and the task's changes stay private; a private VLA is a fresh array
 * of the same size.  Tasks also use pointer-to-VLA parameters and locals,
 * sizeof of captured VLAs, alloca, and 'continue' in an 'omp for' body. */
#include <alloca.h>
#include <omp.h>
#include <stdio.h>
#include <string.h>

static long row_sums(int n, int m, int a[n][m], long *out)
{
    for (int i = 0; i < n; i++) {
        #pragma omp task
        {
            long s = 0;
            for (int j = 0; j < m; j++)
                s += a[i][j];
            out[i] = s + (long)sizeof a[i];
        }
    }
    #pragma omp taskwait
    long t = 0;
    for (int i = 0; i < n; i++)
        t += out[i];
    return t;
}

static long orphaned_copy(int n)
{
    long vals[n];
    long result = 0;
    long *rp = &result;
    for (int i = 0; i < n; i++)
        vals[i] = i + 1;
    #pragma omp task
    {
        /* vals is firstprivate: a copy made at task creation */
        long s = 0;
        for (int i = 0; i < n; i++) {
            s += vals[i];
            vals[i] = -1;
        }
        *rp = s * 1000 + (long)sizeof vals;
    }
    for (int i = 0; i < n; i++)
        vals[i] = 100;
    #pragma omp taskwait
    return result + vals[0];
}

/* A VLA parameter used in regions and tasks: its bound is a parameter the
 * region shares. */
static long vla_parameter(int n, int grid[n][n])
{
    long seen = 0, copied = 0;
#pragma omp parallel num_threads(2)
#pragma omp single
    seen = grid[n - 1][n - 2] + (long)(sizeof grid[0] / sizeof grid[0][0]);
#pragma omp parallel num_threads(2) firstprivate(grid)
#pragma omp single
    {
#pragma omp task shared(copied)
        copied = grid[1][0] * 1000 + n;
    }
    return seen * 100000 + copied;
}

int main(void)
{
    int n = 6, m = 5;
    int shared_grid[n][m];
    long sums[n];
    long copies[4];
    long privates[4];
    long from_for = 0;
    memset(shared_grid, 0, sizeof shared_grid);
    #pragma omp parallel
    {
        #pragma omp single
        {
            for (int i = 0; i < n; i++) {
                #pragma omp task
                {
                    char *scratch = alloca(m);
                    for (int j = 0; j < m; j++) {
                        scratch[j] = (char)(i + j);
                        shared_grid[i][j] = scratch[j] * 2;
                    }
                }
            }
            #pragma omp taskwait
            printf("row_sums = %ld\n", row_sums(n, m, shared_grid, sums));

            int k = 3;
            double fp[k + 1];
            for (int i = 0; i <= k; i++)
                fp[i] = i * 1.5;
            for (int t = 0; t < 4; t++) {
                #pragma omp task firstprivate(fp)
                {
                    double s = 0.0;
                    for (int i = 0; i <= k; i++) {
                        s += fp[i];
                        fp[i] += 1.0;
                    }
                    copies[t] = (long)(s * 10) + t;
                }
                #pragma omp task private(fp)
                {
                    for (int i = 0; i <= k; i++)
                        fp[i] = t;
                    privates[t] = (long)(fp[k] * 100) + (long)sizeof fp;
                }
            }
            fp[0] = 99.0;
            #pragma omp taskwait
            printf("copies = %ld %ld %ld %ld, fp[1] = %.1f\n", copies[0], copies[1], copies[2],
                   copies[3], fp[1]);
            printf("privates = %ld %ld %ld %ld\n", privates[0], privates[1], privates[2],
                   privates[3]);
            printf("orphaned_copy = %ld\n", orphaned_copy(5));
        }
        long local = 0;
        #pragma omp for schedule(dynamic)
        for (int i = 0; i < n; i++) {
            if (i % 2)
                continue;
            int (*row)[m] = &shared_grid[i];
            #pragma omp atomic
            from_for += (*row)[m - 1];
        }
        (void)local;
    }
    printf("from_for = %ld\n", from_for);
    int square[3][3] = {{1, 2, 3}, {4, 5, 6}, {7, 8, 9}};
    printf("vla_parameter = %ld\n", vla_parameter(3, square));
    printf("grid[5][4] = %d\n", shared_grid[5][4]);
    return 0;
}
