/* <pthread.h> for x86-64 Linux (glibc).

   The static initializers are all-zero, as glibc's are for the default
   kinds; { 0 } is valid for both the opaque types declared here and
   glibc's real ones.  pthread_cleanup_push/pop open and close a block, as
   glibc's do; the lowering reads the calls in it as the IR's cleanup_push
   and cleanup_pop, which the emitted C writes as glibc's macros.  */
#ifndef _PTHREAD_H
#define _PTHREAD_H 1

#define __need_pthread_types
#ifdef _GNU_SOURCE
#define __need___sigset_t
#endif
#include <bits/inspire_types.h>

#include <sched.h>
#include <time.h>

#define PTHREAD_CREATE_JOINABLE 0
#define PTHREAD_CREATE_DETACHED 1
enum {
    PTHREAD_MUTEX_NORMAL = 0,
    PTHREAD_MUTEX_RECURSIVE = 1,
    PTHREAD_MUTEX_ERRORCHECK = 2,
    PTHREAD_MUTEX_DEFAULT = PTHREAD_MUTEX_NORMAL
#ifdef _GNU_SOURCE
    ,
    PTHREAD_MUTEX_TIMED_NP = PTHREAD_MUTEX_NORMAL,
    PTHREAD_MUTEX_RECURSIVE_NP = PTHREAD_MUTEX_RECURSIVE,
    PTHREAD_MUTEX_ERRORCHECK_NP = PTHREAD_MUTEX_ERRORCHECK,
    PTHREAD_MUTEX_ADAPTIVE_NP = 3
#endif
};
enum {
    PTHREAD_MUTEX_STALLED = 0,
    PTHREAD_MUTEX_ROBUST = 1
};
enum {
    PTHREAD_PRIO_NONE = 0,
    PTHREAD_PRIO_INHERIT = 1,
    PTHREAD_PRIO_PROTECT = 2
};
#define PTHREAD_INHERIT_SCHED 0
#define PTHREAD_EXPLICIT_SCHED 1
#define PTHREAD_SCOPE_SYSTEM 0
#define PTHREAD_SCOPE_PROCESS 1
#define PTHREAD_PROCESS_PRIVATE 0
#define PTHREAD_PROCESS_SHARED 1
#define PTHREAD_CANCEL_ENABLE 0
#define PTHREAD_CANCEL_DISABLE 1
#define PTHREAD_CANCEL_DEFERRED 0
#define PTHREAD_CANCEL_ASYNCHRONOUS 1
#define PTHREAD_CANCELED ((void *)-1)
#define PTHREAD_ONCE_INIT 0
#define PTHREAD_BARRIER_SERIAL_THREAD (-1)

#define PTHREAD_MUTEX_INITIALIZER { 0 }
#define PTHREAD_COND_INITIALIZER { 0 }
#define PTHREAD_RWLOCK_INITIALIZER { 0 }
#ifdef _GNU_SOURCE
/* glibc's x86-64 layout: a mutex's kind is the int at byte 16, a rwlock's
 * writer preference the int at byte 48; byte by byte, little-endian. */
#define PTHREAD_RECURSIVE_MUTEX_INITIALIZER_NP { .__size = { [16] = PTHREAD_MUTEX_RECURSIVE_NP } }
#define PTHREAD_ERRORCHECK_MUTEX_INITIALIZER_NP { .__size = { [16] = PTHREAD_MUTEX_ERRORCHECK_NP } }
#define PTHREAD_ADAPTIVE_MUTEX_INITIALIZER_NP { .__size = { [16] = PTHREAD_MUTEX_ADAPTIVE_NP } }
enum {
    PTHREAD_RWLOCK_PREFER_READER_NP,
    PTHREAD_RWLOCK_PREFER_WRITER_NP,
    PTHREAD_RWLOCK_PREFER_WRITER_NONRECURSIVE_NP,
    PTHREAD_RWLOCK_DEFAULT_NP = PTHREAD_RWLOCK_PREFER_READER_NP
};
#define PTHREAD_RWLOCK_WRITER_NONRECURSIVE_INITIALIZER_NP \
    { .__size = { [48] = PTHREAD_RWLOCK_PREFER_WRITER_NONRECURSIVE_NP } }
