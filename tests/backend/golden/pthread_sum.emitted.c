#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#define INSPIRE_QUEUE_POLICY 1
#define INSPIRE_QUEUE_SIZE 16
#define INSPIRE_EVENT_TABLE_BUCKETS 97
#define INSPIRE_PARAM_BUFFER_BYTES 128
#define INSPIRE_STACK_BYTES 8388608
#include "inspire_rt.h"

struct slice;
struct slice {
    const int *data;
    int begin;
    int end;
    long sum;
};

void *sum_slice(void *arg);
int main(void);
static void main_task0_seq(void *arg, void **result);
static void main_task0(void *inspire_closure);

struct main_task0_closure {
    void *arg;
    void **result;
};

static void main_task0_seq(void *arg, void **result)
{
    *result = sum_slice(arg);
}

static void main_task0(void *inspire_closure)
{
    struct main_task0_closure *inspire_cl = inspire_closure;
    main_task0_seq(inspire_cl->arg, inspire_cl->result);
}

void *sum_slice(void *arg)
{
    struct slice *s = (struct slice *)arg;
    long acc = (long)0;
    for (int i = s->begin; i < s->end; i++)
    {
        acc += (long)s->data[(long)i];
    }
    s->sum = acc;
    return (void *)0;
}

int main(void)
{
    int *data = (int *)malloc((unsigned long)800000 * sizeof(int));
    for (int i = 0; i < 800000; i++)
    {
        data[(long)i] = i % 100;
    }
    inspire_group_t threads[8];
    void *threads_result[8];
    struct slice slices[8];
    for (int t = 0; t < 8; t++)
    {
        slices[(long)t].data = data;
        slices[(long)t].begin = t * (800000 / 8);
        slices[(long)t].end = (t + 1) * (800000 / 8);
        slices[(long)t].sum = (long)0;
        {
            inspire_group_t *inspire_h = &threads[(long)t];
            {
                if (inspire_spawn_inline_p())
                {
                    main_task0_seq((void *)&slices[(long)t], &threads_result[(long)t]);
                    (*inspire_h) = INSPIRE_GROUP_DONE;
                }
                else
                {
                    inspire_task_t *inspire_t = inspire_task_new(main_task0, sizeof(struct main_task0_closure));
                    struct main_task0_closure *inspire_cl = inspire_task_closure(inspire_t);
                    inspire_cl->arg = (void *)&slices[(long)t];
                    inspire_cl->result = &threads_result[(long)t];
                    (*inspire_h) = inspire_task_spawn_group(inspire_t);
                }
            }
        }
    }
    long total = (long)0;
    for (int t = 0; t < 8; t++)
    {
        {
            inspire_group_t inspire_g = threads[(long)t];
            if (inspire_g != INSPIRE_GROUP_DONE)
                inspire_merge(inspire_g);
        }
        total += slices[(long)t].sum;
    }
    long expect = (long)(800000 / 100) * (long)(99 * 100 / 2);
    printf("sum = %ld\n", total);
    printf("verification: %s\n", total == expect ? "ok" : "FAILED");
    free((void *)data);
    return total == expect ? 0 : 1;
}

static void inspirec_name_trace_sites(void) __attribute__((constructor));
static void inspirec_name_trace_sites(void)
{
    inspire_trace_site(main_task0, "pthread_sum.c:48");
}
