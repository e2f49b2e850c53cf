/* Complex numbers: mixed real/complex operators, __real__/__imag__ lvalues, ~, a task. */
#include <stdio.h>
struct pair { double _Complex z; float _Complex f; };
static double _Complex scale(double _Complex z, double k) { return k * z + z / k - 1.0; }
int main(void) {
  struct pair p = { __builtin_complex(1.0, 2.0), 3.0f };
  double _Complex z = p.z;
  double _Complex r;
#pragma omp task shared(r) firstprivate(z)
  r = scale(z, 2.0);
#pragma omp taskwait
  __real__ z = __imag__ r;
  z *= 3.0;
  z = ~z + p.f;
  printf("%g %g %d\n", __real__ z, (double)__imag__ z, z == r);
  return 0;
}
