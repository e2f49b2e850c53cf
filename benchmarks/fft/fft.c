/*
 * fft - one-dimensional complex fast Fourier transform of n = 2^k points,
 * recursive mixed radix-4/radix-2 Cooley-Tukey (decimation in time,
 * out of place), in the style of the Cilk fft.
 *
 * Parallel structure (recursive balanced, variable granularity):
 *   - the twiddle-factor table is filled by recursive range splitting,
 *   - each transform of size n > FFT_BASE spawns its r sub-transforms as
 *     tasks, then combines them with butterflies over the index range
 *     [0, n/r), split recursively into tasks down to LEAF indices.
 * FFT_BASE (sequential base transform, like Cilk's unrolled base cases) and
 * LEAF (range splitting leaf) are algorithmic constants, not task cut-offs;
 * both may be changed with -D.
 * Complex numbers are a plain struct.  Verification: against an
 * iterative radix-2 transform computed serially (relative error).
 */
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#include "bench.h"

#ifndef FFT_BASE
#define FFT_BASE 32
#endif
#ifndef LEAF
#define LEAF 128
#endif

typedef struct {
    double re;
    double im;
} COMPLEX;

const char bench_name[] = "fft";
bench_param bench_params[] = {
    {'n', "n", "number of points (power of two)", {262144, 8388608, 16777216}, 0},
};
const int bench_nparams = 1;

static const double two_pi = 6.283185307179586476925286766559;

static long npoints;
static COMPLEX *input;
static COMPLEX *output;
static COMPLEX *twiddle;
static COMPLEX *reference;

