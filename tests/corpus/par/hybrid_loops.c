/* Loops that only spawn tasks, one or several per iteration (turned into
 * range jobs by the hybrid pass) next to loops that must keep their tasks: bounds changed in
 * the body, a taskwait inside the loop, a task with an if clause.  A loop
 * variable declared outside its loop keeps its final value.  Every result is printed after all tasks
 * finished. */
#include <stdio.h>

#define N 64

static long up[N], down[N], incl[N], changed[N], waited[N], chained[N], guarded[N];
static long pair_a[N], pair_b[N];

static long work(long x) { return x * x % 1009 + 3; }

int main(void)
{
    int n = N, base = 7;
    long total = 0;
    #pragma omp parallel
    #pragma omp single
    {
        /* converted: ascending, firstprivate values computed from i */
        for (int i = 0; i < n; i++) {
            #pragma omp task firstprivate(base)
            up[i] = work(i + base);
        }
        /* converted: two tasks per iteration, run one after the other */
        for (int i = 0; i < n; i++) {
            #pragma omp task firstprivate(base)
            pair_a[i] = work(i) + base;
            #pragma omp task
            pair_b[i] = work(3 * i) - 1;
        }
        /* converted: descending with >=, shared array written per iteration */
        for (long j = n - 1; j >= 0; j--) {
            #pragma omp task firstprivate(base)
            down[j] = work(2 * j) - base;
        }
        /* converted: <= bound, a nested task inside the task */
        for (int i = 1; i <= n - 2; i++) {
            #pragma omp task
            {
                #pragma omp task
                incl[i] = work(i) + 1;
                #pragma omp taskwait
            }
        }
        #pragma omp taskwait
        /* not converted: the bound changes in the body */
        int m = N;
        for (int i = 0; i < m; i++) {
            if (i == 40)
                m = 50;
            #pragma omp task
            changed[i] = work(i) + 5;
        }
        /* not converted: a taskwait inside the loop */
        for (int i = 0; i < n; i++) {
            #pragma omp task
            waited[i] = work(i + 1);
            #pragma omp taskwait
        }
        /* converted: the loop variable lives on after the loop */
        int k;
        for (k = 0; k < n; k++) {
            #pragma omp task
            chained[k] = work(k) + 2;
        }
        total = k;
        /* converted: a shared variable updated atomically by every task */
        for (int i = 0; i < n; i++) {
            #pragma omp task shared(total)
            {
                #pragma omp atomic
                total += i;
            }
        }
        /* not converted: an if clause */
        for (int i = 0; i < n; i++) {
            #pragma omp task if(i % 2)
            guarded[i] = work(i) - 1;
        }
    }
    long sum = 0;
    for (int i = 0; i < N; i++)
        sum += up[i] * 3 + down[i] * 5 + incl[i] * 7 + changed[i] * 11 + waited[i] * 13
               + chained[i] * 17 + guarded[i] * 19 + pair_a[i] * 23 + pair_b[i] * 29;
    printf("sum %ld total %ld\n", sum, total);
    return 0;
}
