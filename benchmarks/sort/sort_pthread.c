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
#include <pthread.h>
#include "sort.h"

const char bench_name[] = "sort";
bench_param bench_params[] = {
    {'n', "n", "number of elements", {262144, 8388608, 134217728}, 0},
};
const int bench_nparams = 1;

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

void bench_run(void)
{
    cilksort(array, tmp, nelem);
}
