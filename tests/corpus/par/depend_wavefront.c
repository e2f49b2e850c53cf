/* A wavefront of tasks with dependences, swept three times over the same
 * blocks: each block's task needs the blocks above and to the left.  Many
 * distinct addresses, most of whose tasks finish long before the sweep
 * ends, and addresses named again after their tasks finished: the output
 * is fixed by the dependences alone. */
#include <stdio.h>

#define N 40

static unsigned grid[N][N];

static unsigned mix(unsigned self, unsigned up, unsigned left)
{
    return self * 1664525u + up * 3u + left + 1013904223u;
}

int main(void)
{
#pragma omp parallel
#pragma omp single
    for (int sweep = 0; sweep < 3; sweep++)
        for (int i = 0; i < N; i++)
            for (int j = 0; j < N; j++) {
                unsigned *self = &grid[i][j];
                unsigned *up = i ? &grid[i - 1][j] : self;
                unsigned *left = j ? &grid[i][j - 1] : self;
#pragma omp task depend(in: *up, *left) depend(inout: *self) firstprivate(i, j)
                *self = mix(*self, i ? *up : 7u, j ? *left : 11u);
            }
    unsigned sum = 0;
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++)
            sum = sum * 31u + grid[i][j];
    printf("corner %u, sum %u\n", grid[N - 1][N - 1], sum);
    return 0;
}
