/* OpenMP 5.x host constructs: `loop` (bound to the thread or to the
 * enclosing parallel region, with `collapse`, `order(concurrent)`,
 * `reduction` and `lastprivate` of the iteration variable), `parallel loop`,
 * `scope` (every thread runs the block; `private`, `reduction`, `nowait`),
 * `nothing`, `critical` with a `hint`, `for order(concurrent)`, and `error`
 * at execution (a warning, then a fatal one that ends the program with
 * status 1; at compilation it is a compiler diagnostic, tested elsewhere). */
#include <omp.h>
#include <stdio.h>

#define N 100

int main(void)
{
    static int a[N];
    long s = 0, r = 0, q = 0, t = 0;
    int i, seen = 0, wrong = 0;

    #pragma omp loop bind(thread) reduction(+: s) order(concurrent) lastprivate(i)
    for (i = 0; i < N; i++) {
        a[i] = i;
        s += i;
    }

    #pragma omp parallel num_threads(3) shared(seen)
    {
        #pragma omp loop reduction(+: r) collapse(2)
        for (int x = 0; x < 10; x++)
            for (int y = 0; y < 10; y++)
                r += a[x * 10 + y];
        int mine = 1, tmp = -1;
        #pragma omp scope reduction(+: q) private(tmp)
        {
            tmp = mine;
            q += tmp;
        }
        #pragma omp scope nowait
        {
            #pragma omp atomic
            seen++;
        }
        #pragma omp nothing
        #pragma omp critical (tally) hint(omp_sync_hint_contended)
        q += 100;
        #pragma omp barrier
        #pragma omp for order(concurrent)
        for (int k = 0; k < N; k++)
            a[k] += 1;
        #pragma omp single
        if (seen != omp_get_num_threads() || q != 101L * omp_get_num_threads())
            wrong++;
    }

    #pragma omp parallel loop reduction(+: t) num_threads(2)
    for (int k = 0; k < N; k++)
        t += a[k];

    printf("%ld %ld %ld i=%d wrong=%d\n", s, r, t, i, wrong);
    fflush(stdout);
    #pragma omp error at(execution) severity(warning) message("still running")
    printf("after the warning\n");
    fflush(stdout);
    #pragma omp error at(execution) message("the end")
    printf("not reached\n");
    return 0;
}
