/* <sys/select.h> for x86-64 Linux (glibc).  */
#ifndef _SYS_SELECT_H
#define _SYS_SELECT_H 1

#define __need_time_t
#define __need_suseconds_t
#define __need_sigset_t
#define __need_struct_timespec
#define __need_struct_timeval
#include <bits/inspire_types.h>

typedef long __fd_mask;
/* The member's name is glibc's: without underscores when _GNU_SOURCE (which
   implies X/Open) is defined.  */
#ifdef _GNU_SOURCE
typedef struct {
    __fd_mask fds_bits[16];
} fd_set;
#define __INSPIRE_FDS_BITS(set) ((set)->fds_bits)
#else
typedef struct {
    __fd_mask __fds_bits[16];
} fd_set;
#define __INSPIRE_FDS_BITS(set) ((set)->__fds_bits)
#endif
typedef __fd_mask fd_mask;

#define FD_SETSIZE 1024
#define NFDBITS 64
#define FD_SET(fd, set) \
    ((void)(__INSPIRE_FDS_BITS(set)[(fd) / NFDBITS] |= (__fd_mask)(1UL << ((fd) % NFDBITS))))
#define FD_CLR(fd, set) \
    ((void)(__INSPIRE_FDS_BITS(set)[(fd) / NFDBITS] &= ~(__fd_mask)(1UL << ((fd) % NFDBITS))))
#define FD_ISSET(fd, set) \
    ((__INSPIRE_FDS_BITS(set)[(fd) / NFDBITS] & (__fd_mask)(1UL << ((fd) % NFDBITS))) != 0)
#define FD_ZERO(set) \
    do { \
        unsigned int __inspire_i; \
        for (__inspire_i = 0; __inspire_i < 16; ++__inspire_i) \
            __INSPIRE_FDS_BITS(set)[__inspire_i] = 0; \
    } while (0)

int select(int nfds, fd_set *restrict readfds, fd_set *restrict writefds,
           fd_set *restrict exceptfds, struct timeval *restrict timeout);
int pselect(int nfds, fd_set *restrict readfds, fd_set *restrict writefds,
            fd_set *restrict exceptfds, const struct timespec *restrict timeout,
            const sigset_t *restrict sigmask);

#endif /* _SYS_SELECT_H */

/* Outside the include guard on purpose: the preprocessor then reads this
   file again on every #include, so each inclusion appears in its output.  */
#undef __inspire_reread
