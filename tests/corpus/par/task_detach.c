/* Detached tasks (task detach(evt) with omp_fulfill_event): a detached task
 * completes only when its body has finished and its event is fulfilled, so
 * dependence successors, taskwait and taskgroup wait for the fulfilment.
 * tests/backend/test_detach_run.py checks that taskwait waits for a
 * fulfilment by a thread the runtime does not manage. */
#include <omp.h>
#include <pthread.h>
#include <stdio.h>
#include <unistd.h>

static int from_thread;

static void *fulfil_from_thread(void *arg) {
    omp_event_handle_t *evt = arg;
    usleep(1000);
    __atomic_store_n(&from_thread, 1, __ATOMIC_SEQ_CST);
    omp_fulfill_event(*evt);
    return NULL;
}

int main(void) {
    int x = 0, y = 0, seen = -1, inner = -1, self = 0, group = 0, chain[4] = {0};
    pthread_t thread;
    #pragma omp parallel
    #pragma omp single
    {
        omp_event_handle_t evt;

        /* (a) fulfilled by a later task: the dependent task sees what that
         * task wrote before fulfilling (it may see 1 where the detached task
         * completed when its body ended and the dependent task ran first,
         * as a worker taking its newest task first would run it). */
        #pragma omp task detach(evt) depend(out: x) shared(x)
        x = 1;
        #pragma omp task firstprivate(evt) shared(y)
        {
            y = 2;
            omp_fulfill_event(evt);
        }
        #pragma omp task depend(in: x) shared(x, y, seen)
        seen = x + y;
        #pragma omp taskwait
        printf("a: seen %d\n", seen);

        /* (b) fulfilled by the task itself (before its body ends), an
         * undeferred one too, and a chain of detached tasks in a taskgroup,
         * each fulfilling its predecessor's event. */
        #pragma omp task detach(evt) if(0) shared(self)
        {
            omp_fulfill_event(evt);
            self += 1;
        }
        #pragma omp taskgroup
        {
            #pragma omp task detach(evt) shared(self)
            {
                omp_fulfill_event(evt);
                self += 10;
            }
            omp_event_handle_t prev;
            #pragma omp task detach(prev) shared(chain)
            chain[0] = 1;
            for (int i = 1; i < 4; i++) {
                omp_event_handle_t next;
                #pragma omp task detach(next) firstprivate(prev, i) shared(chain, group)
                {
                    chain[i] = i + 1;
                    #pragma omp atomic
                    group += i;
                    omp_fulfill_event(prev);
                }
                prev = next;
            }
            #pragma omp task firstprivate(prev) shared(group)
            {
                #pragma omp task firstprivate(prev) shared(group)
                {
                    #pragma omp atomic
                    group += 100;
                    omp_fulfill_event(prev);
                }
            }
        }
        printf("b: self %d, chain %d %d %d %d, group %d\n", self, chain[0], chain[1], chain[2],
               chain[3], group);

        /* (c) as (a), inside a task (run at once when the deque is full, as
         * its serial version, whose detached task is still a work item). */
        #pragma omp task shared(inner)
        {
            int v = 0, w = 0;
            omp_event_handle_t e;
            #pragma omp task detach(e) depend(out: v) shared(v)
            v = 1;
            #pragma omp task firstprivate(e) shared(w)
            {
                w = 2;
                omp_fulfill_event(e);
            }
            #pragma omp task depend(in: v) shared(v, w, inner)
            inner = v + w;
            #pragma omp taskwait
            inner *= 10;
        }
        #pragma omp taskwait
        printf("c: %d\n", inner);

        /* (d) fulfilled by an operating-system thread, which reads the
         * handle before fulfilling (so the handle outlives its use). */
        #pragma omp task detach(evt) shared(thread)
        {
            pthread_create(&thread, NULL, fulfil_from_thread, &evt);
            while (!__atomic_load_n(&from_thread, __ATOMIC_SEQ_CST))
                usleep(100);
        }
        #pragma omp taskwait
    }
    pthread_join(thread, NULL);
    printf("d: thread %d\n", from_thread);
    return 0;
}
