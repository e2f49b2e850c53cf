/* Exercises POSIX threads that are safe to convert to tasks: pthread_create
 * with default attributes (NULL), results returned through the thread's
 * void* return value (both a malloc'd block and an integer cast through
 * intptr_t) and through the argument struct, then pthread_join. */
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define NTHREADS 4
#define N 100000

struct range {
    int lo, hi;
    long sum; /* result through the argument */
};

static void *sum_range(void *arg)
{
    struct range *r = arg;
    long s = 0;
    for (int i = r->lo; i < r->hi; i++)
        s += i % 1000;
    r->sum = s;
    return NULL;
}

static void *count_multiples(void *arg)
{
    int k = *(int *)arg;
    long c = 0;
    for (int i = 1; i <= N; i++)
        c += i % k == 0;
    return (void *)(intptr_t)c; /* result through the return value */
}

static void *squares_block(void *arg)
{
    int base = (int)(intptr_t)arg;
    long *out = malloc(sizeof(long)); /* result in a heap block */
    *out = 0;
    for (int i = base; i < base + 1000; i++)
        *out += (long)i * i % 7919;
    return out;
}

int main(void)
{
    pthread_t t[NTHREADS];
    struct range ranges[NTHREADS];
    for (int i = 0; i < NTHREADS; i++) {
        ranges[i].lo = i * (N / NTHREADS);
        ranges[i].hi = (i + 1) * (N / NTHREADS);
        ranges[i].sum = 0;
        pthread_create(&t[i], NULL, sum_range, &ranges[i]);
    }
    long total = 0;
    for (int i = 0; i < NTHREADS; i++) {
        pthread_join(t[i], NULL);
        total += ranges[i].sum;
    }

    int ks[3] = {3, 7, 11};
    pthread_t m[3];
    for (int i = 0; i < 3; i++)
        pthread_create(&m[i], NULL, count_multiples, &ks[i]);
    long counts[3];
    for (int i = 0; i < 3; i++) {
        void *ret = NULL;
        pthread_join(m[i], &ret);
        counts[i] = (long)(intptr_t)ret;
    }

    pthread_t a, b;
    pthread_create(&a, NULL, squares_block, (void *)(intptr_t)0);
    pthread_create(&b, NULL, squares_block, (void *)(intptr_t)1000);
    void *ra, *rb;
    pthread_join(a, &ra);
    pthread_join(b, &rb);
    long sq = *(long *)ra + *(long *)rb;
    free(ra);
    free(rb);

    long expect_sq = 0;
    for (int i = 0; i < 2000; i++)
        expect_sq += (long)i * i % 7919;
    printf("total=%ld counts=%ld,%ld,%ld squares=%ld\n", total, counts[0], counts[1], counts[2],
           sq);
    int ok = total == 100L * 499500 && counts[0] == 33333 && counts[1] == 14285 &&
             counts[2] == 9090 && sq == expect_sq;
    printf("%s\n", ok ? "pthread_basic: ok" : "pthread_basic: FAILED");
    return !ok;
}
