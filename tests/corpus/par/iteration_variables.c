/* What an iteration variable declared outside its loop holds after the
 * construct: lastprivate (the sequential value) on constructs with a simd
 * or loop part, untouched on the others; simd's private copies; every thread
 * running a parallel loop bound to the thread. */
#include <stdio.h>

int g = -1;
int data[64];

static int sum_with_private_copy(void)
{
    int p = 5, s = 0, i;
#pragma omp simd private(p) reduction(+ : s)
    for (i = 0; i < 8; i++) {
        p = data[i];
        s += p;
    }
    return s * 100 + p * 10 + (i == 8);
}

int main(void)
{
    int a = -1, b = -1, c = -5, d = -1, e = -1, f = -1, h = -1, j = -1, k = -1;
    int n = 7, s = 0, t = 0;
    for (int x = 0; x < 64; x++)
        data[x] = x % 5;

#pragma omp parallel for simd
    for (a = 0; a < n; a++)
        data[a] += 1;
    printf("parallel for simd: %d\n", a);

#pragma omp parallel
    {
#pragma omp for simd
        for (b = 0; b < n; b += 3)
            ;
#pragma omp loop
        for (c = n; c > 0; c -= 2)
            ;
    }
    printf("for simd: %d, loop: %d\n", b, c);

#pragma omp parallel for
    for (d = 0; d < n; d++)
        ;
    printf("parallel for (private): %d\n", d);

#pragma omp parallel loop collapse(2) reduction(+ : s)
    for (e = 0; e < 3; e++)
        for (f = 0; f < 4; f++)
            s += e * f;
    printf("parallel loop collapse(2): %d %d sum %d\n", e, f, s);

#pragma omp teams distribute simd num_teams(2)
    for (h = 0; h < 5; h++)
        ;
#pragma omp teams loop num_teams(2)
    for (j = 1; j < 10; j += 2)
        ;
    printf("teams distribute simd: %d, teams loop: %d\n", h, j);

#pragma omp parallel
#pragma omp single
#pragma omp taskloop simd grainsize(2)
    for (k = n; k > 0; k -= 3)
        ;
    printf("taskloop simd: %d\n", k);

#pragma omp target parallel for simd
    for (g = 0; g < n; g++)
        ;
    printf("target parallel for simd (global): %d\n", g);

    int hits[8] = {0};
    int threads = 0;
    /* Atomics, not a reduction clause: gcc 12 combines this construct's
     * reductions without synchronisation (a rare lost update at 2 threads). */
#pragma omp parallel loop bind(thread)
    for (int i = 0; i < 8; i++) {
        __atomic_fetch_add(&t, i, __ATOMIC_RELAXED);
        __atomic_fetch_add(&threads, i == 0, __ATOMIC_RELAXED);
        __atomic_fetch_add(&hits[i], 1, __ATOMIC_RELAXED);
    }
    int same = 1;
    for (int i = 0; i < 8; i++)
        same &= hits[i] == threads;
    printf("parallel loop bind(thread): sum %d per thread, every thread ran every "
           "iteration: %d\n",
           t / threads, same);

    printf("simd private: %d\n", sum_with_private_copy());
    return 0;
}
