/* Tasks spawned in a loop run a recursive helper that spawns nothing: the
 * helper's recursion closes inside the task, so rho = 0 (and lambda = 1). */
#include <stdio.h>

static long depth_sum(int n) { return n <= 0 ? 0 : n + depth_sum(n - 1); }

int main(void)
{
    long r[8];
    #pragma omp parallel
    #pragma omp single
    for (int i = 0; i < 8; i++) {
        #pragma omp task shared(r)
        r[i] = depth_sum(100 + i);
    }
    long s = 0;
    for (int i = 0; i < 8; i++)
        s += r[i];
    printf("%ld\n", s);
    return 0;
}
