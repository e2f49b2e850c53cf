/* Task reductions: taskgroup task_reduction with tasks (and taskloops)
 * in_reduction, every kind of operator, nested taskgroups. */
#include <stdio.h>

static void spin(int n) {
    for (volatile int k = 0; k < n; k++)
        ;
}

static long sum_tasks(int n) {
    long sum = 5;
    #pragma omp taskgroup task_reduction(+: sum)
    {
        for (int i = 1; i <= n; i++) {
            #pragma omp task in_reduction(+: sum) firstprivate(i)
            {
                spin(100 * (i % 3));
                sum += i;
            }
        }
    }
    return sum;
}

static void operators(void) {
    int lo = 1000, hi = -1000, bits = 0, prod = 1, all = 1;
    double dsum = 0.5;
    #pragma omp taskgroup task_reduction(min: lo) task_reduction(max: hi) \
        task_reduction(|: bits) task_reduction(*: prod) task_reduction(&&: all) \
        task_reduction(+: dsum)
    {
        for (int i = 0; i < 10; i++) {
            #pragma omp task in_reduction(min: lo) in_reduction(max: hi) in_reduction(|: bits) \
                in_reduction(*: prod) in_reduction(&&: all) in_reduction(+: dsum) firstprivate(i)
            {
                int v = (i * 37) % 23 - 11;
                lo = v < lo ? v : lo;
                hi = v > hi ? v : hi;
                bits |= 1 << i;
                prod *= (i % 3) + 1;
                all = all && (v != 100);
                dsum += 0.25 * i;
            }
        }
    }
    printf("operators %d %d %d %d %d %.2f\n", lo, hi, bits, prod, all, dsum);
}

static long nested(void) {
    long outer = 0, inner_total = 0;
    #pragma omp taskgroup task_reduction(+: outer)
    {
        for (int i = 0; i < 4; i++) {
            #pragma omp task in_reduction(+: outer) firstprivate(i) shared(inner_total)
            {
                long inner = 0;
                #pragma omp taskgroup task_reduction(+: inner)
                {
                    for (int j = 0; j < 5; j++) {
                        #pragma omp task in_reduction(+: inner) firstprivate(i, j)
                        inner += i * 10 + j;
                    }
                }
                outer += inner;
                #pragma omp atomic
                inner_total += inner;
            }
        }
    }
    return outer * 1000 + inner_total;
}

static long loops(int n) {
    long s = 0;
    #pragma omp taskgroup task_reduction(+: s)
    {
        #pragma omp taskloop in_reduction(+: s) nogroup grainsize(7)
        for (int i = 0; i < n; i++)
            s += i;
        #pragma omp task in_reduction(+: s)
        s += 1000000;
    }
    return s;
}

int main(void) {
    long a = 0, c = 0, d = 0;
    #pragma omp parallel
    #pragma omp single
    {
        a = sum_tasks(200);
        operators();
        c = nested();
        d = loops(1000);
    }
    printf("sum %ld\nnested %ld\nloops %ld\n", a, c, d);
    return 0;
}
