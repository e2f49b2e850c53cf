/* Exercises VLAs and alloca inside tasks: each task declares a VLA and an
 * alloca'd scratch buffer sized by its parameters, children read the parent
 * task's VLA through a pointer while the parent waits, and results are
 * written to the spawning frame through a pointer. */
#include <alloca.h>
#include <omp.h>
#include <stdio.h>
#include <string.h>

static long vla_work(int n, int seed)
{
    int grid[n][n];
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            grid[i][j] = (i * seed + j) % 13;
    long *scratch = alloca((size_t)n * sizeof(long));
    memset(scratch, 0, (size_t)n * sizeof(long));
    int (*g)[n] = grid;
    for (int i = 0; i < n; i++) {
        #pragma omp task
        {
            /* child reads the parent's VLA through g and writes scratch[i] */
            long s = 0;
            for (int j = 0; j < n; j++)
                s += g[i][j] * (j + 1);
            scratch[i] = s;
        }
    }
    #pragma omp taskwait
    long total = 0;
    for (int i = 0; i < n; i++)
        total += scratch[i];
    return total;
}

static long vla_work_seq(int n, int seed)
{
    long total = 0;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            total += ((i * seed + j) % 13) * (j + 1);
    return total;
}

int main(void)
{
    long results[12];
    long *rp = results;
    #pragma omp parallel
    #pragma omp single
    {
        for (int k = 0; k < 12; k++) {
            #pragma omp task
            {
                int n = 4 + k;
                double vla[n]; /* VLA declared directly inside the task */
                char *tag = alloca(16);
                for (int i = 0; i < n; i++)
                    vla[i] = i * 0.5;
                double s = 0.0;
                for (int i = 0; i < n; i++)
                    s += vla[i];
                tag[0] = (char)('a' + k);
                rp[k] = vla_work(n, k + 1) * 1000 + (long)(s * 2.0) + (tag[0] - 'a');
            }
        }
        #pragma omp taskwait
    }
    int bad = 0;
    long sum = 0;
    for (int k = 0; k < 12; k++) {
        int n = 4 + k;
        long expect = vla_work_seq(n, k + 1) * 1000 + (long)(n * (n - 1) / 2) + k;
        bad += results[k] != expect;
        sum += results[k];
    }
    printf("sum=%ld mismatches=%d\n", sum, bad);
    printf("%s\n", bad == 0 ? "vla_alloca_tasks: ok" : "vla_alloca_tasks: FAILED");
    return bad != 0;
}
