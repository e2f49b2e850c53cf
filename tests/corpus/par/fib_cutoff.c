/* Exercises the three usual recursion cut-offs of task-parallel fib (in the
 * style of the BOTS fib kernel): a manual depth test that calls a sequential
 * version, the `if` clause, and the `final` clause combined with
 * omp_in_final() to switch to the sequential version. */
#include <omp.h>
#include <stdio.h>

static long fib_seq(int n) { return n < 2 ? n : fib_seq(n - 1) + fib_seq(n - 2); }

static long fib_manual(int n, int depth, int cutoff)
{
    if (depth >= cutoff)
        return fib_seq(n);
    if (n < 2)
        return n;
    long x, y;
    #pragma omp task shared(x)
    x = fib_manual(n - 1, depth + 1, cutoff);
    #pragma omp task shared(y)
    y = fib_manual(n - 2, depth + 1, cutoff);
    #pragma omp taskwait
    return x + y;
}

static long fib_if(int n, int depth, int cutoff)
{
    if (n < 2)
        return n;
    long x, y;
    #pragma omp task shared(x) if(depth < cutoff)
    x = fib_if(n - 1, depth + 1, cutoff);
    #pragma omp task shared(y) if(depth < cutoff)
    y = fib_if(n - 2, depth + 1, cutoff);
    #pragma omp taskwait
    return x + y;
}

static long fib_final(int n, int depth, int cutoff)
{
    if (n < 2)
        return n;
    if (omp_in_final())
        return fib_seq(n);
    long x, y;
    #pragma omp task shared(x) final(depth + 1 >= cutoff)
    x = fib_final(n - 1, depth + 1, cutoff);
    #pragma omp task shared(y) final(depth + 1 >= cutoff)
    y = fib_final(n - 2, depth + 1, cutoff);
    #pragma omp taskwait
    return x + y;
}

int main(void)
{
    long a = 0, b = 0, c = 0;
    #pragma omp parallel
    {
        #pragma omp single
        {
            a = fib_manual(27, 0, 8);
            b = fib_if(22, 0, 6);
            c = fib_final(27, 0, 8);
        }
    }
    long expect27 = fib_seq(27), expect22 = fib_seq(22);
    printf("fib_manual(27)=%ld fib_if(22)=%ld fib_final(27)=%ld\n", a, b, c);
    int ok = a == expect27 && b == expect22 && c == expect27 && a == 196418;
    printf("%s\n", ok ? "fib_cutoff: ok" : "fib_cutoff: FAILED");
    return !ok;
}
