/* <tgmath.h> for x86-64 Linux (glibc): the type-generic math macros of
   C11 7.25, written with _Generic.

   Each macro picks the float, double or long double function (or its
   complex counterpart) after the type of its generic arguments: an integer
   argument counts as double, several generic arguments count as the type
   of their usual arithmetic conversion, complex if any of them is.  The
   choice happens in the frontend, so the emitted C calls sqrtf, csqrtl, ...
   by name.  The macros' names are those of the double functions: inside a
   replacement list a name not followed by '(' is not expanded again, so
   the double function is called.  */
#ifndef _TGMATH_H
#define _TGMATH_H 1

#include <math.h>
#include <complex.h>

/* An unevaluated expression of the type the argument x stands for in the
   choice: its own floating (or complex) type, double for any other.  */
#define __inspire_tg_kind(x)                                                \
    _Generic((x), float: 0.0f, long double: 0.0L,                          \
             float _Complex: (float _Complex)0,                            \
             double _Complex: (double _Complex)0,                          \
             long double _Complex: (long double _Complex)0, default: 0.0)

/* The common type of two and of three generic arguments.  */
#define __inspire_tg_kind2(x, y) (__inspire_tg_kind(x) + __inspire_tg_kind(y))
#define __inspire_tg_kind3(x, y, z)                                         \
    (__inspire_tg_kind(x) + __inspire_tg_kind(y) + __inspire_tg_kind(z))

/* The real function named fn for type t (fn##f, fn or fn##l).  */
#define __inspire_tg_real(t, fn) _Generic((t), float: fn##f, long double: fn##l, default: fn)

