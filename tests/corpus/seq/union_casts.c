/* GNU C's cast to a union type: (union U)x is the union whose member of x's
 * type holds x (the first such member), as an initializer, an argument and
 * an operand. */
#include <stdio.h>

union number {
    int i;
    double d;
    const char *s;
};

static const char *describe(union number n, int kind)
{
    static char text[32];
    if (kind == 0)
        snprintf(text, sizeof text, "int %d", n.i);
    else if (kind == 1)
        snprintf(text, sizeof text, "double %.1f", n.d);
    else
        snprintf(text, sizeof text, "text %s", n.s);
    return text;
}

int main(void)
{
    int count = 7;
    double half = 0.5;
    const char *word = "seven";
    union number n = (union number)count;
    printf("%s\n", describe(n, 0));
    printf("%s\n", describe((union number)half, 1));
    printf("%s\n", describe((union number)word, 2));
    printf("%d\n", ((union number)(count * 6)).i);
    return 0;
}
