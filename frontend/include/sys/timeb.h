/* <sys/timeb.h> for x86-64 Linux (glibc): the obsolete ftime and its
   time record.  */
#ifndef _SYS_TIMEB_H
#define _SYS_TIMEB_H 1

#define __need_time_t
#include <bits/inspire_types.h>

/* Seconds and milliseconds since the Epoch, with the old time zone
   fields (which ftime sets to zero).  */
struct timeb {
    time_t time;
    unsigned short millitm;
    short timezone;
    short dstflag;
};

int ftime(struct timeb *timebuf);

#endif /* _SYS_TIMEB_H */

/* Outside the include guard on purpose: the preprocessor then reads this
   file again on every #include, so each inclusion appears in its output.  */
#undef __inspire_reread
