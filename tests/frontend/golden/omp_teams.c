/* A teams region with a reduction and a firstprivate variable, a distribute
 * loop with a chunked dist_schedule inside it, and teams distribute
 * parallel for. */
#include <omp.h>

int main(void) {
    int a[16], sum = 0, base = 3;
#pragma omp teams num_teams(2) thread_limit(4) reduction(+ : sum) firstprivate(base)
    {
#pragma omp distribute dist_schedule(static, 4)
        for (int i = 0; i < 16; i++)
            a[i] = base + i;
        sum += omp_get_team_num();
    }
#pragma omp teams distribute parallel for
    for (int i = 0; i < 16; i++)
        a[i] += sum;
    return a[15];
}
