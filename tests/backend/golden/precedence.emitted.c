#include <stdio.h>

struct point;
struct point {
    int x;
    int y;
    struct point *next;
};

static int calls = 0;

int twice(int a, int b);
int noisy(int v);
int main(void);

int twice(int a, int b)
{
    return 2 * a + b;
}

int noisy(int v)
{
    calls++;
    return v;
}

int main(void)
{
    int a = 20;
    int b = 7;
    int c = 3;
    int d = 2;
    printf("sub: %d %d\n", a - (b - c), a - b - c);
    printf("div: %d %d\n", a / (b / c), a / b / c);
    printf("mod: %d %d\n", a % (b % c), a % b % c);
    printf("mix: %d %d %d\n", (a + b) * c, a + b * c, (a - b) * (c - d));
    printf("neg: %d %d %d %d\n", -(-a), -(-b), -(a - b), a - -c);
    printf("not: %d %d %d\n", !!a, !(a - 20), ~-c);
    printf("shift: %d %d %d\n", (a + b) << 2, a + (b << 2), 1 << (c + d));
    printf("cmp: %d %d %d\n", a < (b << 2), (a < b) == (c < d), (a > b) == (c > d));
    printf("bits: %d %d %d\n", a & (b == 7), (a & b) == 4, a | ((b & c) ^ d));
    printf("logic: %d %d\n", (a && b) || (c && !d), a && (b || c) && !d);
    int t = a > b ? c > d ? 1 : 2 : 3;
    int u = (a > b ? c : d) ? 4 : 5;
    printf("cond: %d %d %d\n", t, u, a < b ? a : b < c ? b : c);
    int x;
    int y;
    int z;
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
    printf("incdec: %d %d %d %d %d\n", first, second, bumped, *p, arr[(long)(j = 1, j + 1)]);
    printf("cast: %ld %d %d\n", (long)-a, (int)(unsigned char)(a - 30), (int)((double)a / 3.0 * (double)2));
    struct point pts[2] = {{1, 2, (struct point *)0}, {3, 4, (struct point *)0}};
    pts[(long)0].next = &pts[(long)1];
    struct point *q = &pts[(long)0];
    q->next->x += q->y * 10;
    q->y = -q->next->y;
    printf("members: %d %d %d\n", pts[(long)1].x, q->y, q->next->x - q->next->y);
    int k = 0;
    if ((k = a - b) > 10)
    {
        printf("assigned in condition: %d\n", k);
    }
    printf("calls: %d\n", calls);
    return 0;
}
