/*
 * work.h - the work of one micro-benchmark task.
 *
 * mb_add_bench(m) sums 0 + 1 + ... + (m - 1) in double precision, one
 * dependent addition per iteration, so its running time grows linearly
 * with m and the compiler cannot replace the loop by a closed form.  It
 * lives in its own file (work.c), compiled once with gcc -O3 into a static
 * library that every variant links: all variants run the same task code
 * and differ only in how the tasks are created and scheduled.
 */
#ifndef MB_WORK_H
#define MB_WORK_H

double mb_add_bench(long m);

#endif
