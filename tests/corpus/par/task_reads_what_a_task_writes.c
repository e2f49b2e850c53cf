/* A task that only reads a local another task writes reads the written
 * value when the tasks are ordered (by a dependence on another variable, by
 * a detach event, by nesting): the reading task shares the local and does
 * not copy it when it is created. */
#include <omp.h>
#include <stdio.h>

int main(void)
{
    int x = 0, y = 0, r = -1, b = 0, c = 5, late = 0, seen = -1;
    #pragma omp parallel num_threads(2)
    #pragma omp single
    {
        #pragma omp task depend(out: y) shared(y)
        {
            x = 1;
            y = 1;
        }
        #pragma omp task depend(in: y)
        r = x;

        #pragma omp task
        {
            #pragma omp task
            b = c;
        }

        omp_event_handle_t done;
        #pragma omp task detach(done) depend(out: seen)
        {
            late = 7;
            omp_fulfill_event(done);
        }
        #pragma omp task depend(in: seen)
        seen = late;
    }
    printf("r %d b %d seen %d\n", r, b, seen);
    return 0;
}
