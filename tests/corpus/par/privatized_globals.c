/* Globals and static locals in privatizing clauses: each construct gets its
   own copies (private, firstprivate, lastprivate, linear, reduction,
   in_reduction), the original global is what called functions see, what
   firstprivate copies start from and what reductions combine into. */
#include <stdio.h>
#include <omp.h>
int g = 3, fp = 10, lp = -1, lin = 0, tr = 0, scnt = 0;
double sum, ssum, tsum;
long sec;
int work(void) { return g; }   /* sees the global, not a private copy */

int count_static(int n) {
  static int acc;
  acc = 0;
  #pragma omp parallel for reduction(+: acc)
  for (int i = 0; i < n; i++) acc += 1;
  return acc;
}

int main(void) {
  #pragma omp parallel num_threads(g) private(g)
  {
    g = 99;
    #pragma omp for reduction(+: sum) schedule(dynamic, 3)
    for (int i = 0; i < 1000; i++) sum += i * 0.5;
    #pragma omp sections reduction(+: sec) lastprivate(lp)
    {
      #pragma omp section
      { sec += 1; lp = 1; }
      #pragma omp section
      { sec += 2; lp = 2; }
    }
    #pragma omp single firstprivate(fp)
    { fp += 1; scnt = fp; }
    #pragma omp single private(fp)
    { fp = 1000; }
  }
  printf("g %d sum %g sec %ld lp %d fp %d scnt %d work %d\n", g, sum, sec, lp, fp, scnt, work());
  #pragma omp parallel
  #pragma omp single
  {
    #pragma omp taskloop reduction(+: tsum) firstprivate(fp) lastprivate(lp) grainsize(7)
    for (int i = 0; i < 100; i++) { tsum += i + fp; lp = i; }
    #pragma omp taskgroup task_reduction(+: tr)
    {
      for (int i = 0; i < 10; i++) {
        #pragma omp task in_reduction(+: tr)
        tr += i;
      }
    }
  }
  printf("tsum %g lp %d tr %d\n", tsum, lp, tr);
  #pragma omp simd reduction(+: ssum) linear(lin: 2)
  for (int i = 0; i < 64; i++) { ssum += i; lin += 2; }
  printf("ssum %g lin %d\n", ssum, lin);
  #pragma omp parallel for linear(lin: 1)
  for (int i = 0; i < 10; i++) lin += 1;
  printf("lin %d static %d\n", lin, count_static(77));
  #pragma omp parallel default(none) private(g) shared(sum)
  {
    g = 1;
    #pragma omp single
    sum += g;
  }
  printf("g %d sum %g\n", g, sum);
  return 0;
}
