/* Exercises function pointers: direct and via typedef, arrays of function
 * pointers (a dispatch table), function pointers in structs, passing callbacks,
 * functions returning function pointers, and calls through (*fp)() and fp(). */
#include <stdio.h>

typedef int (*unary_fn)(int);

static int inc(int x) { return x + 1; }
static int dbl(int x) { return 2 * x; }
static int sq(int x) { return x * x; }
static int neg(int x) { return -x; }

static int apply_n(unary_fn f, int n, int x)
{
    for (int i = 0; i < n; i++)
        x = f(x);
    return x;
}

/* function returning a pointer to a function taking int returning int */
static int (*pick(char op))(int)
{
    switch (op) {
    case '+':
        return inc;
    case '*':
        return dbl;
    case '^':
        return sq;
    default:
        return neg;
    }
}

struct command {
    const char *name;
    int (*run)(int);
};

static int compose(unary_fn fs[], int n, int x)
{
    for (int i = 0; i < n; i++)
        x = (*fs[i])(x);
    return x;
}

static void for_each(const int *a, int n, void (*visit)(int, void *), void *ctx)
{
    for (int i = 0; i < n; i++)
        visit(a[i], ctx);
}

static void accumulate(int v, void *ctx)
{
    long *acc = ctx;
    *acc = *acc * 3 + v;
}

int main(void)
{
    unary_fn table[] = {inc, dbl, sq, neg};
    const int ntable = (int)(sizeof table / sizeof table[0]);
    for (int i = 0; i < ntable; i++)
        printf("table[%d](7) = %d\n", i, table[i](7));

    int (*raw[2])(int) = {sq, inc}; /* array of function pointers without typedef */
    printf("raw: %d %d\n", raw[0](5), (*raw[1])(5));

    printf("apply_n(dbl, 10, 1) = %d\n", apply_n(dbl, 10, 1));
    printf("pick chain = %d\n", pick('^')(pick('+')(pick('*')(3))));

    struct command cmds[] = {{"inc", inc}, {"sq", sq}, {"neg", neg}};
    int v = 4;
    for (unsigned i = 0; i < sizeof cmds / sizeof cmds[0]; i++) {
        v = cmds[i].run(v);
        printf("after %s: %d\n", cmds[i].name, v);
    }

    printf("compose = %d\n", compose(table, ntable, 2));

    int data[] = {1, 2, 3, 4};
    long acc = 0;
    for_each(data, 4, accumulate, &acc);
    printf("accumulate = %ld\n", acc);

    unary_fn f = &sq;     /* explicit address-of */
    unary_fn g = *inc;    /* dereferenced function designator */
    int ok = f(g(2)) == 9 && f == sq && g != f && v == -25 && acc == 58;
    printf("%s\n", ok ? "funcptrs: ok" : "funcptrs: FAILED");
    return !ok;
}
