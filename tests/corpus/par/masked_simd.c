/* Exercises `masked` (no filter, filter(1), filter(expression)), `proc_bind`
 * on parallel and parallel for (accepted, no visible effect), and `simd`
 * loops kept as hints (with reduction and lastprivate clauses). */
#include <omp.h>
#include <stdio.h>

#define N 1000

int main(void)
{
    int by_zero = 0, by_one = 0, by_last = 0, wrong = 0, team = 0;
    double a[N];
    long total = 0;

    #pragma omp parallel proc_bind(close)
    {
        #pragma omp masked
        {
            by_zero++;
            team = omp_get_num_threads();
            if (omp_get_thread_num() != 0)
                wrong++;
        }
        #pragma omp masked filter(1)
        {
            by_one++;
            if (omp_get_thread_num() != 1)
                wrong++;
        }
        #pragma omp masked filter(omp_get_num_threads() - 1)
        {
            by_last++;
        }
    }

    #pragma omp parallel for proc_bind(spread) reduction(+: total)
    for (int i = 0; i < N; i++)
        total += i;

    double sum = 0.0;
    int last = -1;
    #pragma omp simd reduction(+: sum) lastprivate(last)
    for (int i = 0; i < N; i++) {
        a[i] = 0.5 * i;
        sum += a[i];
        last = i;
    }

    int ok = by_zero == 1 && by_one == (team > 1) && by_last == 1 && wrong == 0 &&
             total == (long)N * (N - 1) / 2 && sum == 0.25 * N * (N - 1) && last == N - 1;
    printf("by_zero=%d by_last=%d total=%ld sum=%.1f last=%d\n", by_zero, by_last, total, sum,
           last);
    printf("%s\n", ok ? "masked_simd: ok" : "masked_simd: FAILED");
    return !ok;
}
