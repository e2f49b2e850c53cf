/* teams distribute parallel for with more teams than iterations: the
 * teams without any start no parallel region; reductions, lastprivate, a
 * dist_schedule chunk, a descending loop and a bound with a call (whose
 * region always starts) give gcc's results. */
#include <stdio.h>

static int bound(int n) { return n; } /* a call: the region always starts */

int main(void)
{
    int a[5] = {1, 2, 3, 4, 5};
    long sum = 0;
    int last = -1;
    for (int round = 0; round < 4; round++) {
#pragma omp target teams distribute parallel for num_teams(16) num_threads(4) map(tofrom: a) \
    reduction(+: sum) lastprivate(last)
        for (int i = 0; i < 3; i++) {
            a[i] += i;
            sum += a[i];
            last = i;
        }
    }
    printf("%d %d %d %d %d, %ld %d\n", a[0], a[1], a[2], a[3], a[4], sum, last);

    long down = 0;
#pragma omp teams distribute parallel for num_teams(8) dist_schedule(static, 2) reduction(+: down)
    for (int i = 4; i > 0; i -= 1)
        down += i * 10;
    printf("%ld\n", down);

    long called = 0;
#pragma omp teams distribute parallel for num_teams(6) reduction(+: called)
    for (int i = 0; i < bound(2); i++)
        called += i + 1;
    printf("%ld\n", called);
    return 0;
}
