/* <sys/times.h> for x86-64 Linux (glibc): CPU time used by a process.  */
#ifndef _SYS_TIMES_H
#define _SYS_TIMES_H 1

#define __need_clock_t
#include <bits/inspire_types.h>

/* Clock ticks (sysconf(_SC_CLK_TCK) per second) spent by this process and
   by its waited-for children, in user and in system mode.  */
struct tms {
    long tms_utime;
    long tms_stime;
    long tms_cutime;
    long tms_cstime;
};

clock_t times(struct tms *buffer);

#endif /* _SYS_TIMES_H */

/* Outside the include guard on purpose: the preprocessor then reads this
   file again on every #include, so each inclusion appears in its output.  */
#undef __inspire_reread
