/* <limits.h> for x86-64 Linux (glibc).  */
#ifndef _LIMITS_H
#define _LIMITS_H 1

#define CHAR_BIT 8
#define MB_LEN_MAX 16
#define SCHAR_MIN (-SCHAR_MAX - 1)
#define SCHAR_MAX 127
#define UCHAR_MAX 255
#define CHAR_MIN SCHAR_MIN
#define CHAR_MAX SCHAR_MAX
#define SHRT_MIN (-SHRT_MAX - 1)
#define SHRT_MAX 32767
#define USHRT_MAX 65535
#define INT_MIN (-INT_MAX - 1)
#define INT_MAX 2147483647
#define UINT_MAX 4294967295U
#define LONG_MIN (-LONG_MAX - 1L)
#define LONG_MAX 9223372036854775807L
#define ULONG_MAX 18446744073709551615UL
#define LLONG_MIN (-LLONG_MAX - 1LL)
#define LLONG_MAX 9223372036854775807LL
#define ULLONG_MAX 18446744073709551615ULL

#define SSIZE_MAX LONG_MAX
#define PATH_MAX 4096
#define NAME_MAX 255
#define PIPE_BUF 4096
#define HOST_NAME_MAX 64
#define LOGIN_NAME_MAX 256
#define NGROUPS_MAX 65536
#define LINE_MAX 2048
#define RE_DUP_MAX 0x7fff
#define PTHREAD_KEYS_MAX 1024
#define PTHREAD_DESTRUCTOR_ITERATIONS 4
#define SEM_VALUE_MAX (2147483647)
#ifdef _GNU_SOURCE
/* With _GNU_SOURCE, glibc asks the system: the minimum grows with the size
   of the processor's signal frame.  */
long __sysconf(int name);
#define PTHREAD_STACK_MIN __sysconf(75)
#else
#define PTHREAD_STACK_MIN 16384
#endif

#endif /* _LIMITS_H */

/* Outside the include guard on purpose: the preprocessor then reads this
   file again on every #include, so each inclusion appears in its output.  */
#undef __inspire_reread
