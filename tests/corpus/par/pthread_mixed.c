/* Exercises a program mixing threads that are safe to convert to tasks
 * (pure compute workers joined by main) with one that must stay an OS thread:
 * a monitor that blocks on a condition variable until main signals it after
 * the workers finished.  The monitor also uses a mutex shared with main. */
#include <pthread.h>
#include <stdio.h>

#define WORKERS 6

static pthread_mutex_t mtx = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t cv = PTHREAD_COND_INITIALIZER;
static int workers_done = 0;
static long published = 0;

struct work {
    int id;
    long out;
};

static void *compute(void *arg)
{
    struct work *w = arg;
    long acc = 0;
    for (int i = 0; i < 20000; i++)
        acc = (acc * 31 + i * (w->id + 1)) % 1000003;
    w->out = acc;
    return NULL;
}

static void *monitor(void *arg)
{
    long *seen = arg;
    pthread_mutex_lock(&mtx);
    while (!workers_done)
        pthread_cond_wait(&cv, &mtx); /* blocking: must stay an OS thread */
    *seen = published;
    pthread_mutex_unlock(&mtx);
    return NULL;
}

int main(void)
{
    long seen = -1;
    pthread_t mon;
    pthread_create(&mon, NULL, monitor, &seen);

    pthread_t th[WORKERS];
    struct work w[WORKERS];
    for (int i = 0; i < WORKERS; i++) {
        w[i].id = i;
        w[i].out = 0;
        pthread_create(&th[i], NULL, compute, &w[i]);
    }
    long total = 0;
    for (int i = 0; i < WORKERS; i++) {
        pthread_join(th[i], NULL);
        total += w[i].out;
    }

    pthread_mutex_lock(&mtx);
    published = total;
    workers_done = 1;
    pthread_cond_signal(&cv);
    pthread_mutex_unlock(&mtx);
    pthread_join(mon, NULL);

    long expect = 0;
    for (int id = 0; id < WORKERS; id++) {
        long acc = 0;
        for (int i = 0; i < 20000; i++)
            acc = (acc * 31 + i * (id + 1)) % 1000003;
        expect += acc;
    }
    printf("total=%ld monitor saw=%ld\n", total, seen);
    int ok = total == expect && seen == total;
    printf("%s\n", ok ? "pthread_mixed: ok" : "pthread_mixed: FAILED");
    return !ok;
}
