/* Exercises statements: if/else chains, while, do-while, C99 for-loops with
 * declarations, nested loops with break and continue, switch with fall-through
 * and a default label in the middle, switch on chars, empty statements, the
 * comma operator in loop headers, and the ternary operator. */
#include <stdio.h>

static const char *classify(int n)
{
    if (n < 0)
        return "negative";
    else if (n == 0)
        return "zero";
    else if (n % 2 == 0) {
        if (n > 100)
            return "big-even";
        return "even";
    } else
        return "odd";
}

/* switch with fall-through and default in the middle */
static int weight(int code)
{
    int w = 0;
    switch (code) {
    case 1:
        w += 1;
        /* fall through */
    case 2:
        w += 2;
        break;
    default:
        w += 100;
        /* fall through */
    case 3:
        w += 3;
        /* fall through */
    case 4:
        w += 4;
        break;
    case 5: {
        int local = code * 2;
        w = local;
        break;
    }
    }
    return w;
}

static int count_vowels(const char *s)
{
    int n = 0;
    for (; *s; s++) {
        switch (*s) {
        case 'a':
        case 'e':
        case 'i':
        case 'o':
        case 'u':
            n++;
            break;
        default:
            ;
        }
    }
    return n;
}

static int collatz_steps(long n)
{
    int steps = 0;
    while (n != 1) {
        n = (n % 2) ? 3 * n + 1 : n / 2;
        steps++;
    }
    return steps;
}

int main(void)
{
    int vals[] = {-5, 0, 4, 7, 200};
    for (int i = 0; i < 5; i++)
        printf("%d is %s\n", vals[i], classify(vals[i]));

    for (int code = 0; code <= 6; code++)
        printf("weight(%d) = %d\n", code, weight(code));

    printf("vowels = %d\n", count_vowels("task parallel programming in c"));

    /* do-while runs at least once */
    int k = 10, iters = 0;
    do {
        iters++;
        k++;
    } while (k < 5);
    printf("do-while iterations = %d\n", iters);

    /* nested loops with break/continue; find pythagorean triples */
    int triples = 0, first_a = 0;
    for (int a = 1; a < 30; a++) {
        if (a % 7 == 0)
            continue;
        for (int b = a; b < 30; b++) {
            int found = 0;
            for (int c = b; c < 45; c++) {
                if (c * c > a * a + b * b)
                    break;
                if (c * c == a * a + b * b) {
                    found = 1;
                    break;
                }
            }
            if (!found)
                continue;
            triples++;
            if (!first_a)
                first_a = a;
        }
    }
    printf("triples = %d, first a = %d\n", triples, first_a);

    /* comma operator in for header */
    int i, j, acc = 0;
    for (i = 0, j = 10; i < j; i++, j--)
        acc += i * j;
    printf("comma loop acc = %d (i=%d j=%d)\n", acc, i, j);

    /* while with break, and an empty-body loop */
    int n = 0;
    while (1) {
        if (++n >= 17)
            break;
    }
    int m;
    for (m = 0; m < 1000 && (m * m) < 500; m++)
        ;
    printf("n=%d m=%d\n", n, m);

    int steps = collatz_steps(27);
    printf("collatz(27) = %d\n", steps);

    int x = 5;
    int y = x > 3 ? x < 10 ? 1 : 2 : 3; /* nested ternary */
    int z = (x++, x++, x);             /* comma expression value */
    printf("y=%d z=%d\n", y, z);

    int ok = weight(0) == 107 && weight(1) == 3 && weight(3) == 7 && steps == 111 && z == 7;
    printf("%s\n", ok ? "control_flow: ok" : "control_flow: FAILED");
    return !ok;
}
