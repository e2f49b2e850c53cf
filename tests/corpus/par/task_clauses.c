/* Exercises the data-sharing clauses of `task`: shared, firstprivate,
 * private, default(shared), default(none) with explicit lists, and the
 * implicit rules (a variable shared in the enclosing context stays shared; a
 * local of the single block is firstprivate).  default(firstprivate) is in
 * task_default_firstprivate.c. */
#include <omp.h>
#include <stdio.h>

int global_counter = 0;

int main(void)
{
    int outer_shared = 0; /* declared outside the region: shared in the region and the task */
    int results[8] = {0};
    int bad = 0;

    #pragma omp parallel shared(outer_shared, results, bad)
    #pragma omp single
    {
        int x = 1;
        #pragma omp task shared(x)
        x = 2;
        #pragma omp taskwait
        results[0] = x;

        int y = 5, r1 = 0;
        #pragma omp task firstprivate(y) shared(r1)
        {
            r1 = y * 2; /* sees 5 even though the parent changed y */
            y = -1;     /* modifies the task's copy only */
        }
        y = 100;
        #pragma omp taskwait
        results[1] = r1 + (y == 100);

        int z = 9, r2 = 0;
        #pragma omp task private(z) shared(r2)
        {
            z = 3;
            r2 = z + 1;
        }
        #pragma omp taskwait
        results[2] = r2 * 10 + (z == 9);

        int a = 1;
        #pragma omp task default(shared)
        {
            a += 10;
            outer_shared += 1;
        }
        #pragma omp taskwait
        results[3] = a;

        int b = 3, c = 0;
        #pragma omp task default(none) shared(c) firstprivate(b)
        c = b * b;
        #pragma omp taskwait
        results[4] = c;

        int d = 20, e = 0;
        int *pe = &e;
        #pragma omp task default(shared) firstprivate(d, pe)
        {
            d += 1;    /* task's own copy */
            *pe = d;   /* write through a copied pointer */
        }
        #pragma omp taskwait
        results[5] = e * 100 + d;

        /* implicit rules: local of the single block -> firstprivate;
         * variable shared in the region -> shared; global -> shared */
        int local = 3;
        #pragma omp task
        {
            local += 1; /* lost: firstprivate copy */
            outer_shared += 10;
            #pragma omp atomic
            global_counter += local;
        }
        #pragma omp taskwait
        results[6] = local;

        /* nested tasks: the child's implicit firstprivate copies the parent's copy */
        int depth_val = 7, r3 = 0;
        int *pr3 = &r3;
        #pragma omp task
        {
            depth_val *= 2; /* 14 in this task */
            #pragma omp task
            *pr3 = depth_val + 1; /* child captures 14 */
            #pragma omp taskwait
        }
        #pragma omp taskwait
        results[7] = r3 * 100 + depth_val;
    }

    for (int i = 0; i < 8; i++)
        printf("results[%d] = %d\n", i, results[i]);
    printf("outer_shared = %d, global_counter = %d\n", outer_shared, global_counter);
    int expect[8] = {2, 11, 41, 11, 9, 2120, 3, 1507};
    for (int i = 0; i < 8; i++)
        bad += results[i] != expect[i];
    int ok = !bad && outer_shared == 11 && global_counter == 4;
    printf("%s\n", ok ? "task_clauses: ok" : "task_clauses: FAILED");
    return !ok;
}
