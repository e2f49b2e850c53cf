/* taskloop: grainsize (strict), num_tasks (strict), nogroup, if, final,
 * collapse, shared/private/firstprivate/lastprivate, untied, mergeable,
 * priority, simd; every result is independent of the task split. */
#include <stdio.h>
#include <omp.h>

static long fib(int n) {
    long x, y;
    if (n < 2)
        return n;
#pragma omp task shared(x)
    x = fib(n - 1);
#pragma omp task shared(y)
    y = fib(n - 2);
#pragma omp taskwait
    return x + y;
}

int main(void) {
    enum { N = 1000 };
    static long a[N], b[N], c[40][30];
    long total = 0, fibs = 0;
    int last = -1, scale = 3, tmp = 0, finals = 0;
#pragma omp parallel
#pragma omp single
    {
#pragma omp taskloop grainsize(strict: 7) shared(a) firstprivate(scale) lastprivate(last)
        for (int i = 0; i < N; i++) {
            a[i] = scale * i;
            last = i;
        }
#pragma omp taskloop num_tasks(strict: 5) private(tmp) untied mergeable priority(2)
        for (int i = N - 1; i >= 0; i -= 2) {
            tmp = i + 1;
            b[i] = tmp;
        }
#pragma omp taskloop grainsize(16) nogroup
        for (int i = 0; i < 20; i++) {
            long f = fib(i % 12);
#pragma omp atomic
            fibs += f;
        }
#pragma omp taskwait
#pragma omp taskloop simd collapse(2) num_tasks(9)
        for (int i = 0; i < 40; i++)
            for (int j = 0; j < 30; j++)
                c[i][j] = i * 100 + j;
#pragma omp taskloop if(0) final(1) grainsize(4)
        for (int i = 0; i < 12; i++) {
            if (omp_in_final()) {
#pragma omp atomic
                finals++;
            }
        }
#pragma omp taskloop
        for (int i = 0; i < 100; i += 3) {
#pragma omp task
            {
#pragma omp atomic
                total += i;
            }
        }
    }
    long sa = 0, sb = 0, sc = 0;
    for (int i = 0; i < N; i++) {
        sa += a[i];
        sb += b[i];
    }
    for (int i = 0; i < 40; i++)
        for (int j = 0; j < 30; j++)
            sc += c[i][j];
    printf("a %ld last %d b %ld fibs %ld c %ld finals %d total %ld\n", sa, last, sb, fibs, sc,
           finals, total);
    return 0;
}
