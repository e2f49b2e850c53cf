/* Multi-file parallel program, kernel part: counts the subsets of a set of
 * weights whose sum equals a target, with one task per include/exclude branch
 * above a depth cut-off (orphaned tasks, results through pointers into the
 * parent's frame), and a sequential version for verification. */
#include <omp.h>
#include <stdlib.h>

#include "bots.h"

long bots_tasks_created = 0;

static int *weights;
static int nitems;
static long target;

void kernel_init(int size)
{
    nitems = size;
    weights = malloc((size_t)size * sizeof(int));
    long total = 0;
    unsigned s = 7u;
    for (int i = 0; i < size; i++) {
        s = s * 1103515245u + 12345u;
        weights[i] = 1 + (int)((s >> 16) % 50u);
        total += weights[i];
    }
    target = total / 2;
}

void kernel_fini(void) { free(weights); }

static long count_seq(int i, long sum)
{
    if (sum == target)
        return 1;
    if (i == nitems || sum > target)
        return 0;
    return count_seq(i + 1, sum + weights[i]) + count_seq(i + 1, sum);
}

static long count_par(int i, long sum, int depth)
{
    if (sum == target)
        return 1;
    if (i == nitems || sum > target)
        return 0;
    if (depth >= bots_arg.cutoff)
        return count_seq(i, sum);
    long with = 0, without = 0;
    long *pw = &with, *po = &without;
    #pragma omp task
    *pw = count_par(i + 1, sum + weights[i], depth + 1);
    #pragma omp task
    *po = count_par(i + 1, sum, depth + 1);
    #pragma omp atomic
    bots_tasks_created += 2;
    #pragma omp taskwait
    return with + without;
}

long kernel_parallel(void) { return count_par(0, 0, 0); }

long kernel_sequential(void) { return count_seq(0, 0); }
