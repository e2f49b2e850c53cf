/*
 * alignment - all-pairs global alignment of n protein sequences
 * (Gotoh's affine-gap dynamic programming, linear space).
 *
 * The sequences (over the 20 amino-acid letters) and the symmetric
 * substitution matrix are generated deterministically.  A worksharing loop
 * (omp for, dynamic schedule) over the first sequence of each pair creates
 * one untied task per pair; the tasks complete at the loop's barrier.
 * Every task keeps its dynamic-programming rows and the encoded sequences
 * in variable-length arrays on its stack.  Structure: loop-like, coarse
 * granularity.  Verification: against the same scores computed serially.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "bench.h"

#define NAA 20
#define GAP_OPEN 10
#define GAP_EXTEND 1
#define NEG_INF (-1000000000)

typedef int submat_t[NAA][NAA];

const char bench_name[] = "alignment";
bench_param bench_params[] = {
    {'n', "n", "number of sequences", {20, 120, 100}, 0},
    {'l', "l", "maximum sequence length (minimum is l/2)", {200, 400, 500}, 0},
};
const int bench_nparams = 2;

static const char amino[NAA + 1] = "ARNDCQEGHILKMFPSTWYV";

static int nseqs;
static char **seqs;
static int *seqlen;
static submat_t submat;
static int *scores;
static int *ref_scores;

static unsigned long long mix64(unsigned long long z)
{
    z += 0x9e3779b97f4a7c15ULL;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

static int code_of(char c)
{
    const char *p = strchr(amino, c);
    return p == NULL ? 0 : (int)(p - amino);
}

static int max2(int a, int b)
{
    return a > b ? a : b;
}

/* global alignment score of sequences a and b with affine gaps */
static int align_pair(const char *sa, int la, const char *sb, int lb, const submat_t sm)
{
    int a[la];
    int b[lb];
    int hh[lb + 1];
    int dd[lb + 1];
    int i;
    int j;
    for (i = 0; i < la; i++) {
        a[i] = code_of(sa[i]);
    }
    for (j = 0; j < lb; j++) {
        b[j] = code_of(sb[j]);
    }
    /* row 0 */
    hh[0] = 0;
    dd[0] = NEG_INF;
    for (j = 1; j <= lb; j++) {
        hh[j] = -(GAP_OPEN + GAP_EXTEND * j);
        dd[j] = NEG_INF;
    }
    for (i = 1; i <= la; i++) {
        int diag = hh[0];
        int e = NEG_INF;
        const int *row = sm[a[i - 1]];
        hh[0] = -(GAP_OPEN + GAP_EXTEND * i);
        for (j = 1; j <= lb; j++) {
            int h;
            /* gap in a (horizontal) */
            e = max2(e, hh[j - 1] - GAP_OPEN) - GAP_EXTEND;
            /* gap in b (vertical) */
            dd[j] = max2(dd[j], hh[j] - GAP_OPEN) - GAP_EXTEND;
            h = max2(diag + row[b[j - 1]], max2(e, dd[j]));
            diag = hh[j];
            hh[j] = h;
        }
    }
    return hh[lb];
}

void bench_init(void)
{
    int maxlen = (int)bench_arg(1);
    int i;
    int j;
    int k;
    nseqs = (int)bench_arg(0);
    if (nseqs < 2 || maxlen < 2) {
        bench_fatal("need n >= 2 and l >= 2");
    }
    for (i = 0; i < NAA; i++) {
        for (j = 0; j <= i; j++) {
            unsigned long long h = mix64((unsigned long long)(i * NAA + j) + 777);
            int v = (i == j) ? 4 + (int)(h % 8) : -4 + (int)(h % 8);
            submat[i][j] = v;
            submat[j][i] = v;
        }
    }
    seqs = bench_malloc((size_t)nseqs * sizeof(char *));
    seqlen = bench_malloc((size_t)nseqs * sizeof(int));
    for (i = 0; i < nseqs; i++) {
        unsigned long long h = mix64((unsigned long long)i * 1000003ULL);
        int len = maxlen / 2 + (int)(h % (unsigned long long)(maxlen - maxlen / 2 + 1));
        /* related sequences: mutate a common ancestor */
        seqs[i] = bench_malloc((size_t)len + 1);
        for (k = 0; k < len; k++) {
            unsigned long long g = mix64((unsigned long long)k * 31ULL + 5);
            unsigned long long m = mix64(((unsigned long long)i << 32) ^ (unsigned long long)k);
            int letter = (m % 100 < 35) ? (int)((m >> 8) % NAA) : (int)(g % NAA);
            seqs[i][k] = amino[letter];
        }
        seqs[i][len] = '\0';
        seqlen[i] = len;
    }
    scores = bench_malloc((size_t)nseqs * (size_t)nseqs * sizeof(int));
    memset(scores, 0, (size_t)nseqs * (size_t)nseqs * sizeof(int));
    ref_scores = NULL;
}

void bench_run(void)
{
    int i;
    int j;
#pragma omp parallel private(i, j)
    {
#pragma omp for schedule(dynamic)
        for (i = 0; i < nseqs; i++) {
            for (j = i + 1; j < nseqs; j++) {
#pragma omp task untied firstprivate(i, j) shared(seqs, seqlen, submat, scores, nseqs)
                scores[i * nseqs + j] = align_pair(seqs[i], seqlen[i], seqs[j], seqlen[j], submat);
            }
        }
    }
}

void bench_run_serial(void)
{
    int i;
    int j;
    ref_scores = bench_malloc((size_t)nseqs * (size_t)nseqs * sizeof(int));
    memset(ref_scores, 0, (size_t)nseqs * (size_t)nseqs * sizeof(int));
    for (i = 0; i < nseqs; i++) {
        for (j = i + 1; j < nseqs; j++) {
            ref_scores[i * nseqs + j] =
                align_pair(seqs[i], seqlen[i], seqs[j], seqlen[j], submat);
        }
    }
}

int bench_verify(void)
{
    if (ref_scores == NULL) {
        return BENCH_NOT_PERFORMED;
    }
    return memcmp(scores, ref_scores, (size_t)nseqs * (size_t)nseqs * sizeof(int)) == 0
               ? BENCH_SUCCESSFUL
               : BENCH_FAILED;
}

void bench_checksum(char *buf, size_t len)
{
    long long s = 0;
    int i;
    int j;
    for (i = 0; i < nseqs; i++) {
        for (j = i + 1; j < nseqs; j++) {
            s += (long long)scores[i * nseqs + j] * (long long)((i + 2 * j) % 7 + 1);
        }
    }
    snprintf(buf, len, "%lld", s);
}

void bench_free(void)
{
    int i;
    for (i = 0; i < nseqs; i++) {
        free(seqs[i]);
    }
    free(seqs);
    free(seqlen);
    free(scores);
    free(ref_scores);
}
