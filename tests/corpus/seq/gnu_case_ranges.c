/* GNU C case ranges: `case LOW ... HIGH:` with characters, negative
 * values, enumeration constants, macros, a range of one value, a range
 * beside single labels, a range reached through a fall-through and a
 * switch on an unsigned and on a long long value. */
#include <stdio.h>

enum { LOW = 10, HIGH = 20 };
#define TOP 100

static const char *kind(int c)
{
    switch (c) {
    case 'a' ... 'z':
        return "lower";
    case 'A' ... 'Z':
        return "upper";
    case '0' ... '9':
        return "digit";
    case -5 ... -1:
        return "negative";
    case LOW + 200 ... HIGH + 200:
        return "enum";
    case 1000 ... TOP * 20:
        return "macro";
    case 300 ... 300:
        return "one";
    case 301:
        return "single";
    default:
        return "other";
    }
}

static int fall(unsigned u)
{
    int n = 0;
    switch (u) {
    case 0 ... 3:
        n += 1;
        /* fall through */
    case 4 ... 7:
        n += 10;
        break;
    case 8 ... 4000000000u:
        n += 100;
        break;
    }
    return n;
}

static int wide(long long v)
{
    switch (v) {
    case -9000000000LL ... -1:
        return -1;
    case 0:
        return 0;
    case 1 ... 9000000000LL:
        return 1;
    }
    return 2;
}

int main(void)
{
    int probe[] = {'q', 'Q', '5', -3, 0, 215, 1500, 300, 301, 2001, 'a', 'z',
                   -5, -1, 210, 220, 1000, 2000, -6, 123};
    unsigned i;
    for (i = 0; i < sizeof probe / sizeof probe[0]; i++) {
        printf("%d:%s\n", probe[i], kind(probe[i]));
    }
    printf("%d %d %d %d\n", fall(2), fall(5), fall(9), fall(4000000001u));
    printf("%d %d %d %d\n", wide(-8000000000LL), wide(0), wide(8000000000LL), wide(9000000001LL));
    return 0;
}
