/* Statement expressions and typeof with tasks: inside task bodies (their
   locals are the task's own), around calls of functions that spawn and wait
   for tasks, in task clause expressions, and a pthread created inside one
   (kept as an OS thread). */
#include <pthread.h>
#include <stdio.h>

#define MIN(a, b) ({ __typeof__(a) _a = (a), _b = (b); _a < _b ? _a : _b; })

static long fib(int n)
{
    if (n < 2)
        return n;
    long a, b;
#pragma omp task shared(a) if (({ int big = n > 8; big; }))
    a = fib(n - 1);
#pragma omp task shared(b) final((typeof(n))0)
    b = ({ typeof(n) m = n - 2; fib(m); });
#pragma omp taskwait
    return a + b;
}

static void *worker(void *arg)
{
    int *p = arg;
    *p = ({ int twice = *p * 2; twice + 1; });
    return 0;
}

int main(void)
{
    long results[8] = { 0 };
    long total = 0;
#pragma omp parallel
#pragma omp single
    {
        for (int i = 0; i < 8; i++) {
#pragma omp task firstprivate(i) shared(results)
            results[i] = ({
                __auto_type k = i + 10;
                long acc = 0;
                for (typeof(k) j = 0; j < k; j++)
                    acc += ({ int sq = j * j; MIN(sq, 50); });
                acc;
            });
        }
#pragma omp taskwait
        /* a call that spawns and waits for tasks, inside a statement expression */
        total = ({ long f = fib(15); f + MIN(results[0], results[7]); });
    }
    for (int i = 0; i < 8; i++)
        printf("results[%d] = %ld\n", i, results[i]);
    printf("total = %ld\n", total);

    int value = 20;
    pthread_t thread;
    int created = ({ pthread_create(&thread, 0, worker, &value); });
    pthread_join(thread, 0);
    printf("created = %d value = %d\n", created, value);
    return 0;
}
