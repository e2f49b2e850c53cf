/* OpenMP single (with and without nowait, private) and master. */
#include <stdio.h>

int main(void)
{
    int x = 0, y = 0, t = 0;
#pragma omp parallel
    {
#pragma omp single
        x = 1;
#pragma omp single nowait private(t)
        {
            t = 2;
            y = t;
        }
#pragma omp master
        printf("%d %d\n", x, y);
    }
    return 0;
}
