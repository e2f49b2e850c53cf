/* Shared type definitions of the bundled C library headers (x86-64 Linux,
   glibc layouts).

   A public header asks for what it needs by defining __need_<name> macros
   before including this file; each definition is made at most once per
   translation unit, and every __need_ macro is undefined again at the end.
   There is deliberately no include guard.  */

/* The C library's <features.h> (glibc's feature selection and the macros of
   <sys/cdefs.h>; it defines macros only), once, where the program first
   includes a C library header, as the C library's own headers include it:
   the system headers the bundled ones do not replace, read from the C
   compiler's directories, rely on its macros.  */
#if !defined(__inspire_have_features) && __has_include(<features.h>)
#define __inspire_have_features
#include <features.h>
#endif
/* Likewise the C library's reserved type names (<bits/types.h>, bundled). */
#include <bits/types.h>

/* Dependencies between the requests.  Structures spell their members'
   types with basic types, so that they do not make typedef names visible.  */
#if defined(__need_va_list)
#define __need___gnuc_va_list
#endif
#if defined(__need_sigset_t)
#define __need___sigset_t
#endif
#if defined(__need_mbstate_t) || defined(__need_fpos_t)
#define __need___mbstate_t
#endif
#if defined(__need_locale_t)
#define __need___locale_t
#endif
#if defined(__need_struct_iovec)
#define __need_size_t
#endif
#if defined(__need_struct_itimerspec)
#define __need_struct_timespec
#endif

#if defined(__need_NULL)
#undef NULL
#define NULL ((void *)0)
#endif

#if defined(__need_size_t) && !defined(__inspire_have_size_t)
#define __inspire_have_size_t
typedef unsigned long size_t;
#endif

#if defined(__need_ssize_t) && !defined(__inspire_have_ssize_t)
#define __inspire_have_ssize_t
typedef long ssize_t;
#endif

#if defined(__need_intptr_t) && !defined(__inspire_have_intptr_t)
#define __inspire_have_intptr_t
typedef long intptr_t;
#endif

#if defined(__need_ptrdiff_t) && !defined(__inspire_have_ptrdiff_t)
#define __inspire_have_ptrdiff_t
typedef long ptrdiff_t;
#endif

#if defined(__need_wchar_t) && !defined(__inspire_have_wchar_t)
#define __inspire_have_wchar_t
typedef int wchar_t;
#endif

#if defined(__need_wint_t) && !defined(__inspire_have_wint_t)
#define __inspire_have_wint_t
typedef unsigned int wint_t;
#endif

#if defined(__need_intN_t) && !defined(__inspire_have_intN_t)
#define __inspire_have_intN_t
typedef signed char int8_t;
typedef short int16_t;
typedef int int32_t;
typedef long int64_t;
#endif

/* The exact-width unsigned types, which <netinet/in.h> declares without
   the rest of <stdint.h>.  */
#if defined(__need_uintN_t) && !defined(__inspire_have_uintN_t)
#define __inspire_have_uintN_t
typedef unsigned char uint8_t;
typedef unsigned short uint16_t;
typedef unsigned int uint32_t;
typedef unsigned long uint64_t;
#endif

/* The address family of a socket address (<sys/socket.h>, <sys/un.h>).  */
#if defined(__need_sa_family_t) && !defined(__inspire_have_sa_family_t)
#define __inspire_have_sa_family_t
typedef unsigned short sa_family_t;
#endif

/* The key of a System V IPC object (<sys/types.h>, <sys/ipc.h>).  */
#if defined(__need_key_t) && !defined(__inspire_have_key_t)
#define __inspire_have_key_t
typedef int key_t;
#endif

#if defined(__need_off_t) && !defined(__inspire_have_off_t)
#define __inspire_have_off_t
typedef long off_t;
#endif

/* The large-file offset of the *64 interfaces (_GNU_SOURCE): the same
   64-bit type as off_t on x86-64.  */
#if defined(__need_ino64_t) && !defined(__inspire_have_ino64_t)
#define __inspire_have_ino64_t
typedef unsigned long ino64_t;
#endif

#if defined(__need_off64_t) && !defined(__inspire_have_off64_t)
#define __inspire_have_off64_t
typedef long off64_t;
#endif

#if defined(__need_pid_t) && !defined(__inspire_have_pid_t)
#define __inspire_have_pid_t
typedef int pid_t;
#endif

#if defined(__need_uid_t) && !defined(__inspire_have_uid_t)
#define __inspire_have_uid_t
typedef unsigned int uid_t;
#endif

#if defined(__need_gid_t) && !defined(__inspire_have_gid_t)
#define __inspire_have_gid_t
typedef unsigned int gid_t;
#endif

#if defined(__need_mode_t) && !defined(__inspire_have_mode_t)
#define __inspire_have_mode_t
typedef unsigned int mode_t;
#endif

#if defined(__need_dev_t) && !defined(__inspire_have_dev_t)
#define __inspire_have_dev_t
typedef unsigned long dev_t;
#endif

#if defined(__need_ino_t) && !defined(__inspire_have_ino_t)
#define __inspire_have_ino_t
typedef unsigned long ino_t;
#endif

