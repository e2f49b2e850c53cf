/* Exercises taskgroup: the end of a taskgroup waits for every task created
 * in it, descendants included (taskwait waits only for children), while
 * tasks that outlive their parent keep running; taskgroups nest, appear in
 * recursive functions, in tasks and in a region's single.  Each check reads
 * the counters right after the taskgroup, so a wait that is too short shows
 * up as a wrong count. */
#include <omp.h>
#include <stdio.h>

static int leaves = 0;

/* A tree of tasks that never wait for their children. */
static void grow(int depth)
{
    if (depth == 0) {
        #pragma omp atomic
        leaves++;
        return;
    }
    #pragma omp task
    grow(depth - 1);
    #pragma omp task
    grow(depth - 1);
}

/* fib with one taskgroup per call instead of taskwait */
static long fib(int n)
{
    long x = 0, y = 0;
    if (n < 2)
        return n;
    #pragma omp taskgroup
    {
        #pragma omp task shared(x)
        x = fib(n - 1);
        #pragma omp task shared(y)
        y = fib(n - 2);
    }
    return x + y;
}

/* nested taskgroups: the inner end waits for its own tasks only */
static int nested(void)
{
    int inner = 0, outer = 0, ok = 1;
    #pragma omp taskgroup
    {
        #pragma omp task shared(outer)
        {
            #pragma omp task shared(outer)
            {
                #pragma omp atomic
                outer += 10;
            }
        }
        for (int round = 0; round < 3; round++) {
            #pragma omp taskgroup
            {
                for (int i = 0; i < 8; i++) {
                    #pragma omp task shared(inner)
                    {
                        #pragma omp task shared(inner)
                        {
                            #pragma omp atomic
                            inner++;
                        }
                    }
                }
            }
            if (inner != 8 * (round + 1))
                ok = 0;
        }
    }
    if (outer != 10)
        ok = 0;
    return ok;
}

int main(void)
{
    int after_group = -1, after_fib = 0, nested_ok = 0, in_task = -1;
    long f = 0;
    #pragma omp parallel
    #pragma omp single
    {
        #pragma omp taskgroup
        {
            #pragma omp task
            grow(9);
        }
        after_group = leaves; /* all 512 leaves, grandchildren included */
        f = fib(20);
        after_fib = leaves;
        nested_ok = nested();
        #pragma omp task shared(in_task)
        {
            #pragma omp taskgroup
            grow(6);
            in_task = leaves; /* the taskgroup's end synchronizes */
        }
    }
    printf("after_group=%d fib=%ld after_fib=%d nested_ok=%d in_task=%d\n", after_group, f,
           after_fib, nested_ok, in_task);
    return after_group == 512 && f == 6765 && nested_ok && in_task == 576 ? 0 : 1;
}
