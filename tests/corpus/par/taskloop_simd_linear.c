/* linear on taskloop simd: each task's copy starts at the value for its
   first iteration, the body steps it as the clause says, and the task of
   the last iteration writes the final value back. */
#include <stdio.h>

int main(void) {
    int k = 0, seen[40];
    long offset = 100;
    double data[80], *cursor = data, *where[40];
    #pragma omp parallel
    #pragma omp single
    {
        #pragma omp taskloop simd linear(k) grainsize(3)
        for (int i = 0; i < 40; i++) {
            seen[i] = k;
            k++;
        }
        #pragma omp taskloop simd linear(offset: 5) linear(cursor: 2) num_tasks(7)
        for (int i = 0; i < 40; i++) {
            where[i] = cursor;
            seen[i] += (int)offset;
            offset += 5;
            cursor += 2;
        }
    }
    long sum = 0;
    int ok = 1;
    for (int i = 0; i < 40; i++) {
        sum += seen[i];
        ok &= where[i] == data + 2 * i;
    }
    printf("k %d offset %ld cursor %ld sum %ld pointers %d\n", k, offset, (long)(cursor - data),
           sum, ok);
    return 0;
}
