/* GNU C asm goto passed through verbatim: jumps to numbered (%l2) and named
   (%l[name]) labels, several labels, asm goto with outputs (gcc 11+), in a
   loop, and its labels used by nothing else.  x86-64 assembly, with the
   same control flow in C elsewhere. */
#include <stdio.h>

/* -1, 0 or 1: the sign of v, by conditional jumps in asm. */
static int sign(int v)
{
#if defined(__x86_64__)
    asm goto("cmpl $0, %0\n\tjl %l[negative]\n\tje %l[zero]" : : "r"(v) : "cc" : negative, zero);
    return 1;
negative:
    return -1;
zero:
    return 0;
#else
    return (v > 0) - (v < 0);
#endif
}

/* The index of the first element equal to key, or -1: the loop leaves by asm goto. */
static int find(const int *a, int n, int key)
{
    int i;
    for (i = 0; i < n; i++) {
#if defined(__x86_64__)
        __asm__ goto("cmpl %1, %0\n\tje %l2" : : "r"(a[i]), "r"(key) : "cc" : found);
#else
        if (a[i] == key)
            goto found;
#endif
    }
    return -1;
found:
    return i;
}

static int overflows;

/* v + 1, or 100 when v + 1 overflows (counted): asm goto with an output. */
static int bump(int v)
{
    int out;
#if defined(__x86_64__)
    asm goto("movl %1, %0\n\taddl $1, %0\n\tjo %l[overflow]" : "=&r"(out) : "r"(v) : "cc"
             : overflow);
#else
    if (v == 2147483647)
        goto overflow;
    out = v + 1;
#endif
    return out;
overflow:
    overflows++;
    return 100;
}

/* An unconditional jump over code: the skipped statement never runs. */
static int skip(void)
{
    int x = 1;
#if defined(__x86_64__)
    asm goto("jmp %l[over]" : : : : over);
#else
    goto over;
#endif
    x = 2;
over:
    return x;
}

int main(void)
{
    int a[6] = {4, 8, 15, 16, 23, 42};
    printf("sign %d %d %d\n", sign(-7), sign(0), sign(9));
    printf("find %d %d %d\n", find(a, 6, 15), find(a, 6, 42), find(a, 6, 5));
    int small = bump(41), big = bump(2147483647);
    printf("bump %d %d overflows %d\n", small, big, overflows);
    printf("skip %d\n", skip());
    return 0;
}
