/* C semantics gcc gives: compound assignment to _Bool computes in int then
 * converts (b &= 2 is 0); a char array from a braced string literal, also
 * a compound literal and a member; the sizes and types of wide, UTF-16 and
 * UTF-32 string literals and character constants, and of __func__; a
 * function declared with a function typedef; a conditional of a function
 * and a null pointer constant. */
#include <stdio.h>
#include <uchar.h>
#include <wchar.h>

#define KIND(e)                                                                 \
    _Generic((e), char: "char", int: "int", unsigned short: "ushort",          \
             unsigned int: "uint", default: "other")

typedef int Unary(int);
Unary twice;
static Unary thrice;

struct named {
    char name[8];
    int k;
} global_named = {{"abc"}, 2};

static char braced[] = {"file"};

int twice(int x) { return 2 * x; }
static int thrice(int x) { return 3 * x; }
static int ten(void) { return 10; }

int main(void)
{
    _Bool b;
    b = 1;
    b &= 2;
    printf("%d", b);
    b = 1;
    b ^= 2;
    printf(" %d", b);
    b = 1;
    b -= 2;
    printf(" %d", b);
    b = 0;
    b += 256;
    printf(" %d", b);
    _Bool flags[2] = {1, 1};
    int i = 0;
    flags[i++] &= 2;
    printf(" %d %d %d\n", flags[0], flags[1], i);

    char a[] = {"brace"};
    char *c = (char[]){"hello"};
    char d[8] = {"abc"};
    wchar_t w[] = {L"wide"};
    printf("[%s] %zu [%s] %zu [%s] %zu %zu [%s] [%s] %d\n", a, sizeof a, c,
           sizeof(char[]){"hello"}, d, sizeof d, sizeof w / sizeof w[0], braced,
           global_named.name, global_named.k);

    printf("%zu %zu %zu %zu\n", sizeof L"abc", sizeof u"abc", sizeof U"abc", sizeof(L"" "ab"));
    printf("%zu %zu %zu %zu\n", sizeof L"abc"[0], sizeof u'x', sizeof __func__, sizeof "abc");
    printf("%s %s %s %s\n", KIND(u'x'), KIND(L"ab"[0]), KIND(U'y'), KIND('c'));
    const char16_t *s16 = u"hi";
    const char32_t *s32 = U"hi";
    const wchar_t *ws = L"hi";
    printf("%d %d %d %zu\n", s16[1], (int)s32[0], (int)ws[1], wcslen(ws));

    Unary twice, thrice;
    int (*f)(void) = i ? ten : (void *)0;
    printf("%d %d %d %d\n", twice(21), thrice(2), (1 ? ten : (void *)0)(), f());
    return 0;
}
