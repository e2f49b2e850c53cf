/* Thousands of sibling tasks with dependences created by one task: more
 * than the runtime keeps waiting (it then runs a new one at once, after
 * its predecessors), so both paths order the same chains.  Writers update
 * in an order-dependent way, readers record what they see, and
 * mutexinoutset tasks add (they commute, but exclude each other): the
 * output is fixed by the dependences alone. */
#include <stdio.h>

#define N 6000
#define K 16

static long a[K], seen[N], sums[K];

int main(void)
{
#pragma omp parallel
#pragma omp single
    for (int i = 0; i < N; i++) {
        int k = i % K;
        if (i % 3 == 0) {
#pragma omp task depend(inout: a[k]) firstprivate(i, k)
            a[k] = (a[k] * 31 + i) % 1000003;
        } else if (i % 3 == 1) {
#pragma omp task depend(in: a[k]) firstprivate(i, k)
            seen[i] = a[k];
        } else {
#pragma omp task depend(in: a[k]) depend(mutexinoutset: sums[(k + 1) % K]) firstprivate(i, k)
            sums[(k + 1) % K] += a[k] % 97 + i;
        }
    }
    long checksum = 0;
    for (int i = 0; i < N; i++)
        checksum = (checksum * 7 + seen[i]) % 1000000007;
    for (int k = 0; k < K; k++)
        printf("a[%d] = %ld, sums[%d] = %ld\n", k, a[k], k, sums[k]);
    printf("checksum %ld\n", checksum);
    return 0;
}
