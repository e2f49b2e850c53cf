/* <sys/resource.h> for x86-64 Linux (glibc).  */
#ifndef _SYS_RESOURCE_H
#define _SYS_RESOURCE_H 1

#define __need_struct_timeval
#include <bits/inspire_types.h>

typedef unsigned long rlim_t;
typedef unsigned int id_t;

struct rlimit {
    rlim_t rlim_cur;
    rlim_t rlim_max;
};

struct rusage {
    struct timeval ru_utime;
    struct timeval ru_stime;
    long ru_maxrss;
    long ru_ixrss;
    long ru_idrss;
    long ru_isrss;
    long ru_minflt;
    long ru_majflt;
    long ru_nswap;
    long ru_inblock;
    long ru_oublock;
    long ru_msgsnd;
    long ru_msgrcv;
    long ru_nsignals;
    long ru_nvcsw;
    long ru_nivcsw;
};

#define RLIMIT_CPU 0
#define RLIMIT_FSIZE 1
#define RLIMIT_DATA 2
#define RLIMIT_STACK 3
#define RLIMIT_CORE 4
#define RLIMIT_RSS 5
#define RLIMIT_NPROC 6
#define RLIMIT_NOFILE 7
#define RLIMIT_MEMLOCK 8
#define RLIMIT_AS 9
#define RLIM_INFINITY ((rlim_t)-1)
#define RLIM_SAVED_MAX RLIM_INFINITY
#define RLIM_SAVED_CUR RLIM_INFINITY

#define RUSAGE_SELF 0
#define RUSAGE_CHILDREN (-1)
#ifdef _GNU_SOURCE
#define RUSAGE_THREAD 1
#endif

#define PRIO_PROCESS 0
#define PRIO_PGRP 1
#define PRIO_USER 2
#define PRIO_MIN (-20)
#define PRIO_MAX 20

int getrlimit(int resource, struct rlimit *rlimits);
int setrlimit(int resource, const struct rlimit *rlimits);
int getrusage(int who, struct rusage *usage);
int getpriority(int which, id_t who);
int setpriority(int which, id_t who, int prio);

#ifdef _GNU_SOURCE
/* The large-file interfaces: the same as without 64 on x86-64.  */
typedef unsigned long rlim64_t;
struct rlimit64 {
    rlim64_t rlim_cur;
    rlim64_t rlim_max;
};
int getrlimit64(int resource, struct rlimit64 *rlimits);
int setrlimit64(int resource, const struct rlimit64 *rlimits);

/* pid is a pid_t, which <sys/resource.h> does not define.  */
int prlimit(int pid, int resource, const struct rlimit *new_limit,
            struct rlimit *old_limit);
int prlimit64(int pid, int resource, const struct rlimit64 *new_limit,
              struct rlimit64 *old_limit);
#endif

#endif /* _SYS_RESOURCE_H */

/* Outside the include guard on purpose: the preprocessor then reads this
   file again on every #include, so each inclusion appears in its output.  */
#undef __inspire_reread
