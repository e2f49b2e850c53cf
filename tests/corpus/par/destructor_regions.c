/* A GNU destructor runs after main returns, and may open a parallel
   region of its own (the runtime still serves it); a constructor's
   region runs before main's. */
#include <omp.h>
#include <stdio.h>

static int before, total;

__attribute__((constructor)) static void warm_up(void) {
#pragma omp parallel reduction(+ : before) num_threads(3)
  before += 1;
}

__attribute__((destructor)) static void report(void) {
  int again = 0;
#pragma omp parallel reduction(+ : again) num_threads(2)
  again += omp_get_num_threads();
  printf("total %d again %d\n", total, again);
}

int main(void) {
#pragma omp parallel reduction(+ : total) num_threads(4)
  total += 1;
  printf("main %d\n", before);
  return 0;
}
