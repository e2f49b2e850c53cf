/*
 * pyramids - cache-oblivious stencil computation (Frigo and Strumpen's
 * trapezoid decomposition) of the one-dimensional heat equation with fixed
 * boundary values, T time steps on n points, two time levels in memory.
 *
 * A space-time trapezoid that is wide enough is cut into two upright
 * pyramids (trapezoids narrowing upwards), computed as two independent
 * tasks, followed by the inverted pyramid between them; otherwise it is
 * cut in time into two halves computed one after the other.  Trapezoids
 * of height BASE_HEIGHT are computed directly (the algorithm's base case,
 * default 1 time step, changeable with -D; no task cut-off unless built
 * with -DCUTOFF_DEPTH=d).  Structure: recursive balanced, fine granularity.
 * Verification: bitwise against the straightforward time-stepping loop.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "bench.h"
#include "pyramids.h"

const char bench_name[] = "pyramids";
bench_param bench_params[] = {
    {'n', "n", "number of grid points", {20000, 200000, 1000000}, 0},
    {'t', "t", "number of time steps", {200, 2000, 2000}, 0},
};
const int bench_nparams = 2;

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
#ifdef CUTOFF_DEPTH
        if (depth >= CUTOFF_DEPTH) {
            walk(t0, t1, x0, dx0, xm, -1, depth + 1);
            walk(t0, t1, xm, 1, x1, dx1, depth + 1);
        } else
#endif
        {
#pragma omp task firstprivate(t0, t1, x0, dx0, xm, depth)
            walk(t0, t1, x0, dx0, xm, -1, depth + 1);
#pragma omp task firstprivate(t0, t1, xm, x1, dx1, depth)
            walk(t0, t1, xm, 1, x1, dx1, depth + 1);
#pragma omp taskwait
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
#pragma omp parallel
    {
#pragma omp single
        walk(0, nsteps, 1, 0, npts - 1, 0, 0);
    }
}
