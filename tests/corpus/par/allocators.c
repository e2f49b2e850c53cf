/* OpenMP memory allocators: the allocate clause on parallel, task, taskloop,
 * for and single (with a predefined allocator, OpenMP 5.1's allocator() and
 * align() modifiers), and omp_alloc/omp_aligned_alloc/omp_calloc/omp_realloc
 * /omp_free with predefined and custom allocators inside tasks. */
#include <omp.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#define N 64

int main(void)
{
    int x = 0, sum = 0, wrong = 0;
    long total = 0;
    omp_alloctrait_t traits[] = {{omp_atk_alignment, 64}, {omp_atk_fallback, omp_atv_null_fb}};
    omp_allocator_handle_t aligned = omp_init_allocator(omp_default_mem_space, 2, traits);

    #pragma omp parallel private(x) reduction(+: sum) allocate(omp_low_lat_mem_alloc: x) num_threads(2)
    {
        x = 1;
        sum += x;
    }

    #pragma omp parallel num_threads(2)
    {
        #pragma omp single private(x) allocate(allocator(omp_default_mem_alloc), align(32): x)
        {
            for (x = 0; x < 8; x++) {
                #pragma omp task firstprivate(x) allocate(x)
                {
                    int *block = omp_alloc(N * sizeof(int), aligned);
                    if (block == NULL || (uintptr_t)block % 64 != 0)
                        wrong++;
                    for (int i = 0; i < N; i++)
                        block[i] = x;
                    block = omp_realloc(block, 2 * N * sizeof(int), omp_default_mem_alloc,
                                        aligned);
                    long part = 0;
                    for (int i = 0; i < N; i++)
                        part += block[i];
                    #pragma omp atomic
                    total += part;
                    omp_free(block, omp_default_mem_alloc);
                }
            }
        }
        #pragma omp for lastprivate(x) allocate(x)
        for (int i = 0; i < N; i++)
            x = i;
    }

    long zeros = 0;
    #pragma omp parallel
    #pragma omp single
    #pragma omp taskloop firstprivate(zeros) allocate(omp_thread_mem_alloc: zeros) grainsize(4)
    for (int i = 0; i < N; i++) {
        zeros += i;
        double *d = omp_calloc(4, sizeof(double), omp_default_mem_alloc);
        double *e = omp_aligned_alloc(128, sizeof(double), omp_null_allocator);
        if (d == NULL || d[3] != 0.0 || e == NULL || (uintptr_t)e % 128 != 0) {
            #pragma omp atomic
            wrong++;
        }
        omp_free(d, omp_null_allocator);
        omp_free(e, omp_null_allocator);
    }
    omp_destroy_allocator(aligned);
    printf("%d %ld wrong=%d default=%d\n", sum > 0, total, wrong,
           omp_get_default_allocator() == omp_default_mem_alloc);
    return 0;
}
