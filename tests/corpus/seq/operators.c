/* Exercises operators: every compound assignment, pre/post increment and
 * decrement (on ints, pointers and struct members), sizeof of types,
 * expressions and arrays (without evaluating its operand), casts, logical
 * short-circuit evaluation, bitwise operators, relational results, unary
 * minus/plus/not/complement, the comma operator and the ternary operator. */
#include <stdio.h>

static int side_effects = 0;

static int touch(int v)
{
    side_effects++;
    return v;
}

struct counter {
    int hits;
    long total;
};

int main(void)
{
    int x = 100;
    x += 5;
    x -= 3;
    x *= 4;
    x /= 3;
    x %= 50;
    printf("arith compound: %d\n", x);
    unsigned int b = 0xF0F0u;
    b <<= 4;
    b >>= 2;
    b &= 0x3FF0u;
    b |= 0x5u;
    b ^= 0xFFu;
    printf("bit compound: 0x%X\n", b);
    double d = 1.5;
    d *= 4;
    d -= 0.5;
    d /= 2;
    printf("double compound: %.3f\n", d);

    int i = 5;
    int pre = ++i;  /* 6 */
    int post = i++; /* 6, i = 7 */
    int pre_d = --i; /* 6 */
    int post_d = i--; /* 6, i = 5 */
    printf("pre=%d post=%d pre_d=%d post_d=%d i=%d\n", pre, post, pre_d, post_d, i);

    int arr[5] = {10, 20, 30, 40, 50};
    int *p = arr;
    int first = *p++;   /* 10 */
    int second = *++p;  /* 30 */
    int bumped = ++*p;  /* 31 */
    int after = (*p)++; /* 31, arr[2] = 32 */
    printf("ptr ops: %d %d %d %d arr[2]=%d idx=%td\n", first, second, bumped, after, arr[2],
           p - arr);

    struct counter c = {0, 0};
    struct counter *cp = &c;
    cp->hits++;
    ++cp->hits;
    c.total += cp->hits * 10L;
    cp->total <<= 2;
    printf("struct ops: hits=%d total=%ld\n", c.hits, c.total);

    /* sizeof does not evaluate its operand */
    int n = 0;
    size_t s1 = sizeof(n++);
    size_t s2 = sizeof arr;
    size_t s3 = sizeof(struct counter);
    size_t s4 = sizeof arr / sizeof *arr;
    size_t s5 = sizeof(touch(1));
    printf("sizeof: %zu %zu %zu %zu %zu n=%d side_effects=%d\n", s1, s2, s3, s4, s5, n,
           side_effects);
    printf("sizeof types: %zu %zu %zu %zu\n", sizeof(long double) >= sizeof(double) ? 1ul : 0ul,
           sizeof(int[7]), sizeof(char *[3]), sizeof(int (*)[7]));

    /* short-circuit */
    side_effects = 0;
    int r1 = touch(0) && touch(1);
    int r2 = touch(1) || touch(1);
    int r3 = touch(0) || touch(2);
    printf("logic: %d %d %d side_effects=%d\n", r1, r2, r3, side_effects);

    /* bitwise, relational, unary */
    int v = 0x5A;
    printf("bitwise: and=%d or=%d xor=%d not=%d shl=%d shr=%d\n", v & 0x0F, v | 0x0F, v ^ 0xFF,
           ~v, v << 3, v >> 3);
    printf("relational: %d %d %d %d %d %d\n", 3 < 4, 3 > 4, 3 <= 3, 3 >= 4, 3 == 3, 3 != 3);
    printf("unary: %d %d %d %d\n", -v, +v, !v, !!v);

    /* casts */
    double big = 3.99;
    long truncated = (long)big;
    unsigned char wrapped = (unsigned char)300;
    signed char sneg = (signed char)200;
    float narrowed = (float)0.1;
    void *vp = &x;
    int *back = (int *)vp;
    printf("casts: %ld %d %d %.7f %d\n", truncated, wrapped, sneg, (double)narrowed, *back == x);

    /* comma and ternary */
    int t = (x = 3, x * 7);
    int m = t > 20 ? t - 20 : 20 - t;
    int *sel = m ? &t : &m;
    *(m > 0 ? &t : &m) = 99; /* a conditional is not an lvalue: select a pointer */
    *sel += 1;
    printf("comma/ternary: t=%d m=%d\n", t, m);

    int ok = x == 3 && i == 5 && arr[2] == 32 && side_effects == 4 && n == 0;
    printf("%s\n", ok ? "operators: ok" : "operators: FAILED");
    return !ok;
}
