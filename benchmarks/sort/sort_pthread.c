/*
 * sort_pthread - cilksort-style merge sort (see sort.c) with POSIX threads
 * instead of tasks: of the four quarter sorts three run in new threads and
 * one in the calling thread, and likewise for the two merges and the two
 * halves of every parallel merge; the threads are joined where sort.c
 * waits for its tasks.  If a thread cannot be created the work runs in the
 * calling thread instead.  Leaf sizes as in sort.c.
 *
 * Build: gcc -O3 -pthread sort_pthread.c ../common/driver.c -I../common -lm
 * Verification: sorted and a permutation of the input.
 */
#include <stdio.h>
#include <string.h>
#include <stdlib.h>
#include <pthread.h>
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
    {'n', "n", "number of elements", {262144, 8388608, 134217728}, 0},
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

typedef struct job {
    int kind; /* 0 = sort, 1 = merge */
    ELM *low;
    ELM *scratch;
    long size;
    const ELM *a;
    long na;
    const ELM *b;
    long nb;
    ELM *dest;
    pthread_t th;
    int created;
} job;

static void cilkmerge(const ELM *a, long na, const ELM *b, long nb, ELM *dest);
static void cilksort(ELM *low, ELM *scratch, long size);

static void *job_run(void *p)
{
    job *j = p;
    if (j->kind == 0) {
        cilksort(j->low, j->scratch, j->size);
    } else {
        cilkmerge(j->a, j->na, j->b, j->nb, j->dest);
    }
    return NULL;
}

static void job_start(job *j)
{
    j->created = pthread_create(&j->th, NULL, job_run, j) == 0;
    if (!j->created) {
        job_run(j);
    }
}

static void job_join(job *j)
{
    if (j->created) {
        pthread_join(j->th, NULL);
    }
}

static void sort_job(job *j, ELM *low, ELM *scratch, long size)
{
    j->kind = 0;
    j->low = low;
    j->scratch = scratch;
    j->size = size;
}

static void merge_job(job *j, const ELM *a, long na, const ELM *b, long nb, ELM *dest)
{
    j->kind = 1;
    j->a = a;
    j->na = na;
    j->b = b;
    j->nb = nb;
    j->dest = dest;
}

/* merge the sorted runs a[0..na) and b[0..nb) into dest */
static void cilkmerge(const ELM *a, long na, const ELM *b, long nb, ELM *dest)
{
    long ma;
    long mb;
    ELM pivot;
    job j;
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
    merge_job(&j, a, ma, b, mb, dest);
    job_start(&j);
    cilkmerge(a + ma + 1, na - ma - 1, b + mb, nb - mb, dest + ma + mb + 1);
    job_join(&j);
}

/* sort low[0..size) using scratch[0..size) as scratch */
static void cilksort(ELM *low, ELM *scratch, long size)
{
    long quarter = size / 4;
    job j[3];
    int k;
    if (size < QUICKSIZE) {
        seqquick(low, size);
        return;
    }
    for (k = 0; k < 3; k++) {
        sort_job(&j[k], low + k * quarter, scratch + k * quarter, quarter);
        job_start(&j[k]);
    }
    cilksort(low + 3 * quarter, scratch + 3 * quarter, size - 3 * quarter);
    for (k = 0; k < 3; k++) {
        job_join(&j[k]);
    }
    merge_job(&j[0], low, quarter, low + quarter, quarter, scratch);
    job_start(&j[0]);
    cilkmerge(low + 2 * quarter, quarter, low + 3 * quarter, size - 3 * quarter,
              scratch + 2 * quarter);
    job_join(&j[0]);
    cilkmerge(scratch, 2 * quarter, scratch + 2 * quarter, size - 2 * quarter, low);
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
    cilksort(array, tmp, nelem);
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
