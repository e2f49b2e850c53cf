/* User-defined reductions (declare reduction): on structs and scalars, with
 * and without initializers, an operator name, at file and block scope, on
 * parallel for, taskloop and task reductions. */
#include <stdio.h>

typedef struct {
    double re, im;
} cplx;

typedef struct {
    int lo, hi;
} range_t;

#pragma omp declare reduction(cadd : cplx : omp_out.re += omp_in.re, omp_out.im += omp_in.im) \
    initializer(omp_priv = (cplx){0, 0})
#pragma omp declare reduction(mymax : int, long : omp_out = omp_in > omp_out ? omp_in : omp_out) \
    initializer(omp_priv = -1000)
#pragma omp declare reduction(+ : range_t : omp_out.lo = omp_in.lo < omp_out.lo ? omp_in.lo : omp_out.lo, \
    omp_out.hi = omp_in.hi > omp_out.hi ? omp_in.hi : omp_out.hi) \
    initializer(omp_priv = omp_orig)

static void init_one(int *p) { *p = 1; }
#pragma omp declare reduction(mul1 : int : omp_out *= omp_in) initializer(init_one(&omp_priv))
#pragma omp declare reduction(lowest : range_t : omp_out.lo = omp_in.lo < omp_out.lo ? omp_in.lo : omp_out.lo, \
                              omp_out.hi = omp_in.hi < omp_out.hi ? omp_in.hi : omp_out.hi) \
    initializer(omp_priv = {1000, 2000})

int main(void) {
    cplx c = {1, 2};
    int m = 0, q = 2;
    long lm = 5;
    range_t r = {50, 50};
    #pragma omp parallel for reduction(cadd: c) reduction(mymax: m, lm) reduction(mul1: q) \
        reduction(+: r)
    for (int i = 0; i < 10; i++) {
        c.re += i;
        c.im -= i;
        m = i > m ? i : m;
        lm = i * 3 > lm ? i * 3 : lm;
        q *= (i % 2) + 1;
        r.lo = i < r.lo ? i : r.lo;
        r.hi = i * 7 > r.hi ? i * 7 : r.hi;
    }
    printf("%g %g %d %ld %d [%d %d]\n", c.re, c.im, m, lm, q, r.lo, r.hi);

    #pragma omp declare reduction(concat : unsigned long : omp_out = omp_out * 10 + omp_in) \
        initializer(omp_priv = 0)
    unsigned long digits = 0;
    cplx t = {0, 0};
    #pragma omp parallel
    #pragma omp single
    {
        #pragma omp taskloop reduction(cadd: t) grainsize(3)
        for (int i = 1; i <= 20; i++) {
            t.re += i;
            t.im += 2 * i;
        }
        #pragma omp taskgroup task_reduction(concat: digits)
        {
            #pragma omp task in_reduction(concat: digits)
            digits = 7;
        }
    }
    printf("%g %g %lu\n", t.re, t.im, digits);
    range_t low = {1000, 2000};
#pragma omp parallel for reduction(lowest : low)
    for (int i = 0; i < 50; i++) {
        low.lo = i + 7 < low.lo ? i + 7 : low.lo;
        low.hi = 2 * i + 9 < low.hi ? 2 * i + 9 : low.hi;
    }
    printf("braced initializer %ld %ld\n", (long)low.lo, (long)low.hi);
    return 0;
}
