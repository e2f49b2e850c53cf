/* gcc's predefined names of the 128-bit integer types, and the byte order
 * macros <sys/types.h> makes visible (as glibc's does): a program testing
 * BYTE_ORDER after it takes its little-endian path. */
#include <stdio.h>
#include <sys/types.h>

int main(void)
{
    unsigned x = 0x01020304;
    unsigned char *p = (unsigned char *)&x;
    unsigned long long a = ~0ULL, b = 3;
    __uint128_t product = (__uint128_t)a * b;
    __int128_t negated = -(__int128_t)product;
#if BYTE_ORDER == BIG_ENDIAN
    printf("big-endian %d\n", p[0]);
#elif BYTE_ORDER == LITTLE_ENDIAN
    printf("little-endian %d\n", p[0]);
#else
    printf("no byte order\n");
#endif
    printf("%llx %llx %d\n", (unsigned long long)(product >> 64), (unsigned long long)product,
           negated < 0);
    return 0;
}
