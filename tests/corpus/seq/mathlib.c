/* Exercises math.h (linked with -lm): sqrt, pow, exp, log, log10, sin, cos,
 * tan, atan2, hypot, floor, ceil, round, trunc, fabs, fmod, fmin/fmax, and the
 * float variants sqrtf/fabsf.  Inputs come from a computation so calls are
 * made at run time; output is printed with a few decimals only. */
#include <math.h>
#include <stdio.h>

static double integrate_sin(int steps)
{
    /* trapezoidal rule for the integral of sin over [0, pi] = 2 */
    double a = 0.0, b = acos(-1.0);
    double h = (b - a) / steps;
    double s = 0.5 * (sin(a) + sin(b));
    for (int i = 1; i < steps; i++)
        s += sin(a + i * h);
    return s * h;
}

static double newton_sqrt(double x)
{
    double g = x > 1.0 ? x / 2.0 : 1.0;
    for (int i = 0; i < 60; i++)
        g = 0.5 * (g + x / g);
    return g;
}

int main(void)
{
    double xs[] = {0.5, 2.0, 10.0, 123.456};
    for (int i = 0; i < 4; i++) {
        double x = xs[i];
        printf("x=%.3f sqrt=%.6f exp=%.6f log=%.6f log10=%.6f pow(x,1.5)=%.6f\n", x, sqrt(x),
               exp(x / 10.0), log(x), log10(x), pow(x, 1.5));
    }
    double angle = 0.0;
    for (int k = 0; k < 4; k++) {
        angle += 0.4;
        printf("angle=%.1f sin=%.6f cos=%.6f tan=%.6f atan2=%.6f\n", angle, sin(angle),
               cos(angle), tan(angle), atan2(sin(angle), cos(angle)));
    }
    double v = -2.5;
    printf("floor=%.1f ceil=%.1f round=%.1f trunc=%.1f fabs=%.1f\n", floor(v), ceil(v), round(v),
           trunc(v), fabs(v));
    printf("fmod(10.5, 3)=%.2f hypot(3,4)=%.2f fmin=%.1f fmax=%.1f\n", fmod(10.5, 3.0),
           hypot(3.0, 4.0), fmin(v, 1.0), fmax(v, 1.0));
    float f = 2.0f;
    printf("sqrtf(2)=%.5f fabsf=%.2f\n", (double)sqrtf(f), (double)fabsf(-f));
    double integral = integrate_sin(1000);
    printf("integral of sin over [0,pi] = %.6f\n", integral);
    double ns = newton_sqrt(2.0);
    printf("newton_sqrt(2) = %.12f\n", ns);
    int ok = fabs(integral - 2.0) < 1e-5 && fabs(ns - sqrt(2.0)) < 1e-12 && isfinite(ns) &&
             isnan(sqrt(v)) && isinf(1.0 / (v - v));
    printf("%s\n", ok ? "mathlib: ok" : "mathlib: FAILED");
    return !ok;
}
