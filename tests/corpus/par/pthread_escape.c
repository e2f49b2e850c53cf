/* Exercises thread handles that escape, so their threads must stay OS
 * threads: handles stored in structure members, a handle in a global
 * variable, a handle passed to a helper that joins it, and handles in a heap
 * array; together with one handle that does not escape (a task). */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

struct worker {
    pthread_t tid;
    int id;
    long out;
};

static pthread_t global_handle;

static void *square_sum(void *arg)
{
    struct worker *w = arg;
    long s = 0;
    for (int i = 0; i < 50000; i++)
        s += (long)(i % (w->id + 3)) * (i % 11);
    w->out = s;
    return NULL;
}

static void join_it(pthread_t t)
{
    pthread_join(t, NULL);
}

static long expected(int id)
{
    struct worker w = {0, id, 0};
    square_sum(&w);
    return w.out;
}

int main(void)
{
    struct worker ws[3];
    for (int i = 0; i < 3; i++) {
        ws[i].id = i;
        ws[i].out = 0;
        pthread_create(&ws[i].tid, NULL, square_sum, &ws[i]);
    }
    for (int i = 0; i < 3; i++)
        pthread_join(ws[i].tid, NULL);

    struct worker g = {0, 3, 0};
    pthread_create(&global_handle, NULL, square_sum, &g);
    pthread_join(global_handle, NULL);

    struct worker p = {0, 4, 0};
    pthread_t passed;
    pthread_create(&passed, NULL, square_sum, &p);
    join_it(passed);

    struct worker hw[2] = {{0, 5, 0}, {0, 6, 0}};
    pthread_t *heap = malloc(2 * sizeof *heap);
    for (int i = 0; i < 2; i++)
        pthread_create(&heap[i], NULL, square_sum, &hw[i]);
    for (int i = 0; i < 2; i++)
        pthread_join(heap[i], NULL);
    free(heap);

    struct worker local = {0, 7, 0};
    pthread_t task;
    pthread_create(&task, NULL, square_sum, &local);
    pthread_join(task, NULL);

    long total = ws[0].out + ws[1].out + ws[2].out + g.out + p.out + hw[0].out + hw[1].out +
                 local.out;
    long expect = 0;
    for (int id = 0; id < 8; id++)
        expect += expected(id);
    printf("total=%ld\n", total);
    int ok = total == expect;
    printf("%s\n", ok ? "pthread_escape: ok" : "pthread_escape: FAILED");
    return !ok;
}
