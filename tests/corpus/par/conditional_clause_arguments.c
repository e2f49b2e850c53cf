/* Conditional expressions (c ? a : b) in clause arguments whose syntax has
 * colons of its own: a schedule's chunk, grainsize and num_tasks, an array
 * element in depend, dist_schedule, and an iterator's range. */
#include <stdio.h>

int main(void)
{
    int n = 37, c = 1, a[4] = {0, 0, 0, 0};
    long s1 = 0, s2 = 0, s3 = 0, s4 = 0, s5 = 0;
    #pragma omp parallel for reduction(+: s1) schedule(dynamic, c ? 2 : 3)
    for (int i = 0; i < n; i++)
        s1 += i;
    #pragma omp parallel
    #pragma omp single
    {
        #pragma omp taskloop reduction(+: s2) grainsize(c ? 4 : 8)
        for (int i = 0; i < n; i++)
            s2 += i;
        #pragma omp taskloop reduction(+: s2) num_tasks(c ? 3 : 5)
        for (int i = 0; i < n; i++)
            s2 += i;
        #pragma omp task depend(out: a[c ? 1 : 2]) shared(s3)
        s3 = 600;
        #pragma omp task depend(in: a[c ? 1 : 2]) shared(s3)
        s3 += 66;
        #pragma omp task depend(iterator(k = 0 : c ? 4 : 2), out: a[k]) shared(s5)
        s5 = 1;
        #pragma omp taskwait
    }
    #pragma omp teams distribute parallel for dist_schedule(static, c ? 4 : 8) reduction(+: s4)
    for (int i = 0; i < n; i++)
        s4 += i;
    printf("%ld %ld %ld %ld %ld %d\n", s1, s2, s3, s4, s5, a[0]);
    return 0;
}
