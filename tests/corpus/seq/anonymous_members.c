/* C11 anonymous struct and union members: member access through them
 * (., ->, nested), initialisers (positional and designated), sizeof,
 * _Alignof and offsetof of records containing them (layout as gcc's). */
#include <stddef.h>
#include <stdio.h>

struct value {
    int kind;
    union {
        int i;
        double d;
        struct {
            short lo, hi;
        };
    };
    char tag;
    struct {
        char c;
        long double ld;
    };
};

union word {
    struct {
        unsigned char b0, b1, b2, b3;
    };
    unsigned int all;
};

struct node {
    struct {
        int key;
        struct node *next;
    };
    union {
        int count;
        float weight;
    };
    int flags : 3;
    int : 0;
    struct {
        int bits : 5;
    };
};

static int describe(const struct value *v)
{
    return v->kind == 0 ? v->i : (int)(v->d * 10);
}

int main(void)
{
    struct value a = {0, {7}};
    struct value b = {.kind = 1, .d = 2.5, .tag = 'b'};
    struct value c = {0};
    c.lo = 3;
    c.hi = 4;
    c.ld = 1.25L;
    a.i += 1;
    printf("a = %d, b = %d, tag = %c, c.i = %d, c.ld = %.2Lf\n", describe(&a), describe(&b),
           b.tag, c.i, c.ld);

    union word w;
    w.all = 0;
    w.b1 = 0x12;
    w.b3 = 0x34;
    printf("word = %#x\n", w.all);

    struct node n2 = {{2, NULL}, {5}, 1, {9}};
    struct node n1 = {.key = 1, .next = &n2, .weight = 0.5f};
    struct node *p = &n1;
    int keys = 0;
    while (p) {
        keys = keys * 10 + p->key;
        p = p->next;
    }
    printf("keys = %d, count = %d, flags = %d, bits = %d, weight = %.1f\n", keys, n2.count,
           n2.flags, n2.bits, n1.weight);

    printf("sizeof: %zu %zu %zu\n", sizeof(struct value), sizeof(union word),
           sizeof(struct node));
    printf("alignof: %zu %zu %zu\n", _Alignof(struct value), _Alignof(union word),
           _Alignof(struct node));
    printf("offsetof: %zu %zu %zu %zu %zu %zu\n", offsetof(struct value, d),
           offsetof(struct value, hi), offsetof(struct value, tag), offsetof(struct value, ld),
           offsetof(struct node, next), offsetof(struct node, weight));
    return 0;
}
