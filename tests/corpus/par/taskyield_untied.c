/* Exercises taskyield, untied and mergeable: tasks that take a lock with
 * omp_test_lock and yield while it is busy (a task scheduling point: the
 * worker may run another task meanwhile), untied tasks that yield in a loop,
 * and mergeable tasks (OpenMP lets an implementation merge them into their
 * parent; inspirec runs them as tasks of their own).  The lock is held
 * only between two scheduling-point-free statements, so every spinner ends. */
#include <omp.h>
#include <stdio.h>

#define TASKS 64

static omp_lock_t lock;
static long guarded = 0;
static long yielded_sum = 0;

static void add_under_lock(long v)
{
    while (!omp_test_lock(&lock)) {
        #pragma omp taskyield
    }
    guarded += v;
    omp_unset_lock(&lock);
}

static long merge_sum(int n)
{
    long a = 0, b = 0;
    if (n < 2)
        return n;
    #pragma omp task mergeable shared(a)
    a = merge_sum(n - 1);
    #pragma omp task mergeable shared(b) if(n > 8)
    b = merge_sum(n - 2);
    #pragma omp taskwait
    return a + b;
}

int main(void)
{
    long merged = 0;
    omp_init_lock(&lock);
    #pragma omp parallel
    #pragma omp single
    {
        for (int i = 1; i <= TASKS; i++) {
            #pragma omp task untied
            {
                add_under_lock(i);
                for (int k = 0; k < 4; k++) {
                    #pragma omp taskyield
                    #pragma omp atomic
                    yielded_sum += k;
                }
            }
        }
        #pragma omp task shared(merged) untied mergeable
        merged = merge_sum(18);
        #pragma omp taskwait
    }
    omp_destroy_lock(&lock);
    printf("guarded=%ld yielded_sum=%ld merged=%ld\n", guarded, yielded_sum, merged);
    return guarded == TASKS * (TASKS + 1) / 2 && yielded_sum == 6 * TASKS && merged == 2584 ? 0 : 1;
}
