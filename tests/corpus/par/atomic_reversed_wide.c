/* Forms of `atomic` beyond the common ones: an update with the location on
 * the right of a non-commutative operator (x = e - x, x = e / x, x = e << x,
 * x = e >> x; also captured), a capture of the new value after a bitwise
 * update ({x |= e; v = x;}, v = x ^= e, v = x = x & e), the compare capture
 * v = x = x < e ? e : x, and every form on a long double, which is wider than
 * the processor's compare-and-swap (gcc takes a lock there). */
#include <stdio.h>

#define N 1000

int main(void)
{
    int flip = 5, shifted = 3, bits = 0, seen_bit = 0, xors = 0, masks = ~0, highest = -1;
    int above = 0;
    double halves = 4.0;
    long double total = 0.0L, peak = -1.0L, read_back = 0.0L, swapped = 0.0L;
    long double stepped = 10.0L;
    int captured_wide = 0;

    #pragma omp parallel for
    for (int i = 0; i < N; i++) {
        int v;
        #pragma omp atomic
        flip = 11 - flip;              /* an even number of flips: 5 again */
        #pragma omp atomic update
        halves = 1.0 / halves;         /* likewise: 4.0 again */
        #pragma omp atomic capture
        { bits |= 1 << (i % 31); v = bits; }
        if (v & (1 << (i % 31))) {
            #pragma omp atomic
            seen_bit++;
        }
        #pragma omp atomic capture
        v = xors ^= i;
        (void)v;
        #pragma omp atomic capture
        v = masks = masks & ~(1 << (i % 16));
        #pragma omp atomic compare capture
        v = highest = highest < i ? i : highest;
        if (v >= i) {
            #pragma omp atomic
            above++;
        }
        #pragma omp atomic
        total += 0.5L;
        #pragma omp atomic compare
        if (peak < (long double)i) { peak = (long double)i; }
        long double w;
        #pragma omp atomic capture
        { w = stepped; stepped = 30.0L - stepped; }
        if (w == 10.0L) {
            #pragma omp atomic
            captured_wide++;
        }
    }
    #pragma omp parallel
    {
        #pragma omp single
        {
            int v;
            #pragma omp atomic capture
            v = shifted = 1 << shifted;     /* 8 */
            #pragma omp atomic
            shifted = 1024 >> shifted;      /* 4 */
            printf("shifts: %d then %d\n", v, shifted);
            #pragma omp atomic write
            swapped = 2.5L;
            #pragma omp atomic read
            read_back = swapped;
        }
    }
    printf("flip %d, halves %g, new value had its bit %d times\n", flip, halves, seen_bit);
    printf("bits %#x, xors %d, masks %#x, highest %d, all above %d\n",
           (unsigned)bits, xors, (unsigned)masks, highest, above == N);
    printf("total %.1Lf, peak %.0Lf, read back %.2Lf, stepped %.0Lf, old 10 seen %d times\n",
           total, peak, read_back, stepped, captured_wide);
    return 0;
}
