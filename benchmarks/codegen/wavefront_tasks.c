/* A wavefront of small tasks with dependences: block (i, j) of an n x n grid
 * needs blocks (i-1, j) and (i, j-1).  One thread creates all n*n tasks, far
 * more than run at a time: the runtime must keep memory and overhead bounded
 * (gcc's libgomp runs a new task at once past 64 waiting per thread).
 * Usage: wavefront_tasks N REPS */
#include <stdio.h>
#include <stdlib.h>

#define B 16 /* values per block */

/* up and left are self on the grid's first row and column. */
static void update(unsigned *self, const unsigned *up, const unsigned *left)
{
    for (int r = 0; r < 8; r++)
        for (int k = 0; k < B; k++)
            self[k] = self[k] * 1664525u + (up != self ? up[k] : 1u) +
                      (left != self ? left[(k + 1) % B] : 2u);
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 300, reps = argc > 2 ? atoi(argv[2]) : 4;
    unsigned *grid = calloc((size_t)n * n * B, sizeof *grid);
    for (int rep = 0; rep < reps; rep++) {
#pragma omp parallel
#pragma omp single
        for (int i = 0; i < n; i++)
            for (int j = 0; j < n; j++) {
                unsigned *self = &grid[((size_t)i * n + j) * B];
                unsigned *up = i ? self - (size_t)n * B : self;
                unsigned *left = j ? self - B : self;
#pragma omp task depend(in: up[0], left[0]) depend(inout: self[0])
                update(self, up, left);
            }
    }
    unsigned sum = 0;
    for (size_t k = 0; k < (size_t)n * n * B; k++)
        sum = sum * 31u + grid[k];
    printf("%u\n", sum);
    free(grid);
    return 0;
}
