/* Exercises initialisers: scalar, nested braces, designated initialisers for
 * structs, arrays and nested members, array index designators with gaps,
 * zero-filling of partial initialisers, string initialisers, arrays whose size
 * comes from the initialiser, compound literals, and static/global tables. */
#include <stdio.h>

struct point {
    int x, y;
};

struct config {
    const char *name;
    int level;
    struct point origin;
    int weights[4];
    double ratio;
};

struct matrix {
    int rows, cols;
    int cells[3][3];
};

static const struct config defaults = {
    .name = "default",
    .origin = {.y = 7},
    .weights = {[2] = 9, [0] = 1},
    .ratio = 0.5,
};

static int primes[] = {2, 3, 5, 7, 11, 13};
static int sparse[10] = {[1] = 1, [4] = 4, 5, [8] = 8};
static struct point path[] = {{0, 0}, {.y = 2}, [3] = {.x = 3, .y = 3}};

static int sum_points(const struct point *p, int n)
{
    int s = 0;
    for (int i = 0; i < n; i++)
        s += p[i].x * 10 + p[i].y;
    return s;
}

int main(void)
{
    printf("defaults: %s level=%d origin=(%d,%d) weights=%d,%d,%d,%d ratio=%.2f\n", defaults.name,
           defaults.level, defaults.origin.x, defaults.origin.y, defaults.weights[0],
           defaults.weights[1], defaults.weights[2], defaults.weights[3], defaults.ratio);

    printf("primes: n=%zu last=%d\n", sizeof primes / sizeof primes[0], primes[5]);
    printf("sparse:");
    for (int i = 0; i < 10; i++)
        printf(" %d", sparse[i]);
    printf("\n");
    printf("path: n=%zu sum=%d\n", sizeof path / sizeof path[0],
           sum_points(path, (int)(sizeof path / sizeof path[0])));

    struct matrix m = {3, 3, {{1, 2, 3}, {4, 5, 6}, {7, 8, 9}}};
    struct matrix id = {.rows = 3, .cols = 3, .cells = {[0][0] = 1, [1][1] = 1, [2][2] = 1}};
    int trace = 0, dot = 0;
    for (int i = 0; i < 3; i++) {
        trace += m.cells[i][i];
        for (int j = 0; j < 3; j++)
            dot += m.cells[i][j] * id.cells[i][j];
    }
    printf("trace=%d dot=%d\n", trace, dot);

    int flat[2][3] = {{1, 2, 3}, {4}}; /* inner list shorter than the row */
    printf("flat: %d %d %d %d %d %d\n", flat[0][0], flat[0][1], flat[0][2], flat[1][0],
           flat[1][1], flat[1][2]);

    char word[8] = "abc";
    char exact[] = "exact";
    printf("word=%s tail=%d exact sizeof=%zu\n", word, word[7], sizeof exact);

    struct config local = defaults;
    local.level = 3;
    struct config nested = {"nested", 1, {2, 3}, {4, 5, 6, 7}, 1.25};
    printf("local.level=%d nested: %s (%d,%d) w3=%d ratio=%.2f\n", local.level, nested.name,
           nested.origin.x, nested.origin.y, nested.weights[3], nested.ratio);

    /* compound literals */
    struct point p = (struct point){.x = 4, .y = 5};
    int *arr = (int[]){10, 20, 30};
    printf("compound: p=(%d,%d) arr[2]=%d sum=%d\n", p.x, p.y, arr[2],
           sum_points((struct point[]){{1, 1}, {2, 2}}, 2));

    struct point grid[2][2] = {[1] = {[0] = {.x = 9}}};
    printf("grid[1][0].x=%d grid[0][1].y=%d\n", grid[1][0].x, grid[0][1].y);

    int ok = trace == 15 && dot == 15 && sparse[5] == 5 && defaults.weights[2] == 9 &&
             path[2].x == 0 && path[3].y == 3;
    printf("%s\n", ok ? "initializers: ok" : "initializers: FAILED");
    return !ok;
}
