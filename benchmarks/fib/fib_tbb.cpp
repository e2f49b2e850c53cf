// fib_tbb - recursive Fibonacci numbers with oneTBB task_group: both
// recursive calls are run as tasks of a task_group and waited for (one task
// per call, no cut-off).  Build: see common/bench_tbb.h.
// Verification: against an iterative computation.
#include "bench_tbb.h"
#include "fib.h"

extern "C" {
const char bench_name[] = "fib";
bench_param bench_params[] = {
    {'n', "n", "Fibonacci number to compute", {25, 35, 35}, 0},
};
const int bench_nparams = 1;
}

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

void bench_run(void)
{
    bench_tbb_limit limit;
    result = fib(static_cast<int>(bench_arg(0)));
}
