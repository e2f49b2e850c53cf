/* C11 threads: converted (int results, recursive creation) and kept (a
 * thread function that waits on a condition variable through a helper). */
#include <threads.h>

static mtx_t m;
static cnd_t c;
static int go;

static int fib(void *arg)
{
    int n = *(int *)arg;
    if (n < 2)
        return n;
    int a = n - 1, b = n - 2, x, y;
    thrd_t left, right;
    thrd_create(&left, fib, &a);
    thrd_create(&right, fib, &b);
    thrd_join(left, &x);
    thrd_join(right, &y);
    return x + y;
}

static void wait_go(void)
{
    mtx_lock(&m);
    while (!go)
        cnd_wait(&c, &m);
    mtx_unlock(&m);
}

static int sleeper(void *arg)
{
    wait_go();
    return *(int *)arg;
}

int main(void)
{
    int n = 10, r = 0, s = 0;
    thrd_t t, k;
    mtx_init(&m, mtx_plain);
    cnd_init(&c);
    if (thrd_create(&k, sleeper, &n) != thrd_success)
        return 1;
    thrd_create(&t, fib, &n);
    thrd_join(t, &r);
    mtx_lock(&m);
    go = 1;
    cnd_broadcast(&c);
    mtx_unlock(&m);
    thrd_join(k, &s);
    return r + s;
}
