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
#include <stdio.h>
#include <string.h>
#include <stdlib.h>
#include "bench.h"

#ifndef QUICKSIZE
#define QUICKSIZE 2048
#endif
#ifndef MERGESIZE
#define MERGESIZE 2048
#endif
#ifndef INSERTIONSIZE
#define INSERTIONSIZE 20
#endif

typedef long ELM;

const char bench_name[] = "sort";
bench_param bench_params[] = {
    {'n', "n", "number of elements", {1048576, 16777216, 134217728}, 0},
};
const int bench_nparams = 1;

static ELM *array;
static ELM *tmp;
static long nelem;
static unsigned long long fingerprint_in;

static unsigned long long mix64(unsigned long long z)
{
    z += 0x9e3779b97f4a7c15ULL;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

static unsigned long long fingerprint(const ELM *a, long n)
{
    unsigned long long s = 0;
    long i;
    for (i = 0; i < n; i++) {
        s += mix64((unsigned long long)a[i]);
    }
    return s;
}

static void insertion_sort(ELM *a, long n)
{
    long i;
    long j;
    for (i = 1; i < n; i++) {
        ELM v = a[i];
        for (j = i; j > 0 && a[j - 1] > v; j--) {
            a[j] = a[j - 1];
        }
        a[j] = v;
    }
}

static ELM median3(ELM a, ELM b, ELM c)
{
    if (a < b) {
        if (b < c) {
            return b;
        }
        return a < c ? c : a;
    }
    if (a < c) {
        return a;
    }
    return b < c ? c : b;
}

static void seqquick(ELM *a, long n)
{
    while (n > INSERTIONSIZE) {
        ELM pivot = median3(a[0], a[n / 2], a[n - 1]);
        long i = 0;
        long j = n - 1;
        for (;;) {
            ELM t;
            while (a[i] < pivot) {
                i++;
            }
            while (a[j] > pivot) {
                j--;
            }
            if (i >= j) {
                break;
            }
            t = a[i];
            a[i] = a[j];
            a[j] = t;
            i++;
            j--;
        }
        /* a[0..j] <= pivot <= a[j+1..n); recurse on the smaller part */
        if (j + 1 < n - j - 1) {
            seqquick(a, j + 1);
            a += j + 1;
            n -= j + 1;
        } else {
            seqquick(a + j + 1, n - j - 1);
            n = j + 1;
        }
    }
    insertion_sort(a, n);
}

static void seqmerge(const ELM *a, long na, const ELM *b, long nb, ELM *dest)
{
    long i = 0;
    long j = 0;
    while (i < na && j < nb) {
        if (b[j] < a[i]) {
            *dest++ = b[j++];
        } else {
            *dest++ = a[i++];
        }
    }
    if (i < na) {
        memcpy(dest, a + i, (size_t)(na - i) * sizeof(ELM));
    }
    if (j < nb) {
        memcpy(dest, b + j, (size_t)(nb - j) * sizeof(ELM));
    }
}

/* number of elements of b[0..n) smaller than v */
static long lower_bound(const ELM *b, long n, ELM v)
{
    long lo = 0;
    long hi = n;
    while (lo < hi) {
        long mid = lo + (hi - lo) / 2;
        if (b[mid] < v) {
            lo = mid + 1;
        } else {
            hi = mid;
        }
    }
    return lo;
}

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

void bench_init(void)
{
    long i;
    nelem = bench_arg(0);
    if (nelem < 1) {
        bench_fatal("n must be positive");
    }
    array = bench_malloc((size_t)nelem * sizeof(ELM));
    tmp = bench_malloc((size_t)nelem * sizeof(ELM));
    for (i = 0; i < nelem; i++) {
        /* values from a 40-bit range so that duplicates occur */
        array[i] = (ELM)(mix64((unsigned long long)i) >> 24) - 549755813888L;
        tmp[i] = 0;
    }
    fingerprint_in = fingerprint(array, nelem);
}

void bench_run(void)
{
#pragma omp parallel
    {
#pragma omp single
        cilksort(array, tmp, nelem);
    }
}

void bench_run_serial(void)
{
}

int bench_verify(void)
{
    long i;
    for (i = 1; i < nelem; i++) {
        if (array[i - 1] > array[i]) {
            return BENCH_FAILED;
        }
    }
    return fingerprint(array, nelem) == fingerprint_in ? BENCH_SUCCESSFUL : BENCH_FAILED;
}

void bench_checksum(char *buf, size_t len)
{
    unsigned long long h = 0;
    long i;
    for (i = 0; i < nelem; i++) {
        h = mix64(h ^ (unsigned long long)array[i]);
    }
    snprintf(buf, len, "%016llx", h);
}

void bench_free(void)
{
    free(array);
    free(tmp);
}
