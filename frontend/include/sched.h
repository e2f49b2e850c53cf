/* <sched.h> for x86-64 Linux (glibc).  */
#ifndef _SCHED_H
#define _SCHED_H 1

#define __need_NULL
#define __need_size_t
#define __need_time_t
#define __need_pid_t
#define __need_struct_timespec
#include <bits/inspire_types.h>

struct sched_param {
    int sched_priority;
};

#define SCHED_OTHER 0
#define SCHED_FIFO 1
#define SCHED_RR 2

int sched_setparam(pid_t pid, const struct sched_param *param);
int sched_getparam(pid_t pid, struct sched_param *param);
int sched_setscheduler(pid_t pid, int policy, const struct sched_param *param);
int sched_getscheduler(pid_t pid);
int sched_yield(void);
int sched_get_priority_max(int algorithm);
int sched_get_priority_min(int algorithm);
int sched_rr_get_interval(pid_t pid, struct timespec *t);

#ifdef _GNU_SOURCE
#define SCHED_BATCH 3
#define SCHED_IDLE 5

#define CPU_SETSIZE 1024
typedef unsigned long __cpu_mask;
typedef struct {
    __cpu_mask __bits[CPU_SETSIZE / 64];
} cpu_set_t;

int __sched_cpucount(size_t setsize, const cpu_set_t *setp);

/* Like glibc's, these evaluate cpu once per use; unlike glibc's, they do
   not check it against CPU_SETSIZE.  */
#define CPU_ZERO(set) \
    do { \
        unsigned int __inspire_i; \
        for (__inspire_i = 0; __inspire_i < CPU_SETSIZE / 64; ++__inspire_i) \
            (set)->__bits[__inspire_i] = 0; \
    } while (0)
#define CPU_SET(cpu, set) ((void)((set)->__bits[(cpu) / 64] |= 1UL << ((cpu) % 64)))
#define CPU_CLR(cpu, set) ((void)((set)->__bits[(cpu) / 64] &= ~(1UL << ((cpu) % 64))))
#define CPU_ISSET(cpu, set) (((set)->__bits[(cpu) / 64] & (1UL << ((cpu) % 64))) != 0)
#define CPU_COUNT(set) __sched_cpucount(sizeof(cpu_set_t), set)
#define CPU_EQUAL(set1, set2) (__builtin_memcmp(set1, set2, sizeof(cpu_set_t)) == 0)

/* The same on sets of setsize bytes (from CPU_ALLOC).  */
#define CPU_ZERO_S(setsize, set) ((void)__builtin_memset(set, 0, setsize))
#define CPU_SET_S(cpu, setsize, set) \
    ((size_t)(cpu) / 8 < (size_t)(setsize) \
         ? ((set)->__bits[(cpu) / 64] |= 1UL << ((cpu) % 64)) : 0)
#define CPU_CLR_S(cpu, setsize, set) \
    ((size_t)(cpu) / 8 < (size_t)(setsize) \
         ? ((set)->__bits[(cpu) / 64] &= ~(1UL << ((cpu) % 64))) : 0)
#define CPU_ISSET_S(cpu, setsize, set) \
    ((size_t)(cpu) / 8 < (size_t)(setsize) \
         && ((set)->__bits[(cpu) / 64] & (1UL << ((cpu) % 64))) != 0)
#define CPU_COUNT_S(setsize, set) __sched_cpucount(setsize, set)
#define CPU_EQUAL_S(setsize, set1, set2) (__builtin_memcmp(set1, set2, setsize) == 0)

/* dest = set1 OP set2, word by word, over setsize bytes.  */
#define __INSPIRE_CPU_OP(setsize, dest, set1, set2, op) \
    do { \
        size_t __inspire_k; \
        for (__inspire_k = 0; __inspire_k < (size_t)(setsize) / sizeof(__cpu_mask); ++__inspire_k) \
            (dest)->__bits[__inspire_k] = (set1)->__bits[__inspire_k] op (set2)->__bits[__inspire_k]; \
    } while (0)
#define CPU_AND(dest, set1, set2) __INSPIRE_CPU_OP(sizeof(cpu_set_t), dest, set1, set2, &)
#define CPU_OR(dest, set1, set2) __INSPIRE_CPU_OP(sizeof(cpu_set_t), dest, set1, set2, |)
#define CPU_XOR(dest, set1, set2) __INSPIRE_CPU_OP(sizeof(cpu_set_t), dest, set1, set2, ^)
#define CPU_AND_S(setsize, dest, set1, set2) __INSPIRE_CPU_OP(setsize, dest, set1, set2, &)
#define CPU_OR_S(setsize, dest, set1, set2) __INSPIRE_CPU_OP(setsize, dest, set1, set2, |)
#define CPU_XOR_S(setsize, dest, set1, set2) __INSPIRE_CPU_OP(setsize, dest, set1, set2, ^)

/* Sets for count CPUs, on the heap.  */
#define CPU_ALLOC_SIZE(count) \
    ((((size_t)(count) + 8 * sizeof(__cpu_mask) - 1) / (8 * sizeof(__cpu_mask))) \
     * sizeof(__cpu_mask))
#define CPU_ALLOC(count) __sched_cpualloc(count)
#define CPU_FREE(set) __sched_cpufree(set)
cpu_set_t *__sched_cpualloc(size_t count);
void __sched_cpufree(cpu_set_t *set);

int sched_getcpu(void);
int sched_setaffinity(pid_t pid, size_t cpusetsize, const cpu_set_t *cpuset);
int sched_getaffinity(pid_t pid, size_t cpusetsize, cpu_set_t *cpuset);
int getcpu(unsigned int *cpu, unsigned int *node);
int clone(int (*fn)(void *arg), void *child_stack, int flags, void *arg, ...);
int unshare(int flags);
int setns(int fd, int nstype);
#endif

#endif /* _SCHED_H */

/* Outside the include guard on purpose: the preprocessor then reads this
   file again on every #include, so each inclusion appears in its output.  */
#undef __inspire_reread
