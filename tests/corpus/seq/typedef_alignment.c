/* GNU aligned on typedef names: objects and members declared with the
 * name get its alignment; sizeof stays the type's own. */
#include <stdio.h>

typedef struct {
    char c;
    int x;
} line_t __attribute__((aligned(64)));
typedef double wide_t __attribute__((aligned(32))), narrow_t;
typedef wide_t also_wide_t;

struct holder {
    char c;
    line_t line;
    also_wide_t d;
    narrow_t e;
};

static line_t table;
static char pad;
wide_t global_wide = 1.5;

static int misaligned(const void *p, unsigned long align)
{
    return (int)((unsigned long)p % align);
}

int main(void)
{
    typedef int local_t __attribute__((aligned(16)));
    local_t a = 3;
    char c = 'c';
    also_wide_t b = 2.5;
    struct holder h = {0};
    printf("sizeof: %zu %zu %zu %zu\n", sizeof(line_t), sizeof(wide_t), sizeof(local_t),
           sizeof(struct holder));
    printf("alignof: %zu %zu %zu %zu %zu\n", _Alignof(line_t), _Alignof(wide_t),
           _Alignof(narrow_t), __alignof__(also_wide_t), _Alignof(struct holder));
    printf("offsets: %zu %zu %zu\n", __builtin_offsetof(struct holder, line),
           __builtin_offsetof(struct holder, d), __builtin_offsetof(struct holder, e));
    printf("misaligned: %d %d %d %d %d\n", misaligned(&table, 64), misaligned(&global_wide, 32),
           misaligned(&a, 16), misaligned(&b, 32), misaligned(&h.line, 64));
    printf("values: %d %.1f %.1f %c %c\n", a, b, global_wide, c, pad ? pad : '-');
    return 0;
}
