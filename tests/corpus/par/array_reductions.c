/* Reductions of whole arrays, array sections and array elements, on every
   construct that reduces: each thread or task accumulates into its own copy
   of the elements (a section of what a pointer points to gets private
   storage), which start from the identity and are combined into the
   original's elements at the end. */
#include <stdio.h>
#include <stdlib.h>

typedef struct { long lo, hi; } range;
#pragma omp declare reduction(widen : range : \
        omp_out.lo = omp_in.lo < omp_out.lo ? omp_in.lo : omp_out.lo, \
        omp_out.hi = omp_in.hi > omp_out.hi ? omp_in.hi : omp_out.hi) \
    initializer(omp_priv = (range){1000000, -1000000})

int histogram[8];

static void print_ints(const char *what, const int *v, int n) {
    printf("%s", what);
    for (int i = 0; i < n; i++) printf(" %d", v[i]);
    printf("\n");
}

int main(void) {
    int n = 6, first = 1;
    int whole[4] = {1, 1, 1, 1};
    double grid[2][3] = {{0}};
    long part[10] = {0};
    int *heap = calloc(8, sizeof *heap);
    int top[5] = {-5, -5, -5, -5, -5};
    unsigned mask[3] = {0, 0, 0};
    range spans[2] = {{0, 0}, {0, 0}};

    #pragma omp parallel for reduction(+: whole, grid, histogram) reduction(max: top)
    for (int i = 0; i < 100; i++) {
        whole[i % 4] += i;
        grid[i % 2][i % 3] += 0.5;
        histogram[i % 8]++;
        if (i > top[i % 5]) top[i % 5] = i;
    }
    print_ints("whole", whole, 4);
    printf("grid %g %g %g %g %g %g\n", grid[0][0], grid[0][1], grid[0][2], grid[1][0],
           grid[1][1], grid[1][2]);
    print_ints("histogram", histogram, 8);
    print_ints("top", top, 5);

    #pragma omp parallel reduction(+: part[2:4]) reduction(|: mask[first:2])
    {
        #pragma omp for
        for (int i = 0; i < 100; i++) {
            part[2 + i % 4] += i;
            mask[1 + i % 2] |= 1u << (i % 7);
        }
    }
    printf("part");
    for (int i = 0; i < 10; i++) printf(" %ld", part[i]);
    printf("\nmask %u %u %u\n", mask[0], mask[1], mask[2]);

    #pragma omp parallel for reduction(+: heap[first:n])
    for (int i = 0; i < 60; i++) heap[1 + i % 6] += i % 3;
    print_ints("heap", heap, 8);

    part[9] = 3;
    #pragma omp parallel for reduction(*: part[9])
    for (int i = 0; i < 6; i++) part[9] *= 2;
    #pragma omp parallel for reduction(+: part[0:1])
    for (int i = 0; i < 6; i++) part[0] += 1;
    printf("element %ld %ld\n", part[9], part[0]);

    #pragma omp parallel for reduction(widen: spans)
    for (int i = 0; i < 50; i++) {
        range *s = &spans[i % 2];
        if (i < s->lo) s->lo = i;
        if (i > s->hi) s->hi = i;
    }
    printf("spans %ld..%ld %ld..%ld\n", spans[0].lo, spans[0].hi, spans[1].lo, spans[1].hi);

    int counts[3] = {0, 0, 0};
    #pragma omp parallel
    #pragma omp single
    {
        #pragma omp taskloop reduction(+: counts) grainsize(5)
        for (int i = 0; i < 90; i++) counts[i % 3] += i;
        #pragma omp taskgroup task_reduction(+: heap[0:8])
        for (int i = 0; i < 16; i++) {
            #pragma omp task in_reduction(+: heap[0:8])
            heap[i % 8] += 100;
        }
    }
    print_ints("counts", counts, 3);
    print_ints("heap", heap, 8);

    long sums[4] = {0, 0, 0, 0};
    #pragma omp parallel reduction(task, +: sums)
    {
        #pragma omp single
        for (int i = 0; i < 20; i++) {
            #pragma omp task in_reduction(+: sums)
            sums[i % 4] += i;
        }
    }
    printf("sums %ld %ld %ld %ld\n", sums[0], sums[1], sums[2], sums[3]);

    volatile int rows = 3;
    int len = rows;
    long vla[len][2];
    for (int r = 0; r < len; r++) vla[r][0] = vla[r][1] = 1;
    #pragma omp parallel for reduction(+: vla)
    for (int i = 0; i < 30; i++) vla[i % len][i % 2] += i;
    #pragma omp parallel for reduction(*: vla[1:])
    for (int i = 0; i < 4; i++) vla[1 + i % 2][i % 2] *= 3;
    printf("vla");
    for (int r = 0; r < len; r++) printf(" %ld %ld", vla[r][0], vla[r][1]);
    printf("\n");
    free(heap);
    return 0;
}
