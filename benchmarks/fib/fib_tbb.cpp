// fib_tbb - recursive Fibonacci numbers with oneTBB task_group: both
// recursive calls are run as tasks of a task_group and waited for (one task
// per call, no cut-off).  Build: see common/bench_tbb.h.
// Verification: against an iterative computation.
#include <cstdio>

#include "bench_tbb.h"

extern "C" {
const char bench_name[] = "fib";
bench_param bench_params[] = {
    {'n', "n", "Fibonacci number to compute", {25, 35, 35}, 0},
};
const int bench_nparams = 1;
}

static long long result;
static long long reference;

static long long fib(int n)
{
    if (n < 2) {
        return n;
    }
    long long x = 0;
    long long y = 0;
    tbb::task_group g;
    g.run([&] { x = fib(n - 1); });
    g.run([&] { y = fib(n - 2); });
    g.wait();
    return x + y;
}

void bench_init(void)
{
    result = 0;
    reference = -1;
}

void bench_run(void)
{
    bench_tbb_limit limit;
    result = fib(static_cast<int>(bench_arg(0)));
}

void bench_run_serial(void)
{
    long long a = 0;
    long long b = 1;
    for (long i = 0; i < bench_arg(0); i++) {
        long long t = a + b;
        a = b;
        b = t;
    }
    reference = a;
}

int bench_verify(void)
{
    return result == reference ? BENCH_SUCCESSFUL : BENCH_FAILED;
}

void bench_checksum(char *buf, size_t len)
{
    std::snprintf(buf, len, "%lld", result);
}

void bench_free(void)
{
}
