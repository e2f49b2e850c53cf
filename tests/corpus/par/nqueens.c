/* Exercises a BOTS-style N-Queens search: each task copies the partial board
 * into an alloca'd buffer (memcpy) before extending it, per-branch solution
 * counts are written into a VLA of the parent through a pointer, and a depth
 * cut-off switches to the sequential search. */
#include <alloca.h>
#include <omp.h>
#include <stdio.h>
#include <string.h>

static int ok_place(int n, const char *a, int row, int col)
{
    for (int i = 0; i < row; i++) {
        int p = a[i];
        if (p == col || p - i == col - row || p + i == col + row)
            return 0;
    }
    (void)n;
    return 1;
}

static long nqueens_seq(int n, int j, char *a)
{
    if (j == n)
        return 1;
    long count = 0;
    for (int i = 0; i < n; i++) {
        if (ok_place(n, a, j, i)) {
            a[j] = (char)i;
            count += nqueens_seq(n, j + 1, a);
        }
    }
    return count;
}

static long nqueens(int n, int j, const char *a, int cutoff)
{
    if (j == n)
        return 1;
    if (j >= cutoff) {
        char *b = alloca((size_t)n);
        memcpy(b, a, (size_t)j);
        return nqueens_seq(n, j, b);
    }
    long csols[n];
    long *cs = csols;
    memset(csols, 0, sizeof csols);
    for (int i = 0; i < n; i++) {
        #pragma omp task
        {
            char *b = alloca((size_t)n);
            memcpy(b, a, (size_t)j);
            b[j] = (char)i;
            if (ok_place(n, b, j, i))
                cs[i] = nqueens(n, j + 1, b, cutoff);
        }
    }
    #pragma omp taskwait
    long total = 0;
    for (int i = 0; i < n; i++)
        total += csols[i];
    return total;
}

int main(void)
{
    static const long known[] = {1, 1, 0, 0, 2, 10, 4, 40, 92, 352, 724};
    long sols[11];
    #pragma omp parallel
    #pragma omp single
    {
        for (int n = 1; n <= 10; n++) {
            char board[16];
            sols[n] = nqueens(n, 0, board, 3);
        }
    }
    int bad = 0;
    for (int n = 1; n <= 10; n++) {
        printf("queens(%d) = %ld\n", n, sols[n]);
        bad += sols[n] != known[n];
    }
    printf("%s\n", bad == 0 ? "nqueens: ok" : "nqueens: FAILED");
    return bad != 0;
}
