/* omp_in_explicit_task (OpenMP 5.2) wherever code runs: the initial task,
 * implicit tasks (also of a region nested in a task), explicit tasks run as
 * work items or at once (lazy, undeferred, included, a taskloop's), a
 * function called from them, and a task's code after a nested region. */
#include <omp.h>
#include <stdio.h>

static int explicit_now(void) { return omp_in_explicit_task(); }

static int fib(int n, int *wrong)
{
    if (!omp_in_explicit_task() && n < 20)
        __atomic_add_fetch(wrong, 1, __ATOMIC_RELAXED);
    if (n < 2)
        return n;
    int x, y;
#pragma omp task shared(x) firstprivate(n)
    x = fib(n - 1, wrong);
#pragma omp task shared(y) firstprivate(n)
    y = fib(n - 2, wrong);
#pragma omp taskwait
    return x + y;
}

int main(void)
{
    int wrong = 0, in_region = -1, nested = -1, after = -1, undeferred = -1, loop = 0;
    int initial = omp_in_explicit_task();
    int result = 0;
#pragma omp parallel shared(wrong, in_region, nested, after, undeferred, loop, result)
    {
        if (omp_in_explicit_task())
            __atomic_add_fetch(&wrong, 1, __ATOMIC_RELAXED);
#pragma omp single
        {
            in_region = explicit_now();
#pragma omp task shared(nested, after)
            {
#pragma omp parallel num_threads(2) shared(nested)
#pragma omp single
                nested = omp_in_explicit_task();
                after = omp_in_explicit_task();
            }
#pragma omp task if(0) shared(undeferred)
            undeferred = explicit_now();
#pragma omp taskloop grainsize(1) shared(loop)
            for (int i = 0; i < 50; i++)
                if (omp_in_explicit_task())
                    __atomic_add_fetch(&loop, 1, __ATOMIC_RELAXED);
#pragma omp task shared(result, wrong)
            result = fib(16, &wrong);
        }
    }
    printf("initial %d region %d nested %d after %d undeferred %d\n", initial, in_region, nested,
           after, undeferred);
    printf("taskloop %d fib %d wrong %d\n", loop, result, wrong);
    return 0;
}
