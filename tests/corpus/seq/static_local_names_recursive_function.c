/* A static local whose initialiser names its own function, or another of
 * its recursive group (sqlite's function tables): the global it becomes
 * names the functions as values. */
#include <stdio.h>

static int odd(int n);

static int even(int n)
{
    static int (*const next)(int) = odd;
    return n == 0 ? 1 : next(n - 1);
}

static int odd(int n)
{
    static int (*const table[])(int) = { even, odd };
    return n == 0 ? 0 : table[0](n - 1);
}

static void countdown(int n)
{
    static void (*again)(int) = countdown;
    printf("%d ", n);
    if (n > 3)
        countdown(n - 1);
    else if (n > 0)
        again(n - 1);
}

int main(void)
{
    countdown(5);
    printf("\n%d %d %d\n", even(10), odd(7), even(7));
    return 0;
}