int pthread_rwlockattr_getkind_np(const pthread_rwlockattr_t *attr, int *pref);
int pthread_rwlockattr_setkind_np(pthread_rwlockattr_t *attr, int pref);
#endif

#define pthread_cleanup_push(routine, arg) { __inspire_cleanup_push((routine), (arg));
#define pthread_cleanup_pop(execute) __inspire_cleanup_pop(execute); }

int pthread_create(pthread_t *restrict newthread, const pthread_attr_t *restrict attr,
                   void *(*start_routine)(void *), void *restrict arg);
_Noreturn void pthread_exit(void *retval);
int pthread_join(pthread_t th, void **thread_return);
int pthread_detach(pthread_t th);
pthread_t pthread_self(void);
int pthread_equal(pthread_t thread1, pthread_t thread2);
int pthread_once(pthread_once_t *once_control, void (*init_routine)(void));
int pthread_cancel(pthread_t th);
void pthread_testcancel(void);
int pthread_setschedprio(pthread_t target_thread, int prio);
int pthread_setcancelstate(int state, int *oldstate);
int pthread_setcanceltype(int type, int *oldtype);
int pthread_setschedparam(pthread_t target_thread, int policy,
                          const struct sched_param *param);
int pthread_getschedparam(pthread_t target_thread, int *restrict policy,
                          struct sched_param *restrict param);
int pthread_getcpuclockid(pthread_t thread_id, clockid_t *clock_id);
int pthread_atfork(void (*prepare)(void), void (*parent)(void), void (*child)(void));

int pthread_attr_init(pthread_attr_t *attr);
int pthread_attr_destroy(pthread_attr_t *attr);
int pthread_attr_getdetachstate(const pthread_attr_t *attr, int *detachstate);
int pthread_attr_setdetachstate(pthread_attr_t *attr, int detachstate);
int pthread_attr_getguardsize(const pthread_attr_t *attr, size_t *guardsize);
int pthread_attr_setguardsize(pthread_attr_t *attr, size_t guardsize);
int pthread_attr_getschedparam(const pthread_attr_t *restrict attr,
                               struct sched_param *restrict param);
int pthread_attr_setschedparam(pthread_attr_t *restrict attr,
                               const struct sched_param *restrict param);
int pthread_attr_getschedpolicy(const pthread_attr_t *restrict attr, int *restrict policy);
int pthread_attr_setschedpolicy(pthread_attr_t *attr, int policy);
int pthread_attr_getinheritsched(const pthread_attr_t *restrict attr, int *restrict inherit);
int pthread_attr_setinheritsched(pthread_attr_t *attr, int inherit);
int pthread_attr_getscope(const pthread_attr_t *restrict attr, int *restrict scope);
int pthread_attr_setscope(pthread_attr_t *attr, int scope);
int pthread_attr_getstacksize(const pthread_attr_t *restrict attr,
                              size_t *restrict stacksize);
int pthread_attr_setstacksize(pthread_attr_t *attr, size_t stacksize);
int pthread_attr_getstack(const pthread_attr_t *restrict attr, void **restrict stackaddr,
                          size_t *restrict stacksize);
int pthread_attr_setstack(pthread_attr_t *attr, void *stackaddr, size_t stacksize);
int pthread_attr_getstackaddr(const pthread_attr_t *restrict attr,
                              void **restrict stackaddr);
int pthread_attr_setstackaddr(pthread_attr_t *attr, void *stackaddr);

int pthread_mutex_init(pthread_mutex_t *mutex, const pthread_mutexattr_t *mutexattr);
int pthread_mutex_destroy(pthread_mutex_t *mutex);
int pthread_mutex_trylock(pthread_mutex_t *mutex);
int pthread_mutex_lock(pthread_mutex_t *mutex);
int pthread_mutex_timedlock(pthread_mutex_t *restrict mutex,
                            const struct timespec *restrict abstime);
