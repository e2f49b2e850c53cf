/* Worksharing loops whose iterations only spawn tasks (the hybrid pass turns
 * each thread's block of iterations into one range job): every schedule,
 * nowait with a barrier, fewer iterations than threads, no iterations, a
 * value computed from a reader function, a variable of the region read by
 * the tasks, a shared variable passed to the tasks by reference; and loops
 * that keep their tasks: the tasks read a variable shared in the region or
 * a firstprivate copy of the loop (inspirec cannot yet tell it from the
 * shared original), the body changes a firstprivate copy, a decreasing
 * loop. */
#include <stdio.h>

#define N 300

static long table[8];
static long out_a[N], out_b[N], out_c[N], out_d[N], out_e[N];

static long weight(long i) { return table[i % 8] * 3 + 1; }

int main(void)
{
    for (int k = 0; k < 8; k++)
        table[k] = k * k;
    long hits = 0;
    int few = 3, none = 0, offset = 5;
    #pragma omp parallel
    {
        #pragma omp for schedule(static)
        for (long i = 0; i < N; i++) {
            long w = weight(i);
            #pragma omp task firstprivate(i, w)
            out_a[i] = w + i;
        }
        #pragma omp for schedule(dynamic, 7) nowait
        for (int i = 10; i < N; i++) {
            #pragma omp task firstprivate(offset)
            out_b[i] = i * 2 + offset;
        }
        #pragma omp barrier
        #pragma omp for firstprivate(offset)
        for (int i = 0; i < N; i++) {
            #pragma omp task firstprivate(offset)
            out_b[i] += offset;
        }
        int mine = 3 + offset;
        #pragma omp for
        for (int i = 0; i < N; i++) {
            #pragma omp task firstprivate(mine)
            out_c[i] = mine * i;
        }
        #pragma omp for schedule(guided)
        for (int i = 0; i < few; i++) {
            #pragma omp task shared(hits)
            {
                #pragma omp atomic
                hits += i + 1;
            }
        }
        #pragma omp for
        for (int i = 0; i < none; i++) {
            #pragma omp task
            out_c[i] += 1;
        }
        #pragma omp for firstprivate(offset)
        for (int i = 0; i < N; i++) {
            offset++;
            #pragma omp task firstprivate(offset)
            out_d[i] = offset > 0;
        }
        #pragma omp for schedule(static, 4)
        for (int i = N - 1; i >= 0; i--) {
            #pragma omp task
            out_e[i] = -i;
        }
    }
    long sum = 0;
    for (int k = 0; k < N; k++)
        sum += out_a[k] * 3 + out_b[k] * 5 + out_c[k] * 7 + out_d[k] * 11 + out_e[k] * 13;
    printf("sum %ld hits %ld\n", sum, hits);
    return 0;
}
