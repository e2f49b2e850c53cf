/* C11 _Atomic objects: every access is one atomic operation, so increments,
 * compound assignments (also of a pointer and through a pointer)
 * from many threads lose no update, and a thread spinning on an atomic flag
 * sees the store of another.  POSIX threads and an OpenMP region; the
 * <stdatomic.h> functions on the same objects; layout as gcc's. */
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>

#define ROUNDS 200000

static _Atomic int hits;
static _Atomic(long) total;
static atomic_uint bits;
static atomic_int started, go;
static int cells[4 * ROUNDS];
static int *_Atomic cursor = cells;

struct pair {
    short a, b;
};

static void *worker(void *arg)
{
    _Atomic int *mine = arg;
    atomic_fetch_add(&started, 1);
    while (!go)
        ; /* an atomic read each time */
    for (int i = 0; i < ROUNDS; i++) {
        hits++;
        total += 3;
        total -= 1;
        bits |= 1u << (i % 8);
        ++*mine;
        *cursor++ = 1;
    }
    return NULL;
}

int main(void)
{
    pthread_t threads[2];
    _Atomic int counts[2] = {0, 0};
    for (int t = 0; t < 2; t++)
        pthread_create(&threads[t], NULL, worker, &counts[t]);
    while (atomic_load(&started) < 2)
        ;
    go = 1;
    for (int t = 0; t < 2; t++)
        pthread_join(threads[t], NULL);
    int filled = 0;
    for (int i = 0; i < 4 * ROUNDS; i++)
        filled += cells[i];
    printf("threads: %d %ld %#x %d %d %d\n", hits, (long)total, bits, counts[0],
           counts[1], filled);

    _Atomic int sum = 0;
    _Atomic long squares = 0;
#pragma omp parallel for
    for (int i = 0; i < 10000; i++) {
        sum += i % 7;
        squares += (long)i * i;
    }
    printf("loop: %d %ld\n", sum, (long)squares);

    printf("layout: %zu %zu %zu %zu\n", sizeof(_Atomic struct pair),
           _Alignof(_Atomic struct pair), _Alignof(_Atomic _Complex float),
           _Alignof(struct { char c; _Atomic(_Complex float) z; }));
    return 0;
}
