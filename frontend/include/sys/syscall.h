/* <sys/syscall.h> for x86-64 Linux: the numbers of the system calls
   programs commonly make through syscall() (the kernel's, as glibc names
   them).  */
#ifndef _SYSCALL_H
#define _SYSCALL_H 1

#define SYS_read 0
#define SYS_write 1
#define SYS_open 2
#define SYS_close 3
#define SYS_mmap 9
#define SYS_munmap 11
#define SYS_sched_yield 24
#define SYS_nanosleep 35
#define SYS_getpid 39
#define SYS_clone 56
#define SYS_exit 60
#define SYS_kill 62
#define SYS_gettimeofday 96
#define SYS_getrusage 98
#define SYS_gettid 186
#define SYS_futex 202
#define SYS_sched_setaffinity 203
#define SYS_sched_getaffinity 204
#define SYS_clock_gettime 228
#define SYS_exit_group 231
#define SYS_tgkill 234
#define SYS_perf_event_open 298
#define SYS_getcpu 309
#define SYS_membarrier 324
#define SYS_rseq 334

#endif /* _SYSCALL_H */

/* Outside the include guard on purpose: the preprocessor then reads this
   file again on every #include, so each inclusion appears in its output.  */
#undef __inspire_reread
