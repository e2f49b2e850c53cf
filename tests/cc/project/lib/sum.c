#include "shared.h"

long sum_squares(const int *v, int n) {
    long left, right;
    if (n <= 16) {
        long s = 0;
        for (int i = 0; i < n; i++)
            s += (long)v[i] * v[i];
        return s;
    }
#pragma omp task shared(left)
    left = sum_squares(v, n / 2);
#pragma omp task shared(right)
    right = sum_squares(v + n / 2, n - n / 2);
#pragma omp taskwait
    return left + right;
}
