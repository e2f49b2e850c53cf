/* C11 _Generic: selection by the controlling expression's type after lvalue
   conversion (qualifiers dropped, arrays decayed), never evaluated; the
   chosen association may be an lvalue; bit-fields; 'void' arms of ?:. */
#include <stddef.h>
#include <stdio.h>

#define KIND(x)                                                                   \
    _Generic((x), _Bool: "bool", char: "char", signed char: "schar",             \
             unsigned char: "uchar", short: "short", unsigned short: "ushort",   \
             int: "int", unsigned: "uint", long: "long", unsigned long: "ulong", \
             float: "float", double: "double", long double: "ldouble",           \
             int *: "int*", const int *: "cint*", char *: "char*",               \
             const char *: "cchar*", void *: "void*", struct pair: "pair",       \
             default: "other")

struct pair {
    int a;
    short narrow : 3;
    int full : 32;
};

static int calls;

static int square(int x)
{
    calls++;
    return x * x;
}

static double twice(double x) { return 2 * x; }

/* type-generic dispatch, the way <tgmath.h>-like macros use it */
#define TWICE(x) _Generic((x), int: square, double: twice)(x)

/* a constant expression at file scope */
static const int file_scope = _Generic(1.0f, float: 4, default: 5);

int main(void)
{
    int i = 3, arr[4] = {1, 2, 3, 4};
    const int ci = 7;
    volatile short vs = 1;
    char text[] = "abc";
    size_t size = 1;
    struct pair p = {1, 1, 1};
    long long wide = 5;
    printf("%s %s %s %s %s %s\n", KIND(i), KIND(ci), KIND(vs), KIND(arr), KIND(&ci), KIND(text));
    printf("%s %s %s %s %s\n", KIND("literal"), KIND((void *)0), KIND(size), KIND(p), KIND(1.0L));
    printf("%s %s %s %s %s\n", KIND('x'), KIND((char)'x'), KIND((signed char)1),
           KIND((unsigned char)1), KIND((_Bool)1));
    printf("%s %s %s %s\n", KIND(i + 1u), KIND(i * 1.0f), KIND(p.narrow), KIND(p.full));
    printf("%s %s\n", KIND((long long)wide), KIND(1LL));
    /* never evaluated */
    int before = calls;
    (void)_Generic(square(2), int: 0);
    printf("unevaluated: %d\n", calls - before);
    /* the chosen association is an lvalue */
    _Generic(i, int: i, default: wide) = 11;
    _Generic(arr, int *: arr, default: 0)[1] = 20;
    printf("lvalues: %d %d\n", i, arr[1]);
    /* dispatch to functions */
    int four = TWICE(4);
    double three = TWICE(1.5);
    printf("twice: %d %.1f calls %d\n", four, three, calls);
    /* ll constants tell long long from long */
    printf("long long: %d %d\n", _Generic(2LL, long: 1, long long: 2),
           _Generic(2L, long: 1, long long: 2));
    printf("file scope: %d\n", file_scope);
    /* a conditional with one 'void' arm (a GNU extension) */
    int hits = 0;
    i > 0 ? (void)(hits += 1) : (void)0;
    i > 0 ? square(1) : (void)0;
    i < 0 ? (void)0 : (void)(hits += 10);
    printf("void arms: %d calls %d\n", hits, calls);
    return 0;
}
