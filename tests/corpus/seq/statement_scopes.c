/* A tag or enumerator declared in the condition of an if, while, do or
 * switch statement is visible in the statement only (C11 6.8.4p3, 6.8.5p5:
 * each is a block), hiding an outer one of the same name. */
#include <stdio.h>

enum { in = 0 };
struct s {
    int a;
};

int main(void)
{
    int n = 0;
    if (sizeof(enum { in = 1 }))
        printf("inside: %d\n", in);
    else
        printf("never: %d\n", in);
    printf("after: %d\n", in);
    while (n < (int)sizeof(struct s { char c[3]; })) {
        printf("while: %zu %d\n", sizeof(struct s), in);
        n += 3;
    }
    printf("struct: %zu\n", sizeof(struct s));
    switch (sizeof(enum { in = 5 })) {
    default:
        printf("switch: %d\n", in);
    }
    do {
        n--;
    } while (n > (int)sizeof(enum { in = 7 }) * in);
    printf("%d %d\n", n, in);
    return 0;
}
