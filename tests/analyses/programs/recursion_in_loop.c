/* N-queens style: each call spawns a task per candidate in a loop (rho >= 1, lambda >= 1). */
#include <stdio.h>

static int ok(const char *q, int n, int col)
{
    for (int i = 0; i < n; i++) {
        int d = q[i] - col;
        if (d == 0 || d == n - i || d == i - n)
            return 0;
    }
    return 1;
}

static void solve(char *q, int n, int size, int *count)
{
    if (n == size) {
        #pragma omp atomic
        (*count)++;
        return;
    }
    for (int col = 0; col < size; col++) {
        if (!ok(q, n, col))
            continue;
        #pragma omp task firstprivate(col)
        {
            char copy[16];
            for (int i = 0; i < n; i++)
                copy[i] = q[i];
            copy[n] = (char)col;
            solve(copy, n + 1, size, count);
        }
    }
    #pragma omp taskwait
}

int main(void)
{
    int count = 0;
    char q[16];
    #pragma omp parallel
    #pragma omp single
    solve(q, 0, 6, &count);
    printf("%d\n", count);
    return 0;
}
