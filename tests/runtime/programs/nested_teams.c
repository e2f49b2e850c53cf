/* Three levels of nested teams, each thread choosing its inner team's size
 * with omp_set_num_threads: worksharing, barriers, reductions and tasks in
 * every team, and the levels each thread sees. */
#include <stdio.h>
#include <omp.h>
int main(void) {
  omp_set_max_active_levels(3);
  omp_set_dynamic(0);
  omp_set_num_threads(2);
  long total = 0; int sizes[64] = {0};
#pragma omp parallel reduction(+:total)
  {
    int o = omp_get_thread_num();
    omp_set_num_threads(3);
#pragma omp parallel reduction(+:total)
    {
      int m = omp_get_thread_num();
      omp_set_num_threads(o + m + 1);
#pragma omp parallel reduction(+:total)
      {
        sizes[o * 9 + m * 3 + omp_get_thread_num()] = omp_get_num_threads() * 100 + omp_get_level() * 10 + omp_get_active_level();
#pragma omp for
        for (int i = 0; i < 100; i++) total += i;
#pragma omp barrier
#pragma omp single
        {
          for (int k = 0; k < 10; k++) {
#pragma omp task
            {
#pragma omp atomic
              total += 1;
            }
          }
        }
      }
#pragma omp barrier
      total += omp_get_max_threads() * 1000;
    }
  }
  printf("total %ld max %d\n", total, omp_get_max_threads());
  for (int i = 0; i < 18; i++) printf("%d ", sizes[i]);
  printf("\n");
  return 0;
}