#if defined(__need_nlink_t) && !defined(__inspire_have_nlink_t)
#define __inspire_have_nlink_t
typedef unsigned long nlink_t;
#endif

#if defined(__need_blksize_t) && !defined(__inspire_have_blksize_t)
#define __inspire_have_blksize_t
typedef long blksize_t;
#endif

#if defined(__need_blkcnt_t) && !defined(__inspire_have_blkcnt_t)
#define __inspire_have_blkcnt_t
typedef long blkcnt_t;
#endif

#if defined(__need_time_t) && !defined(__inspire_have_time_t)
#define __inspire_have_time_t
typedef long time_t;
#endif

#if defined(__need_clock_t) && !defined(__inspire_have_clock_t)
#define __inspire_have_clock_t
typedef long clock_t;
#endif

#if defined(__need_clockid_t) && !defined(__inspire_have_clockid_t)
#define __inspire_have_clockid_t
typedef int clockid_t;
#endif

#if defined(__need_timer_t) && !defined(__inspire_have_timer_t)
#define __inspire_have_timer_t
typedef void *timer_t;
#endif

#if defined(__need_suseconds_t) && !defined(__inspire_have_suseconds_t)
#define __inspire_have_suseconds_t
typedef long suseconds_t;
#endif

#if defined(__need_useconds_t) && !defined(__inspire_have_useconds_t)
#define __inspire_have_useconds_t
typedef unsigned int useconds_t;
#endif

#if defined(__need_struct_timespec) && !defined(__inspire_have_struct_timespec)
#define __inspire_have_struct_timespec
struct timespec {
    long tv_sec;
    long tv_nsec;
};
#endif

#if defined(__need_struct_itimerspec) && !defined(__inspire_have_struct_itimerspec)
#define __inspire_have_struct_itimerspec
struct itimerspec {
    struct timespec it_interval;
    struct timespec it_value;
};
#endif

#if defined(__need_struct_timeval) && !defined(__inspire_have_struct_timeval)
#define __inspire_have_struct_timeval
struct timeval {
    long tv_sec;
    long tv_usec;
};
#endif

#if defined(__need_struct_tm) && !defined(__inspire_have_struct_tm)
#define __inspire_have_struct_tm
struct tm {
    int tm_sec;
    int tm_min;
    int tm_hour;
    int tm_mday;
    int tm_mon;
    int tm_year;
    int tm_wday;
    int tm_yday;
    int tm_isdst;
    long tm_gmtoff;
    const char *tm_zone;
};
#endif

#if defined(__need___sigset_t) && !defined(__inspire_have___sigset_t)
#define __inspire_have___sigset_t
typedef struct {
    unsigned long __val[16];
} __sigset_t;
#endif

#if defined(__need_sigset_t) && !defined(__inspire_have_sigset_t)
#define __inspire_have_sigset_t
typedef __sigset_t sigset_t;
#endif

/* The conversion state of the restartable multibyte functions (glibc's
   layout: a count of pending bytes and the partial character).  */
#if defined(__need___mbstate_t) && !defined(__inspire_have___mbstate_t)
#define __inspire_have___mbstate_t
typedef struct {
    int __count;
    union {
        unsigned int __wch;
        char __wchb[4];
    } __value;
} __mbstate_t;
#endif

#if defined(__need_mbstate_t) && !defined(__inspire_have_mbstate_t)
#define __inspire_have_mbstate_t
typedef __mbstate_t mbstate_t;
#endif

#if defined(__need_FILE) && !defined(__inspire_have_FILE)
#define __inspire_have_FILE
typedef struct _IO_FILE FILE;
#endif

/* POSIX 2008 locale objects: a pointer to an opaque record.  */
#if defined(__need___locale_t) && !defined(__inspire_have___locale_t)
#define __inspire_have___locale_t
typedef struct __locale_struct *__locale_t;
#endif

#if defined(__need_locale_t) && !defined(__inspire_have_locale_t)
#define __inspire_have_locale_t
typedef __locale_t locale_t;
#endif

#if defined(__need_fpos_t) && !defined(__inspire_have_fpos_t)
#define __inspire_have_fpos_t
typedef struct _G_fpos_t {
    long __pos;
    __mbstate_t __state;
} fpos_t;
#endif

#if defined(__need___gnuc_va_list) && !defined(__inspire_have___gnuc_va_list)
#define __inspire_have___gnuc_va_list
#ifdef __INSPIREC__
/* The x86-64 System V va_list, spelled out for the C parser; C compilers
   provide __builtin_va_list themselves.  */
typedef struct __va_list_tag {
    unsigned int gp_offset;
    unsigned int fp_offset;
    void *overflow_arg_area;
    void *reg_save_area;
} __builtin_va_list[1];
#endif
typedef __builtin_va_list __gnuc_va_list;
#endif

#if defined(__need_va_list) && !defined(__inspire_have_va_list)
#define __inspire_have_va_list
typedef __gnuc_va_list va_list;
#endif

