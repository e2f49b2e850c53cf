/* Exercises results returned from tasks through pointers into the parent's
 * frame: &x of a local, chains of &tmp across several task levels, an
 * alloca'd array written by tasks, and a VLA written by tasks either via a
 * pointer to its first element or named in shared(). */
#include <alloca.h>
#include <omp.h>
#include <stdio.h>

static long leaf(int v) { return (long)v * v + 1; }

static void level2(int v, long *out)
{
    long tmp = 0;
    long *tp = &tmp;
    #pragma omp task
    *tp = leaf(v);
    #pragma omp taskwait
    *out = tmp * 2;
}

static void level1(int v, long *out)
{
    long tmp = 0;
    long *tp = &tmp;
    long **tpp = &tp; /* chain: pointer to a pointer to the local */
    #pragma omp task
    level2(v + 1, *tpp);
    #pragma omp taskwait
    *out = tmp + 3;
}

static long with_alloca(int n)
{
    long *parts = alloca((size_t)n * sizeof(long));
    for (int i = 0; i < n; i++) {
        #pragma omp task
        level1(i, &parts[i]);
    }
    #pragma omp taskwait
    long s = 0;
    for (int i = 0; i < n; i++)
        s += parts[i] * (i + 1);
    return s;
}

static long with_vla_pointer(int n)
{
    long vla[n];
    long *p = vla;
    for (int i = 0; i < n; i++) {
        #pragma omp task
        p[i] = leaf(i) - i;
    }
    #pragma omp taskwait
    long s = 0;
    for (int i = 0; i < n; i++)
        s += vla[i];
    return s;
}

static long with_vla_shared(int n)
{
    int vla[n][3];
    for (int i = 0; i < n; i++) {
        #pragma omp task shared(vla) firstprivate(i)
        {
            vla[i][0] = i;
            vla[i][1] = i * i;
            vla[i][2] = i * i * i;
        }
    }
    #pragma omp taskwait
    long s = 0;
    for (int i = 0; i < n; i++)
        s += vla[i][0] + vla[i][1] + vla[i][2];
    return s;
}

int main(void)
{
    long x = 0, a = 0, b = 0, c = 0;
    #pragma omp parallel
    #pragma omp single
    {
        long *px = &x;
        #pragma omp task
        level1(5, px);
        a = with_alloca(20);
        b = with_vla_pointer(50);
        c = with_vla_shared(30);
        #pragma omp taskwait
    }
    long expect_a = 0;
    for (int i = 0; i < 20; i++)
        expect_a += (2 * leaf(i + 1) + 3) * (i + 1);
    long expect_b = 0;
    for (int i = 0; i < 50; i++)
        expect_b += leaf(i) - i;
    long expect_c = 0;
    for (int i = 0; i < 30; i++)
        expect_c += i + i * i + i * i * i;
    printf("x=%ld a=%ld b=%ld c=%ld\n", x, a, b, c);
    int ok = x == 2 * leaf(6) + 3 && a == expect_a && b == expect_b && c == expect_c;
    printf("%s\n", ok ? "result_pointers: ok" : "result_pointers: FAILED");
    return !ok;
}
