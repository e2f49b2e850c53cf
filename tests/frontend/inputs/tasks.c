/* A small task-parallel program in the style of the Barcelona OpenMP Tasks
   Suite, used as a seed for parser tests.  */
#include <alloca.h>
#include <assert.h>
#include <omp.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>

#define BLOCK 4
typedef double tile_t[BLOCK][BLOCK];

struct queue {
    int count;
    long items[];
};

static volatile long hits = 0;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

static double now(void)
{
    struct timeval tv;
    gettimeofday(&tv, NULL);
    return tv.tv_sec + tv.tv_usec * 1e-6;
}

static void add_tile(tile_t *dst, const tile_t *src)
{
    for (int i = 0; i < BLOCK; i++)
        for (int j = 0; j < BLOCK; j++)
            (*dst)[i][j] += (*src)[i][j];
}

long count(int depth, int n)
{
    long results[n];
    long total = 0;
    int *marks = alloca(n * sizeof(int));
    if (depth == 0) {
        __sync_fetch_and_add(&hits, 1);
        return 1;
    }
    memset(marks, 0, n * sizeof *marks);
    for (int i = 0; i < n; i++) {
#pragma omp task untied firstprivate(i) shared(results)
        results[i] = count(depth - 1, n);
    }
#pragma omp taskwait
    for (int i = 0; i < n; i++) {
        if (results[i] < 0)
            goto fail;
        total += results[i];
    }
    return total;
fail:
    pthread_mutex_lock(&lock);
    fprintf(stderr, "negative result at depth %d\n", depth);
    pthread_mutex_unlock(&lock);
    return -1;
}

int main(int argc, char *argv[])
{
    int depth = argc > 1 ? atoi(argv[1]) : 3;
    struct queue *q = malloc(sizeof *q + 4 * sizeof(long));
    tile_t a = {{1.0}}, b = {{2.0, 3.0}};
    long result;
    double start = now();
    assert(q != NULL);
    add_tile(&a, &b);
#pragma omp parallel
#pragma omp single
    result = count(depth, 3);
    printf("count(%d) = %ld in %.3f s (threads: %d)\n", depth, result, now() - start,
           omp_get_max_threads());
    free(q);
    return result == 27 && a[0][0] == 3.0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
