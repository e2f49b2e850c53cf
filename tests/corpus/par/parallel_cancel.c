/* Cancelling regions, worksharing loops and sections: searches that stop
 * once the answer is found.  The output is the same whether or not
 * cancellation is enabled (OMP_CANCELLATION); tests/backend/
 * test_cancel_run.py runs it with it enabled and checks, in the counts
 * printed with CANCEL_STATS, that work was skipped. */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

#define N 20000
#define ROUNDS 400
#define TASKS 2000

static void spin(int n) {
    for (volatile int k = 0; k < n; k++)
        ;
}

/* cancel for: the first multiple of 7919 past 5000, found by any thread. */
static int search_for(int *ran) {
    int found = -1;
    #pragma omp parallel shared(found)
    {
        #pragma omp for schedule(dynamic, 16)
        for (int i = 0; i < N; i++) {
            #pragma omp atomic
            (*ran)++;
            spin(2000);
            if (i > 5000 && i % 7919 == 0) {
                #pragma omp critical
                if (found < 0 || i < found)
                    found = i;
                #pragma omp cancel for
            }
            #pragma omp cancellation point for
        }
        /* the loop's barrier was met: every thread sees the answer */
        if (found != 7919 && found != 2 * 7919)
            printf("bad search_for %d\n", found);
    }
    return found;
}

/* cancel for if(cancel: e) with a static schedule, orphaned in a function
 * called from a region. */
static void orphan_loop(int limit, int *ran) {
    #pragma omp for schedule(static)
    for (int i = 0; i < N; i++) {
        #pragma omp atomic
        (*ran)++;
        spin(500);
        #pragma omp cancel for if(cancel: i == limit)
    }
}

/* cancel parallel: thread 0 leaves after 3 rounds; the others, waiting at
 * or reaching a barrier, leave with it. */
static int rounds(int *total) {
    int done = 0;
    #pragma omp parallel shared(done)
    {
        int start;
        #pragma omp single copyprivate(start)
        start = 0;
        for (int r = start; r < ROUNDS; r++) {
            if (omp_get_thread_num() == 0 && r == 3) {
                done = r;
                #pragma omp cancel parallel
            }
            #pragma omp atomic
            (*total)++;
            spin(20000);
            #pragma omp barrier
            #pragma omp cancellation point parallel
        }
    }
    return done;
}

/* cancel parallel discards the region's tasks that have not started. */
static int region_tasks(int *ran) {
    int made = 0;
    #pragma omp parallel shared(made)
    {
        if (omp_get_thread_num() == 0) {
            for (int i = 0; i < TASKS; i++) {
                #pragma omp task
                {
                    #pragma omp atomic
                    (*ran)++;
                    spin(20000);
                }
                made++;
            }
            #pragma omp cancel parallel if(made == TASKS)
        }
        #pragma omp for
        for (int i = 0; i < 8; i++)
            spin(100);
    }
    return made;
}

/* cancel sections: the first section cancels, the later ones check. */
static int sections(int *ran) {
    int first = 0;
    #pragma omp parallel shared(first)
    {
        #pragma omp sections
        {
            #pragma omp section
            {
                first = 1;
                #pragma omp cancel sections
            }
            #pragma omp section
            {
                spin(2000000);
                #pragma omp cancellation point sections
                #pragma omp atomic
                (*ran)++;
            }
            #pragma omp section
            {
                spin(2000000);
                #pragma omp cancellation point sections
                #pragma omp atomic
                (*ran)++;
            }
        }
    }
    return first;
}

int main(void) {
    int ran_for = 0, ran_orphan = 0, total = 0, ran_tasks = 0, ran_sections = 0;
    int found = search_for(&ran_for);
    printf("search_for %d\n", found == 7919 || found == 2 * 7919);
    #pragma omp parallel
    orphan_loop(100, &ran_orphan);
    printf("orphan_loop %d\n", ran_orphan >= 101);
    printf("rounds %d\n", rounds(&total));
    printf("region_tasks %d\n", region_tasks(&ran_tasks));
    printf("sections %d\n", sections(&ran_sections));
    if (getenv("CANCEL_STATS"))
        fprintf(stderr, "cancellation %d for %d orphan %d rounds %d tasks %d sections %d\n",
                omp_get_cancellation(), ran_for, ran_orphan, total, ran_tasks, ran_sections);
    return 0;
}
