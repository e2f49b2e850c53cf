/* The ordered clause on for and parallel for: ordered regions run in
 * iteration order under every schedule (static, static with a chunk,
 * dynamic, guided), in loops counting down, with iterations that skip their
 * ordered region, with more threads than workers, and in a function the
 * loop calls (an orphaned ordered construct). */
#include <omp.h>
#include <stdio.h>

static int seq[256], pos;

static void record(int i)
{
    #pragma omp ordered
    seq[pos++] = i;
}

static void spin(int i)
{
    volatile int w = 0;
    for (int k = 0; k < (i % 7) * 200; k++)
        w++;
}

static int check(const char *what, int n, int first, int step)
{
    int bad = pos != n;
    for (int k = 0; k < n && k < pos; k++)
        bad += seq[k] != first + k * step;
    printf("%s: %d in order, %s\n", what, pos, bad ? "WRONG" : "ok");
    pos = 0;
    return bad;
}

int main(void)
{
    int bad = 0;
    #pragma omp parallel for ordered schedule(dynamic, 3)
    for (int i = 0; i < 100; i++) {
        spin(i);
        #pragma omp ordered
        seq[pos++] = i;
    }
    bad += check("dynamic,3", 100, 0, 1);

    #pragma omp parallel for ordered schedule(guided) num_threads(5)
    for (int i = 0; i < 150; i++) {
        spin(i);
        if (i % 3 != 1) {
            #pragma omp ordered
            seq[pos++] = i;
        }
    }
    int skipped = 0;
    for (int i = 0, k = 0; i < 150; i++)
        if (i % 3 != 1)
            skipped += seq[k++] != i;
    printf("guided, skipping every third: %d recorded, %s\n", pos, skipped ? "WRONG" : "ok");
    pos = 0;

    #pragma omp parallel
    {
        #pragma omp for ordered
        for (int i = 50; i > 0; i -= 2) {
            spin(i);
            record(i);
        }
        #pragma omp for ordered schedule(static, 1) nowait
        for (int i = 0; i < 12; i++) {
            spin(i);
            #pragma omp ordered
            printf("%d ", i);
        }
    }
    printf("\n");
    bad += check("static, counting down, orphaned", 25, 50, -2);

    unsigned long long hash = 0;
    #pragma omp parallel for ordered schedule(static, 4) collapse(2) num_threads(3)
    for (int i = 0; i < 6; i++)
        for (int j = 0; j < 5; j++) {
            #pragma omp ordered
            hash = hash * 31 + (unsigned)(i * 5 + j);
        }
    printf("collapse(2): hash %llu\n", hash);
    printf("bad %d\n", bad + skipped);
    return 0;
}
