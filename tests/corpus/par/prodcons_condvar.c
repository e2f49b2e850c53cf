/* Exercises a bounded-buffer producer/consumer with a mutex and two
 * condition variables: two producers and two consumers that block on the
 * condition variables, so they must stay OS threads.  Output: the number and
 * sum of consumed items, which do not depend on the interleaving. */
#include <pthread.h>
#include <stdio.h>

#define CAPACITY 8
#define PER_PRODUCER 3000
#define PRODUCERS 2
#define CONSUMERS 2

static int buffer[CAPACITY];
static int head = 0, tail = 0, count = 0;
static int producers_left = PRODUCERS;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t not_full = PTHREAD_COND_INITIALIZER;
static pthread_cond_t not_empty = PTHREAD_COND_INITIALIZER;

struct consumer_result {
    long items;
    long sum;
};

static void *producer(void *arg)
{
    int base = *(int *)arg;
    for (int i = 1; i <= PER_PRODUCER; i++) {
        pthread_mutex_lock(&lock);
        while (count == CAPACITY)
            pthread_cond_wait(&not_full, &lock);
        buffer[tail] = base + i;
        tail = (tail + 1) % CAPACITY;
        count++;
        pthread_cond_signal(&not_empty);
        pthread_mutex_unlock(&lock);
    }
    pthread_mutex_lock(&lock);
    producers_left--;
    pthread_cond_broadcast(&not_empty);
    pthread_mutex_unlock(&lock);
    return NULL;
}

static void *consumer(void *arg)
{
    struct consumer_result *res = arg;
    for (;;) {
        pthread_mutex_lock(&lock);
        while (count == 0 && producers_left > 0)
            pthread_cond_wait(&not_empty, &lock);
        if (count == 0 && producers_left == 0) {
            pthread_mutex_unlock(&lock);
            break;
        }
        int v = buffer[head];
        head = (head + 1) % CAPACITY;
        count--;
        pthread_cond_signal(&not_full);
        pthread_mutex_unlock(&lock);
        res->items++;
        res->sum += v;
    }
    return NULL;
}

int main(void)
{
    pthread_t prod[PRODUCERS], cons[CONSUMERS];
    int bases[PRODUCERS] = {0, 100000};
    struct consumer_result results[CONSUMERS] = {{0, 0}, {0, 0}};
    for (int i = 0; i < CONSUMERS; i++)
        pthread_create(&cons[i], NULL, consumer, &results[i]);
    for (int i = 0; i < PRODUCERS; i++)
        pthread_create(&prod[i], NULL, producer, &bases[i]);
    for (int i = 0; i < PRODUCERS; i++)
        pthread_join(prod[i], NULL);
    for (int i = 0; i < CONSUMERS; i++)
        pthread_join(cons[i], NULL);
    long items = 0, sum = 0;
    for (int i = 0; i < CONSUMERS; i++) {
        items += results[i].items;
        sum += results[i].sum;
    }
    long expect = 2L * PER_PRODUCER * (PER_PRODUCER + 1) / 2 + 100000L * PER_PRODUCER;
    printf("items=%ld sum=%ld expect=%ld\n", items, sum, expect);
    int ok = items == PRODUCERS * PER_PRODUCER && sum == expect;
    printf("%s\n", ok ? "prodcons_condvar: ok" : "prodcons_condvar: FAILED");
    return !ok;
}
