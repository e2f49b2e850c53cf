/* Globals in the data clauses of teams, sections, scope, distribute and simd
   constructs, and global structs and arrays copied whole. */
#include <stdio.h>
int g = 1, h = 2, s = 0, t = 0, arr[4];
struct P { int a, b; } pt = {1, 2};
int main(void) {
  #pragma omp teams num_teams(2) private(g) reduction(+: s)
  { g = 10; s += g; }
  printf("teams %d %d\n", g, s);
  #pragma omp parallel
  {
    #pragma omp sections firstprivate(h) lastprivate(t)
    {
      #pragma omp section
      { t = h + 1; }
      #pragma omp section
      { t = h + 2; }
    }
    #pragma omp scope private(g) reduction(+: s)
    { g = 5; s += 1; }
  }
  printf("sections %d %d %d %d\n", h, t, g, s > 20);
  s = 0;
  #pragma omp parallel firstprivate(pt, arr)
  { pt.a += 1; arr[0] += 1; }
  #pragma omp parallel for reduction(+: arr[1:2]) private(pt)
  for (int i = 0; i < 10; i++) { pt.a = i; arr[1 + i % 2] += pt.a; }
  printf("struct %d %d %d %d %d\n", pt.a, pt.b, arr[0], arr[1], arr[2]);
  #pragma omp teams distribute firstprivate(h) lastprivate(t)
  for (int i = 0; i < 8; i++) t = i + h;
  printf("distribute %d %d\n", h, t);
  #pragma omp parallel for simd reduction(+: s) linear(g: 1)
  for (int i = 0; i < 8; i++) { s += g; g++; }
  printf("simd %d %d\n", s, g);
  return 0;
}
