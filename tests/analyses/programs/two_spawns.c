/* Recursion with two spawns per call: rho = 2, lambda = 0. */
#include <stdio.h>

static long count(int n)
{
    if (n < 2)
        return 1;
    long a, b;
    #pragma omp task shared(a)
    a = count(n - 1);
    #pragma omp task shared(b)
    b = count(n - 2);
    #pragma omp taskwait
    return a + b;
}

int main(void)
{
    long r = 0;
    #pragma omp parallel
    #pragma omp single
    r = count(15);
    printf("%ld\n", r);
    return 0;
}
