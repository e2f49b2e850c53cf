/* <tgmath.h>: each type-generic macro calls the float, double or long
   double function, or the complex one, after its generic arguments' types
   (an integer counts as double, several arguments count as their common
   type, complex if one is); the results' types and values show which. */
#include <stdio.h>
#include <tgmath.h>

#define TYPE(e) _Generic((e), float: "float", double: "double", \
    long double: "long double", float _Complex: "float complex", \
    double _Complex: "double complex", long double _Complex: "long double complex", \
    int: "int", long: "long", default: "other")
#define SHOW(e) printf("%-24s %2zu %s\n", #e, sizeof(e), TYPE(e))

enum colour { RED = 4 };

int main(void) {
  float f = 2.0f;
  const float cf = 4.0f;
  double d = 2.0;
  long double ld = 2.0L;
  int i = 2, q = 0;
  char c = 9;
  _Bool b = 1;
  unsigned long ul = 16;
  enum colour e = RED;
  float _Complex fz = 3.0f + 4.0f * I;
  double _Complex dz = 3.0 + 4.0 * I;
  long double _Complex lz = 3.0L + 4.0L * I;

  /* real and complex, one argument */
  SHOW(sqrt(1.0f)); SHOW(sqrt(i)); SHOW(sqrt(d)); SHOW(sqrt(ld)); SHOW(sqrt(cf));
  SHOW(sqrt(c)); SHOW(sqrt(b)); SHOW(sqrt(ul)); SHOW(sqrt(e));
  SHOW(sqrt(fz)); SHOW(sqrt(dz)); SHOW(sqrt(lz));
  SHOW(exp(f)); SHOW(log(lz)); SHOW(sin(i)); SHOW(cosh(fz)); SHOW(atan(ld));
  SHOW(fabs(f)); SHOW(fabs(-3)); SHOW(fabs(fz)); SHOW(fabs(lz));
  /* pow: two generic arguments, real or complex */
  SHOW(pow(2, 0.5f)); SHOW(pow(f, f)); SHOW(pow(f, 2)); SHOW(pow(f, ld));
  SHOW(pow(f, dz)); SHOW(pow(fz, f)); SHOW(pow(fz, ld));
  /* real only */
  SHOW(fmax(1.0f, 2.0L)); SHOW(fmax(1.0f, 2)); SHOW(fmin(cf, c)); SHOW(atan2(f, f));
  SHOW(atan2(f, 1)); SHOW(fma(f, f, f)); SHOW(fma(f, i, f)); SHOW(fma(f, f, ld));
  SHOW(hypot(f, d)); SHOW(fmod(ld, 3)); SHOW(copysign(f, -1.0f)); SHOW(scalb(f, f));
  SHOW(frexp(f, &q)); SHOW(ldexp(ld, 3)); SHOW(scalbn(f, 2)); SHOW(scalbln(ld, 2L));
  SHOW(nexttoward(f, 1.0L)); SHOW(remquo(f, 2.0f, &q)); SHOW(remquo(f, 2, &q));
  SHOW(lrint(f)); SHOW(lround(ld)); SHOW(ilogb(f)); SHOW(log10(f)); SHOW(cbrt(ld));
  SHOW(floor(f)); SHOW(trunc(i)); SHOW(erf(f)); SHOW(tgamma(ld)); SHOW(nextafter(f, 0));
  /* complex only: a real argument is taken as complex */
  SHOW(carg(f)); SHOW(carg(dz)); SHOW(creal(lz)); SHOW(creal(3)); SHOW(cimag(fz));
  SHOW(conj(f)); SHOW(conj(lz)); SHOW(cproj(i));
  /* nested */
  SHOW(sqrt(sqrt(sqrt(f)))); SHOW(pow(sqrt(f), fabs(fz)));

  printf("%.6f %.6f %.6Lf %.6f %.6f\n", sqrt(2.0f), pow(2, 0.5f), fmax(1.0f, 2.0L),
         fabs(fz), creal(sqrt(dz)));
  printf("%.6f %.6f %.6f %ld\n", cimag(sqrt(fz)), creal(pow(fz, 2)), cimag(pow(fz, 2)),
         lrint(2.5f));
  double rq = remquo(7.0f, 2, &q);
  printf("%.3f %.3f %.3f %d\n", sqrt(ul), sqrt(cf), rq, q);
  printf("%.6f %.6Lf %.6f\n", atan2(1, 1), carg(lz), cimag(conj(fz)));
  return 0;
}
