// strassen_tbb - Strassen matrix multiplication (see strassen.c) with
// oneTBB task_group: the seven products of every level run as tasks and are
// waited for before the quadrants of C are formed.  Base case as in
// strassen.c.  Build: see common/bench_tbb.h.
// Verification: sampled entries against the conventional dot product.
// What the versions share: strassen.h.
#include "bench_tbb.h"
#include "strassen.h"

extern "C" const char bench_name[] = "strassen";

static void strassen(REAL *c, long ldc, const REAL *a, long lda, const REAL *b, long ldb, long n,
                     int depth)
{
    tbb::task_group g;
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
    m = static_cast<decltype(m)>(bench_malloc((size_t)(7 * hh) * sizeof(REAL)));
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
        g.run([=] { product(m, a11, a22, lda, 1, b11, b22, ldb, 1, h, depth + 1); });
        /* M2 = (A21 + A22) B11 */
        g.run([=] { product(m + hh, a21, a22, lda, 1, b11, NULL, ldb, 0, h, depth + 1); });
        /* M3 = A11 (B12 - B22) */
        g.run([=] { product(m + 2 * hh, a11, NULL, lda, 0, b12, b22, ldb, -1, h, depth + 1); });
        /* M4 = A22 (B21 - B11) */
        g.run([=] { product(m + 3 * hh, a22, NULL, lda, 0, b21, b11, ldb, -1, h, depth + 1); });
        /* M5 = (A11 + A12) B22 */
        g.run([=] { product(m + 4 * hh, a11, a12, lda, 1, b22, NULL, ldb, 0, h, depth + 1); });
        /* M6 = (A21 - A11)(B11 + B12) */
        g.run([=] { product(m + 5 * hh, a21, a11, lda, -1, b11, b12, ldb, 1, h, depth + 1); });
        /* M7 = (A12 - A22)(B21 + B22) */
        g.run([=] { product(m + 6 * hh, a12, a22, lda, -1, b21, b22, ldb, 1, h, depth + 1); });
        g.wait();
    }
    strassen_combine(c, ldc, m, h);
    free(m);
}

void bench_run(void)
{
bench_tbb_limit limit;
    strassen(C, order, A, order, B, order, order, 0);
}
