/* `linear` on worksharing loops: each iteration sees the variable's value
 * before the loop plus its logical iteration number times the step,
 * whichever thread runs it (integers and pointers, steps given as
 * expressions, under every schedule, collapsed loops, loops counting down),
 * and the thread that runs the last iteration writes its value back; on a
 * composite SIMD loop the iteration variable may be linear too. */
#include <stdio.h>

#define N 64

static int step_of(int k) { return k + 1; }

int main(void)
{
    int a[N] = {0}, i;
    long j = 100, m = 0;
    int *p = a + 10;
    short s = -5;

    #pragma omp parallel for simd linear(i)
    for (i = 0; i < 8; i++)
        a[i] += 1;

    #pragma omp parallel for linear(j : step_of(2)) linear(p) schedule(dynamic, 2)
    for (int k = 30; k > 0; k -= 5) {
        *p = (int)j;
        p++;
        j += 3;
    }

    #pragma omp parallel
    {
        #pragma omp for linear(m : 2) collapse(2) schedule(guided)
        for (int x = 0; x < 4; x++)
            for (int y = 0; y < 3; y++) {
                a[40 + x * 3 + y] = (int)m;
                m += 2;
            }
        #pragma omp for simd linear(s : -1) schedule(static, 1)
        for (int k = 0; k < 6; k++) {
            a[54 + k] += s;
            s--;
        }
    }

    for (int k = 0; k < N; k++)
        printf("%d ", a[k]);
    printf("| i=%d j=%ld p=%d m=%ld s=%d\n", i, j, (int)(p - a), m, s);
    return 0;
}
