/* <math.h> for x86-64 Linux (glibc).

   The classification and comparison macros expand, as with glibc and GCC,
   to compiler builtins; those are declared in <bits/inspire_builtins.h>
   (without a prototype when they are type-generic) so that their calls
   look like ordinary calls.  */
#ifndef _MATH_H
#define _MATH_H 1

typedef float float_t;
typedef double double_t;

#define HUGE_VAL (__builtin_huge_val())
#define HUGE_VALF (__builtin_huge_valf())
#define HUGE_VALL (__builtin_huge_vall())
#define INFINITY (__builtin_inff())
#define NAN (__builtin_nanf(""))

#define FP_NAN 0
#define FP_INFINITE 1
#define FP_ZERO 2
#define FP_SUBNORMAL 3
#define FP_NORMAL 4
#define FP_ILOGB0 (-2147483647 - 1)
#define FP_ILOGBNAN (-2147483647 - 1)
#define MATH_ERRNO 1
#define MATH_ERREXCEPT 2
#define math_errhandling (MATH_ERRNO | MATH_ERREXCEPT)

/* The classification functions under the macros' names (and their float
   and long double forms), declared before the macros hide them.  */
int isinf(double value);
int isinff(float value);
int isinfl(long double value);
int isnan(double value);
int isnanf(float value);
int isnanl(long double value);
int finite(double value);
int finitef(float value);
int finitel(long double value);

#define fpclassify(x) \
    __builtin_fpclassify(FP_NAN, FP_INFINITE, FP_NORMAL, FP_SUBNORMAL, FP_ZERO, x)
#define isfinite(x) __builtin_isfinite(x)
#define isinf(x) __builtin_isinf_sign(x)
#define isnan(x) __builtin_isnan(x)
#define isnormal(x) __builtin_isnormal(x)
#define signbit(x) __builtin_signbit(x)
#define isgreater(x, y) __builtin_isgreater(x, y)
#define isgreaterequal(x, y) __builtin_isgreaterequal(x, y)
#define isless(x, y) __builtin_isless(x, y)
#define islessequal(x, y) __builtin_islessequal(x, y)
#define islessgreater(x, y) __builtin_islessgreater(x, y)
#define isunordered(x, y) __builtin_isunordered(x, y)

#define M_E 2.7182818284590452354
#define M_LOG2E 1.4426950408889634074
#define M_LOG10E 0.43429448190325182765
#define M_LN2 0.69314718055994530942
#define M_LN10 2.30258509299404568402
#define M_PI 3.14159265358979323846
#define M_PI_2 1.57079632679489661923
#define M_PI_4 0.78539816339744830962
#define M_1_PI 0.31830988618379067154
#define M_2_PI 0.63661977236758134308
#define M_2_SQRTPI 1.12837916709551257390
#define M_SQRT2 1.41421356237309504880
#define M_SQRT1_2 0.70710678118654752440

extern int signgam;

double acos(double x);
double asin(double x);
double atan(double x);
double atan2(double y, double x);
double cos(double x);
double sin(double x);
double tan(double x);
double cosh(double x);
double sinh(double x);
double tanh(double x);
double acosh(double x);
double asinh(double x);
double atanh(double x);
double exp(double x);
double exp2(double x);
double expm1(double x);
double frexp(double x, int *exponent);
double ldexp(double x, int exponent);
double log(double x);
double log10(double x);
double log1p(double x);
double log2(double x);
double logb(double x);
double modf(double x, double *iptr);
double scalbn(double x, int n);
double scalbln(double x, long n);
int ilogb(double x);
double cbrt(double x);
double fabs(double x);
double hypot(double x, double y);
double pow(double x, double y);
double sqrt(double x);
double erf(double x);
double erfc(double x);
double lgamma(double x);
double tgamma(double x);
double ceil(double x);
double floor(double x);
double nearbyint(double x);
double rint(double x);
long lrint(double x);
long long llrint(double x);
double round(double x);
long lround(double x);
long long llround(double x);
double trunc(double x);
double fmod(double x, double y);
double remainder(double x, double y);
double remquo(double x, double y, int *quo);
double copysign(double x, double y);
double nan(const char *tagp);
double nextafter(double x, double y);
double nexttoward(double x, long double y);
double fdim(double x, double y);
double fmax(double x, double y);
double fmin(double x, double y);
double fma(double x, double y, double z);
double j0(double x);
double j1(double x);
double jn(int n, double x);
double y0(double x);
double y1(double x);
double yn(int n, double x);

