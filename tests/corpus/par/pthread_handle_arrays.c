/* Exercises thread handles kept in local arrays: created in one loop and
 * joined in the next, results through the thread functions' return values
 * (an integer cast through intptr_t, a heap block, a C11 int result), a
 * thread function that itself creates and joins an array of threads
 * (divide and conquer), the create status checked, and join result pointers
 * given as &x, through a pointer variable and as NULL. */
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <threads.h>

#define N 8
#define BLOCKS 3

static long collatz_steps(long x)
{
    long steps = 0;
    while (x != 1) {
        x = x % 2 ? 3 * x + 1 : x / 2;
        steps++;
    }
    return steps;
}

static void *longest_upto(void *arg)
{
    long hi = (long)(intptr_t)arg;
    long best = 0;
    for (long x = 1; x <= hi; x++) {
        long s = collatz_steps(x);
        if (s > best)
            best = s;
    }
    return (void *)(intptr_t)best;
}

static void *histogram(void *arg)
{
    int seed = *(int *)arg;
    long *h = calloc(4, sizeof(long));
    for (int i = 0; i < 10000; i++)
        h[(i * seed + i / 7) % 4]++;
    return h;
}

struct span {
    long lo, hi;
};

static long leaf_sum(long lo, long hi)
{
    long t = 0;
    for (long i = lo; i < hi; i++)
        t += i % 97;
    return t;
}

static void *tree_sum(void *arg)
{
    struct span *s = arg;
    if (s->hi - s->lo <= 2000)
        return (void *)(intptr_t)leaf_sum(s->lo, s->hi);
    struct span parts[4];
    pthread_t kids[4];
    long step = (s->hi - s->lo) / 4;
    for (int k = 0; k < 4; k++) {
        parts[k].lo = s->lo + k * step;
        parts[k].hi = k == 3 ? s->hi : s->lo + (k + 1) * step;
        pthread_create(&kids[k], NULL, tree_sum, &parts[k]);
    }
    long total = 0;
    for (int k = 0; k < 4; k++) {
        void *r;
        pthread_join(kids[k], &r);
        total += (long)(intptr_t)r;
    }
    return (void *)(intptr_t)total;
}

static int digit_sum(void *arg)
{
    int n = *(int *)arg;
    int s = 0;
    while (n) {
        s += n % 10;
        n /= 10;
    }
    return s;
}

int main(void)
{
    pthread_t t[N];
    void *longest[N];
    for (int i = 0; i < N; i++)
        if (pthread_create(&t[i], NULL, longest_upto, (void *)(intptr_t)(1000 * (i + 1))) != 0) {
            printf("pthread_create failed\n");
            return 1;
        }
    for (int i = 0; i < N; i++)
        pthread_join(t[i], &longest[i]);

    pthread_t h[BLOCKS];
    int seeds[BLOCKS] = {3, 5, 7};
    void *raw[BLOCKS];
    for (int i = 0; i < BLOCKS; i++)
        pthread_create(h + i, NULL, histogram, &seeds[i]);
    for (int i = 0; i < BLOCKS; i++) {
        void **slot = &raw[i];
        pthread_join(h[i], slot);
    }

    struct span whole = {0, 100000};
    pthread_t root;
    void *sum;
    pthread_create(&root, NULL, tree_sum, &whole);
    pthread_join(root, &sum);

    thrd_t c[N];
    int nums[N], digits[N];
    for (int i = 0; i < N; i++) {
        nums[i] = 12345 * (i + 1);
        thrd_create(&c[i], digit_sum, &nums[i]);
    }
    for (int i = 0; i < N; i++)
        thrd_join(c[i], &digits[i]);

    pthread_t quiet;
    pthread_create(&quiet, NULL, longest_upto, (void *)(intptr_t)10);
    pthread_join(quiet, NULL);

    int ok = 1;
    long all_longest = 0;
    for (int i = 0; i < N; i++) {
        all_longest += (long)(intptr_t)longest[i];
        ok = ok && (long)(intptr_t)longest[i] == (long)(intptr_t)longest_upto((void *)(intptr_t)(1000 * (i + 1)));
    }
    long hist = 0;
    for (int i = 0; i < BLOCKS; i++) {
        long *b = raw[i];
        long *e = histogram(&seeds[i]);
        for (int k = 0; k < 4; k++) {
            hist += b[k] * (k + 1);
            ok = ok && b[k] == e[k];
        }
        free(b);
        free(e);
    }
    long digit_total = 0;
    for (int i = 0; i < N; i++) {
        digit_total += digits[i];
        ok = ok && digits[i] == digit_sum(&nums[i]);
    }
    ok = ok && (long)(intptr_t)sum == leaf_sum(0, 100000);
    printf("longest=%ld histogram=%ld tree=%ld digits=%ld\n", all_longest, hist,
           (long)(intptr_t)sum, digit_total);
    printf("%s\n", ok ? "pthread_handle_arrays: ok" : "pthread_handle_arrays: FAILED");
    return !ok;
}
