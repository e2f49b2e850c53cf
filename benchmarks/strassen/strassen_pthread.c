/*
 * strassen_pthread - Strassen matrix multiplication (see strassen.c) with
 * POSIX threads instead of tasks: of the seven products of every level six
 * run in new threads and one in the calling thread, and all are joined
 * before the quadrants of C are formed.  If a thread cannot be created the
 * product runs in the calling thread instead.  Base case as in strassen.c.
 *
 * Build: gcc -O3 -pthread strassen_pthread.c ../common/driver.c -I../common -lm
 * Verification: sampled entries against the conventional dot product.
 * What the versions share: strassen.h.
 */
#include <pthread.h>
#include "strassen.h"

const char bench_name[] = "strassen";

typedef struct prod {
    REAL *m;
    const REAL *x1;
    const REAL *x2;
    long ldx;
    int sx;
    const REAL *y1;
    const REAL *y2;
    long ldy;
    int sy;
    long h;
    int depth;
    pthread_t th;
    int created;
} prod;

static void prod_job(prod *p, REAL *m, const REAL *x1, const REAL *x2, long ldx, int sx,
                     const REAL *y1, const REAL *y2, long ldy, int sy, long h, int depth)
{
    p->m = m;
    p->x1 = x1;
    p->x2 = x2;
    p->ldx = ldx;
    p->sx = sx;
    p->y1 = y1;
    p->y2 = y2;
    p->ldy = ldy;
    p->sy = sy;
    p->h = h;
    p->depth = depth;
    p->created = 0;
}

static void *prod_run(void *arg)
{
    prod *p = arg;
    product(p->m, p->x1, p->x2, p->ldx, p->sx, p->y1, p->y2, p->ldy, p->sy, p->h, p->depth);
    return NULL;
}

static void strassen(REAL *c, long ldc, const REAL *a, long lda, const REAL *b, long ldb, long n,
                     int depth)
{
    long h;
    long hh;
    int k;
    prod prodjobs[7];
    prod *jobs = prodjobs;
    REAL *m;
    const REAL *a11;
    const REAL *a12;
    const REAL *a21;
    const REAL *a22;
    const REAL *b11;
    const REAL *b12;
    const REAL *b21;
    const REAL *b22;
    if (n <= BASE) {
        matmul_base(c, ldc, a, lda, b, ldb, n);
        return;
    }
    h = n / 2;
    hh = h * h;
    a11 = a;
    a12 = a + h;
    a21 = a + h * lda;
    a22 = a21 + h;
    b11 = b;
    b12 = b + h;
    b21 = b + h * ldb;
    b22 = b21 + h;
    m = (REAL *)bench_malloc((size_t)(7 * hh) * sizeof(REAL));
    prod_job(&jobs[0], m, a11, a22, lda, 1, b11, b22, ldb, 1, h, depth + 1);
    prod_job(&jobs[1], m + hh, a21, a22, lda, 1, b11, NULL, ldb, 0, h, depth + 1);
    prod_job(&jobs[2], m + 2 * hh, a11, NULL, lda, 0, b12, b22, ldb, -1, h, depth + 1);
    prod_job(&jobs[3], m + 3 * hh, a22, NULL, lda, 0, b21, b11, ldb, -1, h, depth + 1);
    prod_job(&jobs[4], m + 4 * hh, a11, a12, lda, 1, b22, NULL, ldb, 0, h, depth + 1);
    prod_job(&jobs[5], m + 5 * hh, a21, a11, lda, -1, b11, b12, ldb, 1, h, depth + 1);
    prod_job(&jobs[6], m + 6 * hh, a12, a22, lda, -1, b21, b22, ldb, 1, h, depth + 1);
    for (k = 0; k < 6; k++) {
        jobs[k].created = pthread_create(&jobs[k].th, NULL, prod_run, &jobs[k]) == 0;
        if (!jobs[k].created) {
            prod_run(&jobs[k]);
        }
    }
    prod_run(&jobs[6]);
    for (k = 0; k < 6; k++) {
        if (jobs[k].created) {
            pthread_join(jobs[k].th, NULL);
        }
    }
    strassen_combine(c, ldc, m, h);
    free(m);
}

void bench_run(void)
{
    strassen(C, order, A, order, B, order, order, 0);
}
