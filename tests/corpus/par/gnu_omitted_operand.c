/* GNU C's conditional with an omitted operand, `a ?: b`: `a` evaluated
 * once, in declarations, returns, conditions and loop tests, with pointer,
 * floating and narrow operands, in an OpenMP clause and in a task. */
#include <stdio.h>

static int calls;

static int next(void)
{
    return calls++;
}

static const char *name(const char *s)
{
    return s ?: "(null)";
}

int main(void)
{
    int x = 0;
    int y = 5;
    int z = x ?: y;
    int w = next() ?: 7;
    int v = next() ?: 7;
    double d = 0.0 ?: 2.5;
    long l = (x + 3) ?: 9L;
    int *p = 0;
    int q = 4;
    int *r = p ?: &q;
    unsigned char uc = 0;
    int m = uc ?: -1;
    int n = 0;
    int s = 0;
    int hits = 0;
    int i;
    if ((x ?: 0) == 0) {
        printf("if ok\n");
    }
    for (i = 3; i ?: 0; i--) {
        y++;
    }
#pragma omp parallel num_threads(n ?: 2) reduction(+ : s)
    {
        int local = 0;
#pragma omp single
        {
#pragma omp task shared(hits)
            {
                int t = local ?: next() ?: 3;
#pragma omp atomic
                hits += t;
            }
        }
        s += 1;
    }
    printf("%d %d %d %d %.1f %ld %d %s %s %d %d\n", z, w, v, calls, d, l, *r, name(0), name("x"),
           y, m);
    printf("%d %d\n", s > 0, hits);
    return 0;
}