int pthread_mutex_unlock(pthread_mutex_t *mutex);
int pthread_mutex_consistent(pthread_mutex_t *mutex);
int pthread_mutex_getprioceiling(const pthread_mutex_t *restrict mutex,
                                 int *restrict prioceiling);
int pthread_mutex_setprioceiling(pthread_mutex_t *restrict mutex, int prioceiling,
                                 int *restrict old_ceiling);
int pthread_mutexattr_init(pthread_mutexattr_t *attr);
int pthread_mutexattr_destroy(pthread_mutexattr_t *attr);
int pthread_mutexattr_getpshared(const pthread_mutexattr_t *restrict attr,
                                 int *restrict pshared);
int pthread_mutexattr_setpshared(pthread_mutexattr_t *attr, int pshared);
int pthread_mutexattr_gettype(const pthread_mutexattr_t *restrict attr, int *restrict kind);
int pthread_mutexattr_settype(pthread_mutexattr_t *attr, int kind);
int pthread_mutexattr_getprotocol(const pthread_mutexattr_t *restrict attr,
                                  int *restrict protocol);
int pthread_mutexattr_setprotocol(pthread_mutexattr_t *attr, int protocol);
int pthread_mutexattr_getrobust(const pthread_mutexattr_t *attr, int *robustness);
int pthread_mutexattr_setrobust(pthread_mutexattr_t *attr, int robustness);
int pthread_mutexattr_getprioceiling(const pthread_mutexattr_t *restrict attr,
                                     int *restrict prioceiling);
int pthread_mutexattr_setprioceiling(pthread_mutexattr_t *attr, int prioceiling);

int pthread_rwlock_init(pthread_rwlock_t *restrict rwlock,
                        const pthread_rwlockattr_t *restrict attr);
int pthread_rwlock_destroy(pthread_rwlock_t *rwlock);
int pthread_rwlock_rdlock(pthread_rwlock_t *rwlock);
int pthread_rwlock_tryrdlock(pthread_rwlock_t *rwlock);
int pthread_rwlock_timedrdlock(pthread_rwlock_t *restrict rwlock,
                               const struct timespec *restrict abstime);
int pthread_rwlock_wrlock(pthread_rwlock_t *rwlock);
int pthread_rwlock_trywrlock(pthread_rwlock_t *rwlock);
int pthread_rwlock_timedwrlock(pthread_rwlock_t *restrict rwlock,
                               const struct timespec *restrict abstime);
int pthread_rwlock_unlock(pthread_rwlock_t *rwlock);
int pthread_rwlockattr_init(pthread_rwlockattr_t *attr);
int pthread_rwlockattr_destroy(pthread_rwlockattr_t *attr);
int pthread_rwlockattr_getpshared(const pthread_rwlockattr_t *restrict attr,
                                  int *restrict pshared);
int pthread_rwlockattr_setpshared(pthread_rwlockattr_t *attr, int pshared);
int pthread_rwlockattr_getkind_np(const pthread_rwlockattr_t *restrict attr,
                                  int *restrict pref);
int pthread_rwlockattr_setkind_np(pthread_rwlockattr_t *attr, int pref);

int pthread_cond_init(pthread_cond_t *restrict cond,
                      const pthread_condattr_t *restrict cond_attr);
int pthread_cond_destroy(pthread_cond_t *cond);
int pthread_cond_signal(pthread_cond_t *cond);
int pthread_cond_broadcast(pthread_cond_t *cond);
int pthread_cond_wait(pthread_cond_t *restrict cond, pthread_mutex_t *restrict mutex);
int pthread_cond_timedwait(pthread_cond_t *restrict cond, pthread_mutex_t *restrict mutex,
                           const struct timespec *restrict abstime);
int pthread_condattr_init(pthread_condattr_t *attr);
int pthread_condattr_destroy(pthread_condattr_t *attr);
int pthread_condattr_getpshared(const pthread_condattr_t *restrict attr,
                                int *restrict pshared);
int pthread_condattr_setpshared(pthread_condattr_t *attr, int pshared);
int pthread_condattr_getclock(const pthread_condattr_t *restrict attr,
                              clockid_t *restrict clock_id);
