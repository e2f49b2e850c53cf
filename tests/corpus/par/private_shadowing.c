/* Private copies and block-scope declarations that hide a variable the
 * enclosing parallel region shares: `single private(x)`, `for private(x)`,
 * `task private(x)` and a plain inner `int x` each get their own object,
 * while the other uses in the region still reach the shared one. */
#include <stdio.h>

int main(void)
{
    int x = 5, hits = 0, sum = 0, tasks = 0;
    double d = 0.5;

    #pragma omp parallel shared(x, hits, sum, tasks, d)
    {
        #pragma omp single private(x)
        {
            x = 100; /* the private copy: the shared x stays 5 */
            hits += x;
        }
        #pragma omp atomic
        x += 1; /* the shared x, once per thread */

        #pragma omp single private(x, d)
        {
            for (x = 0, d = 2.0; x < 4; x++)
                hits += (int)d;
        }

        #pragma omp for private(x)
        for (int i = 0; i < 10; i++) {
            x = i * 2;
            #pragma omp atomic
            sum += x;
        }

        {
            int x = -1; /* hides the shared x in this block only */
            #pragma omp atomic
            sum += x + 1;
        }

        #pragma omp single
        {
            for (int k = 0; k < 3; k++) {
                #pragma omp task private(x) shared(tasks)
                {
                    x = k + 1;
                    #pragma omp atomic
                    tasks += x;
                }
            }
            #pragma omp taskwait
            d += 1.0;
        }
    }
    printf("hits %d sum %d tasks %d d %.1f\n", hits, sum, tasks, d);
    printf("x grew by one per thread: %s\n", x > 5 ? "yes" : "no");
    return 0;
}
