/* cancel taskgroup inside a taskloop: the logical task that finds the answer
 * cancels the taskloop's implicit taskgroup; logical tasks that have not
 * started are discarded.  The output is the same whether or not
 * cancellation is enabled (OMP_CANCELLATION); tests/backend/test_cancel_run.py
 * runs it with it enabled and checks that logical tasks were discarded. */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

static void spin(int n) {
    for (volatile int k = 0; k < n; k++)
        ;
}

int main(void) {
    int found = -1, ran = 0, passed = 0;
    #pragma omp parallel
    #pragma omp single
    {
        #pragma omp taskloop grainsize(1) shared(found, ran, passed)
        for (int i = 0; i < 2000; i++) {
            #pragma omp atomic
            ran++;
            spin(20000);
            if (i == 37) {
                #pragma omp atomic write
                found = i;
                #pragma omp cancel taskgroup
            }
            #pragma omp atomic
            passed++;
        }
    }
    printf("found %d\n", found);
    if (getenv("CANCEL_STATS"))
        fprintf(stderr, "cancellation %d ran %d passed %d\n", omp_get_cancellation(), ran, passed);
    return 0;
}
