/* Exercises enums (implicit and explicit values, negative values, enums as
 * array sizes and switch labels), typedefs of scalars, structs, pointers,
 * enums and function types, and typedef shadowing by scope. */
#include <stdio.h>

enum color { RED, GREEN = 5, BLUE, ALPHA = -2, LAST = BLUE + 10 };
typedef enum { MON = 1, TUE, WED, THU, FRI, SAT, SUN, DAYS_PER_WEEK = 7 } weekday;

typedef unsigned long ulong_t;
typedef int *intptr_t_alias;
typedef struct pair {
    int first;
    int second;
} pair_t, *pair_ptr;
typedef int binop_fn(int, int);       /* typedef of a function type */
typedef binop_fn *binop_ptr;          /* pointer to it */
typedef const char *cstr;

static int add(int a, int b) { return a + b; }
static int mul(int a, int b) { return a * b; }

static const char *color_name(enum color c)
{
    switch (c) {
    case RED:
        return "red";
    case GREEN:
        return "green";
    case BLUE:
        return "blue";
    case ALPHA:
        return "alpha";
    default:
        return "other";
    }
}

static int is_weekend(weekday d) { return d == SAT || d == SUN; }

static int fold(const pair_t *p, binop_ptr f) { return f(p->first, p->second); }

int main(void)
{
    printf("RED=%d GREEN=%d BLUE=%d ALPHA=%d LAST=%d\n", RED, GREEN, BLUE, ALPHA, LAST);
    enum color cs[] = {RED, GREEN, BLUE, ALPHA, LAST};
    for (unsigned i = 0; i < sizeof cs / sizeof cs[0]; i++)
        printf("%s%s", color_name(cs[i]), i + 1 < sizeof cs / sizeof cs[0] ? "," : "\n");

    int counts[DAYS_PER_WEEK + 1] = {0};
    int weekend = 0;
    for (weekday d = MON; d <= SUN; d++) {
        counts[d] = d * 2;
        weekend += is_weekend(d);
    }
    printf("weekend days = %d, counts[WED] = %d\n", weekend, counts[WED]);

    ulong_t big = 1UL << 40;
    int value = 7;
    intptr_t_alias ip = &value;
    *ip += 1;
    pair_t pr = {6, 7};
    pair_ptr pp = &pr;
    pp->second = value;
    binop_ptr ops[2] = {add, mul};
    binop_fn *direct = mul;
    cstr msg = "typedefs";
    printf("big=%lu value=%d add=%d mul=%d direct=%d msg=%s\n", big, value, fold(&pr, ops[0]),
           fold(pp, ops[1]), direct(3, 4), msg);

    {
        /* a block-scope typedef shadows nothing outside */
        typedef double pair_t;
        pair_t half = 0.5;
        printf("inner pair_t is double: %.2f, sizeof=%zu\n", half, sizeof(pair_t));
    }
    printf("outer sizeof(pair_t) = %zu\n", sizeof(pair_t));

    enum color c = (enum color)6;
    c = (enum color)(c + 1);
    printf("enum arithmetic: %d %s\n", c, color_name(c));

    int ok = BLUE == 6 && LAST == 16 && weekend == 2 && value == 8;
    printf("%s\n", ok ? "enums_typedefs: ok" : "enums_typedefs: FAILED");
    return !ok;
}
