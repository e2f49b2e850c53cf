/* A worksharing loop over an unsigned long long variable whose step
 * exceeds LLONG_MAX: the trip count and the values are those of unsigned
 * arithmetic (one iteration here). */
#include <limits.h>
#include <stdio.h>

int main(void)
{
    unsigned long long j, first = 0;
    int once = 0;
    #pragma omp parallel for reduction(+: once) lastprivate(first)
    for (j = 20; j <= LLONG_MAX - 70; j += LLONG_MAX + 50ULL) {
        once++;
        first = j;
    }
    printf("%d %llu\n", once, first);
    return 0;
}
