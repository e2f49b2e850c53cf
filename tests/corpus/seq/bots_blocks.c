/* Exercises a BOTS-style kernel written sequentially: a blocked matrix held
 * as a 2-D array of pointers to typedef'd 2-D blocks (allocated lazily, NULL
 * for empty blocks), an LU-like factorisation over blocks, a flexible array
 * member for a result record, goto jumping out of and into nested blocks,
 * and __sync_bool_compare_and_swap used for one-time initialisation. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NB 4 /* blocks per dimension */
#define BS 6 /* block size */

typedef double block_t[BS][BS];
typedef block_t *block_ptr;

struct result {
    int count;
    double values[]; /* flexible array member */
};

static block_ptr matrix[NB][NB];
static int initialised = 0;

static int block_present(int i, int j)
{
    return i == j || (i == 0 && j % 2 == 1) || (j == 0 && i >= 2);
}

static block_ptr alloc_block(int bi, int bj)
{
    block_ptr b = malloc(sizeof(block_t));
    for (int i = 0; i < BS; i++)
        for (int j = 0; j < BS; j++)
            (*b)[i][j] = (bi == bj && i == j) ? 20.0 + i : (double)((bi * 7 + bj * 3 + i * 5 + j) % 9) / 10.0;
    return b;
}

static void init_matrix(void)
{
    /* only the first caller initialises */
    if (!__sync_bool_compare_and_swap(&initialised, 0, 1))
        return;
    for (int i = 0; i < NB; i++)
        for (int j = 0; j < NB; j++)
            matrix[i][j] = block_present(i, j) ? alloc_block(i, j) : NULL;
}

static void lu0(block_t diag)
{
    for (int k = 0; k < BS; k++)
        for (int i = k + 1; i < BS; i++) {
            diag[i][k] /= diag[k][k];
            for (int j = k + 1; j < BS; j++)
                diag[i][j] -= diag[i][k] * diag[k][j];
        }
}

static void fwd(block_t diag, block_t col)
{
    for (int k = 0; k < BS; k++)
        for (int i = k + 1; i < BS; i++)
            for (int j = 0; j < BS; j++)
                col[i][j] -= diag[i][k] * col[k][j];
}

static void bdiv(block_t diag, block_t row)
{
    for (int i = 0; i < BS; i++)
        for (int k = 0; k < BS; k++) {
            row[i][k] /= diag[k][k];
            for (int j = k + 1; j < BS; j++)
                row[i][j] -= row[i][k] * diag[k][j];
        }
}

static void bmod(block_t row, block_t col, block_t inner)
{
    for (int i = 0; i < BS; i++)
        for (int j = 0; j < BS; j++)
            for (int k = 0; k < BS; k++)
                inner[i][j] -= row[i][k] * col[k][j];
}

static void sparselu(void)
{
    for (int kk = 0; kk < NB; kk++) {
        lu0(*matrix[kk][kk]);
        for (int jj = kk + 1; jj < NB; jj++)
            if (matrix[kk][jj] != NULL)
                fwd(*matrix[kk][kk], *matrix[kk][jj]);
        for (int ii = kk + 1; ii < NB; ii++)
            if (matrix[ii][kk] != NULL)
                bdiv(*matrix[kk][kk], *matrix[ii][kk]);
        for (int ii = kk + 1; ii < NB; ii++) {
            if (matrix[ii][kk] == NULL)
                continue;
            for (int jj = kk + 1; jj < NB; jj++) {
                if (matrix[kk][jj] == NULL)
                    continue;
                if (matrix[ii][jj] == NULL) {
                    matrix[ii][jj] = malloc(sizeof(block_t));
                    memset(matrix[ii][jj], 0, sizeof(block_t));
                }
                bmod(*matrix[ii][kk], *matrix[kk][jj], *matrix[ii][jj]);
            }
        }
    }
}

/* find the first block with a large entry; goto leaves three loops */
static int find_large(double limit, int *bi, int *bj)
{
    for (int i = 0; i < NB; i++) {
        for (int j = 0; j < NB; j++) {
            if (matrix[i][j] == NULL)
                continue;
            for (int k = 0; k < BS; k++)
                if ((*matrix[i][j])[k][k] > limit) {
                    *bi = i;
                    *bj = j;
                    goto found;
                }
        }
    }
    return 0;
found:
    return 1;
}

static struct result *collect(void)
{
    int present = 0;
    for (int i = 0; i < NB; i++)
        for (int j = 0; j < NB; j++)
            present += matrix[i][j] != NULL;
    struct result *r = malloc(sizeof *r + (size_t)present * sizeof(double));
    r->count = 0;
    int i = 0, j = 0;
    goto check; /* jump into the loop body's test */
    while (i < NB) {
        j = 0;
        while (j < NB) {
            if (matrix[i][j] != NULL) {
                double s = 0.0;
                for (int a = 0; a < BS; a++)
                    for (int b = 0; b < BS; b++)
                        s += (*matrix[i][j])[a][b];
                r->values[r->count++] = s;
            }
            j++;
        }
        i++;
    check:
        if (i >= NB)
            break;
    }
    return r;
}

int main(void)
{
    init_matrix();
    init_matrix(); /* second call is a no-op */
    int before = 0;
    for (int i = 0; i < NB; i++)
        for (int j = 0; j < NB; j++)
            before += matrix[i][j] != NULL;
    sparselu();
    int after = 0;
    for (int i = 0; i < NB; i++)
        for (int j = 0; j < NB; j++)
            after += matrix[i][j] != NULL;
    printf("blocks before=%d after=%d (fill-in %d)\n", before, after, after - before);

    int bi = -1, bj = -1;
    int has = find_large(21.5, &bi, &bj);
    printf("find_large: %d at (%d,%d)\n", has, bi, bj);

    struct result *r = collect();
    double checksum = 0.0;
    for (int k = 0; k < r->count; k++)
        checksum += r->values[k] * (k + 1);
    printf("result count=%d checksum=%.6f\n", r->count, checksum);
    int ok = r->count == after && has;
    free(r);
    for (int i = 0; i < NB; i++)
        for (int j = 0; j < NB; j++)
            free(matrix[i][j]);
    printf("%s\n", ok ? "bots_blocks: ok" : "bots_blocks: FAILED");
    return !ok;
}
