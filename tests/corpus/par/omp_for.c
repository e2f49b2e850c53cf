/* Exercises the `for` work-sharing construct inside a parallel region:
 * schedule(static), schedule(static, chunk), schedule(dynamic),
 * schedule(dynamic, chunk), nowait followed by an explicit barrier, private
 * temporaries, and loops with non-unit steps and decreasing bounds. */
#include <omp.h>
#include <stdio.h>

#define N 2000

static int a[N], b[N], c[N], d[N];
static long sums[6];

int main(void)
{
    int tmp = -5;
    int covered_twice = 0;

    #pragma omp parallel shared(a, b, c, d, sums, covered_twice)
    {
        #pragma omp for schedule(static)
        for (int i = 0; i < N; i++)
            a[i] = i % 97;

        #pragma omp for schedule(static, 7) private(tmp)
        for (int i = 0; i < N; i++) {
            tmp = a[i] * 2;
            b[i] = tmp + 1;
        }

        #pragma omp for schedule(dynamic)
        for (int i = 0; i < N; i++)
            c[i] = a[i] + b[i];

        #pragma omp for schedule(dynamic, 16) nowait
        for (int i = N - 1; i >= 0; i--)
            d[i] = c[i] * 3;
        #pragma omp barrier

        #pragma omp for schedule(static, 5)
        for (int i = 0; i < N; i += 3) {
            #pragma omp atomic
            sums[0] += d[i];
        }

        #pragma omp for schedule(dynamic, 3)
        for (int i = 0; i < N; i++) {
            long v = (long)a[i] * b[i] - c[i];
            #pragma omp atomic
            sums[1] += v;
        }

        /* every iteration exactly once: mark and count duplicates */
        #pragma omp for schedule(static)
        for (int i = 0; i < N; i++)
            a[i] = 0;
        #pragma omp for schedule(dynamic, 9)
        for (int i = 0; i < N; i++) {
            int prev = __sync_fetch_and_add(&a[i], 1);
            if (prev != 0) {
                #pragma omp atomic
                covered_twice++;
            }
        }
    }

    long check0 = 0, check1 = 0;
    for (int i = 0; i < N; i += 3)
        check0 += 3L * (3 * (i % 97) + 1);
    for (int i = 0; i < N; i++) {
        long av = i % 97, bv = 2 * av + 1;
        check1 += av * bv - (av + bv);
    }
    long marked = 0;
    for (int i = 0; i < N; i++)
        marked += a[i];
    printf("sums[0]=%ld (expect %ld) sums[1]=%ld (expect %ld)\n", sums[0], check0, sums[1],
           check1);
    printf("marked=%ld covered_twice=%d tmp=%d\n", marked, covered_twice, tmp);
    int ok = sums[0] == check0 && sums[1] == check1 && marked == N && covered_twice == 0 &&
             tmp == -5;
    printf("%s\n", ok ? "omp_for: ok" : "omp_for: FAILED");
    return !ok;
}