int pthread_condattr_setclock(pthread_condattr_t *attr, clockid_t clock_id);

int pthread_spin_init(pthread_spinlock_t *lock, int pshared);
int pthread_spin_destroy(pthread_spinlock_t *lock);
int pthread_spin_lock(pthread_spinlock_t *lock);
int pthread_spin_trylock(pthread_spinlock_t *lock);
int pthread_spin_unlock(pthread_spinlock_t *lock);

int pthread_barrier_init(pthread_barrier_t *restrict barrier,
                         const pthread_barrierattr_t *restrict attr, unsigned int count);
int pthread_barrier_destroy(pthread_barrier_t *barrier);
int pthread_barrier_wait(pthread_barrier_t *barrier);
int pthread_barrierattr_init(pthread_barrierattr_t *attr);
int pthread_barrierattr_destroy(pthread_barrierattr_t *attr);
int pthread_barrierattr_getpshared(const pthread_barrierattr_t *restrict attr,
                                   int *restrict pshared);
int pthread_barrierattr_setpshared(pthread_barrierattr_t *attr, int pshared);

int pthread_key_create(pthread_key_t *key, void (*destr_function)(void *));
int pthread_key_delete(pthread_key_t key);
void *pthread_getspecific(pthread_key_t key);
int pthread_setspecific(pthread_key_t key, const void *pointer);

#ifdef _GNU_SOURCE
int pthread_getconcurrency(void);
int pthread_setconcurrency(int level);
int pthread_tryjoin_np(pthread_t th, void **thread_return);
int pthread_timedjoin_np(pthread_t th, void **thread_return, const struct timespec *abstime);
int pthread_yield(void);
int pthread_setname_np(pthread_t target_thread, const char *name);
int pthread_getname_np(pthread_t target_thread, char *buf, size_t buflen);
int pthread_setaffinity_np(pthread_t th, size_t cpusetsize, const cpu_set_t *cpuset);
int pthread_getaffinity_np(pthread_t th, size_t cpusetsize, cpu_set_t *cpuset);
int pthread_attr_setaffinity_np(pthread_attr_t *attr, size_t cpusetsize,
                                const cpu_set_t *cpuset);
int pthread_attr_getaffinity_np(const pthread_attr_t *attr, size_t cpusetsize,
                                cpu_set_t *cpuset);
int pthread_getattr_np(pthread_t th, pthread_attr_t *attr);
int pthread_getattr_default_np(pthread_attr_t *attr);
int pthread_setattr_default_np(const pthread_attr_t *attr);
int pthread_attr_getsigmask_np(const pthread_attr_t *attr, __sigset_t *sigmask);
int pthread_attr_setsigmask_np(pthread_attr_t *attr, const __sigset_t *sigmask);
int pthread_clockjoin_np(pthread_t th, void **thread_return, clockid_t clockid,
                         const struct timespec *abstime);
int pthread_mutex_clocklock(pthread_mutex_t *restrict mutex, clockid_t clockid,
                            const struct timespec *restrict abstime);
int pthread_rwlock_clockrdlock(pthread_rwlock_t *restrict rwlock, clockid_t clockid,
                               const struct timespec *restrict abstime);
int pthread_rwlock_clockwrlock(pthread_rwlock_t *restrict rwlock, clockid_t clockid,
                               const struct timespec *restrict abstime);
int pthread_cond_clockwait(pthread_cond_t *restrict cond, pthread_mutex_t *restrict mutex,
                           clockid_t clock_id, const struct timespec *restrict abstime);
int pthread_mutex_consistent_np(pthread_mutex_t *mutex);
int pthread_mutexattr_getrobust_np(pthread_mutexattr_t *attr, int *robustness);
int pthread_mutexattr_setrobust_np(pthread_mutexattr_t *attr, int robustness);
#endif

#endif /* _PTHREAD_H */

/* Outside the include guard on purpose: the preprocessor then reads this
   file again on every #include, so each inclusion appears in its output.  */
#undef __inspire_reread
