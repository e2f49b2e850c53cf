// sort_tbb - cilksort-style merge sort (see sort.c) with oneTBB task_group:
// the four quarter sorts, the two merges and the two halves of every
// parallel merge run as tasks of a task_group, waited for where sort.c has
// its taskwaits.  Leaf sizes as in sort.c.  Build: see common/bench_tbb.h.
// Verification: sorted and a permutation of the input.
#include "bench_tbb.h"
#include "sort.h"

extern "C" {
const char bench_name[] = "sort";
bench_param bench_params[] = {
    {'n', "n", "number of elements", {1048576, 16777216, 134217728}, 0},
};
const int bench_nparams = 1;
}

/* merge the sorted runs a[0..na) and b[0..nb) into dest */
static void cilkmerge(const ELM *a, long na, const ELM *b, long nb, ELM *dest)
{
    tbb::task_group g;
    long ma;
    long mb;
    ELM pivot;
    if (na < nb) {
        const ELM *t = a;
        long tn = na;
        a = b;
        na = nb;
        b = t;
        nb = tn;
    }
    if (na + nb < MERGESIZE) {
        seqmerge(a, na, b, nb, dest);
        return;
    }
    ma = na / 2;
    pivot = a[ma];
    mb = lower_bound(b, nb, pivot);
    dest[ma + mb] = pivot;
    g.run([=] { cilkmerge(a, ma, b, mb, dest); });
    g.run([=] { cilkmerge(a + ma + 1, na - ma - 1, b + mb, nb - mb, dest + ma + mb + 1); });
    g.wait();
}

/* sort low[0..size) using tmp[0..size) as scratch */
static void cilksort(ELM *low, ELM *scratch, long size)
{
    tbb::task_group g;
    long quarter = size / 4;
    ELM *a;
    ELM *b;
    ELM *c;
    ELM *d;
    ELM *ta;
    ELM *tb;
    ELM *tc;
    ELM *td;
    if (size < QUICKSIZE) {
        seqquick(low, size);
        return;
    }
    a = low;
    ta = scratch;
    b = a + quarter;
    tb = ta + quarter;
    c = b + quarter;
    tc = tb + quarter;
    d = c + quarter;
    td = tc + quarter;
    g.run([=] { cilksort(a, ta, quarter); });
    g.run([=] { cilksort(b, tb, quarter); });
    g.run([=] { cilksort(c, tc, quarter); });
    g.run([=] { cilksort(d, td, size - 3 * quarter); });
    g.wait();
    g.run([=] { cilkmerge(a, quarter, b, quarter, ta); });
    g.run([=] { cilkmerge(c, quarter, d, size - 3 * quarter, tc); });
    g.wait();
    cilkmerge(ta, 2 * quarter, tc, size - 2 * quarter, a);
    (void)td;
}

void bench_run(void)
{
bench_tbb_limit limit;
    cilksort(array, tmp, nelem);
}
