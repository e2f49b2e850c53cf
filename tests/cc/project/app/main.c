#include <stdio.h>

#include "shared.h"

int main(void) {
    static int v[VALUES];
    long f = 0, s = 0;
    for (int i = 0; i < VALUES; i++)
        v[i] = i % 97;
#pragma omp parallel
#pragma omp single
    {
        f = pfib(FIB_N);
        s = sum_squares(v, VALUES);
    }
    report("fib", f);
    report("sum", s);
    printf("mix %u\n", mix(mix(17u, f), s));
    return 0;
}
