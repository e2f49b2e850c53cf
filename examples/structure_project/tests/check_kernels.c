/* FileCheck-style checks of src/kernels.c: this file is compiled together
 * with it (the run lines name it), and each check must match, in order, the
 * view its run line chooses. */

// INSPIREC-RUN: view=ir -DCUTOFF=8 ../src/kernels.c
// INSPIREC-RUN: view=analysis prefix=JSON ../src/kernels.c
// INSPIREC-RUN: view=c prefix=EMIT ../src/kernels.c

#include "kernels.h"

int main(void)
{
    long data[8] = {1, 2, 3, 4, 5, 6, 7, 8};
    return tree_sum(12) == (1L << 13) - 1 && block_sum(data, 8) == 36 ? 0 : 1;
}

// tree_sum spawns its two subtrees as tasks and waits for both at once.
// INSPIREC-CHECK: def tree_sum = function (depth : int<4>)
// INSPIREC-CHECK-NEXT: if (lt(ref_deref(depth), 8)) {
// INSPIREC-CHECK: parallel(job[1 .. 1]
// INSPIREC-CHECK: parallel(job[1 .. 1]
// INSPIREC-CHECK-NOT: merge(
// INSPIREC-CHECK: merge_all() @"kernels.c":{{[0-9]+}};

// block_sum's joins are coalesced into one.
// INSPIREC-CHECK: def block_sum
// INSPIREC-CHECK-NOT: merge(
// INSPIREC-CHECK: merge_all()

// JSON: "function": "tree_sum",
// JSON-NEXT: "location": "kernels.c:11",
// JSON-NEXT: "recursive_paths": 2,
// JSON-NEXT: "loop_paths": 0,

// EMIT: #define INSPIRE_PARAM_BUFFER_BYTES 16
