/* lastprivate(conditional: list) on for and parallel for: the value from
 * the sequentially last iteration that assigned the variable, whichever
 * thread ran it, under every schedule, counting up and down, with
 * assignments in conditions and short-circuit operands, next to a plain
 * lastprivate, and with nowait; and a lastprivate iteration variable (the
 * value the sequential loop leaves in it). */
#include <stdio.h>

static int pick(int i) { return (i * 7919) % 23 == 4; }

int main(void)
{
    int x = -1, never = 42;
    double d = -1.0;
    #pragma omp parallel for lastprivate(conditional : x, d, never) schedule(dynamic, 2)
    for (int i = 0; i < 200; i++) {
        if (i % 13 == 5)
            x = i * 2;
        if (pick(i))
            d = i / 4.0;
        if (i < 0)
            never = i;
    }
    printf("dynamic: x %d d %.2f untouched %d\n", x, d, never);

    long y = -7, w = 3, z = 0;
    #pragma omp parallel
    {
        #pragma omp for lastprivate(conditional : y) lastprivate(w) schedule(static, 3) nowait
        for (int i = 90; i > 0; i -= 3) {
            if (i % 11 == 0)
                y = i;
            w = i;
        }
        #pragma omp for lastprivate(conditional : z) schedule(guided)
        for (int i = 0; i < 120; i++) {
            if (i % 17 == 3 && (z = i) > 100)
                continue;
            (void)(i % 29 == 0 || (z = -i));
        }
    }
    printf("static down: y %ld w %ld; guided, in expressions: z %ld\n", y, w, z);

    int i = -5, j = -5, last = 0;
    #pragma omp parallel for lastprivate(i) schedule(dynamic, 3)
    for (i = 0; i < 100; i++)
        ;
    #pragma omp parallel
    {
        #pragma omp for lastprivate(j, last)
        for (j = 50; j >= 3; j -= 4)
            last = j;
    }
    printf("iteration variables: i %d j %d (last body %d)\n", i, j, last);

    unsigned u = 99;
    long cells = 0;
    #pragma omp parallel for collapse(2) lastprivate(i, j) reduction(+ : cells)
    for (i = 0; i < 5; i++)
        for (j = 10; j > 1; j -= 3)
            cells += i * j;
    #pragma omp parallel for lastprivate(u) schedule(static, 1)
    for (u = 10; u > 1; u -= 2)
        ;
    printf("collapsed: i %d j %d (sum %ld); unsigned count-down: u %u\n", i, j, cells, u);
    return 0;
}
