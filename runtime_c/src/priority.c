/*
 * priority.c -- the heap of tasks with a priority (see priority.h).
 */
#include "internal.h"

#include "priority.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "idle.h"
#include "spin.h"

typedef struct {
    inspire_item_t *item;
    int priority;
    unsigned long seq; /* creation order among equal priorities */
} entry_t;

int inspire_priority_waiting;
static inspire_spin_t lock;
static entry_t *heap;
static int size, cap;
static unsigned long next_seq;
static int max_priority = -1; /* -1: OMP_MAX_TASK_PRIORITY not read yet */

/* Whether a comes out of the heap before b. */
static int before(const entry_t *a, const entry_t *b) {
    return a->priority > b->priority || (a->priority == b->priority && a->seq < b->seq);
}

int inspire_max_task_priority(void) {
    int max = __atomic_load_n(&max_priority, __ATOMIC_RELAXED);
    if (max < 0) {
        const char *v = getenv("OMP_MAX_TASK_PRIORITY");
        char *end;
        long n = v ? strtol(v, &end, 10) : 0;
        if (v) /* blanks after the number, as libgomp allows */
            end += strspn(end, " \t");
        max = v && *v && *end == '\0' && n >= 0 && n <= INT_MAX ? (int)n : 0;
        __atomic_store_n(&max_priority, max, __ATOMIC_RELAXED);
    }
    return max;
}

void inspire_task_set_priority(inspire_task_t *t, int priority) {
    int max = inspire_max_task_priority();
    t->priority = priority < 0 ? 0 : priority > max ? max : priority;
}

void inspire_priority_push(inspire_worker_t *w, inspire_item_t *it) {
    inspire_spin_lock(&lock);
    if (size == cap) {
        cap = cap ? 2 * cap : 64;
        heap = realloc(heap, (size_t)cap * sizeof *heap);
        if (!heap) {
            fprintf(stderr, "inspire runtime: out of memory queueing a task with a priority\n");
            abort();
        }
    }
    entry_t e = {it, it->priority, next_seq++};
    int i = size++;
    while (i > 0 && before(&e, &heap[(i - 1) / 2])) {
        heap[i] = heap[(i - 1) / 2];
        i = (i - 1) / 2;
    }
    heap[i] = e;
    __atomic_store_n(&inspire_priority_waiting, size, __ATOMIC_RELAXED);
    inspire_spin_unlock(&lock);
    /* Pairs with the fence in inspire_idle_sleep, as for deque pushes. */
    __atomic_thread_fence(__ATOMIC_SEQ_CST);
    if (__atomic_load_n(&inspire_rt.sleepers, __ATOMIC_RELAXED) > 0)
        inspire_idle_wake_one(w);
}

inspire_item_t *inspire_priority_take(void) {
    inspire_spin_lock(&lock);
    if (size == 0) {
        inspire_spin_unlock(&lock);
        return NULL;
    }
    inspire_item_t *top = heap[0].item;
    entry_t last = heap[--size];
    int i = 0;
    for (;;) {
        int c = 2 * i + 1;
        if (c >= size)
            break;
        if (c + 1 < size && before(&heap[c + 1], &heap[c]))
            c++;
        if (!before(&heap[c], &last))
            break;
        heap[i] = heap[c];
        i = c;
    }
    if (size > 0)
        heap[i] = last;
    __atomic_store_n(&inspire_priority_waiting, size, __ATOMIC_RELAXED);
    inspire_spin_unlock(&lock);
    return top;
}
