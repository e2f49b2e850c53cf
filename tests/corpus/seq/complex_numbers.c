/* _Complex arithmetic as gcc computes it: mixed real/complex operands (the
   real one is not converted, so signed zeros and infinities match), compound
   assignment, conversions, GNU imaginary constants (2.0i), __real__/__imag__
   (rvalues and lvalues, on real operands too), ~ (conjugate), struct
   members, parameters and results, and <complex.h>. */
#include <stdio.h>
#include <complex.h>
#include <math.h>
struct S { int k; double _Complex z; float _Complex f; };
static double _Complex twice(double _Complex z) { return 2 * z; }
int main(void) {
  double _Complex z = 1.0 + 2.0 * I;
  _Complex double w = CMPLX(3.0, -4.0);
  float _Complex f = 1.5f;
  long double _Complex l = z;
  volatile double two = 2.0;
  double _Complex m = CMPLX(1.0, -0.0);
  m *= two;
  double _Complex p = two * CMPLX(1.0, -0.0);
  printf("%g %g\n", creal(m), cimag(m));
  printf("%g %g\n", creal(p), cimag(p));
  z += w; z -= 1; z *= w; z /= 2.0;
  printf("%g %g\n", __real__ z, __imag__ z);
  __real__ z = 7; __imag__ z += 1.5;
  printf("%g %g %g\n", creal(z), cimag(z), cabs(w));
  double d = z; int i = w; _Bool b = CMPLX(0.0, 1.0);
  printf("%g %d %d %d %d\n", d, i, b, z == z, z != w);
  z = ~z; printf("%g %g\n", creal(z), cimag(z));
  z = -z; printf("%g %g\n", creal(z), cimag(z));
  struct S s = {1, CMPLX(0.5, 0.25), 2.0f};
  s.z = twice(s.z) + s.f;
  printf("%g %g %zu %zu %zu\n", creal(s.z), cimag(s.z), sizeof s, sizeof l, _Alignof(long double _Complex));
  double _Complex e = cexp(I * 3.14159265358979323846);
  printf("%.3f %.3f %.3f %.3f\n", creal(e), cimag(e), creal(csqrt(-4.0)), cimag(cpow(w, 2)));
  printf("%g %g\n", crealf(f), (double)cimagl(l));
  d += w; printf("%g\n", d);
  if (w) puts("nonzero");
  double *rp = &__real__ w; *rp = 9; printf("%g\n", creal(w));
  double complex c = 3 - 2 * I;
  float x = 2.5f;
  printf("%g %g %g\n", __real__ x, __imag__ x, (double)__real__ 7);
  printf("%g %g\n", creal(c / 2), cimag(c * x));
  double _Complex inf = CMPLX(1.0, INFINITY);
  double _Complex q = two * inf;
  printf("%g %g\n", creal(q), cimag(q));
  printf("%g %g %g\n", creal(conj(c)), cimag(cproj(c)), carg(CMPLX(0.0, 1.0)));
  double _Complex im = 1.5 - 2.0i + 0x1p1j;
  float _Complex imf = 2.5fi;
  long double _Complex iml = 1e1iL;
  printf("%g %g %g %g\n", creal(im), cimag(im), (double)cimagf(imf), (double)cimagl(iml));
  return 0;
}
