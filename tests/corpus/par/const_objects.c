/* const in every position a task program uses it: const globals and tables
 * of const structs, pointers to const and const pointers, const parameters
 * (also where the prototype omits the qualifier), const locals captured by
 * tasks (firstprivate by default, and shared), const arrays copied into a
 * task, const bounds of taskloop and worksharing loops, and a table of
 * const function pointers.  gcc keeps these objects read-only; the emitted
 * C must too. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef const char *label_t;

struct entry {
    label_t key;
    const int weight;
};

static const struct entry entries[] = {{"alpha", 3}, {"beta", 5}, {"gamma", 7}};
extern const int scale;
const int scale = 2;
static const double ratios[3] = {0.5, 1.5, 2.5};

static int sum(const int n, const int *const v);

static int sum(int n, const int *v)
{
    int s = 0;
    for (const int *p = v; p < v + n; p++)
        s += *p;
    return s;
}

static int by_value(const void *a, const void *b)
{
    return *(const int *)a - *(const int *)b;
}

static int fib(const int n)
{
    if (n < 2)
        return n;
    int x, y;
#pragma omp task shared(x) firstprivate(n)
    x = fib(n - 1);
#pragma omp task shared(y)
    y = fib(n - 2);
#pragma omp taskwait
    return x + y;
}

static int twice(int v) { return 2 * v; }
static int square(int v) { return v * v; }
static int (*const ops[2])(int) = {twice, square};

int main(void)
{
    const int n = 8;
    int v[8] = {5, 3, 8, 1, 9, 2, 7, 4};
    qsort(v, n, sizeof(const int), by_value);
    label_t label = entries[1].key;
    const size_t len = strlen(label);
    const int weights[3] = {entries[0].weight, entries[1].weight, entries[2].weight};
    int total = 0, copied = 0, applied[2] = {0, 0};
    double weighted = 0;
#pragma omp parallel
#pragma omp single
    {
#pragma omp taskloop reduction(+ : total)
        for (int i = 0; i < 3; i++)
            total += weights[i] * scale;
#pragma omp task firstprivate(weights) shared(copied)
        copied = weights[0] + weights[2];
        for (int k = 0; k < 2; k++) {
#pragma omp task shared(applied)
            applied[k] = ops[k](n);
        }
    }
#pragma omp parallel for reduction(+ : weighted)
    for (int i = 0; i < 3; i++)
        weighted += ratios[i] * entries[i].weight;
    const int r = fib(n + 4);
    printf("sum=%d min=%d label=%s len=%zu\n", sum(n, v), v[0], label, len);
    printf("total=%d copied=%d applied=%d,%d weighted=%.1f fib=%d size=%zu\n", total, copied,
           applied[0], applied[1], weighted, r, sizeof(const struct entry));
    int ok = sum(n, v) == 39 && v[0] == 1 && len == 4 && total == 30 && copied == 10 &&
             applied[0] == 16 && applied[1] == 64 && weighted == 26.5 && r == 144;
    printf("%s\n", ok ? "const_objects: ok" : "const_objects: FAILED");
    return !ok;
}
