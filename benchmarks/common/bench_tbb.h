// bench_tbb.h - helpers for the oneTBB (task_group) versions of the kernels.
//
// Build (from the repository root), e.g. for fib:
//   g++ -O3 -DBENCH_THREADS_FROM_ENV -Ibenchmarks/common benchmarks/fib/fib_tbb.cpp
//       -x c benchmarks/common/driver.c -x none -ltbb -lm -o fib_tbb
// The number of worker threads is OMP_NUM_THREADS when set, else all cores.
#ifndef BENCH_TBB_H
#define BENCH_TBB_H

#include <cstdlib>
#include <memory>
#include <tbb/global_control.h>
#include <tbb/info.h>
#include <tbb/task_group.h>

#include "bench.h"

static inline int bench_tbb_threads()
{
    const char *s = std::getenv("OMP_NUM_THREADS");
    if (s != nullptr && std::atoi(s) > 0) {
        return std::atoi(s);
    }
    return tbb::info::default_concurrency();
}

// limits TBB's parallelism for the lifetime of the object
struct bench_tbb_limit {
    tbb::global_control control;
    bench_tbb_limit()
        : control(tbb::global_control::max_allowed_parallelism,
                  static_cast<size_t>(bench_tbb_threads()))
    {
    }
};

#endif
