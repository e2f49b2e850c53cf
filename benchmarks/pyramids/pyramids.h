/*
 * pyramids.h - what pyramids.c and pyramids_pthread.c share: the grid, the
 * stencil kernel, the initial values and every driver hook except
 * bench_run.  A program includes it once and defines bench_name,
 * bench_params (the pthread version has smaller sizes), the parallel
 * walk() and bench_run.
 */
#ifndef PYRAMIDS_H
#define PYRAMIDS_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "bench.h"

#ifndef BASE_HEIGHT
#define BASE_HEIGHT 1
#endif

static long npts;
static long nsteps;
static double *u[2];
static double *ref;

static unsigned long long mix64(unsigned long long z)
{
    z += 0x9e3779b97f4a7c15ULL;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

/* compute time level t+1 at points [xa, xb) from time level t */
static void kernel(double *const *v, long t, long xa, long xb)
{
    const double *src = v[t & 1];
    double *dst = v[(t + 1) & 1];
    long x;
    for (x = xa; x < xb; x++) {
        dst[x] = src[x] + 0.24 * (src[x - 1] - 2.0 * src[x] + src[x + 1]);
    }
}

static void initial(double *a)
{
    long x;
    for (x = 0; x < npts; x++) {
        a[x] = (double)(mix64((unsigned long long)x) >> 11) * (1.0 / 9007199254740992.0);
    }
    a[0] = 1.0;
    a[npts - 1] = -1.0;
}

void bench_init(void)
{
    npts = bench_arg(0);
    nsteps = bench_arg(1);
    if (npts < 3 || nsteps < 0) {
        bench_fatal("need n >= 3 and t >= 0");
    }
    u[0] = bench_malloc((size_t)npts * sizeof(double));
    u[1] = bench_malloc((size_t)npts * sizeof(double));
    initial(u[0]);
    initial(u[1]);
    ref = NULL;
}

void bench_run_serial(void)
{
    double *v[2];
    long t;
    v[0] = bench_malloc((size_t)npts * sizeof(double));
    v[1] = bench_malloc((size_t)npts * sizeof(double));
    initial(v[0]);
    initial(v[1]);
    for (t = 0; t < nsteps; t++) {
        kernel(v, t, 1, npts - 1);
    }
    ref = v[nsteps & 1];
    free(v[(nsteps + 1) & 1]);
}

int bench_verify(void)
{
    if (ref == NULL) {
        return BENCH_NOT_PERFORMED;
    }
    return memcmp(ref, u[nsteps & 1], (size_t)npts * sizeof(double)) == 0 ? BENCH_SUCCESSFUL
                                                                           : BENCH_FAILED;
}

void bench_checksum(char *buf, size_t len)
{
    const double *a = u[nsteps & 1];
    double s = 0.0;
    long x;
    for (x = 0; x < npts; x++) {
        s += a[x] * (double)((x % 7) + 1);
    }
    snprintf(buf, len, "%.10e", s);
}

void bench_free(void)
{
    free(u[0]);
    free(u[1]);
    free(ref);
}

#endif
