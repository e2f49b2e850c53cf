/* Worksharing loops, a taskloop and a distribute loop whose iteration
 * variable is a global or a static local: OpenMP makes it private (also
 * when a combined construct's parallel part shares it), so each thread
 * counts with its own copy and the object keeps its value. */
#include <stdio.h>

int g = 42;
int a[8], b[4][4];

int main(void)
{
    static int s = 7;
    int total = 0;
#pragma omp parallel for
    for (g = 0; g < 8; g++)
        a[g] = g;
#pragma omp parallel
    {
#pragma omp for reduction(+ : total)
        for (s = 0; s < 8; s++)
            total += a[s];
    }
#pragma omp parallel
#pragma omp single
#pragma omp taskloop
    for (g = 0; g < 8; g++)
        a[g] += 1;
    static int k;
#pragma omp parallel for collapse(2)
    for (g = 0; g < 4; g++)
        for (k = 0; k < 4; k++)
            b[g][k] = g * 4 + k;
#pragma omp teams distribute
    for (s = 0; s < 8; s++)
        a[s] *= 2;
#pragma omp parallel for shared(g) /* the region's: the loop's copy is private */
    for (g = 0; g < 8; g++)
        a[g] += 1;
    printf("%d %d %d %d %d %d %d\n", g, s, k, total, a[7], b[3][3], a[0]);
    return 0;
}
