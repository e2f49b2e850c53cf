/* <sys/uio.h> for x86-64 Linux (glibc): scatter/gather I/O.  */
#ifndef _SYS_UIO_H
#define _SYS_UIO_H 1

/* Like glibc's, it makes the <sys/types.h> names visible.  */
#include <sys/types.h>
#define __need_size_t
#define __need_ssize_t
#define __need_struct_iovec
#ifdef _GNU_SOURCE
#define __need_off64_t
#endif
#include <bits/inspire_types.h>

/* The most buffers one readv or writev takes.  */
#define UIO_MAXIOV 1024

/* Reading into and writing from count buffers, in order.  */
ssize_t readv(int fd, const struct iovec *iovec, int count);
ssize_t writev(int fd, const struct iovec *iovec, int count);

/* The same at a file offset, leaving the file position alone.  */
ssize_t preadv(int fd, const struct iovec *iovec, int count, off_t offset);
ssize_t pwritev(int fd, const struct iovec *iovec, int count, off_t offset);

#ifdef _GNU_SOURCE
ssize_t preadv64(int fd, const struct iovec *iovec, int count, off64_t offset);
ssize_t pwritev64(int fd, const struct iovec *iovec, int count, off64_t offset);

/* The flags of preadv2 and pwritev2.  */
#define RWF_HIPRI 0x00000001
#define RWF_DSYNC 0x00000002
#define RWF_SYNC 0x00000004
#define RWF_NOWAIT 0x00000008
#define RWF_APPEND 0x00000010
#define RWF_NOAPPEND 0x00000020

ssize_t preadv2(int fd, const struct iovec *iovec, int count, off_t offset, int flags);
ssize_t pwritev2(int fd, const struct iovec *iovec, int count, off_t offset, int flags);
ssize_t preadv64v2(int fd, const struct iovec *iovec, int count, off64_t offset, int flags);
ssize_t pwritev64v2(int fd, const struct iovec *iovec, int count, off64_t offset, int flags);

/* Copying between this process's memory and process pid's.  */
ssize_t process_vm_readv(pid_t pid, const struct iovec *lvec, unsigned long liovcnt,
                         const struct iovec *rvec, unsigned long riovcnt, unsigned long flags);
ssize_t process_vm_writev(pid_t pid, const struct iovec *lvec, unsigned long liovcnt,
                          const struct iovec *rvec, unsigned long riovcnt, unsigned long flags);
#endif

#endif /* _SYS_UIO_H */

/* Outside the include guard on purpose: the preprocessor then reads this
   file again on every #include, so each inclusion appears in its output.  */
#undef __inspire_reread
