/* Exercises varargs calls into the C library: printf with many conversions,
 * flags, widths and precisions (including '*' widths), puts/putchar, and
 * snprintf into a buffer with truncation. */
#include <stddef.h>
#include <stdio.h>
#include <string.h>

int main(int argc, char **argv)
{
    int i = 42, neg = -17;
    unsigned u = 3000000000u;
    long l = -1234567890123L;
    unsigned long ul = 18446744073709551615UL;
    long long ll = -9000000000000000000LL;
    unsigned long long ull = 12345678901234567890ULL;
    short sh = -300;
    unsigned char byte = 200;
    size_t sz = sizeof(long long);
    double pi = 3.14159265358979;
    double tiny = 0.000123456, huge = 6.02214076e23;
    float f = 2.5f;

    printf("d/i: %d %i %d\n", i, neg, 0);
    printf("u/x/X/o: %u %x %X %o %#x %#o\n", u, 255u, 255u, 8u, 255u, 8u);
    printf("long: %ld %lu %lld %llu\n", l, ul, ll, ull);
    printf("short/char: %hd %hhu %c%c%c\n", sh, byte, 'o', 'k', '!');
    printf("size: %zu ptrdiff: %td\n", sz, (ptrdiff_t)-5);
    printf("width: [%5d] [%-5d] [%05d] [%+d] [% d] [%5s] [%-5s]\n", i, i, i, i, i, "ab", "ab");
    printf("star: [%*d] [%-*d] [%.*f] [%.*s]\n", 6, i, 6, i, 2, pi, 3, "abcdef");
    printf("float: %f %.2f %10.3f %-10.1f| %e %E %g %G\n", pi, pi, pi, pi, huge, tiny, tiny, huge);
    printf("g: %g %g %g %.3g\n", 100000.0, 1000000.0, 0.0001, pi);
    printf("float arg promoted: %.1f\n", f);
    printf("strings: %s|%10.4s|%-8s|\n", "hello", "truncate", "left");
    printf("percent: 100%%\n");
    printf("hex width: %08x %8.4x %-8x|\n", 0xBEEFu, 0x1Fu, 0xAu);
    printf("long hex: %lx %llX\n", 0xDEADBEEFCAFEUL, 0xFFFFFFFFFFULL);
    printf("mixed: %d %s %.3f %c %lu %x\n", 1, "two", 3.0, '4', 5UL, 6u);

    char buf[16];
    /* the first piece depends on argv, so gcc cannot prove the (deliberate)
     * truncation at compile time and stays quiet under -Wall */
    const char *piece = argc > 0 && argv[0] != NULL ? "abcdefgh" : "?";
    int needed = snprintf(buf, sizeof buf, "%s-%d-%s", piece, 12345, "xyz");
    printf("snprintf: needed=%d got=\"%s\" len=%zu\n", needed, buf, strlen(buf));
    char big[64];
    int w = sprintf(big, "%3d|%-3d|%03d", 7, 7, 7);
    printf("sprintf: %s (%d chars)\n", big, w);

    puts("puts adds a newline");
    putchar('x');
    putchar('\n');
    fputs("fputs to stdout\n", stdout);
    fprintf(stdout, "fprintf: %d\n", 7);

    int n = printf("count me\n");
    printf("printf returned %d\n", n);
    printf("printf_formats: ok\n");
    return 0;
}
