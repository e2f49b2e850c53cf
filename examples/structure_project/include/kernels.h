/* kernels.h - the two parallel kernels of the example project. */
#ifndef KERNELS_H
#define KERNELS_H

/* Below this depth tree_sum recurses sequentially (-DCUTOFF=N changes it). */
#ifndef CUTOFF
#define CUTOFF 10
#endif

/* The number of nodes of a complete binary tree of the given depth, counted
 * with one OpenMP task per subtree above the cut-off. */
long tree_sum(int depth);

/* The sum of data[0..n), one POSIX thread per quarter, joined one by one. */
long block_sum(const long *data, int n);

#endif
