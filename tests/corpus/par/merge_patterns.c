/* Exercises the create/join shapes that synchronization coalescing looks at,
 * with POSIX and C11 threads: spawn/spawn/join/join, joins in reverse order,
 * spawn in one loop and join in the next, join inside the spawning loop,
 * a conditional join path, and interleaved spawn/join in one loop. */
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <threads.h>

static void *square(void *arg)
{
    intptr_t v = (intptr_t)arg;
    return (void *)(v * v);
}

static int cube(void *arg)
{
    int v = *(int *)arg;
    return v * v * v;
}

static long spawn_spawn_join_join(void)
{
    pthread_t a, b;
    void *ra, *rb;
    pthread_create(&a, NULL, square, (void *)(intptr_t)6);
    pthread_create(&b, NULL, square, (void *)(intptr_t)7);
    pthread_join(a, &ra);
    pthread_join(b, &rb);
    return (long)(intptr_t)ra + (long)(intptr_t)rb;
}

static long reverse_join(void)
{
    pthread_t a, b, c;
    void *ra, *rb, *rc;
    pthread_create(&a, NULL, square, (void *)(intptr_t)2);
    pthread_create(&b, NULL, square, (void *)(intptr_t)3);
    pthread_create(&c, NULL, square, (void *)(intptr_t)4);
    pthread_join(c, &rc);
    pthread_join(b, &rb);
    pthread_join(a, &ra);
    return (long)(intptr_t)ra * 10000 + (long)(intptr_t)rb * 100 + (long)(intptr_t)rc;
}

static long two_loops(int n)
{
    pthread_t t[16];
    for (int i = 0; i < n; i++)
        pthread_create(&t[i], NULL, square, (void *)(intptr_t)(i + 1));
    long s = 0;
    for (int i = 0; i < n; i++) {
        void *r;
        pthread_join(t[i], &r);
        s += (long)(intptr_t)r;
    }
    return s;
}

static long join_in_loop(int n)
{
    long s = 0;
    for (int i = 0; i < n; i++) {
        pthread_t t;
        void *r;
        pthread_create(&t, NULL, square, (void *)(intptr_t)(i * 2));
        pthread_join(t, &r);
        s = s * 3 + (long)(intptr_t)r;
    }
    return s;
}

static long conditional_join(int take_fast_path)
{
    pthread_t a, b;
    void *ra = NULL, *rb = NULL;
    pthread_create(&a, NULL, square, (void *)(intptr_t)9);
    pthread_create(&b, NULL, square, (void *)(intptr_t)10);
    if (take_fast_path) {
        pthread_join(a, &ra);
        pthread_join(b, &rb);
    } else {
        pthread_join(b, &rb);
        pthread_join(a, &ra);
    }
    return (long)(intptr_t)ra + (long)(intptr_t)rb;
}

/* spawn i+1 before joining i: spawn and merge interleave in one loop */
static long pipelined(int n)
{
    pthread_t prev;
    long s = 0;
    pthread_create(&prev, NULL, square, (void *)(intptr_t)1);
    for (int i = 2; i <= n; i++) {
        pthread_t cur;
        void *r;
        pthread_create(&cur, NULL, square, (void *)(intptr_t)i);
        pthread_join(prev, &r);
        s += (long)(intptr_t)r;
        prev = cur;
    }
    void *last;
    pthread_join(prev, &last);
    return s + (long)(intptr_t)last;
}

static long c11_two_loops(int n)
{
    thrd_t t[8];
    int args[8];
    for (int i = 0; i < n; i++) {
        args[i] = i + 1;
        thrd_create(&t[i], cube, &args[i]);
    }
    long s = 0;
    for (int i = 0; i < n; i++) {
        int r = 0;
        thrd_join(t[i], &r);
        s += r;
    }
    return s;
}

int main(void)
{
    long r1 = spawn_spawn_join_join();
    long r2 = reverse_join();
    long r3 = two_loops(12);
    long r4 = join_in_loop(6);
    long r5 = conditional_join(1) + conditional_join(0);
    long r6 = pipelined(10);
    long r7 = c11_two_loops(8);
    printf("ssjj=%ld reverse=%ld two_loops=%ld join_in_loop=%ld conditional=%ld\n", r1, r2, r3,
           r4, r5);
    printf("pipelined=%ld c11_two_loops=%ld\n", r6, r7);
    int ok = r1 == 85 && r2 == 40916 && r3 == 650 && r5 == 362 && r6 == 385 && r7 == 1296;
    printf("%s\n", ok ? "merge_patterns: ok" : "merge_patterns: FAILED");
    return !ok;
}
