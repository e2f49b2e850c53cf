/* reduction(inscan, ...) with the scan directive: prefix sums (inclusive and
   exclusive) on for, parallel for, for simd, parallel for simd and simd,
   with a collapsed nest, an iteration variable declared outside the loop,
   data-sharing clauses and (on parallel for, where gcc allows it) an
   ordinary reduction beside the inscan one.
   In the scan phase a variable holds its original value combined with the
   updates of the iterations before (exclusive) or up to (inclusive) this one. */
#include <stdio.h>

#define N 40
int a[N], incl[N], excl[N], nest[4][5];

static long check(const int *v, int n) {
    unsigned long s = 0; /* wraps: a signed hash would overflow */
    for (int i = 0; i < n; i++) s = s * 31 + (unsigned long)v[i];
    return (long)s;
}

int main(void) {
    for (int i = 0; i < N; i++) a[i] = (i * 7) % 11 - 3;

    int x = 100;
    #pragma omp parallel for reduction(inscan, +: x)
    for (int i = 0; i < N; i++) {
        x += a[i];
        #pragma omp scan inclusive(x)
        incl[i] = x;
    }
    printf("inclusive %d %d %d %ld\n", x, incl[0], incl[N - 1], check(incl, N));

    long y = 0;
    int count = 0, i;
    #pragma omp parallel
    {
        #pragma omp for reduction(inscan, +: y)
        for (i = 0; i < N; i++) {
            excl[i] = (int)y;
            #pragma omp scan exclusive(y)
            y += a[i];
        }
    }
    #pragma omp parallel for reduction(inscan, +: x) reduction(+: count)
    for (int k = 0; k < N; k++) {
        x += a[k];
        #pragma omp scan inclusive(x)
        count += x > 100;
    }
    printf("exclusive %ld %d %d %d %ld\n", y, count, excl[0], excl[N - 1], check(excl, N));

    int m = 1;
    #pragma omp parallel for simd reduction(inscan, max: m)
    for (int k = 0; k < N; k++) {
        m = a[k] > m ? a[k] : m;
        #pragma omp scan inclusive(m)
        incl[k] = m;
    }
    printf("max %d %ld\n", m, check(incl, N));

    int z = 0, offset = 5, last = -1;
    #pragma omp parallel for reduction(inscan, +: z) collapse(2) firstprivate(offset) lastprivate(last)
    for (int r = 0; r < 4; r++)
        for (int c = 0; c < 5; c++) {
            z += r + c + offset;
            #pragma omp scan inclusive(z)
            nest[r][c] = z;
            last = r * 5 + c;
        }
    printf("nest %d %d %d %ld last %d offset %d\n", z, nest[0][0], nest[3][4],
           check(&nest[0][0], 20), last, offset);

    int p = 1;
    #pragma omp simd reduction(inscan, *: p)
    for (int k = 1; k < 11; k++) {
        incl[k] = p;
        #pragma omp scan exclusive(p)
        p *= 2;
    }
    printf("simd %d %d %d\n", p, incl[1], incl[10]);

    int w = 0;
    #pragma omp parallel
    {
        #pragma omp for simd reduction(inscan, +: w) nowait
        for (int k = 0; k < N; k++) {
            w += 1;
            #pragma omp scan inclusive(w)
            excl[k] = w;
        }
        #pragma omp barrier
        #pragma omp single
        printf("for simd %d %d\n", w, excl[N - 1]);
    }

    int r = 0, final = -12; /* firstprivate and lastprivate: the last iteration's value */
    #pragma omp parallel for reduction(inscan, +: r) firstprivate(final) lastprivate(final)
    for (int k = 0; k < N; k++) {
        r += k + final + 12;
        if (k == N - 1)
            final = 29;
        #pragma omp scan inclusive(r)
        incl[k] = r;
    }
    printf("first and last private %d %d %d\n", r, final, incl[N / 2]);
    return 0;
}