float acosf(float x);
float asinf(float x);
float atanf(float x);
float atan2f(float y, float x);
float cosf(float x);
float sinf(float x);
float tanf(float x);
float coshf(float x);
float sinhf(float x);
float tanhf(float x);
float acoshf(float x);
float asinhf(float x);
float atanhf(float x);
float expf(float x);
float exp2f(float x);
float expm1f(float x);
float frexpf(float x, int *exponent);
float ldexpf(float x, int exponent);
float logf(float x);
float log10f(float x);
float log1pf(float x);
float log2f(float x);
float logbf(float x);
float modff(float x, float *iptr);
float scalbnf(float x, int n);
float scalblnf(float x, long n);
int ilogbf(float x);
float cbrtf(float x);
float fabsf(float x);
float hypotf(float x, float y);
float powf(float x, float y);
float sqrtf(float x);
float erff(float x);
float erfcf(float x);
float lgammaf(float x);
float tgammaf(float x);
float ceilf(float x);
float floorf(float x);
float nearbyintf(float x);
float rintf(float x);
long lrintf(float x);
long long llrintf(float x);
float roundf(float x);
long lroundf(float x);
long long llroundf(float x);
float truncf(float x);
float fmodf(float x, float y);
float remainderf(float x, float y);
float remquof(float x, float y, int *quo);
float copysignf(float x, float y);
float nanf(const char *tagp);
float nextafterf(float x, float y);
float nexttowardf(float x, long double y);
float fdimf(float x, float y);
float fmaxf(float x, float y);
float fminf(float x, float y);
float fmaf(float x, float y, float z);
float j0f(float x);
float j1f(float x);
float jnf(int n, float x);
float y0f(float x);
float y1f(float x);
float ynf(int n, float x);

long double acosl(long double x);
long double asinl(long double x);
long double atanl(long double x);
long double atan2l(long double y, long double x);
long double cosl(long double x);
long double sinl(long double x);
long double tanl(long double x);
long double coshl(long double x);
long double sinhl(long double x);
long double tanhl(long double x);
long double acoshl(long double x);
long double asinhl(long double x);
long double atanhl(long double x);
long double expl(long double x);
long double exp2l(long double x);
long double expm1l(long double x);
long double frexpl(long double x, int *exponent);
long double ldexpl(long double x, int exponent);
long double logl(long double x);
long double log10l(long double x);
long double log1pl(long double x);
long double log2l(long double x);
long double logbl(long double x);
long double modfl(long double x, long double *iptr);
long double scalbnl(long double x, int n);
long double scalblnl(long double x, long n);
int ilogbl(long double x);
long double cbrtl(long double x);
long double fabsl(long double x);
long double hypotl(long double x, long double y);
long double powl(long double x, long double y);
long double sqrtl(long double x);
long double erfl(long double x);
long double erfcl(long double x);
long double lgammal(long double x);
long double tgammal(long double x);
long double ceill(long double x);
long double floorl(long double x);
long double nearbyintl(long double x);
long double rintl(long double x);
long lrintl(long double x);
long long llrintl(long double x);
long double roundl(long double x);
long lroundl(long double x);
long long llroundl(long double x);
long double truncl(long double x);
long double fmodl(long double x, long double y);
long double remainderl(long double x, long double y);
long double remquol(long double x, long double y, int *quo);
long double copysignl(long double x, long double y);
long double nanl(const char *tagp);
long double nextafterl(long double x, long double y);
long double nexttowardl(long double x, long double y);
long double fdiml(long double x, long double y);
long double fmaxl(long double x, long double y);
long double fminl(long double x, long double y);
long double fmal(long double x, long double y, long double z);
long double j0l(long double x);
long double j1l(long double x);
long double jnl(int n, long double x);
long double y0l(long double x);
long double y1l(long double x);
long double ynl(int n, long double x);

