// sparselu_single_tbb - sparse blocked LU factorisation (see
// sparselu_single.c) with oneTBB task_group: for every step one task per
// fwd/bdiv block, wait, one task per bmod block, wait.
// Build: see common/bench_tbb.h.  Verification: against a serial run.
// The matrix, the block kernels and the other driver hooks: common/sparselu.h.
#include "bench_tbb.h"
#include "sparselu.h"

extern "C" const char bench_name[] = "sparselu_single";

static void sparselu_par(float **mat)
{
    tbb::task_group g;
    int ii;
    int jj;
    int kk;
    bench_tbb_limit limit;
    for (kk = 0; kk < nb; kk++) {
        lu0(mat[kk * nb + kk], bs);
        for (jj = kk + 1; jj < nb; jj++) {
            if (mat[kk * nb + jj] != NULL) {
                g.run([=] { fwd(mat[kk * nb + kk], mat[kk * nb + jj], bs); });
            }
        }
        for (ii = kk + 1; ii < nb; ii++) {
            if (mat[ii * nb + kk] != NULL) {
                g.run([=] { bdiv(mat[kk * nb + kk], mat[ii * nb + kk], bs); });
            }
        }
        g.wait();
        for (ii = kk + 1; ii < nb; ii++) {
            if (mat[ii * nb + kk] == NULL) {
                continue;
            }
            for (jj = kk + 1; jj < nb; jj++) {
                if (mat[kk * nb + jj] != NULL) {
                    if (mat[ii * nb + jj] == NULL) {
                        mat[ii * nb + jj] = new_block(bs);
                    }
                    g.run([=] { bmod(mat[ii * nb + kk], mat[kk * nb + jj], mat[ii * nb + jj], bs); });
                }
            }
        }
        g.wait();
    }
}

void bench_run(void)
{
    sparselu_par(M);
}
