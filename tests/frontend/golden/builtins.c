/* Variadic functions, __sync builtins, alloca and a VLA. */
#include <stdarg.h>
#include <alloca.h>

static int total(int count, ...)
{
    va_list ap;
    int s = 0;
    va_start(ap, count);
    for (int i = 0; i < count; i++)
        s += va_arg(ap, int);
    va_end(ap);
    return s;
}

int main(void)
{
    int n = 4;
    int vla[n];
    int *scratch = alloca(n * sizeof(int));
    static int counter;
    for (int i = 0; i < n; i++)
        vla[i] = scratch[i] = i;
    __sync_fetch_and_add(&counter, vla[3]);
    if (!__sync_bool_compare_and_swap(&counter, 3, 5))
        return 1;
    return total(3, counter, scratch[1], (int)sizeof vla) - 22;
}
