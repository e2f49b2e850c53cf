/* Task priorities are hints: the output must not depend on them.  With
 * OMP_MAX_TASK_PRIORITY set (tests/backend/test_priority_run.py) one worker
 * runs the ready tasks highest priority first. */
#include <omp.h>
#include <stdio.h>

int main(void) {
    int order[8], n = 0, sum = 0;
    #pragma omp parallel num_threads(1)
    #pragma omp single
    {
        for (int i = 0; i < 8; i++) {
            #pragma omp task priority(i % 4) shared(order, n, sum) firstprivate(i)
            {
                int k;
                #pragma omp atomic capture
                k = n++;
                order[k] = i;
                #pragma omp atomic
                sum += i;
            }
        }
        #pragma omp taskwait
    }
    printf("sum %d, ran %d tasks\n", sum, n);
    if (omp_get_max_task_priority() > 0) {
        for (int k = 0; k < n; k++)
            printf("%d%c", order[k], k + 1 < n ? ' ' : '\n');
    }
    return 0;
}
