/*
 * strassen_pthread - Strassen matrix multiplication (see strassen.c) with
 * POSIX threads instead of tasks: of the seven products of every level six
 * run in new threads and one in the calling thread, and all are joined
 * before the quadrants of C are formed.  If a thread cannot be created the
 * product runs in the calling thread instead.  Base case as in strassen.c.
 *
 * Build: gcc -O3 -pthread strassen_pthread.c ../common/driver.c -I../common -lm
 * Verification: sampled entries against the conventional dot product.
 */
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#include <pthread.h>
#include "bench.h"

#ifndef BASE
#define BASE 64
#endif
#define NSAMPLES 2048

typedef double REAL;

const char bench_name[] = "strassen";
bench_param bench_params[] = {
    {'n', "n", "matrix order (BASE * 2^k)", {256, 2048, 4096}, 0},
};
const int bench_nparams = 1;

static long order;
static REAL *A;
static REAL *B;
static REAL *C;
static double sample_ref[NSAMPLES];
static double sample_mag[NSAMPLES];
static long sample_i[NSAMPLES];
static long sample_j[NSAMPLES];
static int nsamples;

static unsigned long long mix64(unsigned long long z)
{
    z += 0x9e3779b97f4a7c15ULL;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

/* C = A * B, conventional */
static void matmul_base(REAL *c, long ldc, const REAL *a, long lda, const REAL *b, long ldb,
                        long n)
{
    long i;
    long j;
    long k;
    for (i = 0; i < n; i++) {
        REAL *ci = c + i * ldc;
        for (j = 0; j < n; j++) {
            ci[j] = 0.0;
        }
        for (k = 0; k < n; k++) {
            REAL aik = a[i * lda + k];
            const REAL *bk = b + k * ldb;
            for (j = 0; j < n; j++) {
                ci[j] += aik * bk[j];
            }
        }
    }
}

/* d = x + sign * y (h x h; d is contiguous) */
static void addsub(REAL *d, const REAL *x, long ldx, const REAL *y, long ldy, long h, int sign)
{
    long i;
    long j;
    for (i = 0; i < h; i++) {
        for (j = 0; j < h; j++) {
            d[i * h + j] = sign > 0 ? x[i * ldx + j] + y[i * ldy + j] : x[i * ldx + j] - y[i * ldy + j];
        }
    }
}

static void strassen(REAL *c, long ldc, const REAL *a, long lda, const REAL *b, long ldb, long n,
                     int depth);

/*
 * One of the seven products: m = (x1 + sx * x2) * (y1 + sy * y2), where a
 * missing second operand (NULL) means no sum is formed.
 */
static void product(REAL *m, const REAL *x1, const REAL *x2, long ldx, int sx, const REAL *y1,
                    const REAL *y2, long ldy, int sy, long h, int depth)
{
    REAL *tx = NULL;
    REAL *ty = NULL;
    const REAL *px = x1;
    const REAL *py = y1;
    long lpx = ldx;
    long lpy = ldy;
    if (x2 != NULL) {
        tx = bench_malloc((size_t)(h * h) * sizeof(REAL));
        addsub(tx, x1, ldx, x2, ldx, h, sx);
        px = tx;
        lpx = h;
    }
    if (y2 != NULL) {
        ty = bench_malloc((size_t)(h * h) * sizeof(REAL));
        addsub(ty, y1, ldy, y2, ldy, h, sy);
        py = ty;
        lpy = h;
    }
    strassen(m, h, px, lpx, py, lpy, h, depth);
    free(tx);
    free(ty);
}

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
    long i;
    long j;
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
    m = bench_malloc((size_t)(7 * hh) * sizeof(REAL));
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
    for (i = 0; i < h; i++) {
        REAL *c11 = c + i * ldc;
        REAL *c12 = c11 + h;
        REAL *c21 = c + (i + h) * ldc;
        REAL *c22 = c21 + h;
        const REAL *m1 = m + i * h;
        const REAL *m2 = m1 + hh;
        const REAL *m3 = m2 + hh;
        const REAL *m4 = m3 + hh;
        const REAL *m5 = m4 + hh;
        const REAL *m6 = m5 + hh;
        const REAL *m7 = m6 + hh;
        for (j = 0; j < h; j++) {
            c11[j] = m1[j] + m4[j] - m5[j] + m7[j];
            c12[j] = m3[j] + m5[j];
            c21[j] = m2[j] + m4[j];
            c22[j] = m1[j] - m2[j] + m3[j] + m6[j];
        }
    }
    free(m);
}

void bench_init(void)
{
    long i;
    long n;
    order = bench_arg(0);
    n = order;
    if (n < 1 || (n > BASE && (n % BASE != 0 || ((n / BASE) & (n / BASE - 1)) != 0))) {
        bench_fatal("n must be at most BASE or BASE times a power of two");
    }
    A = bench_malloc((size_t)(n * n) * sizeof(REAL));
    B = bench_malloc((size_t)(n * n) * sizeof(REAL));
    C = bench_malloc((size_t)(n * n) * sizeof(REAL));
    for (i = 0; i < n * n; i++) {
        A[i] = (double)(mix64((unsigned long long)i) >> 11) * (2.0 / 9007199254740992.0) - 1.0;
        B[i] = (double)(mix64((unsigned long long)(i + n * n)) >> 11) *
                   (2.0 / 9007199254740992.0) -
               1.0;
        C[i] = 0.0;
    }
    nsamples = 0;
}

void bench_run(void)
{
    strassen(C, order, A, order, B, order, order, 0);
}

void bench_run_serial(void)
{
    long n = order;
    int s;
    long k;
    nsamples = (n * n < NSAMPLES) ? (int)(n * n) : NSAMPLES;
    for (s = 0; s < nsamples; s++) {
        unsigned long long h = mix64((unsigned long long)s + 12345);
        double sum = 0.0;
        double mag = 0.0;
        long i = (long)(h % (unsigned long long)n);
        long j = (long)((h >> 32) % (unsigned long long)n);
        if (n * n <= NSAMPLES) {
            i = s / n;
            j = s % n;
        }
        for (k = 0; k < n; k++) {
            sum += A[i * n + k] * B[k * n + j];
            mag += fabs(A[i * n + k] * B[k * n + j]);
        }
        sample_i[s] = i;
        sample_j[s] = j;
        sample_ref[s] = sum;
        sample_mag[s] = mag;
    }
}

int bench_verify(void)
{
    int s;
    if (nsamples == 0) {
        return BENCH_NOT_PERFORMED;
    }
    for (s = 0; s < nsamples; s++) {
        double c = C[sample_i[s] * order + sample_j[s]];
        if (fabs(c - sample_ref[s]) > 1e-10 * (sample_mag[s] + 1.0) * (double)order) {
            return BENCH_FAILED;
        }
    }
    return BENCH_SUCCESSFUL;
}

void bench_checksum(char *buf, size_t len)
{
    double s = 0.0;
    long i;
    for (i = 0; i < order * order; i++) {
        s += C[i] * (double)((i % 3) + 1);
    }
    snprintf(buf, len, "%.10e", s);
}

void bench_free(void)
{
    free(A);
    free(B);
    free(C);
}
