/* <sys/types.h> for x86-64 Linux (glibc).  */
#ifndef _SYS_TYPES_H
#define _SYS_TYPES_H 1

#define __need_NULL
#define __need_size_t
#define __need_ssize_t
#define __need_intN_t
#define __need_off_t
#define __need_pid_t
#define __need_uid_t
#define __need_gid_t
#define __need_mode_t
#define __need_dev_t
#define __need_ino_t
#define __need_nlink_t
#define __need_blksize_t
#define __need_blkcnt_t
#define __need_time_t
#define __need_clock_t
#define __need_clockid_t
#define __need_timer_t
#define __need_suseconds_t
#define __need_pthread_types
#define __need_key_t
#if defined(_GNU_SOURCE) || defined(_LARGEFILE64_SOURCE)
#define __need_off64_t
#define __need_ino64_t
#endif
#include <bits/inspire_types.h>

#if defined(_GNU_SOURCE) || defined(_LARGEFILE64_SOURCE)
/* The large-file types: the same as without 64 on x86-64.  */
typedef long blkcnt64_t;
typedef unsigned long fsblkcnt64_t;
typedef unsigned long fsfilcnt64_t;
#endif
#if !defined(__STRICT_ANSI__) || defined(_GNU_SOURCE) || defined(_DEFAULT_SOURCE)
typedef long loff_t;
#endif

typedef unsigned char u_char;
typedef unsigned short u_short;
typedef unsigned int u_int;
typedef unsigned long u_long;
typedef long quad_t;
typedef unsigned long u_quad_t;
typedef unsigned char u_int8_t;
typedef unsigned short u_int16_t;
typedef unsigned int u_int32_t;
typedef unsigned long u_int64_t;
typedef unsigned short ushort;
typedef unsigned int uint;
typedef unsigned long ulong;
typedef unsigned int id_t;
typedef char *caddr_t;
typedef long daddr_t;
typedef unsigned long fsblkcnt_t;
typedef unsigned long fsfilcnt_t;
typedef long register_t;

/* Like glibc's, it makes fd_set, select and pselect visible, and (in the
   default GNU mode) BYTE_ORDER, LITTLE_ENDIAN and BIG_ENDIAN.  */
#include <sys/select.h>
#ifdef __USE_MISC
#include <endian.h>
#endif

#endif /* _SYS_TYPES_H */

/* Outside the include guard on purpose: the preprocessor then reads this
   file again on every #include, so each inclusion appears in its output.  */
#undef __inspire_reread
