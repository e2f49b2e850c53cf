// nqueens_tbb - n-queens solution count with oneTBB task_group: one task per
// candidate placement, the partial board copied into the task (no cut-off).
// Build: see common/bench_tbb.h.  Verification: known solution counts.
#include <cstdio>
#include <cstring>
#include <vector>

#include "bench_tbb.h"

extern "C" {
const char bench_name[] = "nqueens";
bench_param bench_params[] = {
    {'n', "n", "board size", {9, 13, 14}, 0},
};
const int bench_nparams = 1;
}

static const long long known[] = {1,     1,      0,       0,        2,         10,
                                  4,     40,     92,      352,      724,       2680,
                                  14200, 73712,  365596,  2279184,  14772512,  95815104};
static const int MAXN = 32;

static long long total;
static long long reference;

static bool ok(int n, const char *a)
{
    for (int i = 0; i < n; i++) {
        int p = a[i];
        for (int j = i + 1; j < n; j++) {
            int q = a[j];
            if (q == p || q == p - (j - i) || q == p + (j - i)) {
                return false;
            }
        }
    }
    return true;
}

static long long nqueens(int n, int j, const char *a)
{
    if (n == j) {
        return 1;
    }
    std::vector<long long> csols(n, 0);
    tbb::task_group g;
    for (int i = 0; i < n; i++) {
        g.run([=, &csols] {
            char b[MAXN];
            std::memcpy(b, a, j);
            b[j] = static_cast<char>(i);
            if (ok(j + 1, b)) {
                csols[i] = nqueens(n, j + 1, b);
            }
        });
    }
    g.wait();
    long long s = 0;
    for (int i = 0; i < n; i++) {
        s += csols[i];
    }
    return s;
}

void bench_init(void)
{
    int n = static_cast<int>(bench_arg(0));
    if (n < 1 || n >= static_cast<int>(sizeof known / sizeof known[0])) {
        bench_fatal("n must be in 1..17");
    }
    total = 0;
    reference = -1;
}

void bench_run(void)
{
    bench_tbb_limit limit;
    char a[MAXN] = {0};
    total = nqueens(static_cast<int>(bench_arg(0)), 0, a);
}

void bench_run_serial(void)
{
    reference = known[bench_arg(0)];
}

int bench_verify(void)
{
    return total == reference ? BENCH_SUCCESSFUL : BENCH_FAILED;
}

void bench_checksum(char *buf, size_t len)
{
    std::snprintf(buf, len, "%lld", total);
}

void bench_free(void)
{
}
