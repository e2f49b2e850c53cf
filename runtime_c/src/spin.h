/*
 * spin.h -- the runtime's one spinlock and its CPU pause.
 *
 * inspire_spin_t protects short critical sections that never block or
 * suspend (deque ends, event-table buckets, barrier and loop bookkeeping).
 * A waiter spins on a plain load with a CPU pause between reads and yields
 * its thread every INSPIRE_SPIN_YIELD_ROUNDS rounds, since the holder may
 * have been preempted (more threads than CPUs).  The lock of the program's
 * omp locks (lock.c) is a different kind: a task waiting for it yields its
 * worker to other tasks instead.
 */
#ifndef INSPIRE_SPIN_H
#define INSPIRE_SPIN_H

#include <sched.h>

/* One pause of a busy-wait loop: tells the CPU that this is a spin (saves
 * power, frees the pipeline for a sibling hardware thread, and on x86 avoids
 * the memory-order violation flush when the lock is released).  A no-op on
 * architectures without such a hint. */
#if defined(__x86_64__) || defined(__i386__)
#define INSPIRE_CPU_RELAX() __builtin_ia32_pause()
#elif defined(__aarch64__)
#define INSPIRE_CPU_RELAX() __asm__ __volatile__("yield" ::: "memory")
#elif defined(__arm__) && (defined(__ARM_ARCH_6K__) || (defined(__ARM_ARCH) && __ARM_ARCH >= 7))
#define INSPIRE_CPU_RELAX() __asm__ __volatile__("yield" ::: "memory")
#elif defined(__powerpc__) || defined(__powerpc64__)
/* Thread priority low for the pause, then back to medium. */
#define INSPIRE_CPU_RELAX() __asm__ __volatile__("or 1,1,1\n\tor 2,2,2" ::: "memory")
#elif defined(__riscv)
/* Zihintpause "pause" (a FENCE hint: a no-op on cores without it). */
#define INSPIRE_CPU_RELAX() __asm__ __volatile__(".4byte 0x0100000f" ::: "memory")
#else /* s390x, loongarch, ...: no pause hint; a compiler barrier keeps the reload */
#define INSPIRE_CPU_RELAX() __asm__ __volatile__("" ::: "memory")
#endif

/* Spin rounds between two sched_yield() calls of a waiting thread. */
#define INSPIRE_SPIN_YIELD_ROUNDS 256

/* 0 free, 1 held.  Zero-initialised storage is an unlocked lock. */
typedef int inspire_spin_t;

static inline void inspire_spin_lock(inspire_spin_t *l) {
    for (;;) {
        if (!__atomic_exchange_n(l, 1, __ATOMIC_ACQUIRE))
            return;
        for (int spins = 1; __atomic_load_n(l, __ATOMIC_RELAXED); spins++) {
            if (spins % INSPIRE_SPIN_YIELD_ROUNDS == 0)
                sched_yield(); /* the holder may have been preempted */
            else
                INSPIRE_CPU_RELAX();
        }
    }
}

static inline void inspire_spin_unlock(inspire_spin_t *l) {
    __atomic_store_n(l, 0, __ATOMIC_RELEASE);
}

#endif /* INSPIRE_SPIN_H */
