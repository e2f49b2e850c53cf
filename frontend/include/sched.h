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

int sched_getcpu(void);
int sched_setaffinity(pid_t pid, size_t cpusetsize, const cpu_set_t *cpuset);
int sched_getaffinity(pid_t pid, size_t cpusetsize, cpu_set_t *cpuset);
#endif

#endif /* _SCHED_H */

/* Outside the include guard on purpose: the preprocessor then reads this
   file again on every #include, so each inclusion appears in its output.  */
#undef __inspire_reread
