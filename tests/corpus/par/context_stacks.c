/* Tasks of two contexts with different stack needs: each parent task keeps
 * a 20000-byte array on its stack while it waits for its eight small
 * children, whose context needs far less.  Under --tuning full the children
 * run nested in the waiting parent where their own need fits (per-context
 * stacks); with one stack size for every task they never fit there. */
#include <stdio.h>
#include <string.h>

static long leaf(long x) { return x * 2 + 1; }

static long parent(int k)
{
    char buf[20000];
    long r[8];
    memset(buf, k & 0x7f, sizeof buf);
    for (int i = 0; i < 8; i++) {
#pragma omp task shared(r) firstprivate(i)
        r[i] = leaf(i + k);
    }
#pragma omp taskwait
    long s = buf[k % 20000];
    for (int i = 0; i < 8; i++)
        s += r[i];
    return s;
}

int main(void)
{
    long out[64];
#pragma omp parallel
#pragma omp single
    for (int k = 0; k < 64; k++) {
#pragma omp task shared(out) firstprivate(k)
        out[k] = parent(k);
    }
    long total = 0;
    for (int k = 0; k < 64; k++)
        total += out[k];
    printf("%ld\n", total);
    return 0;
}
