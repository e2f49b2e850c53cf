/* `sections`/`section`: every section runs exactly once (the first one
 * without its directive), with private, reduction and nowait; the combined
 * `parallel sections`; sections holding nested constructs and tasks.  The
 * printed values do not depend on the team size. */
#include <omp.h>
#include <stdio.h>

static long fib(int n)
{
    long x, y;
    if (n < 2)
        return n;
    #pragma omp task shared(x)
    x = fib(n - 1);
    #pragma omp task shared(y)
    y = fib(n - 2);
    #pragma omp taskwait
    return x + y;
}

int main(void)
{
    int runs[4] = {0, 0, 0, 0};
    long total = 0;
    int scratch = -1;
    long f1 = 0, f2 = 0;

    #pragma omp parallel
    {
        #pragma omp sections private(scratch) reduction(+: total)
        {
            {
                scratch = 1;
                runs[0] += scratch;
                total += 1;
            }
            #pragma omp section
            {
                scratch = 2;
                runs[1] += scratch;
                total += 20;
            }
            #pragma omp section
            for (int i = 0; i < 10; i++) {
                runs[2] += 1;
                total += 300;
            }
            #pragma omp section
            #pragma omp critical
            runs[3] += 4;
        }
        #pragma omp sections nowait
        {
            #pragma omp section
            f1 = fib(15);
            #pragma omp section
            f2 = fib(12);
        }
    }
    printf("runs=%d %d %d %d total=%ld scratch=%d\n", runs[0], runs[1], runs[2], runs[3], total,
           scratch);
    printf("fib(15)=%ld fib(12)=%ld\n", f1, f2);

    int who_max = -1;
    double prod = 1.0;
    #pragma omp parallel sections reduction(max: who_max) reduction(*: prod) num_threads(2)
    {
        #pragma omp section
        {
            prod *= 1.5;
            who_max = 7;
        }
        #pragma omp section
        {
            prod *= 4.0;
            if (omp_get_thread_num() > 100)
                who_max = 1000;
        }
        #pragma omp section
        prod *= 0.5;
    }
    printf("prod=%.2f who_max=%d\n", prod, who_max);
    return 0;
}
