/*
 * sparselu_single - LU factorisation (no pivoting) of a sparse blocked
 * matrix of n x n blocks, each block m x m floats or absent.
 *
 * One thread (omp single) walks the outer loop; for every step kk it
 * factorises the diagonal block, creates one task per non-empty block of
 * row kk (fwd) and column kk (bdiv), waits, then one task per block of the
 * trailing submatrix that must be updated (bmod; fill-in blocks are
 * allocated on demand), and waits again.  Structure: loop-like, coarse
 * granularity.  Blocks are accessed through pointers to variably modified
 * array types (float (*)[m]).
 * Verification: against the same factorisation computed serially.
 * The matrix, the block kernels and the other driver hooks: common/sparselu.h.
 */
#include "sparselu.h"

const char bench_name[] = "sparselu_single";

static void sparselu_par(float **mat)
{
    int ii;
    int jj;
    int kk;
#pragma omp parallel private(ii, jj, kk)
    {
#pragma omp single
        {
            for (kk = 0; kk < nb; kk++) {
                lu0(mat[kk * nb + kk], bs);
                for (jj = kk + 1; jj < nb; jj++) {
                    if (mat[kk * nb + jj] != NULL) {
#pragma omp task untied firstprivate(kk, jj) shared(mat, nb, bs)
                        fwd(mat[kk * nb + kk], mat[kk * nb + jj], bs);
                    }
                }
                for (ii = kk + 1; ii < nb; ii++) {
                    if (mat[ii * nb + kk] != NULL) {
#pragma omp task untied firstprivate(kk, ii) shared(mat, nb, bs)
                        bdiv(mat[kk * nb + kk], mat[ii * nb + kk], bs);
                    }
                }
#pragma omp taskwait
                for (ii = kk + 1; ii < nb; ii++) {
                    if (mat[ii * nb + kk] == NULL) {
                        continue;
                    }
                    for (jj = kk + 1; jj < nb; jj++) {
                        if (mat[kk * nb + jj] != NULL) {
                            if (mat[ii * nb + jj] == NULL) {
                                mat[ii * nb + jj] = new_block(bs);
                            }
#pragma omp task untied firstprivate(kk, ii, jj) shared(mat, nb, bs)
                            bmod(mat[ii * nb + kk], mat[kk * nb + jj], mat[ii * nb + jj], bs);
                        }
                    }
                }
#pragma omp taskwait
            }
        }
    }
}

void bench_run(void)
{
    sparselu_par(M);
}
