/* Old-style definitions without a return type (C89's implicit int), as old
 * benchmark codes write main: after a declaration, after another function
 * and after a record definition with an initialiser. */
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

main(argc, argv)
    int argc;
    char **argv;
{
    printf("%d %d %d %d %s\n", twice(origin.a), add(origin.b, table[1]), argc, table[0],
           argv[argc] == NULL ? "end" : "?");
    return 0;
}
