/* Team threads are OS threads of their own, also in teams wider than the
 * pool: threadprivate copies per thread, blocking calls and spins the
 * runtime does not see (a POSIX barrier, a C11 atomic, a volatile flag),
 * and regions started by tasks that outlive their thread's implicit task.
 * Without OMP_PROC_BIND, every thread may run on every CPU of the process.
 * A large threadprivate array does not keep threads from starting. */
#define _GNU_SOURCE
#include <omp.h>
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdio.h>

static int mine;
#pragma omp threadprivate(mine)
/* 1 MiB of thread-local storage: more than a small thread stack holds. */
static double big[1 << 17];
#pragma omp threadprivate(big)

int main(void)
{
    omp_set_dynamic(0);
    int bad = 0;
#pragma omp parallel num_threads(8)
    mine = 10 * omp_get_thread_num();
#pragma omp parallel num_threads(8) reduction(+ : bad)
    bad += mine != 10 * omp_get_thread_num();
    printf("threadprivate persists: %d wrong\n", bad);
#pragma omp parallel num_threads(6) reduction(+ : bad)
    {
        mine = 0;
        for (int k = 0; k < 50; k++) {
            mine += omp_get_thread_num();
#pragma omp barrier
        }
        bad += mine != 50 * omp_get_thread_num();
    }
    printf("threadprivate across barriers: %d wrong\n", bad);
    pthread_barrier_t all;
    pthread_barrier_init(&all, NULL, 5);
#pragma omp parallel num_threads(5)
    pthread_barrier_wait(&all);
    pthread_barrier_destroy(&all);
    printf("POSIX barrier: passed\n");
    atomic_int go = 0;
#pragma omp parallel num_threads(3)
    {
        if (omp_get_thread_num() == 2)
            atomic_store(&go, 1);
        else
            while (!atomic_load(&go))
                ;
    }
    printf("C11 atomic spin: %d\n", atomic_load(&go));
    volatile int flag = 0;
#pragma omp parallel num_threads(4)
    {
        if (omp_get_thread_num() == 3)
            flag = 1;
        else
            while (!flag)
                ;
    }
    printf("volatile spin: %d\n", flag);
    omp_set_max_active_levels(2);
    pthread_barrier_init(&all, NULL, 4);
    bad = 0;
#pragma omp parallel num_threads(2) reduction(+ : bad)
    {
        int outer = omp_get_thread_num();
#pragma omp parallel num_threads(2) reduction(+ : bad)
        {
            mine = 100 * outer + omp_get_thread_num();
            pthread_barrier_wait(&all);
            bad += mine != 100 * outer + omp_get_thread_num();
        }
    }
    pthread_barrier_destroy(&all);
    printf("nested threadprivate: %d wrong\n", bad);
    /* Tasks that outlive their thread's part of the region, each starting
     * a region of its own on whichever thread runs it. */
    omp_set_max_active_levels(1);
    int regions = 0;
#pragma omp parallel num_threads(4)
    for (int k = 0; k < 8; k++) {
#pragma omp task
        {
#pragma omp parallel num_threads(2)
#pragma omp atomic
            regions++;
        }
    }
    printf("regions in tasks: %d\n", regions);
    cpu_set_t initial;
    sched_getaffinity(0, sizeof initial, &initial);
    int pinned = 0;
#pragma omp parallel num_threads(7) reduction(+ : pinned)
    {
        cpu_set_t mine;
        sched_getaffinity(0, sizeof mine, &mine);
        pinned += CPU_COUNT(&mine) < CPU_COUNT(&initial);
    }
    printf("threads bound to fewer CPUs: %d\n", pinned);
    double sum = 0;
#pragma omp parallel num_threads(3) reduction(+ : sum)
    {
        double *volatile own = big; /* kept: the array must exist */
        own[5] = omp_get_thread_num() + 1;
        sum += own[5];
    }
    printf("large threadprivate: %g\n", sum);
    return 0;
}
