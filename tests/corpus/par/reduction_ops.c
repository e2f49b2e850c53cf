/* `reduction` on `parallel` and on `for` for every built-in operator
 * (+ - * & | ^ && || min max) on integer, unsigned, char and floating
 * types: each private copy starts at the operator's identity and is
 * combined into the original (which also takes part) at the end.  The
 * printed values do not depend on the team size. */
#include <omp.h>
#include <stdio.h>

#define N 1000

static int data[N];

int main(void)
{
    for (int i = 0; i < N; i++)
        data[i] = (i * 37 + 11) % 1009 - 500;

    long sum = 5, diff = 0;
    unsigned long prod = 1;
    unsigned mask_and = 0xffffffffu, mask_or = 0, mask_xor = 0;
    int all_pos = 1, any_big = 0;
    int lo = 1 << 30, hi = -(1 << 30);
    double dsum = 0.5, dmin = 1e300, dmax = -1e300;
    float fmax = -1.0f;
    char cmax = 'a';
    short smin = 32000;
    unsigned char uc_min = 200;
    long long ll_max = -5;

    #pragma omp parallel for reduction(+: sum) reduction(-: diff) reduction(*: prod)
    for (int i = 0; i < N; i++) {
        sum += data[i];
        diff -= 2;
        if (i % 100 == 7)
            prod *= 3;
    }
    #pragma omp parallel
    {
        #pragma omp for reduction(&: mask_and) reduction(|: mask_or) reduction(^: mask_xor)
        for (int i = 0; i < N; i++) {
            mask_and &= ~(1u << (i % 20));
            mask_or |= 1u << (i % 24);
            mask_xor ^= (unsigned)data[i] * 2654435761u;
        }
        #pragma omp for reduction(&&: all_pos) reduction(||: any_big) schedule(dynamic, 7)
        for (int i = 0; i < N; i++) {
            all_pos = all_pos && data[i] > -600;
            any_big = any_big || data[i] > 500;
        }
        #pragma omp for reduction(min: lo, smin, uc_min) reduction(max: hi, cmax, ll_max) nowait
        for (int i = 0; i < N; i++) {
            if (data[i] < lo) lo = data[i];
            if (data[i] > hi) hi = data[i];
            if (data[i] < smin) smin = (short)data[i];
            if ((unsigned char)(i % 150 + 20) < uc_min) uc_min = (unsigned char)(i % 150 + 20);
            if ('a' + i % 26 > cmax) cmax = (char)('a' + i % 26);
            if ((long long)data[i] * 1000000 > ll_max) ll_max = (long long)data[i] * 1000000;
        }
        #pragma omp for reduction(+: dsum) reduction(min: dmin) reduction(max: dmax, fmax) schedule(guided)
        for (int i = 0; i < N; i++) {
            dsum += data[i] * 0.25;
            if (data[i] * 1.5 < dmin) dmin = data[i] * 1.5;
            if (data[i] * 1.5 > dmax) dmax = data[i] * 1.5;
            if ((float)i > fmax) fmax = (float)i;
        }
    }

    /* reduction on parallel: every thread contributes once */
    int threads = 0, seen_min = 1000, seen_max = -1;
    long tids = 0;
    #pragma omp parallel reduction(+: threads, tids) reduction(min: seen_min) reduction(max: seen_max)
    {
        threads += 1;
        tids += omp_get_thread_num();
        if (omp_get_thread_num() < seen_min) seen_min = omp_get_thread_num();
        if (omp_get_thread_num() > seen_max) seen_max = omp_get_thread_num();
    }
    long expect_tids = (long)threads * (threads - 1) / 2;

    /* a shared variable of the region reduced by its worksharing loop */
    long nested = 100;
    #pragma omp parallel num_threads(2)
    {
        #pragma omp for reduction(+: nested)
        for (int i = 1; i <= 100; i++)
            nested += i;
    }

    printf("sum=%ld diff=%ld prod=%lu\n", sum, diff, prod);
    printf("and=%#x or=%#x xor=%#x\n", mask_and, mask_or, mask_xor);
    printf("all_pos=%d any_big=%d\n", all_pos, any_big);
    printf("lo=%d hi=%d smin=%d uc_min=%d cmax=%c ll_max=%lld\n", lo, hi, smin, uc_min, cmax,
           ll_max);
    printf("dsum=%.3f dmin=%.2f dmax=%.2f fmax=%.1f\n", dsum, dmin, dmax, fmax);
    printf("region: thread ids ok=%d min=%d max ok=%d\n", tids == expect_tids, seen_min,
           seen_max == threads - 1);
    printf("nested=%ld\n", nested);
    return 0;
}
