/*
 * pyramids_pthread - cache-oblivious trapezoid stencil (see pyramids.c)
 * with POSIX threads instead of tasks: at every space cut the left pyramid
 * runs in a new thread and the right one in the calling thread; the thread
 * is joined before the inverted pyramid between them is computed.  If a
 * thread cannot be created the pyramid runs in the calling thread instead.
 *
 * Build: gcc -O3 -pthread pyramids_pthread.c ../common/driver.c -I../common -lm
 * Verification: bitwise against the straightforward time-stepping loop.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <pthread.h>
#include "bench.h"
#include "pyramids.h"

const char bench_name[] = "pyramids";
bench_param bench_params[] = {
    {'n', "n", "number of grid points", {2000, 10000, 1000000}, 0},
    {'t', "t", "number of time steps", {100, 200, 2000}, 0},
};
const int bench_nparams = 2;

typedef struct piece {
    long t0;
    long t1;
    long x0;
    long dx0;
    long x1;
    long dx1;
    int depth;
} piece;

static void walk(long t0, long t1, long x0, long dx0, long x1, long dx1, int depth);

static void *walk_thread(void *p)
{
    piece *q = p;
    walk(q->t0, q->t1, q->x0, q->dx0, q->x1, q->dx1, q->depth);
    return NULL;
}

/*
 * The trapezoid of time steps t0 <= t < t1 whose points at step t are
 * [x0 + dx0 (t - t0), x1 + dx1 (t - t0)).
 */
static void walk(long t0, long t1, long x0, long dx0, long x1, long dx1, int depth)
{
    long h = t1 - t0;
    long w = x1 - x0;
    if (h <= BASE_HEIGHT) {
        long t;
        for (t = t0; t < t1; t++) {
            kernel(u, t, x0 + dx0 * (t - t0), x1 + dx1 * (t - t0));
        }
        return;
    }
    if (w >= (2 + dx0 - dx1) * h && 2 * w + (dx1 - dx0) * h >= 4 * h) {
        /* space cut: two upright pyramids in parallel, then the inverted one */
        long xm = x0 + (1 + dx0) * h + (w - (2 + dx0 - dx1) * h) / 2;
        {
            piece left;
            pthread_t th;
            int created;
            left.t0 = t0;
            left.t1 = t1;
            left.x0 = x0;
            left.dx0 = dx0;
            left.x1 = xm;
            left.dx1 = -1;
            left.depth = depth + 1;
            created = pthread_create(&th, NULL, walk_thread, &left) == 0;
            if (!created) {
                walk_thread(&left);
            }
            walk(t0, t1, xm, 1, x1, dx1, depth + 1);
            if (created) {
                pthread_join(th, NULL);
            }
        }
        walk(t0, t1, xm, -1, xm, 1, depth + 1);
        return;
    }
    /* time cut */
    {
        long s = h / 2;
        walk(t0, t0 + s, x0, dx0, x1, dx1, depth + 1);
        walk(t0 + s, t1, x0 + dx0 * s, dx0, x1 + dx1 * s, dx1, depth + 1);
    }
}

void bench_run(void)
{
    walk(0, nsteps, 1, 0, npts - 1, 0, 0);
}
