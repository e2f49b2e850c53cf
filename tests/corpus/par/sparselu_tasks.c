/* Exercises a BOTS-style sparse LU factorisation with OpenMP tasks: a matrix
 * of pointers to typedef'd 2-D blocks, tasks created by one thread (single)
 * for fwd/bdiv/bmod per outer step with taskwaits between phases, lazily
 * allocated fill-in blocks, __sync_bool_compare_and_swap for a one-time
 * initialisation flag, and a checksum compared with a sequential run. */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NB 6
#define BS 8

typedef float block_t[BS][BS];

static block_t *A[NB][NB];
static block_t *B[NB][NB];
static int init_once = 0;
static int init_calls = 0;

static int present(int i, int j)
{
    return i == j || (i + j) % 4 == 1 || (i == 0 && j == NB - 1);
}

static void fill(block_t *b, int bi, int bj)
{
    for (int i = 0; i < BS; i++)
        for (int j = 0; j < BS; j++)
            (*b)[i][j] = (bi == bj && i == j) ? 40.0f + (float)i
                                               : (float)((bi * 5 + bj * 3 + i * 7 + j) % 11) / 8.0f;
}

static void genmat(block_t *m[NB][NB])
{
    for (int i = 0; i < NB; i++)
        for (int j = 0; j < NB; j++) {
            if (present(i, j)) {
                m[i][j] = malloc(sizeof(block_t));
                fill(m[i][j], i, j);
            } else
                m[i][j] = NULL;
        }
}

static void lu0(block_t d)
{
    for (int k = 0; k < BS; k++)
        for (int i = k + 1; i < BS; i++) {
            d[i][k] = d[i][k] / d[k][k];
            for (int j = k + 1; j < BS; j++)
                d[i][j] = d[i][j] - d[i][k] * d[k][j];
        }
}

static void fwd(block_t d, block_t c)
{
    for (int k = 0; k < BS; k++)
        for (int i = k + 1; i < BS; i++)
            for (int j = 0; j < BS; j++)
                c[i][j] = c[i][j] - d[i][k] * c[k][j];
}

static void bdiv(block_t d, block_t r)
{
    for (int i = 0; i < BS; i++)
        for (int k = 0; k < BS; k++) {
            r[i][k] = r[i][k] / d[k][k];
            for (int j = k + 1; j < BS; j++)
                r[i][j] = r[i][j] - r[i][k] * d[k][j];
        }
}

static void bmod(block_t r, block_t c, block_t inner)
{
    for (int i = 0; i < BS; i++)
        for (int j = 0; j < BS; j++) {
            float s = inner[i][j];
            for (int k = 0; k < BS; k++)
                s = s - r[i][k] * c[k][j];
            inner[i][j] = s;
        }
}

static block_t *alloc_zero(void)
{
    block_t *b = malloc(sizeof(block_t));
    memset(b, 0, sizeof(block_t));
    return b;
}

static void sparselu_par(block_t *m[NB][NB])
{
    for (int kk = 0; kk < NB; kk++) {
        lu0(*m[kk][kk]);
        for (int jj = kk + 1; jj < NB; jj++)
            if (m[kk][jj] != NULL) {
                #pragma omp task firstprivate(kk, jj) shared(m)
                fwd(*m[kk][kk], *m[kk][jj]);
            }
        for (int ii = kk + 1; ii < NB; ii++)
            if (m[ii][kk] != NULL) {
                #pragma omp task firstprivate(kk, ii) shared(m)
                bdiv(*m[kk][kk], *m[ii][kk]);
            }
        #pragma omp taskwait
        for (int ii = kk + 1; ii < NB; ii++) {
            if (m[ii][kk] == NULL)
                continue;
            for (int jj = kk + 1; jj < NB; jj++) {
                if (m[kk][jj] == NULL)
                    continue;
                if (m[ii][jj] == NULL)
                    m[ii][jj] = alloc_zero();
                #pragma omp task firstprivate(kk, jj, ii) shared(m)
                bmod(*m[ii][kk], *m[kk][jj], *m[ii][jj]);
            }
        }
        #pragma omp taskwait
    }
}

static void sparselu_seq(block_t *m[NB][NB])
{
    for (int kk = 0; kk < NB; kk++) {
        lu0(*m[kk][kk]);
        for (int jj = kk + 1; jj < NB; jj++)
            if (m[kk][jj] != NULL)
                fwd(*m[kk][kk], *m[kk][jj]);
        for (int ii = kk + 1; ii < NB; ii++)
            if (m[ii][kk] != NULL)
                bdiv(*m[kk][kk], *m[ii][kk]);
        for (int ii = kk + 1; ii < NB; ii++)
            for (int jj = kk + 1; jj < NB; jj++)
                if (m[ii][kk] != NULL && m[kk][jj] != NULL) {
                    if (m[ii][jj] == NULL)
                        m[ii][jj] = alloc_zero();
                    bmod(*m[ii][kk], *m[kk][jj], *m[ii][jj]);
                }
    }
}

static double checksum(block_t *m[NB][NB], int *blocks)
{
    double s = 0.0;
    *blocks = 0;
    for (int i = 0; i < NB; i++)
        for (int j = 0; j < NB; j++)
            if (m[i][j] != NULL) {
                (*blocks)++;
                for (int a = 0; a < BS; a++)
                    for (int b = 0; b < BS; b++)
                        s += (double)(*m[i][j])[a][b] * (1 + (a + b) % 3);
            }
    return s;
}

int main(void)
{
    #pragma omp parallel
    {
        #pragma omp atomic
        init_calls++;
        if (__sync_bool_compare_and_swap(&init_once, 0, 1)) {
            genmat(A); /* exactly one thread generates the matrices */
            genmat(B);
        }
        #pragma omp barrier
        #pragma omp single
        sparselu_par(A);
    }
    sparselu_seq(B);
    int nba = 0, nbb = 0;
    double ca = checksum(A, &nba), cb = checksum(B, &nbb);
    int identical = 1;
    for (int i = 0; i < NB; i++)
        for (int j = 0; j < NB; j++) {
            if ((A[i][j] == NULL) != (B[i][j] == NULL))
                identical = 0;
            else if (A[i][j] != NULL && memcmp(A[i][j], B[i][j], sizeof(block_t)) != 0)
                identical = 0;
        }
    printf("blocks=%d checksum=%.4f identical to sequential: %s init_once=%d threads>=1: %s\n",
           nba, ca, identical ? "yes" : "no", init_once, init_calls >= 1 ? "yes" : "no");
    for (int i = 0; i < NB; i++)
        for (int j = 0; j < NB; j++) {
            free(A[i][j]);
            free(B[i][j]);
        }
    int ok = identical && nba == nbb && ca == cb;
    printf("%s\n", ok ? "sparselu_tasks: ok" : "sparselu_tasks: FAILED");
    return !ok;
}
