/* simd and loop bind(thread) loops in a team, their iteration variables
 * declared outside the region (shared by the team): every thread runs the
 * whole loop on its own counter, and the variable gets the sequential
 * value after it.  Every thread stores that value, as in gcc: a race by
 * OpenMP's rules, so this program is not in the race-free corpus. */
#include <stdio.h>

static int g;

static int touch(int k)
{
    return k >= 0;
}

/* Called through a volatile pointer: the loops reload their counters. */
static int (*volatile visit)(int) = touch;

int main(void)
{
    int i, j, k, wrong = 0;
#pragma omp parallel reduction(+ : wrong)
    {
        int c = 0;
#pragma omp simd
        for (i = 0; i < 20000; i++)
            c += visit(i);
        wrong += c != 20000;
        c = 0;
#pragma omp loop bind(thread)
        for (j = 0; j < 20000; j += 2)
            c += visit(j);
        wrong += c != 10000;
        c = 0;
#pragma omp simd collapse(2) lastprivate(k)
        for (g = 0; g < 100; g++)
            for (k = 0; k < 100; k++)
                c += visit(g + k);
        wrong += c != 10000;
    }
    printf("wrong %d, i %d, j %d, g %d, k %d\n", wrong, i, j, g, k);
    return 0;
}
