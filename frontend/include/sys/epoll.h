/* <sys/epoll.h> for x86-64 Linux (glibc): the epoll event notification
   facility.  */
#ifndef _SYS_EPOLL_H
#define _SYS_EPOLL_H 1

/* Like glibc's, it makes the <stdint.h> and <sys/types.h> names visible.  */
#include <stdint.h>
#include <sys/types.h>
#define __need___sigset_t
#define __need_struct_timespec
#include <bits/inspire_types.h>

/* The flag of epoll_create1.  */
enum {
    EPOLL_CLOEXEC = 02000000
};
#define EPOLL_CLOEXEC EPOLL_CLOEXEC

/* The events of an epoll_event: the poll events, and how the descriptor
   is watched (the flags from bit 28 on).  */
enum EPOLL_EVENTS {
    EPOLLIN = 0x001,
    EPOLLPRI = 0x002,
    EPOLLOUT = 0x004,
    EPOLLRDNORM = 0x040,
    EPOLLRDBAND = 0x080,
    EPOLLWRNORM = 0x100,
    EPOLLWRBAND = 0x200,
    EPOLLMSG = 0x400,
    EPOLLERR = 0x008,
    EPOLLHUP = 0x010,
    EPOLLRDHUP = 0x2000,
    EPOLLEXCLUSIVE = 1u << 28,
    EPOLLWAKEUP = 1u << 29,
    EPOLLONESHOT = 1u << 30,
    EPOLLET = 1u << 31
};
#define EPOLLIN EPOLLIN
#define EPOLLPRI EPOLLPRI
#define EPOLLOUT EPOLLOUT
#define EPOLLRDNORM EPOLLRDNORM
#define EPOLLRDBAND EPOLLRDBAND
#define EPOLLWRNORM EPOLLWRNORM
#define EPOLLWRBAND EPOLLWRBAND
#define EPOLLMSG EPOLLMSG
#define EPOLLERR EPOLLERR
#define EPOLLHUP EPOLLHUP
#define EPOLLRDHUP EPOLLRDHUP
#define EPOLLEXCLUSIVE EPOLLEXCLUSIVE
#define EPOLLWAKEUP EPOLLWAKEUP
#define EPOLLONESHOT EPOLLONESHOT
#define EPOLLET EPOLLET

/* The operations of epoll_ctl.  */
#define EPOLL_CTL_ADD 1
#define EPOLL_CTL_DEL 2
#define EPOLL_CTL_MOD 3

/* What the caller attaches to a watched descriptor, returned with its
   events.  */
typedef union epoll_data {
    void *ptr;
    int fd;
    uint32_t u32;
    uint64_t u64;
} epoll_data_t;

/* One event: packed on x86-64, as the kernel has it (12 bytes, the data
   at offset 4).  */
struct epoll_event {
    uint32_t events;
    epoll_data_t data;
} __attribute__((__packed__));

/* Creating an epoll instance (size is ignored but must be positive).  */
int epoll_create(int size);
int epoll_create1(int flags);

/* Adding, changing and removing the descriptor fd of the instance epfd.  */
int epoll_ctl(int epfd, int op, int fd, struct epoll_event *event);

/* Waiting for at most maxevents events, timeout milliseconds (-1: for
   ever); the p forms with the signal mask ss in effect meanwhile.  */
int epoll_wait(int epfd, struct epoll_event *events, int maxevents, int timeout);
int epoll_pwait(int epfd, struct epoll_event *events, int maxevents, int timeout,
                const __sigset_t *ss);
int epoll_pwait2(int epfd, struct epoll_event *events, int maxevents,
                 const struct timespec *timeout, const __sigset_t *ss);

#endif /* _SYS_EPOLL_H */

/* Outside the include guard on purpose: the preprocessor then reads this
   file again on every #include, so each inclusion appears in its output.  */
#undef __inspire_reread
