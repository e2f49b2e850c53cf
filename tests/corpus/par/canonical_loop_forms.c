/* The canonical loop forms of OpenMP 5.2 section 4.4.1 beyond `i < b; i++`:
 * `b > i` tests, `!=` tests with a step of 1 or -1, `i = i + s`, `i = s + i`
 * and `i = i - s` increments, and pointer iteration variables, on
 * worksharing loops (static and dynamic schedules, lastprivate, collapse,
 * doacross), taskloop, simd and loop. */
#include <stdio.h>

#define N 24

int main(void)
{
    int a[N];
    int b[4][5];
    int out[8] = {0};
    int n = N;
    long s0 = 0, s1 = 0, s2 = 0, s3 = 0, s4 = 0, s8 = 0, s9 = 0, s10 = 0, s11 = 0;
    long s5, s6, s7;
    int *p;
    int i;
    for (i = 0; i < N; i++) {
        a[i] = i * 3 + 1;
    }
#pragma omp parallel
#pragma omp single
    {
#pragma omp taskloop reduction(+ : s0) grainsize(2)
        for (int *q = a; q != a + n; q++) {
            s0 += *q;
        }
#pragma omp taskloop simd reduction(+ : s1)
        for (int k = n - 1; 0 <= k; k = k - 1) {
            s1 += a[k] * k;
        }
    }
#pragma omp parallel for collapse(2) reduction(+ : s2)
    for (int r = 0; 4 > r; r++) {
        for (int c = 0; c != 5; c++) {
            b[r][c] = r * c;
            s2 += b[r][c];
        }
    }
#pragma omp simd reduction(+ : s3)
    for (int *q = a + N - 1; q >= a; q -= 1) {
        s3 += *q;
    }
#pragma omp parallel for lastprivate(p) reduction(+ : s4) schedule(dynamic, 2)
    for (p = a; p < a + n; p += 3) {
        s4 += *p;
    }
    s5 = p - a;
#pragma omp parallel for lastprivate(i)
    for (i = 0; i != 7; ++i) {
        a[i] += 1;
    }
    s6 = i;
#pragma omp parallel for ordered(1)
    for (int k = 1; k != 8; k++) {
#pragma omp ordered depend(sink : k - 1)
        out[k] = out[k - 1] + k;
#pragma omp ordered depend(source)
    }
    s7 = out[7];
#pragma omp parallel
#pragma omp loop reduction(+ : s8)
    for (unsigned u = 10; u != 0; u--) {
        s8 += u;
    }
#pragma omp parallel for reduction(+ : s9) schedule(static, 1)
    for (char *c = (char *)a; c < (char *)(a + 4); c = c + 2) {
        s9 += *c;
    }
#pragma omp parallel for reduction(+ : s10)
    for (int k = 0; n > k; k = 2 + k) {
        s10 += a[k];
    }
#pragma omp parallel for reduction(+ : s11)
    for (const int *q = a + N - 1; q > a; q--) {
        s11 += q[0] - q[-1];
    }
    printf("%ld %ld %ld %ld %ld %ld\n", s0, s1, s2, s3, s4, s5);
    printf("%ld %ld %ld %ld %ld %ld\n", s6, s7, s8, s9, s10, s11);
    return 0;
}
