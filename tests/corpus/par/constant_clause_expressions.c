/* Clause arguments that must be constants written as constant expressions:
 * collapse(DEPTH) with an enumerator, ordered(1 + 1), safelen(2 * 2),
 * simdlen(1 + 1), collapse(4 - 1). */
#include <stdio.h>
enum { DEPTH = 2 };
int main(void) { int a[4][4] = {{0}}, s = 0;
#pragma omp parallel for collapse(DEPTH) ordered(1 + 1)
for (int i = 0; i < 4; i++) for (int j = 0; j < 4; j++) {
#pragma omp ordered depend(sink: i - 1, j)
  a[i][j] = (i ? a[i-1][j] : 0) + 1;
#pragma omp ordered depend(source)
}
#pragma omp simd safelen(2 * 2) simdlen(1 + 1) reduction(+:s)
for (int i = 0; i < 4; i++) s += a[3][i];
int t = 0;
#pragma omp parallel for collapse(4 - 1) reduction(+:t)
for (int i = 0; i < 3; i++) for (int j = 0; j < 3; j++) for (int k = 0; k < 3; k++) t += i * j + k;
printf("%d %d\n", s, t); return 0; }
