/* Doacross loops (ordered(n) with ordered depend(sink)/depend(source)): a
 * prefix recurrence and a 2-D wavefront under static, static-with-chunk and
 * dynamic schedules, a loop counting down by 2, sinks outside the iteration
 * space or between iterations (ignored), and two loops without a barrier
 * between them.  The schedule distributes the collapsed loops only: the
 * inner doacross loop of ordered(2) collapse(1) runs inside its row.  Every result is fixed by the dependences alone: the early
 * iterations are slow, so a sink that does not wait shows. */
#include <omp.h>
#include <stdio.h>

#define N 24
#define M 6

static void spin(long n) { for (volatile long k = 0; k < n; k++) ; }

static long a[N], b[M][M], c[N];
static int thread_of[M][M];

static long prefix(int kind)
{
    for (int i = 0; i < N; i++)
        a[i] = 0;
    if (kind == 0) {
        #pragma omp parallel for ordered(1) schedule(static, 1)
        for (int i = 1; i < N; i++) {
            spin(i < 8 ? 20000 : 10);
            #pragma omp ordered depend(sink: i - 1)
            a[i] = a[i - 1] + i;
            #pragma omp ordered depend(source)
        }
    } else if (kind == 1) {
        #pragma omp parallel for ordered(1) schedule(dynamic, 3)
        for (int i = 1; i < N; i++) {
            spin(i < 8 ? 20000 : 10);
            #pragma omp ordered depend(sink: i - 1)
            a[i] = a[i - 1] + i;
            #pragma omp ordered depend(source)
        }
    } else {
        #pragma omp parallel for ordered(1)
        for (int i = 1; i < N; i++) {
            spin(i % 100 < 8 ? 20000 : 10);
            #pragma omp ordered depend(sink: i - 1)
            a[i] = a[i - 1] + i;
            #pragma omp ordered depend(source)
        }
    }
    return a[N - 1];
}

static long wavefront(int dynamic)
{
    for (int i = 0; i < M; i++)
        for (int j = 0; j < M; j++)
            b[i][j] = i == 0 || j == 0;
    if (dynamic) {
        #pragma omp parallel for ordered(2) schedule(dynamic)
        for (int i = 1; i < M; i++)
            for (int j = 1; j < M; j++) {
                spin(i + j < 5 ? 30000 : 10);
                #pragma omp ordered depend(sink: i - 1, j) depend(sink: i, j - 1)
                b[i][j] = (b[i - 1][j] + b[i][j - 1]) % 1000003;
                #pragma omp ordered depend(source)
            }
    } else {
        #pragma omp parallel for ordered(2) collapse(1) schedule(static, 1)
        for (int i = 1; i < M; i++)
            for (int j = 1; j < M; j++) {
                spin(i + j < 5 ? 30000 : 10);
                #pragma omp ordered depend(sink: i - 1, j + 1) depend(sink: i, j - 1)
                b[i][j] = (b[i - 1][j] + b[i][j - 1] + (j + 1 < M ? b[i - 1][j + 1] : 0)) % 1000003;
                thread_of[i][j] = omp_get_thread_num();
                #pragma omp ordered depend(source)
            }
    }
    return b[M - 1][M - 1];
}

/* Whether every row of the last static wavefront ran on one thread. */
static int rows_whole(void)
{
    for (int i = 1; i < M; i++)
        for (int j = 2; j < M; j++)
            if (thread_of[i][j] != thread_of[i][1])
                return 0;
    return 1;
}

/* i runs N-1, N-3, ..., 1: the previous iteration is i + 2 (none at first)
 * iteration and i + 4 the one before (none near the start). */
static long down(void)
{
    for (int i = 0; i < N; i++)
        c[i] = 1;
    #pragma omp parallel for ordered(1) schedule(static, 2)
    for (long i = N - 1; i > 0; i -= 2) {
        spin(i > N - 9 ? 20000 : 10);
        #pragma omp ordered depend(sink: i + 2) depend(sink: i + 4)
        c[i] = (i + 2 < N ? c[i + 2] : 0) * 3 % 1000003 + i;
        #pragma omp ordered depend(source)
    }
    return c[1];
}

/* Two doacross loops in one region, the first without its barrier. */
static long two_loops(void)
{
    long s = 0;
    for (int i = 0; i < N; i++)
        a[i] = c[i] = 0;
    #pragma omp parallel reduction(+: s)
    {
        #pragma omp for ordered(1) schedule(dynamic, 2) nowait
        for (int i = 1; i < N; i++) {
            #pragma omp ordered depend(sink: i - 1)
            a[i] = a[i - 1] + 2;
            #pragma omp ordered depend(source)
        }
        #pragma omp for ordered(1) schedule(static, 1)
        for (int i = 1; i < N; i++) {
            spin(i < 6 ? 20000 : 10);
            #pragma omp ordered depend(sink: i - 1)
            c[i] = c[i - 1] + 3;
            #pragma omp ordered depend(source)
            s += 1;
        }
    }
    return a[N - 1] + c[N - 1] + s;
}

int main(void)
{
    for (int kind = 0; kind < 3; kind++)
        printf("prefix %d: %ld\n", kind, prefix(kind));
    printf("wavefront dynamic: %ld\n", wavefront(1));
    printf("wavefront static: %ld\n", wavefront(0));
    printf("rows whole: %d\n", rows_whole());
    printf("down: %ld\n", down());
    printf("two loops: %ld\n", two_loops());
    return 0;
}