double drem(double x, double y);
float dremf(float x, float y);
long double dreml(long double x, long double y);
double gamma(double x);
float gammaf(float x);
long double gammal(long double x);
double lgamma_r(double x, int *signgamp);
float lgammaf_r(float x, int *signgamp);
long double lgammal_r(long double x, int *signgamp);
double scalb(double x, double n);
float scalbf(float x, float n);
long double scalbl(long double x, long double n);
double significand(double x);
float significandf(float x);
long double significandl(long double x);

#if defined _GNU_SOURCE || defined _XOPEN_SOURCE
/* X/Open's name for the largest float.  */
#define MAXFLOAT 3.40282347e+38F
#endif

#ifdef _GNU_SOURCE
/* The rounding directions of fromfp and its variants.  */
enum {
    FP_INT_UPWARD = 0,
    FP_INT_DOWNWARD = 1,
    FP_INT_TOWARDZERO = 2,
    FP_INT_TONEARESTFROMZERO = 3,
    FP_INT_TONEAREST = 4
};
#define FP_INT_UPWARD 0
#define FP_INT_DOWNWARD 1
#define FP_INT_TOWARDZERO 2
#define FP_INT_TONEARESTFROMZERO 3
#define FP_INT_TONEAREST 4

/* The constants M_E ... M_SQRT1_2 as float and as long double constants.  */
#define M_Ef 2.7182818284590452354f
#define M_LOG2Ef 1.4426950408889634074f
#define M_LOG10Ef 0.43429448190325182765f
#define M_LN2f 0.69314718055994530942f
#define M_LN10f 2.30258509299404568402f
#define M_PIf 3.14159265358979323846f
#define M_PI_2f 1.57079632679489661923f
#define M_PI_4f 0.78539816339744830962f
#define M_1_PIf 0.31830988618379067154f
#define M_2_PIf 0.63661977236758134308f
#define M_2_SQRTPIf 1.12837916709551257390f
#define M_SQRT2f 1.41421356237309504880f
#define M_SQRT1_2f 0.70710678118654752440f
#define M_El 2.718281828459045235360287471352662498L
#define M_LOG2El 1.442695040888963407359924681001892137L
#define M_LOG10El 0.434294481903251827651128918916605082L
#define M_LN2l 0.693147180559945309417232121458176568L
#define M_LN10l 2.302585092994045684017991454684364208L
#define M_PIl 3.141592653589793238462643383279502884L
#define M_PI_2l 1.570796326794896619231321691639751442L
#define M_PI_4l 0.785398163397448309615660845819875721L
#define M_1_PIl 0.318309886183790671537767526745028724L
#define M_2_PIl 0.636619772367581343075535053490057448L
#define M_2_SQRTPIl 1.128379167095512573896158903121545172L
#define M_SQRT2l 1.414213562373095048801688724209698079L
#define M_SQRT1_2l 0.707106781186547524400844362104849039L

/* Signalling NaNs, and the zero and subnormal tests.  */
float __builtin_nansf(const char *tagp);
double __builtin_nans(const char *tagp);
long double __builtin_nansl(const char *tagp);
#define SNANF (__builtin_nansf(""))
#define SNAN (__builtin_nans(""))
#define SNANL (__builtin_nansl(""))
#define iszero(x) ((x) == 0)
#define issubnormal(x) (fpclassify(x) == FP_SUBNORMAL)

/* What llogb returns for zero and for a NaN.  */
#define FP_LLOGB0 (-0x7fffffffffffffffL - 1)
#define FP_LLOGBNAN (-0x7fffffffffffffffL - 1)

