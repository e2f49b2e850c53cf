/* POSIX threads converted to tasks: a scalar handle, a handle array created in
 * one loop and joined in the next, the create status used, join results
 * through &x, a pointer variable and NULL. */
#include <pthread.h>
#include <stddef.h>

static void *square(void *arg)
{
    long x = (long)arg;
    return (void *)(x * x);
}

int main(void)
{
    pthread_t one;
    void *r;
    pthread_create(&one, NULL, square, (void *)3L);
    pthread_join(one, &r);

    pthread_t many[4];
    void *results[4];
    for (int i = 0; i < 4; i++)
        if (pthread_create(&many[i], NULL, square, (void *)(long)i) != 0)
            return 1;
    for (int i = 0; i < 4; i++) {
        void **slot = &results[i];
        pthread_join(many[i], slot);
    }
    pthread_t quiet;
    pthread_create(&quiet, NULL, square, NULL);
    int status = pthread_join(quiet, NULL);
    return (int)(long)r + (int)(long)results[3] + status;
}