/* The real function fn, or the complex function cfn, for type t.  */
#define __inspire_tg_both(t, fn, cfn)                                       \
    _Generic((t), float: fn##f, long double: fn##l, float _Complex: cfn##f, \
             double _Complex: cfn, long double _Complex: cfn##l, default: fn)

/* The complex function cfn for type t, real or complex.  */
#define __inspire_tg_cplx(t, cfn)                                           \
    _Generic((t), float: cfn##f, float _Complex: cfn##f, long double: cfn##l, \
             long double _Complex: cfn##l, default: cfn)

/* Functions of one generic argument.  */
#define __inspire_tg_r1(f, x) __inspire_tg_real((x), f)(x)
#define __inspire_tg_rc1(f, c, x) __inspire_tg_both((x), f, c)(x)
#define __inspire_tg_c1(c, x) __inspire_tg_cplx((x), c)(x)
/* A generic first argument followed by others of fixed type.  */
#define __inspire_tg_r1x(f, x, ...) __inspire_tg_real((x), f)((x), __VA_ARGS__)
/* Two and three generic arguments.  */
#define __inspire_tg_r2(f, x, y) __inspire_tg_real(__inspire_tg_kind2(x, y), f)((x), (y))
#define __inspire_tg_rc2(f, c, x, y)                                        \
    __inspire_tg_both(__inspire_tg_kind2(x, y), f, c)((x), (y))
#define __inspire_tg_r3(f, x, y, z)                                         \
    __inspire_tg_real(__inspire_tg_kind3(x, y, z), f)((x), (y), (z))

/* Real and complex: the complex function has the c prefix.  */
#define acos(x) __inspire_tg_rc1(acos, cacos, x)
#define asin(x) __inspire_tg_rc1(asin, casin, x)
#define atan(x) __inspire_tg_rc1(atan, catan, x)
#define acosh(x) __inspire_tg_rc1(acosh, cacosh, x)
#define asinh(x) __inspire_tg_rc1(asinh, casinh, x)
#define atanh(x) __inspire_tg_rc1(atanh, catanh, x)
#define cos(x) __inspire_tg_rc1(cos, ccos, x)
#define sin(x) __inspire_tg_rc1(sin, csin, x)
#define tan(x) __inspire_tg_rc1(tan, ctan, x)
#define cosh(x) __inspire_tg_rc1(cosh, ccosh, x)
#define sinh(x) __inspire_tg_rc1(sinh, csinh, x)
#define tanh(x) __inspire_tg_rc1(tanh, ctanh, x)
#define exp(x) __inspire_tg_rc1(exp, cexp, x)
#define log(x) __inspire_tg_rc1(log, clog, x)
#define sqrt(x) __inspire_tg_rc1(sqrt, csqrt, x)
#define pow(x, y) __inspire_tg_rc2(pow, cpow, x, y)
/* The absolute value of a complex number is real: cabs.  */
#define fabs(x) __inspire_tg_rc1(fabs, cabs, x)

/* Real only.  */
#define atan2(y, x) __inspire_tg_r2(atan2, y, x)
#define cbrt(x) __inspire_tg_r1(cbrt, x)
#define ceil(x) __inspire_tg_r1(ceil, x)
#define copysign(x, y) __inspire_tg_r2(copysign, x, y)
#define erf(x) __inspire_tg_r1(erf, x)
#define erfc(x) __inspire_tg_r1(erfc, x)
#define exp2(x) __inspire_tg_r1(exp2, x)
#define expm1(x) __inspire_tg_r1(expm1, x)
#define fdim(x, y) __inspire_tg_r2(fdim, x, y)
#define floor(x) __inspire_tg_r1(floor, x)
#define fma(x, y, z) __inspire_tg_r3(fma, x, y, z)
#define fmax(x, y) __inspire_tg_r2(fmax, x, y)
#define fmin(x, y) __inspire_tg_r2(fmin, x, y)
#define fmod(x, y) __inspire_tg_r2(fmod, x, y)
#define frexp(x, e) __inspire_tg_r1x(frexp, x, e)
#define hypot(x, y) __inspire_tg_r2(hypot, x, y)
#define ilogb(x) __inspire_tg_r1(ilogb, x)
#define ldexp(x, e) __inspire_tg_r1x(ldexp, x, e)
#define lgamma(x) __inspire_tg_r1(lgamma, x)
#define llrint(x) __inspire_tg_r1(llrint, x)
#define llround(x) __inspire_tg_r1(llround, x)
#define log1p(x) __inspire_tg_r1(log1p, x)
#define log2(x) __inspire_tg_r1(log2, x)
#define logb(x) __inspire_tg_r1(logb, x)
#define lrint(x) __inspire_tg_r1(lrint, x)
#define lround(x) __inspire_tg_r1(lround, x)
#define nearbyint(x) __inspire_tg_r1(nearbyint, x)
#define nextafter(x, y) __inspire_tg_r2(nextafter, x, y)
/* The second argument is always long double.  */
#define nexttoward(x, y) __inspire_tg_r1x(nexttoward, x, y)
#define remainder(x, y) __inspire_tg_r2(remainder, x, y)
#define remquo(x, y, q) __inspire_tg_real(__inspire_tg_kind2(x, y), remquo)((x), (y), (q))
#define rint(x) __inspire_tg_r1(rint, x)
#define round(x) __inspire_tg_r1(round, x)
#define scalbn(x, n) __inspire_tg_r1x(scalbn, x, n)
#define scalbln(x, n) __inspire_tg_r1x(scalbln, x, n)
#define tgamma(x) __inspire_tg_r1(tgamma, x)
#define trunc(x) __inspire_tg_r1(trunc, x)
/* Both arguments are generic (an X/Open function).  */
#define scalb(x, n) __inspire_tg_r2(scalb, x, n)

/* Complex only; a real argument is taken as a complex one.  */
#define carg(x) __inspire_tg_c1(carg, x)
#define cimag(x) __inspire_tg_c1(cimag, x)
#define conj(x) __inspire_tg_c1(conj, x)
#define cproj(x) __inspire_tg_c1(cproj, x)
#define creal(x) __inspire_tg_c1(creal, x)

#ifdef _GNU_SOURCE
/* The GNU complex base-10 logarithm; without _GNU_SOURCE, log10 is real
   only.  */
#define log10(x) __inspire_tg_rc1(log10, clog10, x)
#define exp10(x) __inspire_tg_r1(exp10, x)
#define nextdown(x) __inspire_tg_r1(nextdown, x)
#define nextup(x) __inspire_tg_r1(nextup, x)
#define roundeven(x) __inspire_tg_r1(roundeven, x)
#define llogb(x) __inspire_tg_r1(llogb, x)
#define fromfp(x, round, width) __inspire_tg_r1x(fromfp, x, round, width)
#define ufromfp(x, round, width) __inspire_tg_r1x(ufromfp, x, round, width)
#define fromfpx(x, round, width) __inspire_tg_r1x(fromfpx, x, round, width)
#define ufromfpx(x, round, width) __inspire_tg_r1x(ufromfpx, x, round, width)
#define fmaxmag(x, y) __inspire_tg_r2(fmaxmag, x, y)
#define fminmag(x, y) __inspire_tg_r2(fminmag, x, y)
#define fmaximum(x, y) __inspire_tg_r2(fmaximum, x, y)
#define fminimum(x, y) __inspire_tg_r2(fminimum, x, y)
#define fmaximum_num(x, y) __inspire_tg_r2(fmaximum_num, x, y)
#define fminimum_num(x, y) __inspire_tg_r2(fminimum_num, x, y)
#define fmaximum_mag(x, y) __inspire_tg_r2(fmaximum_mag, x, y)
#define fminimum_mag(x, y) __inspire_tg_r2(fminimum_mag, x, y)
#define fmaximum_mag_num(x, y) __inspire_tg_r2(fmaximum_mag_num, x, y)
#define fminimum_mag_num(x, y) __inspire_tg_r2(fminimum_mag_num, x, y)

/* Narrowing operations: fadd ... round to float, from double or (for
   long double arguments) from long double; dadd ... to double, from long
   double only.  */
#define __inspire_tg_narrow(t, fn) _Generic((t), long double: fn##l, default: fn)
#define fadd(x, y) __inspire_tg_narrow(__inspire_tg_kind2(x, y), fadd)((x), (y))
#define fsub(x, y) __inspire_tg_narrow(__inspire_tg_kind2(x, y), fsub)((x), (y))
#define fmul(x, y) __inspire_tg_narrow(__inspire_tg_kind2(x, y), fmul)((x), (y))
#define fdiv(x, y) __inspire_tg_narrow(__inspire_tg_kind2(x, y), fdiv)((x), (y))
#define fsqrt(x) __inspire_tg_narrow(__inspire_tg_kind(x), fsqrt)(x)
#define ffma(x, y, z) __inspire_tg_narrow(__inspire_tg_kind3(x, y, z), ffma)((x), (y), (z))
#define dadd(x, y) (daddl((x), (y)))
#define dsub(x, y) (dsubl((x), (y)))
#define dmul(x, y) (dmull((x), (y)))
#define ddiv(x, y) (ddivl((x), (y)))
#define dsqrt(x) (dsqrtl(x))
#define dfma(x, y, z) (dfmal((x), (y), (z)))
#else
#define log10(x) __inspire_tg_r1(log10, x)
#endif

#endif /* _TGMATH_H */

/* Outside the include guard on purpose: the preprocessor then reads this
   file again on every #include, so each inclusion appears in its output.  */
#undef __inspire_reread
