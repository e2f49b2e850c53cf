/* Exercises task `if` (an undeferred task completes before the parent
 * continues), `final` (descendants become included tasks; omp_in_final is
 * true inside them), `mergeable`, `untied`, and final/if used as recursion
 * cut-offs.  Counts printed depend only on the recursion structure. */
#include <omp.h>
#include <stdio.h>

static int in_final_count = 0;
static int task_count = 0;

static long fib_final(int n, int cutoff)
{
    if (omp_in_final()) {
        #pragma omp atomic
        in_final_count++;
    }
    if (n < 2)
        return n;
    long a = 0, b = 0;
    #pragma omp task shared(a) final(n <= cutoff)
    a = fib_final(n - 1, cutoff);
    #pragma omp task shared(b) final(n <= cutoff)
    b = fib_final(n - 2, cutoff);
    #pragma omp taskwait
    return a + b;
}

static long fib_if(int n, int cutoff)
{
    if (n < 2)
        return n;
    long a = 0, b = 0;
    #pragma omp task shared(a) if(n > cutoff)
    {
        #pragma omp atomic
        task_count++;
        a = fib_if(n - 1, cutoff);
    }
    #pragma omp task shared(b) if(n > cutoff) mergeable
    {
        #pragma omp atomic
        task_count++;
        b = fib_if(n - 2, cutoff);
    }
    #pragma omp taskwait
    return a + b;
}

static long sum_untied(int lo, int hi)
{
    if (hi - lo <= 64) {
        long s = 0;
        for (int i = lo; i < hi; i++)
            s += i;
        return s;
    }
    int mid = lo + (hi - lo) / 2;
    long left = 0, right = 0;
    #pragma omp task untied shared(left)
    left = sum_untied(lo, mid);
    #pragma omp task untied shared(right)
    right = sum_untied(mid, hi);
    #pragma omp taskwait
    return left + right;
}

int main(void)
{
    int undeferred_seen = -1, outside_final = -1, inside_final = -1, child_in_final = -1;
    int included_done_before_wait = -1, undeferred_final = -1;
    long f1 = 0, f2 = 0, s = 0;

    #pragma omp parallel
    #pragma omp single
    {
        int done = 0;
        #pragma omp task if(0) shared(done)
        done = 1;
        undeferred_seen = done; /* the undeferred task has completed */
        #pragma omp task if(0) final(1) shared(undeferred_final)
        undeferred_final = omp_in_final() != 0; /* final although also undeferred */

        outside_final = omp_in_final();
        #pragma omp task final(1) shared(inside_final, child_in_final, included_done_before_wait)
        {
            int flag = 0;
            inside_final = omp_in_final();
            #pragma omp task shared(flag, child_in_final)
            {
                child_in_final = omp_in_final();
                flag = 1;
            }
            included_done_before_wait = flag; /* included task already ran */
        }
        #pragma omp taskwait

        f1 = fib_final(20, 12);
        f2 = fib_if(20, 14);
        s = sum_untied(0, 100000);
    }

    printf("undeferred task completed first: %d\n", undeferred_seen);
    printf("undeferred final task in final: %d\n", undeferred_final);
    printf("omp_in_final outside=%d inside=%d child=%d included-done=%d\n", outside_final,
           inside_final != 0, child_in_final != 0, included_done_before_wait);
    printf("fib_final(20)=%ld in_final_count=%d\n", f1, in_final_count);
    printf("fib_if(20)=%ld task_count=%d\n", f2, task_count);
    printf("sum_untied=%ld\n", s);
    int ok = undeferred_seen == 1 && outside_final == 0 && inside_final && child_in_final &&
             included_done_before_wait == 1 && f1 == 6765 && f2 == 6765 &&
             s == 100000L * 99999L / 2;
    printf("%s\n", ok ? "task_if_final: ok" : "task_if_final: FAILED");
    return !ok;
}
