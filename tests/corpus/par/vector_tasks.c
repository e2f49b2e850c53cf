/* GNU C vectors through OpenMP tasks: a recursive sum of vectors, each
   task's result a vector shared with its parent, and a parallel loop over
   vectors (a lane each: writing lanes of one shared vector would race). */
#include <stdio.h>
#include <stdlib.h>

typedef float v4sf __attribute__((vector_size(16)));

static v4sf sum(const v4sf *p, int n) {
  if (n == 1)
    return p[0];
  v4sf left, right;
#pragma omp task shared(left) firstprivate(p, n)
  left = sum(p, n / 2);
#pragma omp task shared(right) firstprivate(p, n)
  right = sum(p + n / 2, n - n / 2);
#pragma omp taskwait
  return left + right;
}

int main(void) {
  int n = 1000;
  v4sf *data = aligned_alloc(16, n * sizeof(v4sf));
  for (int i = 0; i < n; i++)
    data[i] = (v4sf){i, 2 * i, 1, -i};
  v4sf total;
#pragma omp parallel
#pragma omp single
  total = sum(data, n);
  printf("%g %g %g %g\n", total[0], total[1], total[2], total[3]);
  float lanes[4];
#pragma omp parallel for
  for (int i = 0; i < 4; i++) {
    v4sf doubled = data[i + 10] * 2;
    lanes[i] = doubled[i];
  }
  printf("%g %g %g %g\n", lanes[0], lanes[1], lanes[2], lanes[3]);
  free(data);
  return 0;
}
