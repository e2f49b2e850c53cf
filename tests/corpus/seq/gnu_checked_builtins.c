/* GCC builtins the lowering recognises by name: checked arithmetic (type
   generic), __builtin_choose_expr (chosen at compile time), the source
   position builtins (the call's line in the source, not in generated code),
   and __builtin_assume_aligned / __builtin_object_size. */
#include <limits.h>
#include <stdio.h>
#include <string.h>

static const char *where(void)
{
    return __builtin_FUNCTION();
}

int main(void)
{
    int r;
    long wide;
    unsigned char small;
    short narrow;
    int o1 = __builtin_add_overflow(INT_MAX, 1, &r);
    printf("add %d %d\n", o1, r);
    int o2 = __builtin_mul_overflow(1L << 40, 1 << 20, &wide);
    printf("mul %d %ld\n", o2, wide);
    int o3 = __builtin_sub_overflow(3, 5, &small);
    printf("sub %d %d\n", o3, small);
    int o4 = __builtin_mul_overflow(300, 200, &narrow);
    int o5 = __builtin_add_overflow(-1, 1u, &r);
    printf("narrow %d %d and %d %d\n", o4, narrow, o5, r);
    int evaluated = 0; /* the third argument of a _p form is evaluated, only its type matters */
    printf("predicates %d %d %d %d\n", __builtin_add_overflow_p(INT_MAX, 1, (int)0),
           __builtin_add_overflow_p(INT_MAX, 1, (long)0), __builtin_mul_overflow_p(100, 3, small),
           __builtin_sub_overflow_p(0, 1, (unsigned)evaluated++));
    printf("evaluated %d\n", evaluated);
    double a[16] __attribute__((aligned(64)));
    for (int i = 0; i < 16; i++)
        a[i] = i;
    double *p = __builtin_assume_aligned(a, 64);
    double s = 0;
    for (int i = 0; i < 16; i++)
        s += p[i];
    int x = 7;
    __builtin_choose_expr(sizeof(int) == 4, x, s) += 1;
    printf("sum %.0f chosen %d size %zu %zu\n", s, __builtin_choose_expr(1, x, 2.0),
           sizeof(__builtin_choose_expr(0, x, 2.0)), sizeof(__builtin_choose_expr(1, small, s)));
    printf("line %d same file %d function %s %s\n", __builtin_LINE(),
           strcmp(__builtin_FILE(), __FILE__) == 0, __builtin_FUNCTION(), where());
    printf("object size %zu %zu\n", __builtin_object_size(a, 0), __builtin_object_size(&a[4], 1));
    return 0;
}
