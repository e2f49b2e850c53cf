/* Exercises operator precedence and associativity through the C emitter:
 * right operands of non-associative operators, nested and chained
 * conditionals, assignment chains and assignments inside expressions, comma
 * expressions as arguments and subscripts, unary operators applied to
 * negative constants and to each other, casts of unary and binary operands,
 * member access through dereferenced pointers, post/pre increments under
 * dereference, shifts mixed with additions and comparisons, and bitwise
 * operators mixed with comparisons. */
#include <stdio.h>

struct point {
    int x;
    int y;
    struct point *next;
};

static int twice(int a, int b)
{
    return 2 * a + b;
}

static int calls = 0;

static int noisy(int v)
{
    calls++;
    return v;
}

int main(void)
{
    int a = 20, b = 7, c = 3, d = 2;
    printf("sub: %d %d\n", a - (b - c), a - b - c);
    printf("div: %d %d\n", a / (b / c), a / b / c);
    printf("mod: %d %d\n", a % (b % c), a % b % c);
    printf("mix: %d %d %d\n", (a + b) * c, a + b * c, (a - b) * (c - d));
    printf("neg: %d %d %d %d\n", -(-a), - -b, -(a - b), a - -c);
    printf("not: %d %d %d\n", !!a, !(a - 20), ~-c);
    printf("shift: %d %d %d\n", (a + b) << 2, a + (b << 2), 1 << (c + d));
    printf("cmp: %d %d %d\n", a < (b << 2), (a < b) == (c < d), (a > b) == (c > d));
    printf("bits: %d %d %d\n", a & (b == 7), (a & b) == 4, a | ((b & c) ^ d));
    printf("logic: %d %d\n", (a && b) || (c && !d), a && (b || c) && !d);
    int t = a > b ? c > d ? 1 : 2 : 3;
    int u = (a > b ? c : d) ? 4 : 5;
    printf("cond: %d %d %d\n", t, u, a < b ? a : b < c ? b : c);
    int x, y, z;
    x = y = z = a - b;
    x += y -= z *= 2;
    printf("assign: %d %d %d\n", x, y, z);
    int w = (x = 5, x * 3);
    printf("comma: %d %d\n", w, twice((noisy(1), noisy(2)), (noisy(3), 4)));
    int arr[5] = {10, 11, 12, 13, 14};
    int *p = arr;
    int j;
    int first = *p++;
    int second = *++p;
    int bumped = ++*p;
    (*p)++;
    printf("incdec: %d %d %d %d %d\n", first, second, bumped, *p, arr[(j = 1, j + 1)]);
    printf("cast: %ld %d %d\n", (long)-a, (int)(unsigned char)(a - 30), (int)(a / 3.0 * 2));
    struct point pts[2] = {{1, 2, 0}, {3, 4, 0}};
    pts[0].next = &pts[1];
    struct point *q = &pts[0];
    q->next->x += q->y * 10;
    (*q).y = -(*q->next).y;
    printf("members: %d %d %d\n", pts[1].x, q->y, (*(*q).next).x - q->next->y);
    int k = 0;
    if ((k = a - b) > 10)
        printf("assigned in condition: %d\n", k);
    printf("calls: %d\n", calls);
    return 0;
}
