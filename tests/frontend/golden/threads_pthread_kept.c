/* POSIX threads kept as OS threads (a blocking thread function, non-default
 * attributes, an escaping handle) next to one converted to a task. */
#include <pthread.h>
#include <stddef.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t c = PTHREAD_COND_INITIALIZER;
static int ready;

static void *waiter(void *arg)
{
    pthread_mutex_lock(&m);
    while (!ready)
        pthread_cond_wait(&c, &m);
    pthread_mutex_unlock(&m);
    return arg;
}

static void *plain(void *arg)
{
    return arg;
}

static pthread_t saved;

int main(void)
{
    pthread_t w, a, e, task;
    pthread_attr_t attr;
    pthread_attr_init(&attr);
    pthread_create(&w, NULL, waiter, NULL);
    pthread_create(&a, &attr, plain, NULL);
    pthread_create(&e, NULL, plain, NULL);
    saved = e;
    pthread_create(&task, NULL, plain, NULL);
    pthread_mutex_lock(&m);
    ready = 1;
    pthread_cond_signal(&c);
    pthread_mutex_unlock(&m);
    pthread_join(w, NULL);
    pthread_join(a, NULL);
    pthread_join(saved, NULL);
    pthread_join(task, NULL);
    return 0;
}
