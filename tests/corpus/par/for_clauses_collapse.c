/* collapse(n) on `for` and `parallel for` over rectangular nests: the
 * linearised iterations cover every (i, j[, k]) exactly once, with every
 * schedule, steps other than one, a decreasing level, bounds that are
 * variables, a `continue` in the innermost body, and lastprivate and
 * reduction with collapse.  Results are checked against sequential loops. */
#include <stdio.h>

#define NI 37
#define NJ 23

static int hits[NI][NJ];
static int cube[6][5][4];

static int check(const char *what, long got, long want)
{
    if (got != want) {
        printf("FAIL %s: %ld, expected %ld\n", what, got, want);
        return 1;
    }
    printf("ok %s: %ld\n", what, got);
    return 0;
}

static long count_hits(void)
{
    long total = 0;
    for (int i = 0; i < NI; i++)
        for (int j = 0; j < NJ; j++) {
            if (hits[i][j] > 1)
                return -1;
            total += hits[i][j];
            hits[i][j] = 0;
        }
    return total;
}

int main(void)
{
    int bad = 0, ni = NI, nj = NJ;

    #pragma omp parallel for collapse(2) schedule(static)
    for (int i = 0; i < ni; i++)
        for (int j = 0; j < nj; j++)
            hits[i][j] += 1;
    bad += check("collapse(2) static", count_hits(), (long)NI * NJ);

    #pragma omp parallel
    {
        #pragma omp for collapse(2) schedule(dynamic, 5)
        for (int i = 0; i < NI; i += 2)
            for (int j = NJ - 1; j >= 0; j -= 3)
                hits[i][j] += 1;
    }
    bad += check("collapse(2) dynamic, steps", count_hits(), (long)((NI + 1) / 2) * ((NJ + 2) / 3));

    long sum = 0;
    #pragma omp parallel for collapse(3) reduction(+: sum) schedule(guided)
    for (int a = 0; a < 6; a++)
        for (int b = 0; b < 5; b++)
            for (int c = 0; c < 4; c++) {
                cube[a][b][c] = a * 100 + b * 10 + c;
                if (c == 3)
                    continue;
                sum += cube[a][b][c];
            }
    long want = 0, all = 0;
    for (int a = 0; a < 6; a++)
        for (int b = 0; b < 5; b++)
            for (int c = 0; c < 4; c++) {
                all += cube[a][b][c] == a * 100 + b * 10 + c;
                if (c != 3)
                    want += a * 100 + b * 10 + c;
            }
    bad += check("collapse(3) reduction", sum, want);
    bad += check("collapse(3) coverage", all, 6 * 5 * 4);

    int li = -1, lj = -1;
    #pragma omp parallel for collapse(2) lastprivate(li, lj) schedule(static, 3)
    for (int i = 0; i < 9; i++)
        for (int j = 0; j < 7; j++) {
            li = i;
            lj = j;
        }
    bad += check("collapse(2) lastprivate", li * 10 + lj, 86);

    printf("%s\n", bad ? "FAILED" : "all passed");
    return bad != 0;
}
