/* Private and firstprivate copies keep the alignment their variable's
 * declaration asks for (GNU aligned, _Alignas), in regions, worksharing
 * loops and tasks, as gcc's copies do. */
#include <stdint.h>
#include <stdio.h>

#define misaligned(p, align) (((uintptr_t)(p) & ((align) - 1)) != 0)

int main(void)
{
    int table[257] __attribute__((aligned(256))) = {0};
    _Alignas(64) double row[9] = {1.0};
    int bad = 0;
    #pragma omp parallel private(table) firstprivate(row) reduction(+: bad)
    bad += misaligned(table, 256) + misaligned(row, 64);
    #pragma omp parallel for firstprivate(table) lastprivate(row) reduction(+: bad)
    for (int i = 0; i < 8; i++) {
        row[0] = i;
        bad += misaligned(table, 256) + misaligned(row, 64);
    }
    #pragma omp parallel
    #pragma omp single
    for (int k = 0; k < 4; k++) {
        #pragma omp task firstprivate(table, row) shared(bad)
        {
            int here = misaligned(table, 256) + misaligned(row, 64);
            #pragma omp atomic
            bad += here;
        }
    }
    printf("misaligned copies: %d, row[0] %g\n", bad, row[0]);
    return 0;
}
