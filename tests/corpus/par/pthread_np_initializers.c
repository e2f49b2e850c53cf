/* glibc's GNU mutex initializers (_GNU_SOURCE): a recursive mutex taken
 * again by its owner, an error-checking one reporting the second lock, in
 * a POSIX thread and in main. */
#define _GNU_SOURCE
#include <errno.h>
#include <pthread.h>
#include <stdio.h>

static pthread_mutex_t recursive = PTHREAD_RECURSIVE_MUTEX_INITIALIZER_NP;
static pthread_mutex_t checking = PTHREAD_ERRORCHECK_MUTEX_INITIALIZER_NP;
static int depth;

static void enter(int d)
{
    pthread_mutex_lock(&recursive);
    depth++;
    if (d)
        enter(d - 1);
    pthread_mutex_unlock(&recursive);
}

static void *work(void *arg)
{
    enter(3);
    return arg;
}

int main(void)
{
    pthread_t t;
    pthread_create(&t, NULL, work, NULL);
    pthread_join(t, NULL);
    enter(1);
    pthread_mutex_lock(&checking);
    int again = pthread_mutex_lock(&checking);
    pthread_mutex_unlock(&checking);
    printf("%d %d\n", depth, again == EDEADLK);
    return 0;
}
