/* <semaphore.h> for x86-64 Linux (glibc).  */
#ifndef _SEMAPHORE_H
#define _SEMAPHORE_H 1

#define __need_time_t
#define __need_struct_timespec
#include <bits/inspire_types.h>

#include <sys/types.h>

typedef union {
    char __size[32];
    long __align;
} sem_t;

#define SEM_FAILED ((sem_t *)0)

int sem_init(sem_t *sem, int pshared, unsigned int value);
int sem_destroy(sem_t *sem);
sem_t *sem_open(const char *name, int oflag, ...);
int sem_close(sem_t *sem);
int sem_unlink(const char *name);
int sem_wait(sem_t *sem);
int sem_timedwait(sem_t *restrict sem, const struct timespec *restrict abstime);
int sem_trywait(sem_t *sem);
int sem_post(sem_t *sem);
int sem_getvalue(sem_t *restrict sem, int *restrict sval);

#ifdef _GNU_SOURCE
int sem_clockwait(sem_t *restrict sem, clockid_t clock,
                  const struct timespec *restrict abstime);
#endif

#endif /* _SEMAPHORE_H */

/* Outside the include guard on purpose: the preprocessor then reads this
   file again on every #include, so each inclusion appears in its output.  */
#undef __inspire_reread
