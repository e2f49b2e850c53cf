/*
 * uts - unbalanced tree search: count the nodes of an implicitly defined
 * random tree.
 *
 * Every node carries a 64-bit state; the state of child i is derived from
 * the parent's state and i by a splittable hash (splitmix64 finaliser), and
 * the number of children is drawn from the node's own state, so the tree
 * is the same for every traversal order.  Shapes:
 *   -t 0  binomial: the root has b children, every other node has m
 *         children with probability q and none otherwise (q*m < 1);
 *   -t 1  geometric: the root has b children, other nodes above depth d
 *         have a geometrically distributed number of children with mean b;
 *         nodes at depth d are leaves.
 * One task per child node; the child nodes and partial results of a node
 * are variable-length arrays shared with its child tasks.  Structure:
 * recursive unbalanced, variable (fine) granularity.
 * Verification: against a serial traversal (nodes, leaves, depth).
 */
#include <stdio.h>
#include <math.h>
#include "bench.h"

const char bench_name[] = "uts";
bench_param bench_params[] = {
    {'t', "shape", "tree shape: 0 binomial, 1 geometric", {1, 1, 1}, 0},
    {'b', "b", "root branching (binomial) / mean branching (geometric)", {4, 4, 4}, 0},
    {'d', "d", "depth limit (geometric)", {7, 13, 10}, 0},
    {'q', "q", "probability of children (binomial)", {0.2, 0.2, 0.2}, 0},
    {'m', "m", "children of a non-leaf node (binomial)", {4, 4, 4}, 0},
    {'r', "r", "root seed", {19, 19, 19}, 0},
};
const int bench_nparams = 6;

typedef struct node {
    unsigned long long state;
    int height;
} node;

typedef struct result {
    unsigned long long nodes;
    unsigned long long leaves;
    int maxdepth;
} result;

static int shape;
static double b0;
static int depth_limit;
static double q;
static int m;
static double log_geo;
static result res;
static result ref;
static int have_ref;

static unsigned long long mix64(unsigned long long z)
{
    z += 0x9e3779b97f4a7c15ULL;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

static unsigned long long child_state(unsigned long long parent, int i)
{
    return mix64(parent ^ mix64(0xd1b54a32d192ed03ULL * (unsigned long long)(i + 1)));
}

static double uniform(unsigned long long state)
{
    return (double)(mix64(state) >> 11) * (1.0 / 9007199254740992.0);
}

static int num_children(const node *n)
{
    double u = uniform(n->state);
    if (n->height == 0) {
        return (int)ceil(b0);
    }
    if (shape == 0) {
        return u < q ? m : 0;
    }
    if (n->height >= depth_limit) {
        return 0;
    }
    /* geometric with mean b0: P(k) = p (1-p)^k, p = 1/(1+b0) */
    return (int)floor(log(1.0 - u) / log_geo);
}

static result search_seq(const node *parent)
{
    int nch = num_children(parent);
    result r;
    int i;
    r.nodes = 1;
    r.leaves = nch == 0 ? 1 : 0;
    r.maxdepth = parent->height;
    for (i = 0; i < nch; i++) {
        node c;
        result cr;
        c.state = child_state(parent->state, i);
        c.height = parent->height + 1;
        cr = search_seq(&c);
        r.nodes += cr.nodes;
        r.leaves += cr.leaves;
        if (cr.maxdepth > r.maxdepth) {
            r.maxdepth = cr.maxdepth;
        }
    }
    return r;
}

static result search_par(const node *parent, int nch)
{
    node n[nch > 0 ? nch : 1];
    result partial[nch > 0 ? nch : 1];
    result r;
    int i;
    for (i = 0; i < nch; i++) {
#pragma omp task untied firstprivate(i, parent) shared(n, partial)
        {
            int c;
            n[i].state = child_state(parent->state, i);
            n[i].height = parent->height + 1;
            c = num_children(&n[i]);
            partial[i] = search_par(&n[i], c);
        }
    }
#pragma omp taskwait
    r.nodes = 1;
    r.leaves = nch == 0 ? 1 : 0;
    r.maxdepth = parent->height;
    for (i = 0; i < nch; i++) {
        r.nodes += partial[i].nodes;
        r.leaves += partial[i].leaves;
        if (partial[i].maxdepth > r.maxdepth) {
            r.maxdepth = partial[i].maxdepth;
        }
    }
    return r;
}

static node root(void)
{
    node n;
    n.state = mix64((unsigned long long)bench_arg(5));
    n.height = 0;
    return n;
}

void bench_init(void)
{
    shape = (int)bench_arg(0);
    b0 = bench_argf(1);
    depth_limit = (int)bench_arg(2);
    q = bench_argf(3);
    m = (int)bench_arg(4);
    if (shape != 0 && shape != 1) {
        bench_fatal("shape must be 0 (binomial) or 1 (geometric)");
    }
    if (shape == 0 && q * m >= 1.0) {
        bench_fatal("binomial tree needs q*m < 1");
    }
    if (b0 <= 0.0) {
        bench_fatal("b must be positive");
    }
    log_geo = log(1.0 - 1.0 / (1.0 + b0));
    have_ref = 0;
}

void bench_run(void)
{
#pragma omp parallel
    {
#pragma omp single
        {
            node r = root();
            res = search_par(&r, num_children(&r));
        }
    }
}

void bench_run_serial(void)
{
    node r = root();
    ref = search_seq(&r);
    have_ref = 1;
}

int bench_verify(void)
{
    if (!have_ref) {
        return BENCH_NOT_PERFORMED;
    }
    return (res.nodes == ref.nodes && res.leaves == ref.leaves && res.maxdepth == ref.maxdepth)
               ? BENCH_SUCCESSFUL
               : BENCH_FAILED;
}

void bench_checksum(char *buf, size_t len)
{
    snprintf(buf, len, "%llu %llu %d", res.nodes, res.leaves, res.maxdepth);
}

void bench_free(void)
{
}
