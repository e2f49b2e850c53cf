/*
 * sparselu.h - what the SparseLU programs (sparselu_for.c, sparselu_single.c,
 * sparselu_single_tbb.cpp) share: the parameters, the sparse blocked matrix
 * (n x n blocks of m x m floats, absent blocks are NULL), the four block
 * kernels lu0/fwd/bdiv/bmod, the serial factorisation and every driver
 * hook except bench_run.  A program includes it once and defines
 * bench_name and bench_run, which calls its own sparselu_par(M).
 *
 * Blocks are accessed through pointers to variably modified array types
 * (float (*)[m]), which g++ accepts as an extension in the oneTBB version.
 */
#ifndef SPARSELU_H
#define SPARSELU_H

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "bench.h"

#ifdef __cplusplus
extern "C" {
#endif
bench_param bench_params[] = {
    {'n', "n", "matrix size in blocks", {20, 45, 50}, 0},
    {'m', "m", "block size", {40, 100, 100}, 0},
};
const int bench_nparams = 2;
#ifdef __cplusplus
}
#endif

static int nb;
static int bs;
static float **M;
static float **R;

static unsigned long long mix64(unsigned long long z)
{
    z += 0x9e3779b97f4a7c15ULL;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

static float *new_block(int m)
{
    float *b = (float *)bench_malloc((size_t)m * (size_t)m * sizeof(float));
    memset(b, 0, (size_t)m * (size_t)m * sizeof(float));
    return b;
}

/* sparsity pattern: diagonal, first off-diagonals, and a regular sprinkle */
static int block_present(int i, int j)
{
    if (i == j || i == j + 1 || j == i + 1) {
        return 1;
    }
    if (i % 2 == 1 || j % 2 == 1) {
        return 0;
    }
    if (i < j) {
        return i % 3 == 0;
    }
    return j % 3 == 0;
}

static void genmat(float **mat)
{
    int i;
    int j;
    int k;
    for (i = 0; i < nb; i++) {
        for (j = 0; j < nb; j++) {
            float *b;
            if (!block_present(i, j)) {
                mat[i * nb + j] = NULL;
                continue;
            }
            b = new_block(bs);
            for (k = 0; k < bs * bs; k++) {
                unsigned long long h =
                    mix64(((unsigned long long)(i * nb + j) << 24) + (unsigned long long)k);
                b[k] = (float)((double)(h >> 40) / 16777216.0 * 2.0 - 1.0);
                if (i == j && k / bs == k % bs) {
                    b[k] += (float)(4 * bs);
                }
            }
            mat[i * nb + j] = b;
        }
    }
}

static void lu0(float *diag_, int m)
{
    float (*diag)[m] = (float (*)[m])diag_;
    int i;
    int j;
    int k;
    for (k = 0; k < m; k++) {
        for (i = k + 1; i < m; i++) {
            diag[i][k] = diag[i][k] / diag[k][k];
            for (j = k + 1; j < m; j++) {
                diag[i][j] = diag[i][j] - diag[i][k] * diag[k][j];
            }
        }
    }
}

static void bdiv(const float *diag_, float *row_, int m)
{
    const float (*diag)[m] = (const float (*)[m])diag_;
    float (*row)[m] = (float (*)[m])row_;
    int i;
    int j;
    int k;
    for (i = 0; i < m; i++) {
        for (k = 0; k < m; k++) {
            row[i][k] = row[i][k] / diag[k][k];
            for (j = k + 1; j < m; j++) {
                row[i][j] = row[i][j] - row[i][k] * diag[k][j];
            }
        }
    }
}

static void bmod(const float *row_, const float *col_, float *inner_, int m)
{
    const float (*row)[m] = (const float (*)[m])row_;
    const float (*col)[m] = (const float (*)[m])col_;
    float (*inner)[m] = (float (*)[m])inner_;
    int i;
    int j;
    int k;
    for (i = 0; i < m; i++) {
        for (k = 0; k < m; k++) {
            float r = row[i][k];
            for (j = 0; j < m; j++) {
                inner[i][j] = inner[i][j] - r * col[k][j];
            }
        }
    }
}

static void fwd(const float *diag_, float *col_, int m)
{
    const float (*diag)[m] = (const float (*)[m])diag_;
    float (*col)[m] = (float (*)[m])col_;
    int i;
    int j;
    int k;
    for (k = 0; k < m; k++) {
        for (i = k + 1; i < m; i++) {
            float d = diag[i][k];
            for (j = 0; j < m; j++) {
                col[i][j] = col[i][j] - d * col[k][j];
            }
        }
    }
}

static void sparselu_seq(float **mat)
{
    int ii;
    int jj;
    int kk;
    for (kk = 0; kk < nb; kk++) {
        lu0(mat[kk * nb + kk], bs);
        for (jj = kk + 1; jj < nb; jj++) {
            if (mat[kk * nb + jj] != NULL) {
                fwd(mat[kk * nb + kk], mat[kk * nb + jj], bs);
            }
        }
        for (ii = kk + 1; ii < nb; ii++) {
            if (mat[ii * nb + kk] != NULL) {
                bdiv(mat[kk * nb + kk], mat[ii * nb + kk], bs);
            }
        }
        for (ii = kk + 1; ii < nb; ii++) {
            if (mat[ii * nb + kk] == NULL) {
                continue;
            }
            for (jj = kk + 1; jj < nb; jj++) {
                if (mat[kk * nb + jj] != NULL) {
                    if (mat[ii * nb + jj] == NULL) {
                        mat[ii * nb + jj] = new_block(bs);
                    }
                    bmod(mat[ii * nb + kk], mat[kk * nb + jj], mat[ii * nb + jj], bs);
                }
            }
        }
    }
}

void bench_init(void)
{
    nb = (int)bench_arg(0);
    bs = (int)bench_arg(1);
    if (nb < 1 || bs < 1) {
        bench_fatal("n and m must be positive");
    }
    M = (float **)bench_malloc((size_t)nb * (size_t)nb * sizeof(float *));
    R = NULL;
    genmat(M);
}

void bench_run_serial(void)
{
    R = (float **)bench_malloc((size_t)nb * (size_t)nb * sizeof(float *));
    genmat(R);
    sparselu_seq(R);
}

int bench_verify(void)
{
    int b;
    int k;
    if (R == NULL) {
        return BENCH_NOT_PERFORMED;
    }
    for (b = 0; b < nb * nb; b++) {
        if ((M[b] == NULL) != (R[b] == NULL)) {
            return BENCH_FAILED;
        }
        if (M[b] == NULL) {
            continue;
        }
        for (k = 0; k < bs * bs; k++) {
            double r = R[b][k];
            double d = fabs((double)M[b][k] - r);
            if (d > 1e-5 * (fabs(r) + 1.0)) {
                return BENCH_FAILED;
            }
        }
    }
    return BENCH_SUCCESSFUL;
}

void bench_checksum(char *buf, size_t len)
{
    double s = 0.0;
    int b;
    int k;
    int blocks = 0;
    for (b = 0; b < nb * nb; b++) {
        if (M[b] == NULL) {
            continue;
        }
        blocks++;
        for (k = 0; k < bs * bs; k++) {
            s += (double)M[b][k] * (double)((k % 5) + 1);
        }
    }
    snprintf(buf, len, "%d %.10e", blocks, s);
}

static void free_matrix(float **mat)
{
    int b;
    if (mat == NULL) {
        return;
    }
    for (b = 0; b < nb * nb; b++) {
        free(mat[b]);
    }
    free(mat);
}

void bench_free(void)
{
    free_matrix(M);
    free_matrix(R);
}

#endif
