/* GNU aligned written before a member's specifiers, as before a variable's:
 * on every member the declaration declares, with gcc's layout. */
#include <stddef.h>
#include <stdio.h>

#define ALIGNED16 __attribute__((aligned(16)))

struct first {
    int x;
    __attribute__((aligned(16))) char a;
};

struct several {
    char c;
    ALIGNED16 short p, q;
    __attribute__((__aligned__)) int r;
};

int main(void)
{
    printf("%zu %zu\n", sizeof(struct first), offsetof(struct first, a));
    printf("%zu %zu %zu %zu %zu\n", sizeof(struct several), offsetof(struct several, p),
           offsetof(struct several, q), offsetof(struct several, r), _Alignof(struct several));
    return 0;
}
