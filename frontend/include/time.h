/* <time.h> for x86-64 Linux (glibc).  */
#ifndef _TIME_H
#define _TIME_H 1

#define __need_NULL
#define __need_size_t
#define __need_time_t
#define __need_clock_t
#define __need_clockid_t
#define __need_timer_t
#define __need_pid_t
#define __need_struct_timespec
#define __need_struct_tm
#define __need_struct_itimerspec
#define __need_locale_t
#include <bits/inspire_types.h>

struct sigevent;

#define CLOCKS_PER_SEC ((clock_t)1000000)
#define CLOCK_REALTIME 0
#define CLOCK_MONOTONIC 1
#define CLOCK_PROCESS_CPUTIME_ID 2
#define CLOCK_THREAD_CPUTIME_ID 3
#define CLOCK_MONOTONIC_RAW 4
#define CLOCK_REALTIME_COARSE 5
#define CLOCK_MONOTONIC_COARSE 6
#define CLOCK_BOOTTIME 7
#define TIMER_ABSTIME 1
#define TIME_UTC 1

clock_t clock(void);
time_t time(time_t *timer);
double difftime(time_t time1, time_t time0);
time_t mktime(struct tm *tp);
time_t timegm(struct tm *tp);
size_t strftime(char *restrict s, size_t maxsize, const char *restrict format,
                const struct tm *restrict tp);
struct tm *gmtime(const time_t *timer);
struct tm *localtime(const time_t *timer);
struct tm *gmtime_r(const time_t *restrict timer, struct tm *restrict tp);
struct tm *localtime_r(const time_t *restrict timer, struct tm *restrict tp);
char *asctime(const struct tm *tp);
char *ctime(const time_t *timer);
char *asctime_r(const struct tm *restrict tp, char *restrict buf);
char *ctime_r(const time_t *restrict timer, char *restrict buf);

extern char *tzname[2];
extern long timezone;
extern int daylight;
void tzset(void);

int nanosleep(const struct timespec *requested_time, struct timespec *remaining);
int clock_getres(clockid_t clock_id, struct timespec *res);
int clock_gettime(clockid_t clock_id, struct timespec *tp);
int clock_settime(clockid_t clock_id, const struct timespec *tp);
int clock_nanosleep(clockid_t clock_id, int flags, const struct timespec *req,
                    struct timespec *rem);
int clock_getcpuclockid(pid_t pid, clockid_t *clock_id);
int timer_create(clockid_t clock_id, struct sigevent *restrict evp,
                 timer_t *restrict timerid);
int timer_delete(timer_t timerid);
int timer_settime(timer_t timerid, int flags, const struct itimerspec *restrict value,
                  struct itimerspec *restrict ovalue);
int timer_gettime(timer_t timerid, struct itimerspec *value);
int timer_getoverrun(timer_t timerid);
int timespec_get(struct timespec *ts, int base);
time_t timelocal(struct tm *tp);
int dysize(int year);
size_t strftime_l(char *restrict s, size_t maxsize, const char *restrict format,
                  const struct tm *restrict tp, locale_t loc);
#ifdef _GNU_SOURCE
char *strptime(const char *restrict s, const char *restrict fmt, struct tm *tp);
char *strptime_l(const char *restrict s, const char *restrict fmt, struct tm *tp,
                 locale_t loc);
int timespec_getres(struct timespec *ts, int base);

/* The kernel clock's tuning parameters (<sys/timex.h>); only clock_adjtime
   names them here.  */
struct timex;
int clock_adjtime(clockid_t clock_id, struct timex *utx);

/* getdate's error code (1 to 8) when it returns a null pointer.  */
extern int getdate_err;
struct tm *getdate(const char *string);
int getdate_r(const char *restrict string, struct tm *restrict resbufp);
#endif

#endif /* _TIME_H */

/* Outside the include guard on purpose: the preprocessor then reads this
   file again on every #include, so each inclusion appears in its output.  */
#undef __inspire_reread
