/* Compound assignments whose operand converts the object's value (a float
 * element -= a double, a short /= a double) on an lvalue with side effects
 * (an index that calls a function): the object is found once. */
#include <stdio.h>
static int calls;
static int idx(void) { return calls++; }
int main(void) {
  float b[4] = {1, 2, 3, 4}; short s[3] = {10, 20, 30}; volatile double vd[2] = {1, 2};
  int v = 5;
  b[v / 2] -= 4.5;
  b[idx()] *= 2.5;
  s[idx()] /= 0.5;
  double r = (b[idx()] += 0.25);
  vd[idx() - 3] += 1.5f;
  printf("%g %g %g %g | %d %d %d | %g %g | %g calls %d\n", b[0], b[1], b[2], b[3], s[0], s[1], s[2], vd[0], vd[1], r, calls);
  return 0;
}
