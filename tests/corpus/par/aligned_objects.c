/* Objects with a least alignment (GNU aligned after or before the
 * declarator, C11 _Alignas): globals, statics, locals and locals of a
 * parallel region and a task; GNU __alignof__ of objects and expressions. */
#include <stdalign.h>
#include <stdint.h>
#include <stdio.h>

static float table[16] __attribute__((aligned(64)));
__attribute__((aligned(128))) double weights[3] = {1, 2, 3};
alignas(32) char tag[5];
static float __attribute__((aligned(64))) left[7], right[3];

static int misaligned(const void *p, uintptr_t align)
{
    return (int)((uintptr_t)p % align);
}

int main(void)
{
    float local[16] __attribute__((aligned(64)));
    _Alignas(256) int counter = 3;
    static char flags[3] __attribute__((aligned(64)));
    double scale __attribute__((aligned(32))) = 2.5;
    int off = 0;
#pragma omp parallel reduction(| : off)
    {
        double lanes[4] __attribute__((aligned(64)));
        off |= misaligned(lanes, 64);
#pragma omp single
        {
#pragma omp task shared(off)
            {
                alignas(128) long slots[2];
#pragma omp atomic
                off |= misaligned(slots, 128);
            }
        }
    }
    local[0] = table[0] + 1;
    printf("misaligned: %d %d %d %d %d %d %d %d %d %d\n", misaligned(table, 64),
           misaligned(weights, 128), misaligned(tag, 32), misaligned(left, 64),
           misaligned(right, 64), misaligned(local, 64), misaligned(&counter, 256),
           misaligned(flags, 64), misaligned(&scale, 32), off);
    printf("values: %g %d %g\n", weights[2] + scale, counter, local[0]);
    typedef long word;
    printf("__alignof__: %d %d %d %d %d %d\n", (int)__alignof__(table), (int)__alignof__(table[1]),
           (int)__alignof__(scale), (int)__alignof__(counter + 1), (int)__alignof__(word),
           (int)_Alignof(double));
    return 0;
}
