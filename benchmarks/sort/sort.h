/*
 * sort.h - what the sort programs (sort.c, sort_pthread.c, sort_tbb.cpp)
 * share: the array and its fingerprint, the sequential leaves of the
 * algorithm (insertion sort, quicksort, merge, binary search) and every
 * driver hook except bench_run.  A program includes it once and defines
 * bench_name, bench_params (the pthread version has smaller sizes), the
 * parallel cilkmerge/cilksort and bench_run.
 */
#ifndef SORT_H
#define SORT_H

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
void bench_init(void)
{
    long i;
    nelem = bench_arg(0);
    if (nelem < 1) {
        bench_fatal("n must be positive");
    }
    array = (ELM *)bench_malloc((size_t)nelem * sizeof(ELM));
    tmp = (ELM *)bench_malloc((size_t)nelem * sizeof(ELM));
    for (i = 0; i < nelem; i++) {
        /* values from a 40-bit range so that duplicates occur */
        array[i] = (ELM)(mix64((unsigned long long)i) >> 24) - 549755813888L;
        tmp[i] = 0;
    }
    fingerprint_in = fingerprint(array, nelem);
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

#endif
