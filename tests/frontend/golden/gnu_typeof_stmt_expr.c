/* GNU C: statement expressions (lowered where they are, as '({ ... })'),
   typeof of expressions and type names, __auto_type. */
#define MAX(a, b) ({ __typeof__(a) _a = (a), _b = (b); _a > _b ? _a : _b; })

static double half(double v)
{
    return v / 2;
}

int main(void)
{
    int i = 3;
    typeof(i) *p = &i;
    __typeof(int[2]) pair = { 1, 2 };
    typeof(half) *op = half;
    __auto_type d = op(i);
    int m = i > 0 && MAX(*p, pair[1]) > 2;
    while (({ int left = i; left > 0; }))
        i--;
    ({ i++; ; });
    return m + (int)d + (int)sizeof(typeof(pair));
}
