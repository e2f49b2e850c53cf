/*
 * sort - cilksort-style parallel merge sort of n 64-bit integers.
 *
 * The array is split into four quarters which are sorted recursively as
 * tasks, then merged pairwise by a recursive parallel merge (the larger
 * run is split at its median, the other run by binary search, both halves
 * merged as tasks).  The leaves of the algorithm are a sequential
 * quicksort (below QUICKSIZE elements, finishing with insertion sort below
 * INSERTIONSIZE) and a sequential merge (below MERGESIZE elements); these
 * are the algorithm's base cases, not task cut-offs, and may be changed
 * with -D.  Structure: recursive balanced, variable granularity.
 * Verification: the output is sorted and a permutation of the input
 * (order-independent fingerprint).
 */
#include "sort.h"

const char bench_name[] = "sort";
bench_param bench_params[] = {
    {'n', "n", "number of elements", {1048576, 16777216, 134217728}, 0},
};
const int bench_nparams = 1;

/* merge the sorted runs a[0..na) and b[0..nb) into dest */
static void cilkmerge(const ELM *a, long na, const ELM *b, long nb, ELM *dest)
{
    long ma;
    long mb;
    ELM pivot;
    if (na < nb) {
        const ELM *t = a;
        long tn = na;
        a = b;
        na = nb;
        b = t;
        nb = tn;
    }
    if (na + nb < MERGESIZE) {
        seqmerge(a, na, b, nb, dest);
        return;
    }
    ma = na / 2;
    pivot = a[ma];
    mb = lower_bound(b, nb, pivot);
    dest[ma + mb] = pivot;
#pragma omp task firstprivate(a, ma, b, mb, dest)
    cilkmerge(a, ma, b, mb, dest);
#pragma omp task firstprivate(a, na, ma, b, nb, mb, dest)
    cilkmerge(a + ma + 1, na - ma - 1, b + mb, nb - mb, dest + ma + mb + 1);
#pragma omp taskwait
}

/* sort low[0..size) using tmp[0..size) as scratch */
static void cilksort(ELM *low, ELM *scratch, long size)
{
    long quarter = size / 4;
    ELM *a;
    ELM *b;
    ELM *c;
    ELM *d;
    ELM *ta;
    ELM *tb;
    ELM *tc;
    ELM *td;
    if (size < QUICKSIZE) {
        seqquick(low, size);
        return;
    }
    a = low;
    ta = scratch;
    b = a + quarter;
    tb = ta + quarter;
    c = b + quarter;
    tc = tb + quarter;
    d = c + quarter;
    td = tc + quarter;
#pragma omp task firstprivate(a, ta, quarter)
    cilksort(a, ta, quarter);
#pragma omp task firstprivate(b, tb, quarter)
    cilksort(b, tb, quarter);
#pragma omp task firstprivate(c, tc, quarter)
    cilksort(c, tc, quarter);
#pragma omp task firstprivate(d, td, size, quarter)
    cilksort(d, td, size - 3 * quarter);
#pragma omp taskwait
#pragma omp task firstprivate(a, b, ta, quarter)
    cilkmerge(a, quarter, b, quarter, ta);
#pragma omp task firstprivate(c, d, tc, size, quarter)
    cilkmerge(c, quarter, d, size - 3 * quarter, tc);
#pragma omp taskwait
    cilkmerge(ta, 2 * quarter, tc, size - 2 * quarter, a);
    (void)td;
}

void bench_run(void)
{
#pragma omp parallel
    {
#pragma omp single
        cilksort(array, tmp, nelem);
    }
}
