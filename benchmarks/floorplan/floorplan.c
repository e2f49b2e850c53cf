/*
 * floorplan - minimal-area floorplan by branch and bound.
 *
 * n rectangular cells, each with up to three alternative shapes, are laid
 * down one after another on a ROWS x COLS board; every cell after the
 * first must touch the previous cell, either on its right side or below
 * it (which of the two is part of the generated input).  For every shape and every admissible position of the current
 * cell a task is created; it copies the partial board (a typedef'd 2-D
 * char array), receives the footprint and the placed-cell table by value
 * (firstprivate arrays), abandons the branch with a goto to the end of the
 * task body when the footprint area already reaches the best area found or
 * the cell overlaps another, records a complete floorplan under a critical
 * section, and otherwise recurses.  Structure: recursive unbalanced, fine
 * granularity.  The cell set is generated deterministically.
 * Verification: the minimal area equals the one found by a serial search.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "bench.h"

#define ROWS 64
#define COLS 64
#define MAXCELLS 32
#define MAXALT 3

typedef char ibrd[ROWS][COLS];

typedef struct cell {
    int nalt;
    int alt[MAXALT][2]; /* rows, cols */
    int left;           /* placed to the right of this cell, or -1 */
    int above;          /* placed below this cell, or -1 */
} cell;

const char bench_name[] = "floorplan";
bench_param bench_params[] = {
    {'n', "cells", "number of cells", {12, 19, 20}, 0},
};
const int bench_nparams = 1;

static int ncells;
static cell cells[MAXCELLS];
static int min_area;
static int best_rows;
static int best_cols;
static long long nsolutions;
static int ref_area;

