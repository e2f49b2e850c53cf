/* The type gcc gives an enumeration: unsigned int when no enumerator is
 * negative (arithmetic on its variables wraps), int when one is; its
 * enumerators are ints.  And GCC's __builtin_types_compatible_p, an integer
 * constant expression: qualifiers at the top are ignored, arrays with and
 * without a size are compatible, two enumerations are not, typedef names
 * are the types they name. */
#include <stdio.h>

enum level { LOW, MIDDLE, HIGH };
enum offset { BEFORE = -1, AT, AFTER };
typedef enum level level_t;
typedef int count_t;
struct left { int v; };
struct right { int v; };

#define IS_DOUBLE(x) __builtin_types_compatible_p(typeof(x), double)
#define DESCRIBE(x) \
    __builtin_choose_expr(IS_DOUBLE(x), printf("double %.2f\n", (double)(x)), \
                          printf("not double %d\n", (int)(x)))
/* Zero when a is an array, a compile-time error for a pointer. */
#define MUST_BE_ARRAY(a) \
    sizeof(struct { int : -!!__builtin_types_compatible_p(typeof(a), typeof(&(a)[0])); })
#define COUNT_OF(a) (sizeof(a) / sizeof((a)[0]) + MUST_BE_ARRAY(a))

_Static_assert(__builtin_types_compatible_p(const int, int), "qualifiers are ignored");

static const char *level_name(level_t l)
{
    switch (l) {
    case LOW:
        return "low";
    case MIDDLE:
        return "middle";
    default:
        return "high";
    }
}

int main(void)
{
    enum level l = LOW;
    enum offset o = BEFORE;
    printf("level below zero: %s\n", l - 1 < 0 ? "yes" : "no (wraps)");
    printf("offset below zero: %s\n", o < 0 ? "yes" : "no");
    printf("(l - 1) / 2 = %u, LOW - 1 = %d\n", (unsigned)((l - 1) / 2), LOW - 1);
    long wide = l - 1;
    printf("widened: %ld\n", wide);
    int steps = 0;
    for (enum level k = HIGH; k <= HIGH; k--)
        steps++;
    printf("down from HIGH: %d steps, %s\n", steps, level_name(HIGH));

    int table[12];
    double d = 2.5;
    float f = 1.5f;
    char wide_enough[__builtin_types_compatible_p(long, long long) + 2];
    printf("int/const int %d, long/long long %d, long long/long long int %d\n",
           __builtin_types_compatible_p(int, const int),
           __builtin_types_compatible_p(long, long long),
           __builtin_types_compatible_p(long long, long long int));
    printf("int[]/int[4] %d, int*/int** %d, char/signed char %d, float/double %d\n",
           __builtin_types_compatible_p(int[], int[4]),
           __builtin_types_compatible_p(int *, int **),
           __builtin_types_compatible_p(char, signed char),
           __builtin_types_compatible_p(float, double));
    printf("enums %d, enum/its typedef %d, count_t/int %d, two structs %d, function pointers %d\n",
           __builtin_types_compatible_p(enum level, enum offset),
           __builtin_types_compatible_p(enum level, level_t),
           __builtin_types_compatible_p(count_t, int),
           __builtin_types_compatible_p(struct left, struct right),
           __builtin_types_compatible_p(int (*)(int, int), int (*)(int, int)));
    printf("enum level/unsigned %d, enum offset/int %d\n",
           __builtin_types_compatible_p(enum level, unsigned),
           __builtin_types_compatible_p(enum offset, int));
    DESCRIBE(d);
    DESCRIBE(f);
    printf("count of table: %zu, buffer: %zu\n", COUNT_OF(table), sizeof wide_enough);
    return 0;
}
