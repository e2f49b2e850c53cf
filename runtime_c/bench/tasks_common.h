/* tasks_common.h -- the work of one task in the "n independent tasks of
 * work m" micro-benchmark (OMPTB style, paper 004): m iterations of a short
 * dependent arithmetic chain the compiler cannot remove. */
#ifndef TASKS_COMMON_H
#define TASKS_COMMON_H

static inline void task_work(long m, volatile double *sink) {
    double a = 1.0;
    for (long i = 0; i < m; i++)
        a = a * 1.0000001 + 1e-9;
    *sink = a;
}

#endif
