/* omp atomic computes as C does: an operand of another type converts by the
 * usual arithmetic conversions (x /= 2u divides as unsigned, x *= 2.5 as
 * double, x < 12u compares as unsigned) and the result to x's type, in
 * update, compare and capture forms, inside a team. */
#include <stdio.h>

int x;
long l;
float f;
unsigned char uc;

int main(void)
{
    int v = 0, r = 0;
    long sum = 0;
#pragma omp parallel shared(v, r)
    {
#pragma omp single
        {
            x = -32;
            #pragma omp atomic
            x /= 2U;
            printf("update  %d\n", x);
            x = -32;
            #pragma omp atomic compare
            x = 12U < x ? 12U : x;
            printf("compare %d\n", x);
            x = -1;
            #pragma omp atomic compare
            x = x > 5U ? 5U : x;
            printf("compare %d\n", x);
            x = 3;
            #pragma omp atomic
            x *= 2.5;
            printf("update  %d\n", x);
            l = -5;
            #pragma omp atomic compare
            l = l < 3UL ? 3UL : l;
            printf("%ld\n", l);
            x = 7;
            #pragma omp atomic
            x = x - 0.5;
            printf("%d\n", x);
            x = -32;
            #pragma omp atomic capture
            { v = x; x /= 2U; }
            printf("%d %d\n", v, x);
            x = -32;
            #pragma omp atomic capture
            { x /= 2U; v = x; }
            printf("%d %d\n", v, x);
            f = 1.0f;
            #pragma omp atomic
            f += 0.1;
            printf("%.9g\n", f);
            uc = 250;
            #pragma omp atomic
            uc += 10;
            printf("%d\n", uc);
            x = -1;
            #pragma omp atomic compare capture
            { v = x; if (x == 4294967295U) { x = 9; } }
            printf("%d %d\n", v, x);
            x = -1;
            #pragma omp atomic compare capture
            { r = x == 4294967295U; if (r) { x = 8; } }
            printf("%d %d\n", r, x);
            x = 40;
            #pragma omp atomic
            x >>= 2U;
            printf("%d\n", x);
        }
#pragma omp for
        for (int i = 0; i < 1000; i++) {
#pragma omp atomic
            sum += i % 2 ? 1.5 : 0.5; /* sum = (long)(sum + 1.5) adds 1, + 0.5 adds 0 */
        }
    }
    printf("%ld\n", sum);
    return 0;
}
