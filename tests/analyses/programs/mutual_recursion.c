/* Mutual recursion through two functions, the spawn in the second one:
 * one context (odd_part) with a recursive parallel path. */
#include <stdio.h>

static long odd_part(int n);

static long even_part(int n) { return n <= 0 ? 1 : odd_part(n - 1) + 1; }

static long odd_part(int n)
{
    long r = 0;
    if (n <= 0)
        return 0;
    #pragma omp task shared(r)
    r = even_part(n - 1);
    #pragma omp taskwait
    return r + 1;
}

int main(void)
{
    long v = 0;
    #pragma omp parallel
    #pragma omp single
    v = even_part(20);
    printf("%ld\n", v);
    return 0;
}
