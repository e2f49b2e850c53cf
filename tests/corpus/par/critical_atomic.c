/* Exercises `critical` (unnamed and two independent named sections) and the
 * update forms of `atomic`: x op= e (+ - * & | ^), x++, ++x, x--, --x,
 * x = x op e, and x = e op x, on int, long, unsigned and double operands. */
#include <omp.h>
#include <stdio.h>

#define N 1000

static long hist[8];
static int list[N];
static int list_len = 0;

int main(void)
{
    int inc = 0, dec = 0, pre_inc = 0, pre_dec = 0;
    long add = 0, sub = 0, plain = 0, reversed = 0;
    unsigned int or_bits = 0, xor_bits = 0, and_bits = 0xFFFFFFFFu;
    long product = 1;
    double dsum = 0.0;
    long crit_sum = 0;
    int pairs_ok = 0;

    #pragma omp parallel
    {
        #pragma omp for schedule(dynamic, 13)
        for (int i = 0; i < N; i++) {
            #pragma omp atomic
            inc++;
            #pragma omp atomic
            ++pre_inc;
            #pragma omp atomic
            dec--;
            #pragma omp atomic
            --pre_dec;
            #pragma omp atomic
            add += i;
            #pragma omp atomic
            sub -= 2 * i;
            #pragma omp atomic
            plain = plain + i % 7;
            #pragma omp atomic
            reversed = 3 + reversed;
            #pragma omp atomic
            or_bits |= 1u << (i % 32);
            #pragma omp atomic
            xor_bits ^= (unsigned)i;
            #pragma omp atomic
            and_bits &= ~(1u << (i % 29));
            if (i % 100 == 0) {
                #pragma omp atomic
                product *= 2;
            }
            #pragma omp atomic
            dsum += 0.25; /* exactly representable partial sums */

            #pragma omp critical
            {
                list[list_len] = i;
                list_len++;
            }
            #pragma omp critical(histogram)
            hist[i % 8] += i;
            #pragma omp critical(pairs)
            {
                /* two updates that must stay consistent with each other */
                crit_sum += i;
                pairs_ok += (crit_sum >= i);
            }
        }
    }

    long list_sum = 0;
    for (int i = 0; i < list_len; i++)
        list_sum += list[i];
    long hist_sum = 0;
    for (int k = 0; k < 8; k++)
        hist_sum += hist[k];
    printf("inc=%d pre_inc=%d dec=%d pre_dec=%d\n", inc, pre_inc, dec, pre_dec);
    printf("add=%ld sub=%ld plain=%ld reversed=%ld product=%ld\n", add, sub, plain, reversed,
           product);
    printf("or=%08X xor=%08X and=%08X dsum=%.2f\n", or_bits, xor_bits, and_bits, dsum);
    printf("list_len=%d list_sum=%ld hist_sum=%ld hist[3]=%ld crit_sum=%ld pairs_ok=%d\n",
           list_len, list_sum, hist_sum, hist[3], crit_sum, pairs_ok);
    long tri = (long)N * (N - 1) / 2;
    int ok = inc == N && pre_dec == -N && add == tri && sub == -2 * tri && list_sum == tri &&
             hist_sum == tri && crit_sum == tri && pairs_ok == N && product == 1024 &&
             dsum == N * 0.25;
    printf("%s\n", ok ? "critical_atomic: ok" : "critical_atomic: FAILED");
    return !ok;
}
