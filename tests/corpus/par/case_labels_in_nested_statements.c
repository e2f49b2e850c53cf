/* Case labels inside statements nested in a switch's body (Duff's device,
 * a label inside an if), in a function that tasks call too. */
#include <stdio.h>

static void copy(int *to, const int *from, int count)
{
    int n = (count + 3) / 4;
    switch (count % 4) {
    case 0:
        do {
            *to++ = *from++;
        case 3:
            *to++ = *from++;
        case 2:
            *to++ = *from++;
        case 1:
            *to++ = *from++;
        } while (--n > 0);
    }
}

static int classify(int v)
{
    int r = 0;
    switch (v) {
    case 0:
        if (r == 0) {
        case 1:
            r += 10;
        }
        break;
    default:
        r = -1;
    }
    return r;
}

int main(void)
{
    int src[10] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10}, dst[10] = {0}, rows[4][10];
    copy(dst, src, 10);
    int s = 0;
    for (int i = 0; i < 10; i++)
        s += dst[i];
    int t = 0;
    #pragma omp parallel for reduction(+: t)
    for (int b = 0; b < 4; b++) {
        copy(rows[b], src, 7 + b);
        for (int i = 0; i < 7 + b; i++)
            t += rows[b][i];
    }
    printf("%d %d %d %d %d\n", s, t, classify(0), classify(1), classify(2));
    return 0;
}
