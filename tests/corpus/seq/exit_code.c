/* Exercises a deliberate non-zero exit status: main returns 3 after printing
 * a result (the status is part of the expected behaviour). */
#include <stdio.h>

static int count_bits(unsigned v)
{
    int n = 0;
    while (v) {
        v &= v - 1;
        n++;
    }
    return n;
}

int main(void)
{
    int total = 0;
    for (unsigned i = 0; i < 256; i++)
        total += count_bits(i);
    printf("total bits in 0..255 = %d\n", total);
    if (total == 1024) {
        printf("returning status 3 on purpose\n");
        return 3;
    }
    printf("unexpected total\n");
    return 1;
}
