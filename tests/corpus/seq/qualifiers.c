/* Exercises storage-class specifiers and qualifiers: volatile locals and
 * globals, volatile pointers, register variables, inline and static inline
 * functions (with an extern inline definition pattern), const objects and
 * pointers to const, and restrict-qualified parameters. */
#include <stdio.h>

volatile int ticks = 0;
static const int limits[3] = {4, 8, 16};

static inline int square(int x) { return x * x; }

inline int cube(int x); /* C99 inline with an external definition below */
inline int cube(int x) { return x * x * x; }
extern int cube(int x); /* makes this translation unit provide the definition */

static inline int clamp(int v, int lo, int hi) { return v < lo ? lo : v > hi ? hi : v; }

static void add_arrays(int n, int *restrict dst, const int *restrict a, const int *restrict b)
{
    for (int i = 0; i < n; i++)
        dst[i] = a[i] + b[i];
}

static int spin(int n)
{
    volatile int sink = 0;
    for (int i = 0; i < n; i++) {
        sink += i; /* every access is kept */
        ticks++;
    }
    return sink;
}

static long fast_sum(int n)
{
    register long acc = 0;
    register int i;
    for (i = 1; i <= n; i++)
        acc += i;
    return acc;
}

int main(void)
{
    int spun = spin(10);
    printf("spin(10) = %d ticks = %d\n", spun, ticks);
    printf("fast_sum(1000) = %ld\n", fast_sum(1000));
    printf("square(12) = %d cube(5) = %d\n", square(12), cube(5));
    printf("clamp: %d %d %d\n", clamp(-3, 0, 10), clamp(5, 0, 10), clamp(42, 0, 10));

    int a[4] = {1, 2, 3, 4}, b[4] = {10, 20, 30, 40}, c[4];
    add_arrays(4, c, a, b);
    printf("added: %d %d %d %d\n", c[0], c[1], c[2], c[3]);

    const int k = 7;
    const int *pk = &k;
    int m = 3;
    int *const cpm = &m; /* const pointer to mutable int */
    *cpm += *pk;
    volatile int *vp = &m;
    *vp *= 2;
    const volatile int cv = 5;
    printf("m=%d limits=%d,%d,%d cv=%d\n", m, limits[0], limits[1], limits[2], cv);

    register int r = 0;
    for (int i = 0; i < limits[1]; i++)
        r += square(i);
    printf("register r = %d\n", r);

    int ok = ticks == 10 && m == 20 && r == 140 && cube(3) == 27;
    printf("%s\n", ok ? "qualifiers: ok" : "qualifiers: FAILED");
    return !ok;
}
