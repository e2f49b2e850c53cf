/* GNU statement expressions: the value of the last expression statement,
   evaluated exactly where the expression is (short-circuit operands, ?:
   arms, loop conditions, arguments), with block-scope declarations, nested,
   of every kind of value, and of type void. */
#include <stdio.h>

#define MAX(a, b) ({ __typeof__(a) _a = (a), _b = (b); _a > _b ? _a : _b; })
#define SQUARE_ONCE(x) ({ int _v = (x); _v * _v; })

struct pair {
    int lo, hi;
};

static int trace[64];
static int ntrace;

static int note(int v)
{
    trace[ntrace++] = v;
    return v;
}

static int sum3(int a, int b, int c)
{
    return a * 100 + b * 10 + c;
}

int main(void)
{
    int x = 4;

    /* value, with locals that shadow outer names */
    int y = ({ int x = 10; int q = x + 1; q * 2; });
    printf("shadow: x=%d y=%d\n", x, y);

    /* macros evaluating their arguments once */
    int i = 3;
    int m = MAX(i++, 2);
    int s = SQUARE_ONCE(i++);
    printf("max=%d square=%d i=%d\n", m, s, i);

    /* short-circuit and conditional operands are evaluated only when C does */
    int a = 0 && ({ note(1); 1; });
    int b = 1 || ({ note(2); 1; });
    int c = x > 3 ? ({ note(3); 30; }) : ({ note(4); 40; });
    int d = (x < 3 && ({ note(5); 1; })) || ({ note(6); 0; });
    printf("a=%d b=%d c=%d d=%d\n", a, b, c, d);

    /* loop conditions evaluate it on every test */
    int n = 0;
    while (({ note(100 + n); n < 3; }))
        n++;
    int k = 0;
    do
        k += 2;
    while (({ int lim = 7; k < lim; }));
    int steps = 0;
    for (int j = ({ int z = 1; z; }); ({ j < 5; }); j = ({ j + 2; }))
        steps++;
    printf("n=%d k=%d steps=%d\n", n, k, steps);

    /* arguments, in a comma expression, as an index, in compound assignment */
    int arr[5] = { 0, 10, 20, 30, 40 };
    int r = sum3(({ 1; }), ({ int t = 2; t; }), ({ note(7); 3; }));
    int idx = arr[({ int h = 2; h + 1; })];
    int acc = 5;
    acc += ({ int w = acc; w * 3; });
    int comma = (note(8), ({ 9; }));
    printf("r=%d idx=%d acc=%d comma=%d\n", r, idx, acc, comma);

    /* nested, and loops, switches, break and continue inside */
    int nested = ({
        int total = 0;
        for (int j = 0; j < 10; j++) {
            if (j == 7)
                break;
            if (j % 2)
                continue;
            total += ({ int sq = j * j; sq; });
        }
        switch (total) {
        case 56:
            total += 1000;
            break;
        default:
            total = -1;
        }
        total;
    });
    printf("nested=%d\n", nested);

    /* values of other types */
    struct pair p = ({ struct pair t = { 1, 2 }; t.hi += 5; t; });
    double dv = ({ double f = 1.5; f * x; });
    int *pp = ({ &arr[4]; });
    const char *str = ({ "text"; });
    unsigned long long big = ({ 1ULL << 40; });
    printf("pair=%d,%d dv=%.2f *pp=%d str=%s big=%llu\n", p.lo, p.hi, dv, *pp, str, big);

    /* an lvalue as the last statement gives its value */
    int lv = ({ arr[1]; });
    arr[1] = 11;
    printf("lv=%d arr1=%d\n", lv, arr[1]);

    /* void ones: as statements, and in a void context */
    ({ note(50); });
    ({ int v = 51; note(v); ; });
    x > 0 ? ({ note(52); (void)0; }) : (void)0;
    for (int j = 0; j < 2; j++)
        ({ note(60 + j); });

    /* sizeof does not evaluate its operand */
    unsigned long sz = sizeof(({ note(99); (short)1; }));
    printf("sz=%lu\n", sz);

    /* a statement expression in a return statement */
    printf("trace:");
    for (int j = 0; j < ntrace; j++)
        printf(" %d", trace[j]);
    printf("\n");
    return ({ int zero = x - 4; zero; });
}
