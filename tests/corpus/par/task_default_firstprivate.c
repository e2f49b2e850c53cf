/* Exercises `task default(firstprivate)` (an OpenMP 5.1 clause, kept apart
 * from task_clauses.c so that file also builds with compilers that lack it):
 * every variable referenced in the task without an explicit clause is copied,
 * including variables that would otherwise be shared (locals declared before
 * the parallel region), while explicitly shared ones still write through. */
#include <omp.h>
#include <stdio.h>

int main(void)
{
    int before_region = 50; /* shared in the region; copied by default(firstprivate) */
    int out1 = 0, out2 = 0, out3 = 0;
    #pragma omp parallel shared(before_region, out1, out2, out3)
    #pragma omp single
    {
        int d = 20, e = 0;
        int *pe = &e;
        #pragma omp task default(firstprivate)
        {
            d += 1;  /* the task's own copy */
            *pe = d; /* write through a copied pointer */
        }
        #pragma omp taskwait
        out1 = e * 100 + d;

        #pragma omp task default(firstprivate) shared(out2)
        {
            before_region += 5; /* copy: the region's variable is unchanged */
            out2 = before_region;
        }
        #pragma omp taskwait

        int arr[3] = {1, 2, 3};
        #pragma omp task default(firstprivate) shared(out3)
        {
            arr[0] = 100; /* the array is copied too */
            out3 = arr[0] + arr[1] + arr[2];
        }
        arr[2] = 30;
        #pragma omp taskwait
        out3 = out3 * 1000 + arr[0] + arr[2];
    }
    printf("out1=%d out2=%d before_region=%d out3=%d\n", out1, out2, before_region, out3);
    int ok = out1 == 2120 && out2 == 55 && before_region == 50 && out3 == 105031;
    printf("%s\n", ok ? "task_default_firstprivate: ok" : "task_default_firstprivate: FAILED");
    return !ok;
}
