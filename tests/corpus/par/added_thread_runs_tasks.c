/* A thread of a team that has finished its implicit task's body runs the
 * team's tasks until the region ends, as a thread waiting at the region's
 * implicit barrier does: here thread 0 spins until another thread has run
 * its task.  With one worker in the pool (OMP_NUM_THREADS=1) the second
 * thread is an added one. */
#include <omp.h>
#include <stdio.h>

static int grabbed, rounds;

int main(void)
{
    omp_set_num_threads(2);
    for (int round = 0; round < 3; round++) {
#pragma omp parallel
        {
#pragma omp single nowait
            {
#pragma omp task
                {
#pragma omp atomic
                    grabbed++;
                }
                int seen;
                do {
#pragma omp atomic read
                    seen = grabbed;
                } while (seen == round);
#pragma omp atomic
                rounds++;
            }
        }
    }
    printf("%d tasks ran, %d rounds\n", grabbed, rounds);
    return 0;
}