/* One buffer of a scatter/gather I/O request (<sys/uio.h>'s).  */
#if defined(__need_struct_iovec) && !defined(__inspire_have_struct_iovec)
#define __inspire_have_struct_iovec
struct iovec {
    void *iov_base;
    size_t iov_len;
};
#endif

#if defined(__need_struct_stat) && !defined(__inspire_have_struct_stat)
#define __inspire_have_struct_stat
struct stat {
    unsigned long st_dev;
    unsigned long st_ino;
    unsigned long st_nlink;
    unsigned int st_mode;
    unsigned int st_uid;
    unsigned int st_gid;
    int __pad0;
    unsigned long st_rdev;
    long st_size;
    long st_blksize;
    long st_blocks;
    struct timespec st_atim;
    struct timespec st_mtim;
    struct timespec st_ctim;
    long __glibc_reserved[3];
};
#define st_atime st_atim.tv_sec
#define st_mtime st_mtim.tv_sec
#define st_ctime st_ctim.tv_sec
#endif

#if defined(__need_pthread_types) && !defined(__inspire_have_pthread_types)
#define __inspire_have_pthread_types
/* The pthread objects are opaque; only their size and alignment are
   visible, as with glibc.  */
typedef unsigned long pthread_t;
typedef unsigned int pthread_key_t;
typedef int pthread_once_t;
typedef volatile int pthread_spinlock_t;
union pthread_attr_t {
    char __size[56];
    long __align;
};
typedef union pthread_attr_t pthread_attr_t;
typedef union {
    char __size[40];
    long __align;
} pthread_mutex_t;
typedef union {
    char __size[4];
    int __align;
} pthread_mutexattr_t;
typedef union {
    char __size[48];
    long long __align;
} pthread_cond_t;
typedef union {
    char __size[4];
    int __align;
} pthread_condattr_t;
typedef union {
    char __size[56];
    long __align;
} pthread_rwlock_t;
typedef union {
    char __size[8];
    long __align;
} pthread_rwlockattr_t;
typedef union {
    char __size[32];
    long __align;
} pthread_barrier_t;
typedef union {
    char __size[4];
    int __align;
} pthread_barrierattr_t;
#endif

/* struct sigevent (<signal.h>, <aio.h>, <time.h>'s timers): how a timer or
   an asynchronous I/O notifies; glibc's layout.  Needs __need_pthread_types
   too.  */
#if defined(__need_sigevent) && !defined(__inspire_have_sigevent)
#define __inspire_have_sigevent
union sigval {
    int sival_int;
    void *sival_ptr;
};
typedef struct sigevent {
    union sigval sigev_value;
    int sigev_signo;
    int sigev_notify;
    union {
        int _pad[12];
        pid_t _tid;
        struct {
            void (*_function)(union sigval);
            pthread_attr_t *_attribute;
        } _sigev_thread;
    } _sigev_un;
} sigevent_t;
#define sigev_notify_function _sigev_un._sigev_thread._function
#define sigev_notify_attributes _sigev_un._sigev_thread._attribute
#endif

/* The values of sigev_notify (<signal.h>, <aio.h>; <netdb.h> has struct
   sigevent without them).  */
#if defined(__need_sigevent_consts) && !defined(__inspire_have_sigevent_consts)
#define __inspire_have_sigevent_consts
#define SIGEV_SIGNAL 0
#define SIGEV_NONE 1
#define SIGEV_THREAD 2
#define SIGEV_THREAD_ID 4
#endif

/* The comparison function of qsort, bsearch and the <search.h> searches.  */
#if defined(__need___compar_fn_t) && !defined(__inspire_have___compar_fn_t)
#define __inspire_have___compar_fn_t
typedef int (*__compar_fn_t)(const void *, const void *);
#endif

#undef __need_NULL
#undef __need_size_t
#undef __need_ssize_t
#undef __need_intptr_t
#undef __need_ptrdiff_t
#undef __need_wchar_t
#undef __need_wint_t
#undef __need_intN_t
#undef __need_off_t
#undef __need_off64_t
#undef __need_ino64_t
#undef __need_pid_t
#undef __need_key_t
#undef __need_uid_t
#undef __need_gid_t
#undef __need_mode_t
#undef __need_dev_t
#undef __need_ino_t
#undef __need_nlink_t
#undef __need_blksize_t
#undef __need_blkcnt_t
#undef __need_time_t
#undef __need_clock_t
#undef __need_clockid_t
#undef __need_timer_t
#undef __need_suseconds_t
#undef __need_useconds_t
#undef __need_struct_timespec
#undef __need_struct_itimerspec
#undef __need_struct_timeval
#undef __need_struct_tm
#undef __need___sigset_t
#undef __need_sigset_t
#undef __need_fpos_t
#undef __need___mbstate_t
#undef __need_mbstate_t
#undef __need_FILE
#undef __need___locale_t
#undef __need_locale_t
#undef __need___gnuc_va_list
#undef __need_va_list
#undef __need_struct_iovec
#undef __need_uintN_t
#undef __need_sa_family_t
#undef __need_struct_stat
#undef __need_pthread_types
#undef __need_sigevent
#undef __need_sigevent_consts
#undef __need___compar_fn_t