static unsigned long long mix64(unsigned long long z)
{
    z += 0x9e3779b97f4a7c15ULL;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

static void gen_cells(int n)
{
    static const int shapes[][2] = {{1, 2}, {2, 2}, {1, 3}, {2, 3}, {1, 4}, {3, 3}, {2, 4}};
    int i;
    for (i = 0; i < n; i++) {
        unsigned long long h = mix64((unsigned long long)i + 4242);
        int s = (int)(h % 7);
        int r = shapes[s][0];
        int c = shapes[s][1];
        cell *ce = &cells[i];
        ce->nalt = 0;
        ce->alt[ce->nalt][0] = r;
        ce->alt[ce->nalt][1] = c;
        ce->nalt++;
        if (r != c) {
            ce->alt[ce->nalt][0] = c;
            ce->alt[ce->nalt][1] = r;
            ce->nalt++;
        }
        if (r * c == 4 && r != c) {
            /* 1x4 may also be laid out as 2x2 */
            ce->alt[ce->nalt][0] = 2;
            ce->alt[ce->nalt][1] = 2;
            ce->nalt++;
        }
        ce->left = -1;
        ce->above = -1;
        if (i > 0) {
            if ((h >> 20) % 2 == 0) {
                ce->left = i - 1;
            } else {
                ce->above = i - 1;
            }
        }
    }
}

/*
 * Place cell id; fp = footprint (rows, cols) so far; board = occupied
 * squares; pos[k] = top row, left col, rows, cols of placed cell k.
 */
static void add_cell(int id, const int fp[2], ibrd *parent_board, const int pos[MAXCELLS][4],
                     int par)
{
    int a;
    for (a = 0; a < cells[id].nalt; a++) {
        int rows = cells[id].alt[a][0];
        int cols = cells[id].alt[a][1];
        int r0;
        int r1;
        int c0;
        int c1;
        int k;
        if (id == 0) {
            r0 = r1 = 0;
            c0 = c1 = 0;
        } else if (cells[id].left >= 0) {
            const int *p = pos[cells[id].left];
            c0 = c1 = p[1] + p[3];
            r0 = p[0] - rows + 1 > 0 ? p[0] - rows + 1 : 0;
            r1 = p[0] + p[2] - 1;
        } else {
            const int *p = pos[cells[id].above];
            r0 = r1 = p[0] + p[2];
            c0 = p[1] - cols + 1 > 0 ? p[1] - cols + 1 : 0;
            c1 = p[1] + p[3] - 1;
        }
        for (k = 0; k <= (r1 - r0) + (c1 - c0); k++) {
            int row = r0 + (r1 > r0 ? k : 0);
            int col = c0 + (c1 > c0 ? k : 0);
            int FOOTPRINT[2];
            int CELLS[MAXCELLS][4];
            FOOTPRINT[0] = fp[0];
            FOOTPRINT[1] = fp[1];
            memcpy(CELLS, pos, sizeof CELLS);
#pragma omp task default(none) firstprivate(id, row, col, rows, cols, FOOTPRINT, CELLS, par) \
    shared(parent_board, ncells, min_area, best_rows, best_cols, nsolutions) if (par)
            {
                ibrd board;
                int i;
                int j;
                int area;
                if (row + rows > ROWS || col + cols > COLS) {
                    goto _end;
                }
                if (row + rows > FOOTPRINT[0]) {
                    FOOTPRINT[0] = row + rows;
                }
                if (col + cols > FOOTPRINT[1]) {
                    FOOTPRINT[1] = col + cols;
                }
                area = FOOTPRINT[0] * FOOTPRINT[1];
                if (area >= min_area) {
                    goto _end;
                }
                memcpy(board, *parent_board, sizeof(ibrd));
                for (i = row; i < row + rows; i++) {
                    for (j = col; j < col + cols; j++) {
                        if (board[i][j] != 0) {
                            goto _end;
                        }
                        board[i][j] = (char)(id + 1);
                    }
                }
                CELLS[id][0] = row;
                CELLS[id][1] = col;
                CELLS[id][2] = rows;
                CELLS[id][3] = cols;
                if (id + 1 == ncells) {
#pragma omp critical
                    {
                        nsolutions++;
                        if (area < min_area) {
                            min_area = area;
                            best_rows = FOOTPRINT[0];
                            best_cols = FOOTPRINT[1];
                        }
                    }
                } else {
                    add_cell(id + 1, FOOTPRINT, &board, CELLS, par);
                }
            _end:;
            }
        }
    }
#pragma omp taskwait
}

static void search(int par)
{
    static ibrd board;
    int fp[2] = {0, 0};
    int pos[MAXCELLS][4];
    memset(board, 0, sizeof board);
    memset(pos, 0, sizeof pos);
    min_area = ROWS * COLS;
    best_rows = 0;
    best_cols = 0;
    nsolutions = 0;
    add_cell(0, fp, &board, pos, par);
}

void bench_init(void)
{
    ncells = (int)bench_arg(0);
    if (ncells < 1 || ncells > MAXCELLS) {
        bench_fatal("cells must be in 1..32");
    }
    gen_cells(ncells);
    ref_area = -1;
}

void bench_run(void)
{
#pragma omp parallel
    {
#pragma omp single
        search(1);
    }
}

void bench_run_serial(void)
{
    int area = min_area;
    int r = best_rows;
    int c = best_cols;
    long long s = nsolutions;
    search(0);
    ref_area = min_area;
    min_area = area;
    best_rows = r;
    best_cols = c;
    nsolutions = s;
}

int bench_verify(void)
{
    if (ref_area < 0) {
        return BENCH_NOT_PERFORMED;
    }
    return ref_area == min_area ? BENCH_SUCCESSFUL : BENCH_FAILED;
}

void bench_checksum(char *buf, size_t len)
{
    int total = 0;
    int i;
    for (i = 0; i < ncells; i++) {
        total += cells[i].alt[0][0] * cells[i].alt[0][1];
    }
    snprintf(buf, len, "%d (cell area %d)", min_area, total);
}

void bench_free(void)
{
}
