/* Old-style definitions without a return type (C89's implicit int), as old
 * benchmark codes write main: after a declaration, after another function
 * and after a record definition with an initialiser; parameters of a
 * typedef's type. */
#include <stdio.h>

#pragma GCC diagnostic ignored "-Wimplicit-int"
#pragma GCC diagnostic ignored "-Wreturn-type"

static int one(void) { return 1; }
twice(x) int x; { return 2 * x + one() - 1; }
struct pair { int a, b; } origin = {3, 4};
add(a, b)
    int a;
    register int b;
{
    return a + b;
}
int table[] = {5, 6};
typedef long count_t;
scaled(n, by) count_t n; int by; { return (int)(n * by); }

main(argc, argv)
    int argc;
    char **argv;
{
    printf("%d %d %d %d %d %s\n", twice(origin.a), add(origin.b, table[1]), argc, table[0],
           scaled(7L, 3), argv[argc] == NULL ? "end" : "?");
    return 0;
}
