/* Composite and combined constructs: `for simd`, `parallel for simd`,
 * `taskloop simd`, `master`/`masked taskloop [simd]` and their `parallel`
 * forms, with the clauses each leaf takes; `if` clauses with directive-name
 * modifiers; `simd` and `declare simd` hints (kept in the emitted C). */
#include <omp.h>
#include <stdio.h>

#define N 1000

#pragma omp declare simd simdlen(4) notinbranch uniform(k)
static double scaled(double x, double k)
{
    return x * k;
}

int main(void)
{
    static int a[N];
    static double d[N];
    long s = 0, t = 0, u = 0, v = 0, w = 0, x = 0, y = 0;
    int last = -1, creator = -1, wrong = 0;

    #pragma omp parallel for simd reduction(+: s) safelen(8) simdlen(4) if(simd: 1) lastprivate(last)
    for (int i = 0; i < N; i++) {
        a[i] = i;
        s += i;
        last = i;
    }

    #pragma omp simd safelen(16)
    for (int i = 0; i < N; i++)
        d[i] = scaled(a[i], 0.5);

    #pragma omp parallel num_threads(3)
    {
        #pragma omp for simd reduction(+: t) aligned(a) schedule(static, 16) nowait
        for (int i = 0; i < N; i++)
            t += a[i] * 2;
        #pragma omp master taskloop reduction(+: u) grainsize(10)
        for (int i = 0; i < N; i++)
            u += a[i];
        #pragma omp masked taskloop simd filter(omp_get_num_threads() - 1) reduction(+: v) num_tasks(7) simdlen(8)
        for (int i = 0; i < N; i++) {
            v += 1;
            if (i == 0) {
                #pragma omp atomic write
                creator = 1;
            }
        }
    }

    int fp = 5, team = 0;
    #pragma omp parallel master taskloop reduction(+: w) firstprivate(fp) num_threads(2) shared(team)
    for (int i = 0; i < N; i++) {
        w += fp;
        if (i == 0)
            team = omp_get_num_threads();
    }

    /* only the if clause of its leaf applies: parallel runs one thread */
    int threads = 0;
    #pragma omp parallel masked taskloop simd reduction(+: x) if(taskloop: 1) if(parallel: 0)
    for (int i = 0; i < N; i++) {
        x += i % 3;
        if (i == 0)
            threads = omp_get_num_threads();
    }

    #pragma omp parallel
    #pragma omp single
    #pragma omp taskloop simd reduction(+: y) safelen(4) if(taskloop: N > 10)
    for (int i = 0; i < N; i++)
        y += 2;

    double dsum = 0;
    for (int i = 0; i < N; i++)
        dsum += d[i];
    if (team < 1 || team > 2 || creator != 1)
        wrong++;
    printf("%ld %ld %ld %ld %ld %ld %ld %d %.1f threads %d wrong %d\n", s, t, u, v, w, x, y, last,
           dsum, threads, wrong);
    return 0;
}
