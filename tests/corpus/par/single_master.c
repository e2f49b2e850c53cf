/* Exercises `single` (plain, nowait, private), `master`, and `barrier`:
 * each single block runs exactly once per encounter, master runs on thread 0
 * only, and barriers make the results visible to every thread. */
#include <omp.h>
#include <stdio.h>

int main(void)
{
    int singles = 0, nowait_singles = 0, masters = 0, mismatches = 0;
    int broadcast = 0;
    int loop_singles = 0;
    int tmp = 42;

    #pragma omp parallel shared(singles, nowait_singles, masters, mismatches, broadcast)
    {
        #pragma omp single
        {
            singles++;
            broadcast = 1234;
        }
        /* implicit barrier: every thread sees broadcast */
        #pragma omp atomic
        mismatches += (broadcast != 1234);

        #pragma omp single nowait
        nowait_singles++;

        #pragma omp master
        {
            masters++;
            if (omp_get_thread_num() != 0)
                mismatches++;
        }
        #pragma omp barrier

        #pragma omp single private(tmp)
        {
            tmp = 5; /* private copy */
            singles += tmp - 4;
        }

        for (int round = 0; round < 5; round++) {
            #pragma omp single
            loop_singles++;
        }

        #pragma omp master
        broadcast = masters * 100 + nowait_singles;
        #pragma omp barrier
        #pragma omp atomic
        mismatches += (broadcast != 101);
    }

    printf("singles=%d nowait_singles=%d masters=%d loop_singles=%d\n", singles,
           nowait_singles, masters, loop_singles);
    printf("tmp after single private = %d, mismatches = %d\n", tmp, mismatches);
    int ok = singles == 2 && nowait_singles == 1 && masters == 1 && loop_singles == 5 &&
             mismatches == 0 && tmp == 42;
    printf("%s\n", ok ? "single_master: ok" : "single_master: FAILED");
    return !ok;
}
