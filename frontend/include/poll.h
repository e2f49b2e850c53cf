/* <poll.h> for x86-64 Linux (glibc): waiting for events on several file
   descriptors.  */
#ifndef _SYS_POLL_H
#define _SYS_POLL_H 1

#ifdef _GNU_SOURCE
#define __need___sigset_t
#define __need_time_t
#define __need_struct_timespec
#include <bits/inspire_types.h>
#endif

/* The events asked for and the events seen.  */
#define POLLIN 0x001
#define POLLPRI 0x002
#define POLLOUT 0x004
#define POLLRDNORM 0x040
#define POLLRDBAND 0x080
#define POLLWRNORM 0x100
#define POLLWRBAND 0x200
#ifdef _GNU_SOURCE
#define POLLMSG 0x400
#define POLLREMOVE 0x1000
#define POLLRDHUP 0x2000
#endif
/* Seen only: an error, a hang-up, a descriptor not open.  */
#define POLLERR 0x008
#define POLLHUP 0x010
#define POLLNVAL 0x020

typedef unsigned long nfds_t;

struct pollfd {
    int fd;
    short events;
    short revents;
};

int poll(struct pollfd *fds, nfds_t nfds, int timeout);

#ifdef _GNU_SOURCE
int ppoll(struct pollfd *fds, nfds_t nfds, const struct timespec *timeout,
          const __sigset_t *ss);
#endif

#endif /* _SYS_POLL_H */

/* Outside the include guard on purpose: the preprocessor then reads this
   file again on every #include, so each inclusion appears in its output.  */
#undef __inspire_reread
