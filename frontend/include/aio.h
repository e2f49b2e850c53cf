/* <aio.h> for x86-64 Linux (glibc): POSIX asynchronous I/O.  */
#ifndef _AIO_H
#define _AIO_H 1

#define __need_size_t
#define __need_ssize_t
#define __need_off_t
#define __need_pid_t
#define __need_struct_timespec
#define __need_pthread_types
#define __need_sigevent
#define __need_sigevent_consts
#ifdef _GNU_SOURCE
#define __need_off64_t
#endif
#include <bits/inspire_types.h>

#include <sys/types.h>

/* A request; the members after aio_sigevent are the C library's (glibc's
   layout and size).  */
struct aiocb {
    int aio_fildes;
    int aio_lio_opcode;
    int aio_reqprio;
    volatile void *aio_buf;
    size_t aio_nbytes;
    struct sigevent aio_sigevent;
    struct aiocb *__next_prio;
    int __abs_prio;
    int __policy;
    int __error_code;
    ssize_t __return_value;
    off_t aio_offset;
    char __glibc_reserved[32];
};

#define AIO_CANCELED 0
#define AIO_NOTCANCELED 1
#define AIO_ALLDONE 2
#define LIO_READ 0
#define LIO_WRITE 1
#define LIO_NOP 2
#define LIO_WAIT 0
#define LIO_NOWAIT 1

int aio_read(struct aiocb *aiocbp);
int aio_write(struct aiocb *aiocbp);
int lio_listio(int mode, struct aiocb *const list[], int nent, struct sigevent *sig);
int aio_error(const struct aiocb *aiocbp);
ssize_t aio_return(struct aiocb *aiocbp);
int aio_cancel(int fildes, struct aiocb *aiocbp);
int aio_suspend(const struct aiocb *const list[], int nent, const struct timespec *timeout);
int aio_fsync(int operation, struct aiocb *aiocbp);

#ifdef _GNU_SOURCE
/* The large-file interfaces: struct aiocb64 has struct aiocb's layout on
   x86-64.  */
struct aiocb64 {
    int aio_fildes;
    int aio_lio_opcode;
    int aio_reqprio;
    volatile void *aio_buf;
    size_t aio_nbytes;
    struct sigevent aio_sigevent;
    struct aiocb *__next_prio;
    int __abs_prio;
    int __policy;
    int __error_code;
    ssize_t __return_value;
    off64_t aio_offset;
    char __glibc_reserved[32];
};
int aio_read64(struct aiocb64 *aiocbp);
int aio_write64(struct aiocb64 *aiocbp);
int lio_listio64(int mode, struct aiocb64 *const list[], int nent, struct sigevent *sig);
int aio_error64(const struct aiocb64 *aiocbp);
ssize_t aio_return64(struct aiocb64 *aiocbp);
int aio_cancel64(int fildes, struct aiocb64 *aiocbp);
int aio_suspend64(const struct aiocb64 *const list[], int nent,
                  const struct timespec *restrict timeout);
int aio_fsync64(int operation, struct aiocb64 *aiocbp);

/* Tuning of the implementation's threads (aio_init).  */
struct aioinit {
    int aio_threads;
    int aio_num;
    int aio_locks;
    int aio_usedba;
    int aio_debug;
    int aio_numusers;
    int aio_idle_time;
    int aio_reserved;
};
void aio_init(const struct aioinit *init);
#endif

#endif /* _AIO_H */

/* Outside the include guard on purpose: the preprocessor then reads this
   file again on every #include, so each inclusion appears in its output.  */
#undef __inspire_reread
