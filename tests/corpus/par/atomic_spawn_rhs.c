/* Exercises `atomic` update statements whose right-hand side calls a function
 * that itself spawns tasks and waits for them (the expression is evaluated
 * before the atomic update), inside tasks and inside a work-shared loop. */
#include <omp.h>
#include <stdio.h>

static long range_sum(int lo, int hi)
{
    if (hi - lo <= 100) {
        long s = 0;
        for (int i = lo; i < hi; i++)
            s += (long)i * (i % 5);
        return s;
    }
    int mid = (lo + hi) / 2;
    long left = 0, right = 0;
    #pragma omp task shared(left)
    left = range_sum(lo, mid);
    #pragma omp task shared(right)
    right = range_sum(mid, hi);
    #pragma omp taskwait
    return left + right;
}

int main(void)
{
    long total = 0, total2 = 0;
    #pragma omp parallel shared(total, total2)
    {
        #pragma omp single
        {
            for (int k = 0; k < 8; k++) {
                #pragma omp task firstprivate(k) shared(total)
                {
                    #pragma omp atomic
                    total += range_sum(k * 1000, (k + 1) * 1000);
                }
            }
        }
        #pragma omp for schedule(dynamic, 1)
        for (int k = 0; k < 8; k++) {
            #pragma omp atomic
            total2 = total2 + range_sum(k * 1000, (k + 1) * 1000);
        }
    }
    long expect = 0;
    for (int i = 0; i < 8000; i++)
        expect += (long)i * (i % 5);
    printf("total=%ld total2=%ld expect=%ld\n", total, total2, expect);
    int ok = total == expect && total2 == expect;
    printf("%s\n", ok ? "atomic_spawn_rhs: ok" : "atomic_spawn_rhs: FAILED");
    return !ok;
}
