/* Loops whose tasks read globals that only serial code writes, through
 * functions that only read (frozen globals and reader functions, see
 * analyses/frozen.py): the hybrid pass moves those reads into the logical
 * tasks.  Next to them, loops that keep their tasks: a function with an
 * effect, a global a task writes.  The loop variables declared outside their
 * loops keep their final values. */
#include <stdio.h>

#define N 200

static long n_items = 10; /* set by main before the region */
static double scale = 1.0;
static long weights[16];
static long bias = 2; /* written by a task: not frozen */
static long calls;    /* written by noisy: not frozen */
static long out_a[N], out_b[N], out_c[N], out_d[N];

static long weight_of(long i) { return scale > 0.5 ? weights[i % 16] : 1; }

static long steps(long i)
{
    long s = 0;
    for (long k = 0; k <= i % 4; k++)
        s += k * weight_of(k);
    return s;
}

static long noisy(long i)
{
    calls++;
    return i;
}

int main(int argc, char **argv)
{
    (void)argv;
    n_items = argc > 5 ? 3 : N - 10;
    for (int k = 0; k < 16; k++)
        weights[k] = 3 * k + 1;
    long i;
    int down;
    #pragma omp parallel
    #pragma omp single
    {
        /* converted: the loop variable is declared outside, the values come
         * from reader functions of frozen globals */
        for (i = 0; i < n_items; i++) {
            long w = weight_of(i);
            long s = steps(i) + w;
            #pragma omp task firstprivate(i, w, s)
            out_a[i] = w * 1000 + s * 10 + i;
        }
        /* converted: descending, an int declared outside (shared in the
         * region, so the task names it firstprivate) */
        for (down = N - 1; down >= 0; down--) {
            #pragma omp task firstprivate(down)
            out_b[down] = weights[down % 16] + down;
        }
        /* not converted: noisy has an effect */
        for (int j = 0; j < N; j++) {
            long v = noisy(j);
            #pragma omp task firstprivate(v)
            out_c[v] = v + 1;
        }
        /* not converted: a task below writes bias */
        for (int j = 0; j < N; j++) {
            long c = bias;
            #pragma omp task firstprivate(c)
            out_d[j] = c + j;
        }
        #pragma omp taskwait
        #pragma omp task
        bias = 7;
    }
    long sum = 0;
    for (int k = 0; k < N; k++)
        sum += out_a[k] * 3 + out_b[k] * 5 + out_c[k] * 7 + out_d[k] * 11;
    printf("sum %ld i %ld down %d calls %ld bias %ld\n", sum, i, down, calls, bias);
    return 0;
}
