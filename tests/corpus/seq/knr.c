/* Exercises unprototyped declarations and K&R-style calls: functions declared
 * as `f()` (no parameter information) and called with arguments, old-style
 * (K&R) function definitions with separate parameter declarations, and the
 * default argument promotions applied at such calls (char/short to int,
 * float to double).  gcc -Wall accepts this code without warnings; it is
 * deliberately old-fashioned. */
#include <stdio.h>

int add3();          /* unprototyped declaration */
double average();    /* unprototyped, takes doubles after promotion */
long widen();
int apply();
static int twice();

/* old-style definitions */
int add3(a, b, c)
int a;
int b;
int c;
{
    return a + b + c;
}

double average(x, y)
double x, y;
{
    return (x + y) / 2.0;
}

long widen(small, count)
int small; /* a char argument arrives promoted to int */
long count;
{
    return (long)small * count;
}

int apply(fn, v)
int (*fn)();
int v;
{
    return fn(v);
}

static int twice(v)
int v;
{
    return v * 2;
}

int no_params() { return 11; } /* old-style definition with an empty list */

int main()
{
    char ch = 5;
    float f = 1.5f;
    int r1 = add3(1, 2, 3);
    double r2 = average(f, 2.5); /* float promoted to double */
    long r3 = widen(ch, 1000000000L);
    int r4 = apply(twice, 21);
    int r5 = no_params();
    printf("add3=%d average=%.2f widen=%ld apply=%d no_params=%d\n", r1, r2, r3, r4, r5);
    int ok = r1 == 6 && r2 == 2.0 && r3 == 5000000000L && r4 == 42 && r5 == 11;
    printf("%s\n", ok ? "knr: ok" : "knr: FAILED");
    return !ok;
}
