/* Exercises pointers and pointer arithmetic, pointer differences and
 * comparisons, pointers to pointers, void pointers, multi-dimensional arrays,
 * typedef'd array types, pointers to arrays, and arrays of pointers. */
#include <stddef.h>
#include <stdio.h>
#include <string.h>

typedef int row4_t[4];          /* typedef'd array type */
typedef row4_t matrix3x4_t[3];  /* array of typedef'd arrays */
typedef double vec3[3];

static int failures = 0;
#define CHECK(c)                                 \
    do {                                         \
        if (!(c)) {                              \
            printf("FAIL line %d: %s\n", __LINE__, #c); \
            failures++;                          \
        }                                        \
    } while (0)

static int sum_row(const int *p, int n)
{
    int s = 0;
    const int *end = p + n;
    while (p != end)
        s += *p++;
    return s;
}

/* pointer to array parameter */
static int sum_matrix(int (*m)[4], int rows)
{
    int s = 0;
    for (int r = 0; r < rows; r++)
        for (int c = 0; c < 4; c++)
            s += m[r][c];
    return s;
}

static void scale_vec(vec3 v, double k)
{
    for (int i = 0; i < 3; i++)
        v[i] *= k;
}

static void swap_ptrs(int **a, int **b)
{
    int *t = *a;
    *a = *b;
    *b = t;
}

static void fill_bytes(void *dst, size_t n, unsigned char value)
{
    unsigned char *p = (unsigned char *)dst;
    for (size_t i = 0; i < n; i++)
        p[i] = (unsigned char)(value + i);
}

int main(void)
{
    int arr[10];
    for (int i = 0; i < 10; i++)
        arr[i] = i * i;

    int *p = arr;
    int *q = &arr[7];
    CHECK(q - p == 7);
    CHECK(*(p + 3) == 9);
    CHECK(p[5] == 25 && 5[arr] == 25);
    CHECK(q > p);
    CHECK(&arr[10] - &arr[0] == 10);
    ptrdiff_t diff = p - q;
    printf("p - q = %td\n", diff);
    printf("sum_row(arr+2, 5) = %d\n", sum_row(arr + 2, 5));

    /* pointer walking backward */
    int back = 0;
    for (int *r = &arr[9]; r >= &arr[5]; --r)
        back = back * 2 + (*r % 7);
    printf("backward walk = %d\n", back);

    /* multi-dimensional arrays */
    int grid[3][4];
    for (int r = 0; r < 3; r++)
        for (int c = 0; c < 4; c++)
            grid[r][c] = r * 10 + c;
    printf("sizeof grid = %zu, sizeof grid[0] = %zu\n", sizeof grid, sizeof grid[0]);
    int (*rowp)[4] = grid; /* pointer to array */
    rowp++;
    CHECK((*rowp)[2] == 12);
    CHECK(rowp[1][3] == 23);
    printf("sum_matrix(grid) = %d\n", sum_matrix(grid, 3));
    int *flat = &grid[0][0];
    CHECK(flat[2 * 4 + 1] == 21);

    /* typedef'd array types */
    matrix3x4_t m;
    memset(m, 0, sizeof m);
    CHECK(sizeof(matrix3x4_t) == 3 * 4 * sizeof(int));
    for (int r = 0; r < 3; r++) {
        row4_t *rr = &m[r];
        for (int c = 0; c < 4; c++)
            (*rr)[c] = r + c;
    }
    printf("sum_matrix(m) = %d\n", sum_matrix(m, 3));
    vec3 v = {1.0, 2.0, 3.0};
    scale_vec(v, 1.5);
    printf("scaled vec = %.2f %.2f %.2f\n", v[0], v[1], v[2]);

    /* 3-D array and pointer to 2-D array */
    int cube[2][3][4];
    int n = 0;
    for (int a = 0; a < 2; a++)
        for (int b = 0; b < 3; b++)
            for (int c = 0; c < 4; c++)
                cube[a][b][c] = n++;
    int (*plane)[3][4] = &cube[1];
    printf("cube[1][2][3] via plane = %d\n", (*plane)[2][3]);
    printf("sizeof *plane = %zu\n", sizeof *plane);

    /* pointer to pointer */
    int x = 1, y = 2;
    int *px = &x, *py = &y;
    swap_ptrs(&px, &py);
    printf("after swap: *px=%d *py=%d\n", *px, *py);
    int **pp = &px;
    **pp = 42;
    CHECK(y == 42);

    /* arrays of pointers */
    const char *words[] = {"alpha", "beta", "gamma", "delta"};
    size_t nwords = sizeof words / sizeof words[0];
    size_t total = 0;
    for (const char **w = words; w < words + nwords; w++)
        total += strlen(*w);
    printf("total word length = %zu\n", total);

    /* void pointers and byte views */
    unsigned int word = 0;
    fill_bytes(&word, sizeof word, 0x10);
    unsigned char *bytes = (unsigned char *)&word;
    printf("bytes = %02x %02x %02x %02x\n", bytes[0], bytes[1], bytes[2], bytes[3]);

    /* null pointer and conditional */
    int *null_p = NULL;
    CHECK(!null_p);
    CHECK(null_p == 0);
    int *sel = null_p ? null_p : &x;
    CHECK(*sel == x);

    /* pointer into struct-like buffers: char pointer arithmetic */
    char buf[16] = "hello, world";
    char *comma = strchr(buf, ',');
    printf("offset of comma = %td\n", comma - buf);
    *comma = '\0';
    printf("prefix = %s\n", buf);

    printf("%s\n", failures == 0 ? "pointers: ok" : "pointers: FAILED");
    return failures != 0;
}
