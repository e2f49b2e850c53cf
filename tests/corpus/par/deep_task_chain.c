/*
 * A chain of tasks 5000 deep: each task waits for the one it creates, as a
 * tree search waits down a long branch (BOTS uts recurses 17844 levels).
 * The stack analysis can only assume a recursion's depth, so under
 * --tuning full the work items must keep at least the stack the serial
 * program has; a stack cut to the assumed depth overflowed here.
 */
#include <stdio.h>

static long chain(int depth)
{
    volatile char frame[64];
    long below = 0;
    frame[depth % 64] = (char)depth;
    if (depth > 0) {
#pragma omp task shared(below) firstprivate(depth)
        below = chain(depth - 1);
#pragma omp taskwait
    }
    return below + 1 + (frame[depth % 64] != (char)depth);
}

int main(void)
{
    long n = 0;
#pragma omp parallel
#pragma omp single
    n = chain(5000);
    printf("a chain of %ld tasks\n", n);
    return 0;
}
