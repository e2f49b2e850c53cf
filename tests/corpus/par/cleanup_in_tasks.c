/* GNU cleanup attributes in OpenMP code: each thread's variable of a
   parallel region, each task's own, and one in a task's function, are
   cleaned up when their scopes end (counted with atomics), before the
   barrier, taskwait or taskgroup that waits for them. */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

static int released, sum;

static void release(int **p) {
#pragma omp atomic
  released++;
#pragma omp atomic
  sum += **p;
  free(*p);
}

static int *boxed(int v) {
  int *p = malloc(sizeof *p);
  *p = v;
  return p;
}

static int work(int n) {
  int *tmp __attribute__((cleanup(release))) = boxed(n);
  if (n % 2) return *tmp * 2;
  return *tmp;
}

int main(void) {
  int total = 0;
#pragma omp parallel num_threads(4) reduction(+ : total)
  {
    int *mine __attribute__((cleanup(release))) = boxed(1);
    total += *mine;
  }
  printf("threads %d released %d\n", total, released);
  int results[64];
#pragma omp parallel
#pragma omp single
  {
#pragma omp taskgroup
    for (int i = 0; i < 64; i++) {
#pragma omp task firstprivate(i) shared(results)
      {
        int *own __attribute__((cleanup(release))) = boxed(100);
        results[i] = work(i) + *own - 100;
      }
    }
    printf("after taskgroup released %d\n", released);
  }
  int check = 0;
  for (int i = 0; i < 64; i++) check += results[i];
  printf("results %d released %d sum %d\n", check, released, sum);
  return 0;
}
