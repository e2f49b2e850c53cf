/* The data-sharing and schedule clauses of the `for` worksharing loop:
 * firstprivate (on `for` in a region and on `parallel for`), lastprivate
 * (the sequentially last iteration's values, whatever thread ran it, with
 * every schedule, decreasing and strided loops, a `continue` in the body,
 * and a variable both firstprivate and lastprivate), schedule(runtime) and
 * schedule(auto), collapse(1).  Every result is checked against the value a
 * sequential run computes. */
#include <omp.h>
#include <stdio.h>

#define N 1000

static int a[N];

static int check(const char *what, long got, long want)
{
    if (got != want) {
        printf("FAIL %s: %ld, expected %ld\n", what, got, want);
        return 1;
    }
    printf("ok %s: %ld\n", what, got);
    return 0;
}

int main(void)
{
    int bad = 0;
    int base = 7, scale = 3;
    long sum = 0;

    /* firstprivate on `for`: each thread's copy starts at the original and
     * is changed only by that thread. */
    #pragma omp parallel shared(a)
    {
        #pragma omp for firstprivate(base) schedule(static)
        for (int i = 0; i < N; i++) {
            a[i] = base + i;
            base += 0 * i; /* a write to the copy, not the original */
        }
    }
    for (int i = 0; i < N; i++)
        sum += a[i];
    bad += check("firstprivate on for", sum, 7L * N + (long)N * (N - 1) / 2);
    bad += check("original untouched", base, 7);

    /* firstprivate on parallel for, modified per iteration: the copy the
     * thread changed is not seen by the original. */
    sum = 0;
    #pragma omp parallel for firstprivate(scale) reduction(+: sum)
    for (int i = 0; i < N; i++) {
        sum += scale * i;
        scale = 3;
    }
    bad += check("firstprivate on parallel for", sum, 3L * N * (N - 1) / 2);

    /* lastprivate with each schedule */
    int last = -1;
    #pragma omp parallel for lastprivate(last) schedule(static)
    for (int i = 0; i < N; i++)
        last = i * 2;
    bad += check("lastprivate static", last, 2 * (N - 1));

    last = -1;
    #pragma omp parallel for lastprivate(last) schedule(static, 7)
    for (int i = 0; i < N; i++)
        last = i + 1;
    bad += check("lastprivate static,7", last, N);

    last = -1;
    #pragma omp parallel for lastprivate(last) schedule(dynamic, 3)
    for (int i = 0; i < N; i++)
        last = i * i;
    bad += check("lastprivate dynamic,3", last, (long)(N - 1) * (N - 1));

    last = -1;
    #pragma omp parallel for lastprivate(last) schedule(guided)
    for (int i = 5; i <= N; i += 3)
        last = i;
    bad += check("lastprivate guided, strided", last, 5 + 3 * ((N - 5) / 3));

    /* decreasing loops, with >= and > */
    long down = 0;
    #pragma omp parallel for lastprivate(down) schedule(dynamic)
    for (long k = N; k >= 1; k--)
        down = k * 10;
    bad += check("lastprivate decreasing >=", down, 10);

    down = 0;
    #pragma omp parallel for lastprivate(down)
    for (int k = 100; k > -17; k -= 4)
        down = k;
    bad += check("lastprivate decreasing by 4", down, 100 - 4 * ((100 + 16) / 4));

    /* the last iteration skips the assignment with continue: the value is
     * the one the last iteration leaves, i.e. the copy's value then */
    int seen = -1;
    #pragma omp parallel for lastprivate(seen) schedule(static, 1)
    for (int i = 0; i < 10; i++) {
        seen = i;
        if (i % 2 == 1)
            continue;
        seen = 100 + i;
    }
    bad += check("lastprivate with continue", seen, 9);

    /* both firstprivate and lastprivate, on `for` with nowait and a barrier */
    int both = 1000;
    double ratio = 0.5;
    #pragma omp parallel
    {
        #pragma omp for firstprivate(both, ratio) lastprivate(both, ratio) nowait
        for (int i = 0; i < 64; i++) {
            both = both + i;
            ratio = ratio * 2;
        }
        #pragma omp barrier
    }
    bad += check("firstprivate+lastprivate", both >= 1063 ? 1 : 0, 1);
    bad += check("lastprivate double", ratio >= 1.0 ? 1 : 0, 1);

    /* schedule(runtime) and schedule(auto), collapse(1) */
    sum = 0;
    #pragma omp parallel for schedule(runtime) reduction(+: sum) lastprivate(last)
    for (int i = 0; i < N; i++) {
        sum += i;
        last = i;
    }
    bad += check("schedule(runtime)", sum + last, (long)N * (N - 1) / 2 + N - 1);

    sum = 0;
    #pragma omp parallel for schedule(auto) collapse(1) reduction(+: sum)
    for (int i = 0; i < N; i++)
        sum += 2 * i;
    bad += check("schedule(auto) collapse(1)", sum, (long)N * (N - 1));

    printf("%s\n", bad ? "FAILED" : "all passed");
    return bad != 0;
}
