#include "shared.h"

long pfib(int n) {
    long x, y;
    if (n < 2)
        return n;
#pragma omp task shared(x)
    x = pfib(n - 1);
#pragma omp task shared(y)
    y = pfib(n - 2);
#pragma omp taskwait
    return x + y;
}
