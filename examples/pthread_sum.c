/* pthread_sum.c - summing an array with POSIX threads.
 *
 * A plain pthread program: create one thread per slice, join them all, add
 * the slice sums.  Every thread uses default attributes (NULL), its handle is
 * a local array element that never escapes, and the thread function neither
 * blocks on a condition variable nor sleeps - so inspirec may turn each
 * pthread_create into a task and each pthread_join into a merge (see
 * `inspirec analyze --explain examples/pthread_sum.c`).
 *
 *     inspirec run examples/pthread_sum.c
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#define NTHREADS 8
#define N 800000

struct slice {
    const int *data;
    int begin, end;
    long sum; /* result, written by the thread */
};

static void *sum_slice(void *arg)
{
    struct slice *s = arg;
    long acc = 0;
    for (int i = s->begin; i < s->end; i++)
        acc += s->data[i];
    s->sum = acc;
    return NULL;
}

int main(void)
{
    int *data = malloc(N * sizeof(int));
    for (int i = 0; i < N; i++)
        data[i] = i % 100;

    pthread_t threads[NTHREADS];
    struct slice slices[NTHREADS];
    for (int t = 0; t < NTHREADS; t++) {
        slices[t].data = data;
        slices[t].begin = t * (N / NTHREADS);
        slices[t].end = (t + 1) * (N / NTHREADS);
        slices[t].sum = 0;
        pthread_create(&threads[t], NULL, sum_slice, &slices[t]);
    }
    long total = 0;
    for (int t = 0; t < NTHREADS; t++) {
        pthread_join(threads[t], NULL);
        total += slices[t].sum;
    }

    long expect = (long)(N / 100) * (99 * 100 / 2);
    printf("sum = %ld\n", total);
    printf("verification: %s\n", total == expect ? "ok" : "FAILED");
    free(data);
    return total == expect ? 0 : 1;
}
