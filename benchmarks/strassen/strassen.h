/*
 * strassen.h - what the Strassen programs (strassen.c, strassen_pthread.c,
 * strassen_tbb.cpp) share: the parameters and matrices, the conventional
 * base case, one of the seven products with its operand sums (product),
 * the combination of the products into the quadrants of C
 * (strassen_combine) and every driver hook except bench_run.  A program
 * includes it once and defines bench_name, strassen() (the recursion,
 * where the versions differ in how the seven products run) and bench_run.
 */
#ifndef STRASSEN_H
#define STRASSEN_H

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include "bench.h"

#ifndef BASE
#define BASE 64
#endif
#define NSAMPLES 2048

typedef double REAL;

#ifdef __cplusplus
extern "C" {
#endif
bench_param bench_params[] = {
    {'n', "n", "matrix order (BASE * 2^k)", {256, 2048, 4096}, 0},
};
const int bench_nparams = 1;
#ifdef __cplusplus
}
#endif

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
        tx = (REAL *)bench_malloc((size_t)(h * h) * sizeof(REAL));
        addsub(tx, x1, ldx, x2, ldx, h, sx);
        px = tx;
        lpx = h;
    }
    if (y2 != NULL) {
        ty = (REAL *)bench_malloc((size_t)(h * h) * sizeof(REAL));
        addsub(ty, y1, ldy, y2, ldy, h, sy);
        py = ty;
        lpy = h;
    }
    strassen(m, h, px, lpx, py, lpy, h, depth);
    free(tx);
    free(ty);
}

/* the quadrants of c from the seven products m (contiguous h x h each) */
static void strassen_combine(REAL *c, long ldc, const REAL *m, long h)
{
    long hh = h * h;
    long i;
    long j;
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
    A = (REAL *)bench_malloc((size_t)(n * n) * sizeof(REAL));
    B = (REAL *)bench_malloc((size_t)(n * n) * sizeof(REAL));
    C = (REAL *)bench_malloc((size_t)(n * n) * sizeof(REAL));
    for (i = 0; i < n * n; i++) {
        A[i] = (double)(mix64((unsigned long long)i) >> 11) * (2.0 / 9007199254740992.0) - 1.0;
        B[i] = (double)(mix64((unsigned long long)(i + n * n)) >> 11) *
                   (2.0 / 9007199254740992.0) -
               1.0;
        C[i] = 0.0;
    }
    nsamples = 0;
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

#endif
