/* An in_reduction item reached through a pointer, in a function where no
   construct reducing it is visible: the pointer may be to an enclosing
   participant's private copy (a task's in_reduction copy, a thread's copy
   of reduction(task, ...), a taskloop's), which stands for the original;
   the task must combine into the original, not into the copy, which may be
   combined and gone before the task ends.  Also a pointer to the original
   itself, and an array section of a copy. */
#include <omp.h>
#include <stdio.h>

static void add_scalar(long *p, int i) {
#pragma omp task in_reduction(+: p[0])
  p[0] += i;
}

static void add_section(long *q, int i) {
#pragma omp task in_reduction(+: q[1:2])
  {
    q[1] += i;
    q[2] += 2 * i;
  }
}

int main(void) {
  long s = 0, t = 0, u = 0, w = 0;
  long a[4] = {0, 0, 0, 0};
#pragma omp parallel
#pragma omp single
  {
#pragma omp taskgroup task_reduction(+: s, a)
    {
      for (int i = 0; i < 200; i++) {
#pragma omp task in_reduction(+: s, a)
        {
          s += 1;
          add_scalar(&s, i);
          a[0] += 1;
          add_section(a, i);
        }
        if (i % 50 == 0)
          add_scalar(&s, 1000); /* the original itself */
      }
    }
  }
#pragma omp parallel reduction(task, +: t)
  {
    t += 1;
    add_scalar(&t, 10);
  }
#pragma omp parallel
#pragma omp single
#pragma omp taskloop reduction(+: u) grainsize(4)
  for (int i = 0; i < 64; i++) {
    u += 1;
    add_scalar(&u, i);
  }
#pragma omp parallel
#pragma omp single
#pragma omp taskgroup task_reduction(+: w)
  for (int i = 0; i < 30; i++) {
#pragma omp task in_reduction(+: w)
    {
#pragma omp task in_reduction(+: w)
      add_scalar(&w, i);
    }
  }
  printf("s %ld a %ld %ld %ld\n", s, a[0], a[1], a[2]);
  printf("t %ld threads %d\n", t - 11L * omp_get_max_threads(), t % 11 == 0);
  printf("u %ld w %ld\n", u, w);
  return 0;
}
