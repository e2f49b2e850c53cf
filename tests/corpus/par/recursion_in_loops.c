/* Exercises recursion inside loops: a recursive function spawns one task per
 * child in a loop (variable fan-out), results go to a per-call array through a
 * pointer, and the top level calls the recursive function from a loop of
 * tasks.  Also a loop of taskwaits around recursive partition counting. */
#include <omp.h>
#include <stdio.h>

/* number of nodes of a tree whose node at depth d with label l has (l % 4) + 1 children */
static long count_nodes(int depth, int label)
{
    if (depth == 0)
        return 1;
    int fan = label % 4 + 1;
    long child[4] = {0, 0, 0, 0};
    long *out = child;
    for (int c = 0; c < fan; c++) {
        #pragma omp task
        out[c] = count_nodes(depth - 1, label * 3 + c + 1);
    }
    #pragma omp taskwait
    long total = 1;
    for (int c = 0; c < fan; c++)
        total += child[c];
    return total;
}

static long count_nodes_seq(int depth, int label)
{
    if (depth == 0)
        return 1;
    long total = 1;
    for (int c = 0; c < label % 4 + 1; c++)
        total += count_nodes_seq(depth - 1, label * 3 + c + 1);
    return total;
}

/* partitions of n into parts no larger than k */
static long partitions(int n, int k)
{
    if (n == 0)
        return 1;
    if (n < 0 || k == 0)
        return 0;
    if (n < 12)
        return partitions(n - k, k) + partitions(n, k - 1);
    long a = 0, b = 0;
    #pragma omp task shared(a)
    a = partitions(n - k, k);
    b = partitions(n, k - 1);
    #pragma omp taskwait
    return a + b;
}

int main(void)
{
    long per_label[6];
    long parts[8];
    #pragma omp parallel
    #pragma omp single
    {
        for (int l = 0; l < 6; l++) {
            #pragma omp task shared(per_label) firstprivate(l)
            per_label[l] = count_nodes(5, l);
        }
        #pragma omp taskwait
        for (int n = 10; n < 18; n++) {
            parts[n - 10] = partitions(n * 2, n * 2);
            #pragma omp taskwait
        }
    }
    int bad = 0;
    for (int l = 0; l < 6; l++) {
        printf("count_nodes(5, %d) = %ld\n", l, per_label[l]);
        bad += per_label[l] != count_nodes_seq(5, l);
    }
    for (int i = 0; i < 8; i++)
        printf("p(%d) = %ld\n", (i + 10) * 2, parts[i]);
    int ok = !bad && parts[0] == 627 && parts[7] == 12310;
    printf("%s\n", ok ? "recursion_in_loops: ok" : "recursion_in_loops: FAILED");
    return !ok;
}
