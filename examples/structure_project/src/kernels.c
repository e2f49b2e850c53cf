/* kernels.c - a recursive task kernel and a thread-per-block kernel. */
#include <pthread.h>

#include "kernels.h"

static long tree_seq(int depth)
{
    return depth == 0 ? 1 : 1 + tree_seq(depth - 1) + tree_seq(depth - 1);
}

long tree_sum(int depth)
{
    if (depth < CUTOFF)
        return tree_seq(depth);
    long left, right;
    #pragma omp task shared(left) /* @mark left */
    left = tree_sum(depth - 1);
    #pragma omp task shared(right)
    right = tree_sum(depth - 1);
    #pragma omp taskwait
    return 1 + left + right;
}

#define BLOCKS 4

struct block {
    const long *data;
    int begin, end;
    long sum;
};

static void *sum_block(void *arg)
{
    struct block *b = arg;
    long s = 0;
    for (int i = b->begin; i < b->end; i++)
        s += b->data[i];
    b->sum = s;
    return 0;
}

long block_sum(const long *data, int n)
{
    pthread_t threads[BLOCKS];
    struct block blocks[BLOCKS];
    for (int t = 0; t < BLOCKS; t++) {
        blocks[t].data = data;
        blocks[t].begin = t * n / BLOCKS;
        blocks[t].end = (t + 1) * n / BLOCKS;
        pthread_create(&threads[t], 0, sum_block, &blocks[t]);
    }
    long total = 0;
    for (int t = 0; t < BLOCKS; t++) {
        pthread_join(threads[t], 0); /* @mark join */
        total += blocks[t].sum;
    }
    return total;
}
