/* Exercises integer and floating types, the usual arithmetic conversions,
 * signed/unsigned corner cases, integer promotions, casts between integer and
 * floating types, shifts, and division/modulo rounding toward zero. */
#include <limits.h>
#include <stdint.h>
#include <stdio.h>

static int failures = 0;

static void check(int cond, const char *what)
{
    if (!cond) {
        printf("FAIL: %s\n", what);
        failures++;
    }
}

int main(void)
{
    /* signed vs unsigned comparisons: -1 converts to UINT_MAX */
    int minus_one = -1;
    unsigned int zero_u = 0u;
    check(!(minus_one < zero_u), "-1 < 0u is false after conversion");
    check((unsigned int)minus_one == UINT_MAX, "(unsigned)-1 == UINT_MAX");
    /* but long is wider than unsigned int on LP64: comparison is signed */
    long minus_one_l = -1L;
    check(minus_one_l < zero_u, "-1L < 0u is true on LP64");
    check(-1 < (unsigned char)0, "unsigned char promotes to int");
    check(-1 < (unsigned short)0, "unsigned short promotes to int");

    /* unsigned wrap-around */
    unsigned int u = 0u;
    u = u - 1u;
    printf("0u - 1u = %u\n", u);
    unsigned char uc = 250;
    uc = (unsigned char)(uc + 10);
    printf("(unsigned char)(250 + 10) = %d\n", uc);
    unsigned short us = 65535;
    us++;
    printf("65535 ushort ++ = %d\n", us);

    /* integer promotion of char arithmetic */
    signed char sc = 100;
    int promoted = sc + sc;
    printf("100 + 100 (signed char operands) = %d\n", promoted);
    printf("sizeof(sc + sc) = %zu\n", sizeof(sc + sc));
    printf("sizeof('a') = %zu\n", sizeof('a'));

    /* sizes of types on LP64 */
    printf("sizes: char=%zu short=%zu int=%zu long=%zu llong=%zu float=%zu double=%zu ptr=%zu\n",
           sizeof(char), sizeof(short), sizeof(int), sizeof(long), sizeof(long long),
           sizeof(float), sizeof(double), sizeof(void *));

    /* division and modulo truncate toward zero */
    printf("7/2=%d -7/2=%d 7/-2=%d -7/-2=%d\n", 7 / 2, -7 / 2, 7 / -2, -7 / -2);
    printf("7%%2=%d -7%%2=%d 7%%-2=%d -7%%-2=%d\n", 7 % 2, -7 % 2, 7 % -2, -7 % -2);
    int a = -7, b = 2;
    check((a / b) * b + a % b == a, "(a/b)*b + a%b == a");

    /* unsigned division differs from signed */
    unsigned int big = (unsigned int)-8;
    printf("(unsigned)-8 / 2 = %u\n", big / 2u);
    printf("-8 / 2 = %d\n", -8 / 2);

    /* shifts */
    unsigned int bits = 0x80000000u;
    printf("0x80000000u >> 31 = %u\n", bits >> 31);
    int neg = -16;
    printf("-16 >> 2 = %d\n", neg >> 2); /* arithmetic shift with gcc */
    printf("1 << 10 = %d, 1UL << 40 = %lu\n", 1 << 10, 1UL << 40);

    /* mixing int and double / float */
    int i3 = 3;
    double d = i3 / 2;      /* integer division first */
    double d2 = i3 / 2.0;   /* converted to double */
    float f = 1.0f / 3.0f;
    printf("3/2 -> %.2f, 3/2.0 -> %.2f, 1f/3f -> %.6f\n", d, d2, (double)f);
    check(sizeof(i3 * 1.0f) == sizeof(float), "int * float is float");
    check(sizeof(i3 * 1.0) == sizeof(double), "int * double is double");
    check(sizeof(1L + 1u) == sizeof(long), "long + unsigned is long on LP64");
    check(sizeof(1 + 1u) == sizeof(unsigned int), "int + unsigned is unsigned");

    /* float -> int truncates toward zero */
    double dv = -2.75;
    int iv = (int)dv;
    printf("(int)-2.75 = %d, (int)2.75 = %d\n", iv, (int)2.75);
    long long ll = (long long)1e15;
    printf("(long long)1e15 = %lld\n", ll);

    /* 64-bit arithmetic and fixed width types */
    int64_t big64 = INT64_C(1) << 62;
    uint64_t ubig = UINT64_MAX;
    printf("2^62 = %lld, UINT64_MAX = %llu\n", (long long)big64, (unsigned long long)ubig);
    uint32_t h = 2166136261u;
    const char *s = "inspire";
    for (; *s; s++) {
        h ^= (uint8_t)*s;
        h *= 16777619u; /* wraps modulo 2^32 */
    }
    printf("fnv1a(\"inspire\") = %u\n", h);

    /* limits */
    printf("INT_MAX=%d INT_MIN=%d CHAR_BIT=%d\n", INT_MAX, INT_MIN, CHAR_BIT);
    long lmax = LONG_MAX;
    printf("LONG_MAX=%ld\n", lmax);

    /* conversions of negative values to unsigned of different widths */
    short sneg = -2;
    unsigned long ul = (unsigned long)sneg;
    printf("(unsigned long)(short)-2 = %lu\n", ul);
    unsigned short us2 = (unsigned short)sneg;
    printf("(unsigned short)(short)-2 = %u\n", (unsigned)us2);

    /* char signedness-independent checks */
    char c = 'A';
    c += 2;
    printf("'A' + 2 = %c (%d)\n", c, c);

    /* float comparison and rounding */
    double third = 1.0 / 3.0;
    check(third * 3.0 == 1.0, "1/3*3 == 1 in double");
    float fs = 16777216.0f; /* 2^24 */
    fs = fs + 1.0f;         /* not representable: rounds back */
    printf("2^24f + 1 = %.1f\n", (double)fs);

    printf("%s\n", failures == 0 ? "arith_conv: ok" : "arith_conv: FAILED");
    return failures != 0;
}