double exp10(double x);
float exp10f(float x);
long double exp10l(long double x);
void sincos(double x, double *sinx, double *cosx);
void sincosf(float x, float *sinx, float *cosx);
void sincosl(long double x, long double *sinx, long double *cosx);
double nextup(double x);
float nextupf(float x);
long double nextupl(long double x);
double nextdown(double x);
float nextdownf(float x);
long double nextdownl(long double x);
long llogb(double x);
long llogbf(float x);
long llogbl(long double x);
double roundeven(double x);
float roundevenf(float x);
long double roundevenl(long double x);
long fromfp(double x, int round, unsigned int width);
long fromfpf(float x, int round, unsigned int width);
long fromfpl(long double x, int round, unsigned int width);
unsigned long ufromfp(double x, int round, unsigned int width);
unsigned long ufromfpf(float x, int round, unsigned int width);
unsigned long ufromfpl(long double x, int round, unsigned int width);
long fromfpx(double x, int round, unsigned int width);
long fromfpxf(float x, int round, unsigned int width);
long fromfpxl(long double x, int round, unsigned int width);
unsigned long ufromfpx(double x, int round, unsigned int width);
unsigned long ufromfpxf(float x, int round, unsigned int width);
unsigned long ufromfpxl(long double x, int round, unsigned int width);
int canonicalize(double *cx, const double *x);
int canonicalizef(float *cx, const float *x);
int canonicalizel(long double *cx, const long double *x);
double fmaxmag(double x, double y);
float fmaxmagf(float x, float y);
long double fmaxmagl(long double x, long double y);
double fminmag(double x, double y);
float fminmagf(float x, float y);
long double fminmagl(long double x, long double y);
double fmaximum(double x, double y);
float fmaximumf(float x, float y);
long double fmaximuml(long double x, long double y);
double fminimum(double x, double y);
float fminimumf(float x, float y);
long double fminimuml(long double x, long double y);
double fmaximum_num(double x, double y);
float fmaximum_numf(float x, float y);
long double fmaximum_numl(long double x, long double y);
double fminimum_num(double x, double y);
float fminimum_numf(float x, float y);
long double fminimum_numl(long double x, long double y);
double fmaximum_mag(double x, double y);
float fmaximum_magf(float x, float y);
long double fmaximum_magl(long double x, long double y);
double fminimum_mag(double x, double y);
float fminimum_magf(float x, float y);
long double fminimum_magl(long double x, long double y);
double fmaximum_mag_num(double x, double y);
float fmaximum_mag_numf(float x, float y);
long double fmaximum_mag_numl(long double x, long double y);
double fminimum_mag_num(double x, double y);
float fminimum_mag_numf(float x, float y);
long double fminimum_mag_numl(long double x, long double y);
int totalorder(const double *x, const double *y);
int totalorderf(const float *x, const float *y);
int totalorderl(const long double *x, const long double *y);
int totalordermag(const double *x, const double *y);
int totalordermagf(const float *x, const float *y);
int totalordermagl(const long double *x, const long double *y);
double getpayload(const double *x);
float getpayloadf(const float *x);
long double getpayloadl(const long double *x);
int setpayload(double *x, double payload);
int setpayloadf(float *x, float payload);
int setpayloadl(long double *x, long double payload);
int setpayloadsig(double *x, double payload);
int setpayloadsigf(float *x, float payload);
int setpayloadsigl(long double *x, long double payload);

/* Operations rounded once to a narrower type: f... to float, d... to
   double.  */
float fadd(double x, double y);
float faddl(long double x, long double y);
float fsub(double x, double y);
float fsubl(long double x, long double y);
float fmul(double x, double y);
float fmull(long double x, long double y);
float fdiv(double x, double y);
float fdivl(long double x, long double y);
float ffma(double x, double y, double z);
float ffmal(long double x, long double y, long double z);
float fsqrt(double x);
float fsqrtl(long double x);
double daddl(long double x, long double y);
double dsubl(long double x, long double y);
double dmull(long double x, long double y);
double ddivl(long double x, long double y);
double dfmal(long double x, long double y, long double z);
double dsqrtl(long double x);
#endif

#endif /* _MATH_H */

/* Outside the include guard on purpose: the preprocessor then reads this
   file again on every #include, so each inclusion appears in its output.  */
#undef __inspire_reread
