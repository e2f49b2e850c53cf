/* The type of c ? a : b for two pointers (C11 6.5.15p6): the other one's
 * where one is a null pointer constant, a pointer to void where either
 * points to void, else the composite of the pointed-to types; in every case
 * with the qualifiers of both. */
#include <stdio.h>

#define KIND(e)                                                                 \
    _Generic((e), void *: "void *", const void *: "const void *",             \
             volatile void *: "volatile void *", int *: "int *",               \
             const int *: "const int *", volatile int *: "volatile int *",     \
             const volatile int *: "const volatile int *",                     \
             const volatile void *: "const volatile void *", default: "other")

struct cell {
    int value;
};

static int value_or(struct cell *c, int fallback)
{
    static struct cell none;
    none.value = fallback;
    return (c ? (void *)0 : c) ? 0 : (c ? c : &none)->value;
}

static int first(int n, struct cell *c) { return (n ? c : (void *)0)->value; }

int main(void)
{
    int x = 1;
    int *p = &x;
    const int *cp = &x;
    volatile int *vp = &x;
    void *v = &x;
    const void *cv = v;
    int (*sized)[3] = 0;
    int (*unsized)[] = 0;
    struct cell c = {38};

    puts(KIND(x ? p : v));
    puts(KIND(x ? v : cp));
    puts(KIND(x ? p : cp));
    puts(KIND(x ? cp : vp));
    puts(KIND(x ? (void *)0 : p));
    puts(KIND(x ? p : 0));
    puts(KIND(x ? cv : vp));
    puts(KIND(x ? (const void *)0 : p));
    puts(KIND(x ? vp : (void *)0));
    printf("%zu %zu\n", sizeof *(x ? sized : unsized), sizeof *(x ? unsized : sized));
    printf("%d %d %d\n", value_or(&c, 5), value_or(0, 5), first(1, &c));
    return 0;
}
