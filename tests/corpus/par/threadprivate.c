/* Exercises `threadprivate`: a file-scope counter and a block-scope static
 * made threadprivate, updated without synchronisation by work-shared loop
 * iterations and by tasks, then combined after a barrier.  Only the combined
 * totals (independent of the team size) are printed. */
#include <omp.h>
#include <stdio.h>

static int tp_count;
static long tp_sum;
#pragma omp threadprivate(tp_count, tp_sum)

static int calls_on_this_thread(void)
{
    static int calls;
    #pragma omp threadprivate(calls)
    return ++calls;
}

int main(void)
{
    long total_count = 0, total_sum = 0;
    int max_calls_total = 0;

    #pragma omp parallel shared(total_count, total_sum, max_calls_total)
    {
        tp_count = 0;
        tp_sum = 0;
        #pragma omp for schedule(dynamic, 7)
        for (int i = 0; i < 1000; i++) {
            tp_count++;
            tp_sum += i;
        }
        #pragma omp atomic
        total_count += tp_count;
        #pragma omp atomic
        total_sum += tp_sum;
        #pragma omp barrier

        /* tasks update the copy of whichever thread runs them */
        tp_count = 0;
        #pragma omp barrier
        #pragma omp single
        for (int t = 0; t < 200; t++) {
            #pragma omp task
            {
                tp_count += 1;
                calls_on_this_thread();
            }
        }
        /* the barrier at the end of single completes all tasks */
        #pragma omp atomic
        total_count += tp_count;
        int mine = calls_on_this_thread() - 1; /* tasks run by this thread */
        #pragma omp atomic
        max_calls_total += mine;
    }
    /* after the region, the initial thread's copy is visible again */
    tp_count = 5;
    int after = tp_count;
    printf("total_count=%ld total_sum=%ld task_calls=%d after=%d\n", total_count, total_sum,
           max_calls_total, after);
    int ok = total_count == 1200 && total_sum == 499500 && max_calls_total == 200;
    printf("%s\n", ok ? "threadprivate: ok" : "threadprivate: FAILED");
    return !ok;
}
