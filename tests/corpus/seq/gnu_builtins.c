/* GCC builtins and glibc conveniences that programs use without thinking:
   bit-counting builtins called without any header, <endian.h> and
   <byteswap.h> (BOTS uts includes both), and the <sys/types.h> types that
   glibc's <stdlib.h> exposes (BOTS health uses int32_t after including only
   <stdlib.h>).  */
#include <byteswap.h>
#include <endian.h>
#include <stdio.h>
#include <stdlib.h>

static int32_t mix(int32_t seed) { return (int32_t)(seed * 1103515245u + 12345u); }

int main(void) {
    unsigned int word = 0x00f0u;
    unsigned long wide = 1ul << 40;
    printf("popcount %d %d %d\n", __builtin_popcount(word), __builtin_popcountl(wide - 1),
           __builtin_popcountll(0xffffull));
    printf("clz %d ctz %d clzll %d ctzl %d\n", __builtin_clz(word), __builtin_ctz(word),
           __builtin_clzll(1ull), __builtin_ctzl(wide));
    printf("parity %d ffs %d\n", __builtin_parity(7u), __builtin_ffs(0x18));
    printf("bswap %x %x %llx\n", (unsigned)bswap_16(0x1234), bswap_32(0x12345678u),
           (unsigned long long)bswap_64(0x0102030405060708ull));
    printf("endian %d %d %x %x\n", BYTE_ORDER == LITTLE_ENDIAN, __BYTE_ORDER == __BIG_ENDIAN,
           htobe32(0x11223344u), le32toh(0x11223344u));
    __builtin_prefetch(&word);
    if (__builtin_expect(word == 0, 0)) __builtin_unreachable();
    int32_t seed = 42;
    for (int i = 0; i < 3; i++) seed = mix(seed);
    u_int32_t as_unsigned = (u_int32_t)seed;
    printf("seed %d %u sizeof %zu\n", (int)seed, (unsigned)as_unsigned, sizeof(int32_t));
    /* the library builtins, callable without their headers */
    int *block = __builtin_malloc(4 * sizeof *block);
    __builtin_memset(block, 0, 4 * sizeof *block);
    block[2] = -7;
    int copy[4];
    __builtin_memcpy(copy, block, sizeof copy);
    block = __builtin_realloc(block, 8 * sizeof *block);
    printf("library %d %d %g %g %d %lu %d\n", copy[2], __builtin_abs(copy[2]),
           __builtin_fabs(-2.5), __builtin_sqrt(16.0), __builtin_inf() > 1e308,
           (unsigned long)__builtin_strlen("abc"), __builtin_memcmp(copy, block, sizeof copy));
    __builtin_free(block);
    char text[32];
    __builtin_snprintf(text, sizeof text, "%s-%d", __builtin_strchr("a:b", ':'), 7);
    __builtin_printf("printf %s %d %g %g\n", text, __builtin_strcmp(text, ":b-7"),
                     __builtin_pow(2.0, 10.0), __builtin_fmax(-1.0, __builtin_floor(2.5)));
    __builtin_puts("puts");
    __builtin_exit(0);
}
