/* Target regions encountered by every thread of a parallel region, each
 * starting a team of its own (a new initial thread per target region) with
 * barriers and a worksharing loop inside, many times over: every inner
 * team completes and its reduction reaches the encountering thread. */
#include <omp.h>
#include <stdio.h>

int main(void)
{
    int threads = 0, sums = 0, views = 0;
    for (int rep = 0; rep < 40; rep++) {
#pragma omp parallel num_threads(4) reduction(+: threads, sums, views)
        {
            long mine = 0;
            int level = -1;
#pragma omp target map(tofrom: mine, level)
            {
                level = omp_get_level();
#pragma omp parallel num_threads(3) reduction(+: mine)
                {
#pragma omp barrier
#pragma omp for schedule(dynamic, 3)
                    for (int i = 0; i < 100; i++)
                        mine += i;
#pragma omp barrier
                }
            }
#pragma omp barrier
            threads++;
            sums += mine == 4950;
            views += level == 0;
        }
    }
    printf("every inner team summed: %s; every target at level 0: %s\n",
           sums == threads ? "yes" : "no", views == threads ? "yes" : "no");
    return 0;
}
