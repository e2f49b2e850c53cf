/* Taskgroup cancellation: a search that stops once one task finds the
 * answer.  The output is the same whether or not cancellation is enabled
 * (OMP_CANCELLATION); tests/backend/test_cancel_run.py runs it with it
 * enabled and checks that tasks were discarded. */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

static void spin(int n) {
    for (volatile int k = 0; k < n; k++)
        ;
}

int main(void) {
    int found = -1, ran = 0, points = 0;
    #pragma omp parallel
    #pragma omp single
    {
        #pragma omp taskgroup
        {
            for (int i = 0; i < 2000; i++) {
                #pragma omp task shared(found, ran, points) firstprivate(i)
                {
                    #pragma omp atomic
                    ran++;
                    spin(20000);
                    #pragma omp cancellation point taskgroup
                    if (i == 37) {
                        #pragma omp atomic write
                        found = i;
                        #pragma omp cancel taskgroup
                    }
                    #pragma omp atomic
                    points++;
                }
            }
        }
    }
    printf("found %d\n", found);
    if (getenv("CANCEL_STATS"))
        fprintf(stderr, "cancellation %d ran %d passed %d\n", omp_get_cancellation(), ran, points);
    return 0;
}
