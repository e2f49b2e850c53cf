/* Exercises variable-length arrays (1-D and 2-D, sizeof of a VLA evaluated at
 * run time, VLA parameters with size parameters, pointers to VLA rows, VLAs
 * in loops with changing sizes) and alloca-allocated buffers. */
#include <alloca.h>
#include <stdio.h>
#include <string.h>

static long trace(int n, int m[n][n])
{
    long t = 0;
    for (int i = 0; i < n; i++)
        t += m[i][i];
    return t;
}

static void matmul(int n, const int a[n][n], const int b[n][n], int c[n][n])
{
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
            int s = 0;
            for (int k = 0; k < n; k++)
                s += a[i][k] * b[k][j];
            c[i][j] = s;
        }
}

static int sum_prefix(int n, int *src)
{
    int vla[n];
    size_t bytes = sizeof vla; /* computed at run time */
    memcpy(vla, src, bytes);
    for (int i = 1; i < n; i++)
        vla[i] += vla[i - 1];
    return vla[n - 1] + (int)bytes;
}

static int palindrome(const char *s)
{
    size_t len = strlen(s);
    char *rev = alloca(len + 1);
    for (size_t i = 0; i < len; i++)
        rev[i] = s[len - 1 - i];
    rev[len] = '\0';
    return strcmp(s, rev) == 0;
}

static long alloca_table(int n)
{
    long *t = (long *)alloca((size_t)n * sizeof(long));
    t[0] = 1;
    for (int i = 1; i < n; i++)
        t[i] = t[i - 1] * 3 % 1000003;
    return t[n - 1];
}

int main(void)
{
    int n = 4;
    int a[n][n], b[n][n], c[n][n];
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
            a[i][j] = i + j;
            b[i][j] = (i == j) ? 2 : 0;
        }
    matmul(n, (const int (*)[n])a, (const int (*)[n])b, c);
    printf("trace(c) = %ld, sizeof c = %zu, sizeof c[0] = %zu\n", trace(n, c), sizeof c,
           sizeof c[0]);

    int (*row)[n] = c; /* pointer to VLA row */
    row += 2;
    printf("row[0][3] = %d\n", (*row)[3]);

    for (int size = 1; size <= 5; size++) {
        double buf[size * 2];
        for (int i = 0; i < size * 2; i++)
            buf[i] = i * 0.5;
        double s = 0.0;
        for (int i = 0; i < size * 2; i++)
            s += buf[i];
        printf("size=%d sizeof(buf)=%zu sum=%.1f\n", size, sizeof buf, s);
    }

    int src[6] = {1, 2, 3, 4, 5, 6};
    printf("sum_prefix = %d\n", sum_prefix(6, src));
    printf("palindromes: %d %d\n", palindrome("racecar"), palindrome("inspire"));
    printf("alloca_table(50) = %ld\n", alloca_table(50));

    int m = 3;
    typedef int row_t[m]; /* typedef of a VLA type */
    row_t r;
    for (int i = 0; i < m; i++)
        r[i] = i * 7;
    printf("sizeof(row_t) = %zu, r[2] = %d\n", sizeof(row_t), r[2]);

    int ok = trace(n, c) == 24 && palindrome("abba") && !palindrome("ab");
    printf("%s\n", ok ? "vla_alloca: ok" : "vla_alloca: FAILED");
    return !ok;
}
