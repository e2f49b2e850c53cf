/* Array designators: enumeration constants and macros as indexes, and GNU
 * C's ranges [LOW ... HIGH] (the value evaluated once), in tables, nested
 * designators, arrays of structures and arrays sized by their
 * initialiser. */
#include <stdio.h>

enum color { RED, GREEN, BLUE, NCOLORS };
#define TWO 2

struct point {
    int x;
    int y;
};

struct item {
    int id;
    const char *tag;
};

static int calls;

static int next(void)
{
    return ++calls;
}

static const char kinds[128] = {[0 ... 31] = 'c', ['0' ... '9'] = 'd', ['a' ... 'z'] = 'l',
                                [127] = 'c'};
static const char *names[] = {[RED] = "red", [GREEN] = "green", [BLUE] = "blue"};
static struct item items[NCOLORS] = {[BLUE] = {.id = 3, .tag = "b"}, [RED].id = 1};

int main(void)
{
    int a[10] = {[0 ... 4] = 1, [5 ... 9] = 2};
    int b[] = {[2 ... 5] = 7, 8};
    int c[6] = {[1 ... 3] = next()};
    int k[4] = {[TWO] = 5};
    struct point ps[4] = {[0 ... 2].x = 3, [3] = {9, 9}};
    int m[3][4] = {[0 ... 1] = {[1 ... 2] = 5}, [2][0 ... 3] = 6};
    int counts[NCOLORS + 1] = {[NCOLORS] = 9, [RED ... GREEN] = 4};
    printf("%d %d %d %d\n", a[3], a[8], (int)(sizeof b / sizeof b[0]), b[6]);
    printf("%d %d %d\n", c[1] + c[2] + c[3], c[0] + c[4], calls);
    printf("%d %d %d %d %d\n", k[2], ps[1].x, ps[3].y, m[1][2] + m[0][0], m[2][3]);
    printf("%c%c%c%c\n", kinds[5], kinds['5'], kinds['q'], kinds['Q'] ? kinds['Q'] : '-');
    printf("%s %s %d %d %s %d\n", names[BLUE], names[GREEN], (int)(sizeof names / sizeof names[0]),
           items[BLUE].id, items[BLUE].tag, items[RED].id);
    printf("%d %d %d\n", counts[3], counts[1], counts[2]);
    return 0;
}
