/*
 * qap2 - quadratic assignment problem solved exactly by branch and bound.
 *
 * n facilities are assigned to n locations minimising
 * sum_{i,j} flow[i][j] * dist[loc(i)][loc(j)].  The instance is generated
 * deterministically: the flow matrix is a weighted tree (as in the
 * Christofides instances) plus a percentage of extra random edges, the
 * distances are symmetric random integers.
 * Facilities are assigned in a fixed order; for every free location of the
 * next facility a task receives the partial assignment by value (a struct
 * with fixed-size arrays) and extends it while its cost stays below the
 * global bound.  The bound is lowered with a compare-and-swap retry loop
 * (__sync_bool_compare_and_swap): a failed swap re-reads the bound and
 * retries only while the new cost is still better.  Structure: recursive
 * unbalanced, fine granularity.
 * Verification: the optimal cost equals the one of a serial search.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <limits.h>
#include "bench.h"

#define MAXN 24

typedef struct partial {
    int loc[MAXN];  /* loc[k] = location of the k-th facility in order */
    int used[MAXN]; /* used[l] = 1 if location l is taken */
    int depth;      /* facilities assigned so far */
    int cost;
} partial;

const char bench_name[] = "qap2";
bench_param bench_params[] = {
    {'n', "n", "problem size (facilities = locations)", {10, 14, 15}, 0},
    {'r', "r", "instance seed", {1, 1, 1}, 0},
    {'e', "e", "percentage of extra flow edges besides the tree", {20, 20, 20}, 0},
};
const int bench_nparams = 3;

static int n;
static int flow[MAXN][MAXN]; /* indexed by position in the assignment order */
static int dist[MAXN][MAXN];
static volatile int best;
static int ref_best;

static unsigned long long mix64(unsigned long long z)
{
    z += 0x9e3779b97f4a7c15ULL;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

/* lower the global bound to cost unless it already is at most cost */
static void update_best(int cost)
{
    int old = best;
    while (cost < old) {
        if (__sync_bool_compare_and_swap(&best, old, cost)) {
            break;
        }
        old = best;
    }
}

/* cost added by putting the next facility (number p->depth) at l */
static int delta(const partial *p, int l)
{
    int k = p->depth;
    int i;
    int d = 0;
    for (i = 0; i < k; i++) {
        d += flow[i][k] * dist[p->loc[i]][l] + flow[k][i] * dist[l][p->loc[i]];
    }
    return d;
}

static void branch_seq(const partial *p)
{
    int l;
    for (l = 0; l < n; l++) {
        partial c;
        if (p->used[l]) {
            continue;
        }
        c = *p;
        c.cost += delta(p, l);
        if (c.cost >= best) {
            continue;
        }
        c.loc[c.depth] = l;
        c.used[l] = 1;
        c.depth++;
        if (c.depth == n) {
            update_best(c.cost);
        } else {
            branch_seq(&c);
        }
    }
}

static void branch(partial p)
{
    int l;
    for (l = 0; l < n; l++) {
        if (p.used[l]) {
            continue;
        }
#pragma omp task firstprivate(p, l)
        {
            int cost = p.cost + delta(&p, l);
            if (cost < best) {
                partial c = p;
                c.cost = cost;
                c.loc[c.depth] = l;
                c.used[l] = 1;
                c.depth++;
                if (c.depth == n) {
                    update_best(cost);
                } else {
                    branch(c);
                }
            }
        }
    }
#pragma omp taskwait
}

static void gen_instance(void)
{
    int tmpflow[MAXN][MAXN];
    int total[MAXN];
    int order[MAXN];
    int i;
    int j;
    unsigned long long seed = mix64((unsigned long long)bench_arg(1) * 7919ULL);
    memset(tmpflow, 0, sizeof tmpflow);
    /* flows: a random weighted tree */
    for (i = 1; i < n; i++) {
        int parent = (int)(mix64(seed + (unsigned long long)i) % (unsigned long long)i);
        int w = 1 + (int)(mix64(seed ^ (unsigned long long)(i * 131)) % 99);
        tmpflow[i][parent] = w;
        tmpflow[parent][i] = w;
    }
    /* extra flow edges */
    for (i = 0; i < n; i++) {
        for (j = i + 1; j < n; j++) {
            unsigned long long h = mix64(seed + 7777ULL * (unsigned long long)(i * MAXN + j));
            if (tmpflow[i][j] == 0 && (long)(h % 100) < bench_arg(2)) {
                tmpflow[i][j] = 1 + (int)((h >> 32) % 99);
                tmpflow[j][i] = tmpflow[i][j];
            }
        }
    }
    /* distances: symmetric, zero diagonal */
    for (i = 0; i < n; i++) {
        dist[i][i] = 0;
        for (j = i + 1; j < n; j++) {
            int d = 1 + (int)(mix64(seed + 1000003ULL * (unsigned long long)(i * MAXN + j)) % 49);
            dist[i][j] = d;
            dist[j][i] = d;
        }
    }
    /* assign facilities with heavy flows first */
    for (i = 0; i < n; i++) {
        total[i] = 0;
        for (j = 0; j < n; j++) {
            total[i] += tmpflow[i][j];
        }
        order[i] = i;
    }
    for (i = 1; i < n; i++) {
        int o = order[i];
        for (j = i; j > 0 && total[order[j - 1]] < total[o]; j--) {
            order[j] = order[j - 1];
        }
        order[j] = o;
    }
    for (i = 0; i < n; i++) {
        for (j = 0; j < n; j++) {
            flow[i][j] = tmpflow[order[i]][order[j]];
        }
    }
}

static partial empty_partial(void)
{
    partial p;
    memset(&p, 0, sizeof p);
    return p;
}

void bench_init(void)
{
    n = (int)bench_arg(0);
    if (n < 1 || n > MAXN) {
        bench_fatal("n must be in 1..24");
    }
    gen_instance();
    ref_best = -1;
}

void bench_run(void)
{
    best = INT_MAX;
#pragma omp parallel
    {
#pragma omp single
        branch(empty_partial());
    }
}

void bench_run_serial(void)
{
    int found = best;
    partial p = empty_partial();
    best = INT_MAX;
    branch_seq(&p);
    ref_best = best;
    best = found;
}

int bench_verify(void)
{
    if (ref_best < 0) {
        return BENCH_NOT_PERFORMED;
    }
    return ref_best == best ? BENCH_SUCCESSFUL : BENCH_FAILED;
}

void bench_checksum(char *buf, size_t len)
{
    snprintf(buf, len, "%d", best);
}

void bench_free(void)
{
}
