/*
 * strassen - dense matrix multiplication C = A * B (n x n doubles) with
 * Strassen's algorithm.
 *
 * Each level computes the seven products M1..M7 of half-size matrices as
 * seven tasks (each task forms its operand sums in its own temporaries),
 * waits, and combines them into the quadrants of C.  Below BASE rows the
 * algorithm switches to the conventional triple loop (an algorithmic base
 * case, changeable with -DBASE=...; no task cut-off unless built with
 * -DCUTOFF_DEPTH=d).  Structure: recursive balanced, moderate granularity.
 * Verification: a deterministic sample of entries of C against the
 * conventional dot product (relative error).  What the versions share: strassen.h.
 */
#include "strassen.h"

const char bench_name[] = "strassen";

static void strassen(REAL *c, long ldc, const REAL *a, long lda, const REAL *b, long ldb, long n,
                     int depth)
{
    long h;
    long hh;
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
#ifdef CUTOFF_DEPTH
    if (depth >= CUTOFF_DEPTH) {
        product(m, a11, a22, lda, 1, b11, b22, ldb, 1, h, depth + 1);
        product(m + hh, a21, a22, lda, 1, b11, NULL, ldb, 0, h, depth + 1);
        product(m + 2 * hh, a11, NULL, lda, 0, b12, b22, ldb, -1, h, depth + 1);
        product(m + 3 * hh, a22, NULL, lda, 0, b21, b11, ldb, -1, h, depth + 1);
        product(m + 4 * hh, a11, a12, lda, 1, b22, NULL, ldb, 0, h, depth + 1);
        product(m + 5 * hh, a21, a11, lda, -1, b11, b12, ldb, 1, h, depth + 1);
        product(m + 6 * hh, a12, a22, lda, -1, b21, b22, ldb, 1, h, depth + 1);
    } else
#endif
    {
        /* M1 = (A11 + A22)(B11 + B22) */
#pragma omp task firstprivate(m, a11, a22, b11, b22, lda, ldb, h, depth)
        product(m, a11, a22, lda, 1, b11, b22, ldb, 1, h, depth + 1);
        /* M2 = (A21 + A22) B11 */
#pragma omp task firstprivate(m, a21, a22, b11, lda, ldb, h, hh, depth)
        product(m + hh, a21, a22, lda, 1, b11, NULL, ldb, 0, h, depth + 1);
        /* M3 = A11 (B12 - B22) */
#pragma omp task firstprivate(m, a11, b12, b22, lda, ldb, h, hh, depth)
        product(m + 2 * hh, a11, NULL, lda, 0, b12, b22, ldb, -1, h, depth + 1);
        /* M4 = A22 (B21 - B11) */
#pragma omp task firstprivate(m, a22, b21, b11, lda, ldb, h, hh, depth)
        product(m + 3 * hh, a22, NULL, lda, 0, b21, b11, ldb, -1, h, depth + 1);
        /* M5 = (A11 + A12) B22 */
#pragma omp task firstprivate(m, a11, a12, b22, lda, ldb, h, hh, depth)
        product(m + 4 * hh, a11, a12, lda, 1, b22, NULL, ldb, 0, h, depth + 1);
        /* M6 = (A21 - A11)(B11 + B12) */
#pragma omp task firstprivate(m, a21, a11, b11, b12, lda, ldb, h, hh, depth)
        product(m + 5 * hh, a21, a11, lda, -1, b11, b12, ldb, 1, h, depth + 1);
        /* M7 = (A12 - A22)(B21 + B22) */
#pragma omp task firstprivate(m, a12, a22, b21, b22, lda, ldb, h, hh, depth)
        product(m + 6 * hh, a12, a22, lda, -1, b21, b22, ldb, 1, h, depth + 1);
#pragma omp taskwait
    }
    strassen_combine(c, ldc, m, h);
    free(m);
}

void bench_run(void)
{
#pragma omp parallel
    {
#pragma omp single
        strassen(C, order, A, order, B, order, order, 0);
    }
}
