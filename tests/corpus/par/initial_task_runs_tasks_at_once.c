/* Tasks the initial task creates outside every parallel region run at once,
 * on the initial team's one thread, as libgomp and libomp run them: the
 * statements after a task see its effects even before a taskwait (OpenMP
 * Examples task_dep.5 relies on it), and so do tasks with dependences,
 * nested tasks and taskloops there. */
#include <omp.h>
#include <stdio.h>

static int counter, order[8], next;

static void record(int id)
{
    #pragma omp task firstprivate(id)
    {
        order[next++] = id;
        counter += id;
    }
}

int main(void)
{
    int x = 0, y = 0, thread = -1, in_parallel = -1;
    for (int i = 1; i <= 4; i++)
        record(i);
    printf("after the tasks: counter %d, order %d %d %d %d\n", counter, order[0], order[1],
           order[2], order[3]);
    #pragma omp task depend(out: x) shared(x, thread, in_parallel)
    {
        x = 1;
        thread = omp_get_thread_num();
        in_parallel = omp_in_parallel();
    }
    #pragma omp task depend(in: x) shared(x, y)
    {
        #pragma omp task shared(x, y)
        y = x + 10;
    }
    printf("x %d, y %d, thread %d, in parallel %d\n", x, y, thread, in_parallel);
    int sum = 0;
    #pragma omp taskloop grainsize(2) reduction(+: sum)
    for (int i = 0; i < 10; i++)
        sum += i;
    printf("taskloop sum %d\n", sum);
    int inside = 0;
    #pragma omp parallel num_threads(2) shared(inside)
    #pragma omp single
    {
        #pragma omp task shared(inside)
        inside = 1;
        #pragma omp taskwait
    }
    printf("region task %d\n", inside);
    return 0;
}
