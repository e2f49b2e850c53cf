/* work.c - see work.h. */
#include "work.h"

double mb_add_bench(long m)
{
    double sum = 0.0;
    long i;
    for (i = 0; i < m; i++) {
        sum += (double)i;
    }
    return sum;
}
