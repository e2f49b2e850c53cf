/* Pointers to function pointers, spelled directly and through typedefs of a
 * function type and of a function pointer type. */
#include <stdio.h>

typedef int fn_t(int);
typedef int (*fnp)(int);
typedef fn_t fn2_t;

static int twice(int x) { return 2 * x; }
static int thrice(int x) { return 3 * x; }

static void swap_fn(fnp *p, fnp *q)
{
    fnp tmp = *p;
    *p = *q;
    *q = tmp;
}

int main(void)
{
    fn_t *a = twice;
    fn2_t *b = twice;
    fnp c = thrice;
    fnp *d = &c;
    fn_t **e = &a;
    int (**f)(int) = &c;
    printf("%d %d %d %d %d %d\n", a(1), b(2), c(3), (*d)(4), (**e)(5), (*f)(6));
    swap_fn(&a, &c);
    printf("%d %d\n", a(10), (*d)(10));
    return 0;
}
