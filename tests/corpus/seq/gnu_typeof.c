/* GNU typeof, __typeof__, __typeof and __auto_type in every place a type
   specifier may appear; typeof's operand is never evaluated. */
#include <stdio.h>
#include <string.h>

struct node {
    int key;
    struct node *next;
};

static int evaluated;

static int side(int v)
{
    evaluated++;
    return v;
}

static double half(double v)
{
    return v / 2;
}

/* file scope: object, pointer, array, typedef, __auto_type */
static double gd = 2.5;
typeof(gd) gcopy = 1.25;
__typeof__(gd) *gptr = &gd;
typeof(int[4]) garr = { 1, 2, 3, 4 };
typedef __typeof(garr[0]) elem_t;
__auto_type gauto = 7L;
static __auto_type gstatic = 'c';

/* struct members and a typedef of a struct type */
struct holder {
    typeof(gd) value;
    typeof(struct node *) link;
    __typeof__(char[6]) name;
    typeof(half) *op;
};
typedef typeof(struct holder) holder_t;

/* parameters and return types */
static typeof(gd) scale(typeof(gd) v, __typeof__(int) times)
{
    return v * times;
}

static long add_to(long n, typeof(n) m, typeof(n) *out)
{
    return *out = n + m;
}

static typeof(&half) pick(void)
{
    return half;
}

int main(void)
{
    int i = 3;
    long l = 5;
    volatile int vi = 2;

    /* the operand is not evaluated */
    typeof(side(1)) t1 = 10;
    __typeof__(side(2) + 1.0f) t2 = 0.5f;
    unsigned long s1 = sizeof(typeof(side(3)));
    printf("evaluated=%d sizes=%lu %lu %lu\n", evaluated, sizeof t1, sizeof t2, s1);

    /* declarators around typeof: pointers, arrays, functions pointers */
    typeof(i) *pi = &i;
    typeof(i) arr[3] = { i, i + 1, i + 2 };
    typeof(arr) arr2;
    memcpy(arr2, arr, sizeof arr2);
    typeof(&arr[0]) parr = arr2;
    typeof(half) *fp = half;
    typeof(fp) fp2 = pick();
    __typeof(l * 2) prod = l * 2;
    typeof(vi) vcopy = vi + 1;
    typeof("abc") str = "xyz";
    printf("*pi=%d arr2=%d %d %d parr[1]=%d fp=%.2f fp2=%.2f\n", *pi, arr2[0], arr2[1],
           arr2[2], parr[1], fp(3.0), fp2(5.0));
    printf("prod=%ld sizeof prod=%lu vcopy=%d str=%s sizeof str=%lu\n", prod, sizeof prod,
           (int)vcopy, str, sizeof str);

    /* casts, sizeof, compound literals, typedefs, in a for loop */
    double dv = (typeof(gd))i / 2;
    unsigned long sz = sizeof(__typeof__(struct node)) + sizeof(typeof(char[10]));
    typedef typeof(struct node) node_t;
    node_t n2 = { 2, 0 };
    node_t n1 = { 1, &n2 };
    typeof(n1.next) walk = &n1;
    int keys = 0;
    for (typeof(keys) k = 0; k < 3; k++)
        keys += k;
    while (walk) {
        keys += walk->key * 10;
        walk = walk->next;
    }
    elem_t e = (typeof(e))garr[3];
    int *cl = (typeof(int[2])){ 8, 9 };
    printf("dv=%.2f sz=%lu keys=%d e=%d cl=%d,%d\n", dv, sz, keys, e, cl[0], cl[1]);

    /* records through typeof */
    holder_t h;
    h.value = scale(gd, 2);
    h.link = &n2;
    strcpy(h.name, "hello");
    h.op = half;
    printf("holder: %.2f %d %s %.2f sizeof=%lu\n", h.value, h.link->key, h.name, h.op(h.value),
           sizeof(holder_t));

    /* __auto_type: the initialiser's type after lvalue conversion */
    __auto_type a1 = i + 0.5;
    __auto_type a2 = arr;
    __auto_type a3 = half;
    __auto_type a4 = (short)7;
    __auto_type a5 = n1;
    static __auto_type a6 = 42u;
    __auto_type a7 = vi;
    printf("auto: %.2f %d %.2f %d %d %u %d sizes %lu %lu %lu %lu\n", a1, a2[2], a3(9.0), a4,
           a5.key, a6, a7, sizeof a1, sizeof a2, sizeof a4, sizeof a6);
    long sum = 0;
    for (__auto_type q = 0; q < 3; q++)
        add_to(sum, q, &sum);
    printf("sum=%ld\n", sum);
    printf("globals: %.2f %.2f %d %d %ld %c sizeof gauto=%lu\n", gcopy, *gptr, garr[2],
           (int)sizeof(elem_t), gauto, gstatic, sizeof gauto);
    return 0;
}
