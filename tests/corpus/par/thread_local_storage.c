/* Thread-local storage (_Thread_local, __thread, a static _Thread_local
 * local): one object per thread, for the threads of a parallel region and
 * for POSIX threads, whose function using it keeps them OS threads. */
#include <pthread.h>
#include <stdio.h>

_Thread_local int counter = 5;
static __thread long scratch;
extern __thread int tally;
__thread int tally = 7;

static int calls(void)
{
    static _Thread_local int n;
    return ++n;
}

static void *worker(void *result)
{
    counter += 1;
    scratch += 2;
    tally += 3;
    calls();
    *(int *)result = counter + (int)scratch + tally + calls();
    return NULL;
}

int main(void)
{
    int first = 0, second = 0, all_fresh = 1;
    pthread_t t;
    pthread_create(&t, NULL, worker, &first);
    pthread_join(t, NULL);
    pthread_create(&t, NULL, worker, &second);
    pthread_join(t, NULL);
    #pragma omp parallel num_threads(2) reduction(&&: all_fresh)
    {
        counter += 10;
        #pragma omp barrier
        all_fresh = counter + calls() == 16; /* each thread's own counter and calls */
    }
    printf("threads %d %d; main counter %d scratch %ld tally %d; region threads fresh %d\n",
           first, second, counter, scratch, tally, all_fresh);
    return 0;
}