static unsigned long long mix64(unsigned long long z)
{
    z += 0x9e3779b97f4a7c15ULL;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

static COMPLEX cmul(COMPLEX a, COMPLEX b)
{
    COMPLEX c;
    c.re = a.re * b.re - a.im * b.im;
    c.im = a.re * b.im + a.im * b.re;
    return c;
}

/* W[k] = exp(-2 pi i k / n) for k in [a, b) */
static void compute_w(COMPLEX *W, long n, long a, long b)
{
    long k;
    long ab;
    if (b - a <= LEAF) {
        for (k = a; k < b; k++) {
            double phi = two_pi * (double)k / (double)n;
            W[k].re = cos(phi);
            W[k].im = -sin(phi);
        }
        return;
    }
    ab = a + (b - a) / 2;
#pragma omp task firstprivate(W, n, a, ab)
    compute_w(W, n, a, ab);
#pragma omp task firstprivate(W, n, ab, b)
    compute_w(W, n, ab, b);
#pragma omp taskwait
}

/*
 * Butterflies for the indices k in [a, b) of a size n = r*m transform whose
 * r sub-transforms are stored at out[j*m .. j*m+m).  W holds nw twiddles.
 */
static void butterfly_range(COMPLEX *out, long m, int r, long a, long b, const COMPLEX *W,
                            long step)
{
    long k;
    for (k = a; k < b; k++) {
        if (r == 2) {
            COMPLEX y0 = out[k];
            COMPLEX y1 = cmul(out[k + m], W[k * step]);
            out[k].re = y0.re + y1.re;
            out[k].im = y0.im + y1.im;
            out[k + m].re = y0.re - y1.re;
            out[k + m].im = y0.im - y1.im;
        } else {
            COMPLEX y0 = out[k];
            COMPLEX y1 = cmul(out[k + m], W[k * step]);
            COMPLEX y2 = cmul(out[k + 2 * m], W[2 * k * step]);
            COMPLEX y3 = cmul(out[k + 3 * m], W[3 * k * step]);
            COMPLEX s02;
            COMPLEX d02;
            COMPLEX s13;
            COMPLEX d13;
            s02.re = y0.re + y2.re;
            s02.im = y0.im + y2.im;
            d02.re = y0.re - y2.re;
            d02.im = y0.im - y2.im;
            s13.re = y1.re + y3.re;
            s13.im = y1.im + y3.im;
            d13.re = y1.re - y3.re;
            d13.im = y1.im - y3.im;
            /* X_q = sum_j y_j (-i)^(jq) */
            out[k].re = s02.re + s13.re;
            out[k].im = s02.im + s13.im;
            out[k + m].re = d02.re + d13.im;
            out[k + m].im = d02.im - d13.re;
            out[k + 2 * m].re = s02.re - s13.re;
            out[k + 2 * m].im = s02.im - s13.im;
            out[k + 3 * m].re = d02.re - d13.im;
            out[k + 3 * m].im = d02.im + d13.re;
        }
    }
}

static void fft_twiddle(COMPLEX *out, long m, int r, long a, long b, const COMPLEX *W, long step)
{
    long ab;
    if (b - a <= LEAF) {
        butterfly_range(out, m, r, a, b, W, step);
        return;
    }
    ab = a + (b - a) / 2;
#pragma omp task firstprivate(out, m, r, a, ab, W, step)
    fft_twiddle(out, m, r, a, ab, W, step);
#pragma omp task firstprivate(out, m, r, ab, b, W, step)
    fft_twiddle(out, m, r, ab, b, W, step);
#pragma omp taskwait
}

/* sequential base transform: in[0], in[stride], ... -> out[0..n) */
static void fft_base(long n, const COMPLEX *in, long stride, COMPLEX *out, const COMPLEX *W,
                     long nw)
{
    int r;
    long m;
    int j;
    if (n == 1) {
        out[0] = in[0];
        return;
    }
    r = (n % 4 == 0) ? 4 : 2;
    m = n / r;
    for (j = 0; j < r; j++) {
        fft_base(m, in + j * stride, stride * r, out + j * m, W, nw);
    }
    butterfly_range(out, m, r, 0, m, W, nw / n);
}

static void fft_aux(long n, const COMPLEX *in, long stride, COMPLEX *out, const COMPLEX *W,
                    long nw)
{
    int r;
    long m;
    int j;
    if (n <= FFT_BASE) {
        fft_base(n, in, stride, out, W, nw);
        return;
    }
    r = (n % 4 == 0) ? 4 : 2;
    m = n / r;
    for (j = 0; j < r; j++) {
#pragma omp task firstprivate(j, m, in, stride, r, out, W, nw)
        fft_aux(m, in + j * stride, stride * r, out + j * m, W, nw);
    }
#pragma omp taskwait
    fft_twiddle(out, m, r, 0, m, W, nw / n);
}

void bench_init(void)
{
    long i;
    npoints = bench_arg(0);
    if (npoints < 2 || (npoints & (npoints - 1)) != 0) {
        bench_fatal("n must be a power of two >= 2");
    }
    input = bench_malloc((size_t)npoints * sizeof(COMPLEX));
    output = bench_malloc((size_t)npoints * sizeof(COMPLEX));
    twiddle = bench_malloc((size_t)npoints * sizeof(COMPLEX));
    reference = NULL;
    for (i = 0; i < npoints; i++) {
        unsigned long long h = mix64((unsigned long long)i);
        input[i].re = (double)(h >> 11) * (2.0 / 9007199254740992.0) - 1.0;
        input[i].im = (double)(mix64(h) >> 11) * (2.0 / 9007199254740992.0) - 1.0;
        output[i].re = 0.0;
        output[i].im = 0.0;
    }
}

void bench_run(void)
{
#pragma omp parallel
    {
#pragma omp single
        {
            compute_w(twiddle, npoints, 0, npoints);
            fft_aux(npoints, input, 1, output, twiddle, npoints);
        }
    }
}

/* iterative radix-2 transform (bit reversal + butterflies) */
void bench_run_serial(void)
{
    long n = npoints;
    long i;
    long j;
    long len;
    COMPLEX *x = bench_malloc((size_t)n * sizeof(COMPLEX));
    for (i = 0, j = 0; i < n; i++) {
        long bit;
        x[j] = input[i];
        for (bit = n >> 1; bit > 0 && (j & bit); bit >>= 1) {
            j ^= bit;
        }
        j |= bit;
    }
    for (len = 2; len <= n; len <<= 1) {
        long half = len / 2;
        long step = n / len;
        for (i = 0; i < n; i += len) {
            for (j = 0; j < half; j++) {
                double phi = two_pi * (double)(j * step) / (double)n;
                COMPLEX w;
                COMPLEX u = x[i + j];
                COMPLEX v;
                w.re = cos(phi);
                w.im = -sin(phi);
                v = cmul(x[i + j + half], w);
                x[i + j].re = u.re + v.re;
                x[i + j].im = u.im + v.im;
                x[i + j + half].re = u.re - v.re;
                x[i + j + half].im = u.im - v.im;
            }
        }
    }
    reference = x;
}

int bench_verify(void)
{
    long i;
    double err = 0.0;
    double mag = 0.0;
    if (reference == NULL) {
        return BENCH_NOT_PERFORMED;
    }
    for (i = 0; i < npoints; i++) {
        double dr = output[i].re - reference[i].re;
        double di = output[i].im - reference[i].im;
        err += dr * dr + di * di;
        mag += reference[i].re * reference[i].re + reference[i].im * reference[i].im;
    }
    return sqrt(err / mag) < 1e-10 ? BENCH_SUCCESSFUL : BENCH_FAILED;
}

void bench_checksum(char *buf, size_t len)
{
    double sre = 0.0;
    double sim = 0.0;
    long i;
    for (i = 0; i < npoints; i++) {
        sre += output[i].re * (double)((i % 7) + 1);
        sim += output[i].im * (double)((i % 5) + 1);
    }
    snprintf(buf, len, "%.10e %.10e", sre, sim);
}

void bench_free(void)
{
    free(input);
    free(output);
    free(twiddle);
    free(reference);
}
