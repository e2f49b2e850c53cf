/* <signal.h> for x86-64 Linux (glibc).  */
#ifndef _SIGNAL_H
#define _SIGNAL_H 1

#define __need_size_t
#define __need_pid_t
#define __need_uid_t
#define __need_time_t
#define __need_sigset_t
#define __need_struct_timespec
#define __need_pthread_types
#define __need_sigevent
#define __need_sigevent_consts
#include <bits/inspire_types.h>

#ifdef _GNU_SOURCE
/* glibc's SIGSTKSZ is then a sysconf call, so its <signal.h> includes
   <unistd.h>.  */
#include <unistd.h>
#endif

typedef int sig_atomic_t;
typedef void (*__sighandler_t)(int);
#ifdef _GNU_SOURCE
typedef __sighandler_t sighandler_t;
#endif

#define SIG_ERR ((__sighandler_t)-1)
#define SIG_DFL ((__sighandler_t)0)
#define SIG_IGN ((__sighandler_t)1)
#ifdef _GNU_SOURCE
#define SIG_HOLD ((__sighandler_t)2)
#endif

#define SIGHUP 1
#define SIGINT 2
#define SIGQUIT 3
#define SIGILL 4
#define SIGTRAP 5
#define SIGABRT 6
#define SIGIOT 6
#define SIGBUS 7
#define SIGFPE 8
#define SIGKILL 9
#define SIGUSR1 10
#define SIGSEGV 11
#define SIGUSR2 12
#define SIGPIPE 13
#define SIGALRM 14
#define SIGTERM 15
#define SIGSTKFLT 16
#define SIGCHLD 17
#define SIGCONT 18
#define SIGSTOP 19
#define SIGTSTP 20
#define SIGTTIN 21
#define SIGTTOU 22
#define SIGURG 23
#define SIGXCPU 24
#define SIGXFSZ 25
#define SIGVTALRM 26
#define SIGPROF 27
#define SIGWINCH 28
#define SIGIO 29
#define SIGPOLL SIGIO
#define SIGPWR 30
#define SIGSYS 31
#define NSIG 65
#define _NSIG 65
#define SIGCLD SIGCHLD
#define sigmask(sig) ((int)(1u << ((sig) - 1)))

int __libc_current_sigrtmin(void);
int __libc_current_sigrtmax(void);
#define SIGRTMIN (__libc_current_sigrtmin())
#define SIGRTMAX (__libc_current_sigrtmax())

/* An alternate signal stack (sigaltstack); its flags, and its sizes.  With
   _GNU_SOURCE the sizes are what the running kernel asks for.  */
typedef struct {
    void *ss_sp;
    int ss_flags;
    size_t ss_size;
} stack_t;
#define SS_ONSTACK 1
#define SS_DISABLE 2
#ifdef _GNU_SOURCE
#define SIGSTKSZ sysconf(_SC_SIGSTKSZ)
#define MINSIGSTKSZ SIGSTKSZ
#else
#define MINSIGSTKSZ 2048
#define SIGSTKSZ 8192
#endif

/* The BSD predecessor of stack_t (sigstack).  */
struct sigstack {
    void *ss_sp;
    int ss_onstack;
};

/* The machine state a handler's frame saves; only sigreturn names it here.  */
struct sigcontext;

#define SA_NOCLDSTOP 1
#define SA_NOCLDWAIT 2
#define SA_SIGINFO 4
#define SA_ONSTACK 0x08000000
#define SA_RESTART 0x10000000
#define SA_NODEFER 0x40000000
#define SA_RESETHAND 0x80000000
#define SA_INTERRUPT 0x20000000
#define SA_NOMASK SA_NODEFER
#define SA_ONESHOT SA_RESETHAND
#define SA_STACK SA_ONSTACK
/* The values of si_code (glibc's enumerators, as macros).  */
#define SEGV_MAPERR 1
#define SEGV_ACCERR 2
#define SEGV_BNDERR 3
#define SEGV_PKUERR 4
#define SEGV_ACCADI 5
#define SEGV_ADIDERR 6
#define SEGV_ADIPERR 7
#define SEGV_MTEAERR 8
#define SEGV_MTESERR 9
#define BUS_ADRALN 1
#define BUS_ADRERR 2
#define BUS_OBJERR 3
#define BUS_MCEERR_AR 4
#define BUS_MCEERR_AO 5
#define ILL_ILLOPC 1
#define ILL_ILLOPN 2
#define ILL_ILLADR 3
#define ILL_ILLTRP 4
#define ILL_PRVOPC 5
#define ILL_PRVREG 6
#define ILL_COPROC 7
#define ILL_BADSTK 8
#define ILL_BADIADDR 9
#define FPE_INTDIV 1
#define FPE_INTOVF 2
#define FPE_FLTDIV 3
#define FPE_FLTOVF 4
#define FPE_FLTUND 5
#define FPE_FLTRES 6
#define FPE_FLTINV 7
#define FPE_FLTSUB 8
#define FPE_FLTUNK 14
#define FPE_CONDTRAP 15
#define CLD_EXITED 1
#define CLD_KILLED 2
#define CLD_DUMPED 3
#define CLD_TRAPPED 4
#define CLD_STOPPED 5
#define CLD_CONTINUED 6
#define POLL_IN 1
#define POLL_OUT 2
#define POLL_MSG 3
#define POLL_ERR 4
#define POLL_PRI 5
#define POLL_HUP 6
#ifdef _GNU_SOURCE
#define TRAP_BRKPT 1
#define TRAP_TRACE 2
#define TRAP_BRANCH 3
#define TRAP_HWBKPT 4
#define TRAP_UNK 5
#endif
#define SIG_BLOCK 0
#define SIG_UNBLOCK 1
#define SIG_SETMASK 2

/* The members' names and places are glibc's (the emitted C names them
   through its header); the rarely used ones are left out.  */
typedef struct {
    int si_signo;
    int si_errno;
    int si_code;
    int __pad0;
    union {
        int _pad[28];
        struct {
            pid_t si_pid;
            uid_t si_uid;
        } _kill;
        struct {
            int si_tid;
            int si_overrun;
            union sigval si_sigval;
        } _timer;
        struct {
            pid_t si_pid;
            uid_t si_uid;
            union sigval si_sigval;
        } _rt;
        struct {
            pid_t si_pid;
            uid_t si_uid;
            int si_status;
            long si_utime; /* glibc's __clock_t */
            long si_stime;
        } _sigchld;
        struct {
            void *si_addr;
        } _sigfault;
        struct {
            long si_band;
            int si_fd;
        } _sigpoll;
    } _sifields;
} siginfo_t;
#define si_pid _sifields._kill.si_pid
#define si_uid _sifields._kill.si_uid
#define si_timerid _sifields._timer.si_tid
#define si_overrun _sifields._timer.si_overrun
#define si_status _sifields._sigchld.si_status
#define si_utime _sifields._sigchld.si_utime
#define si_stime _sifields._sigchld.si_stime
#define si_value _sifields._rt.si_sigval
#define si_int _sifields._rt.si_sigval.sival_int
#define si_ptr _sifields._rt.si_sigval.sival_ptr
#define si_addr _sifields._sigfault.si_addr
#define si_band _sifields._sigpoll.si_band
#define si_fd _sifields._sigpoll.si_fd

/* si_code values */
#define SI_ASYNCNL (-60)
#define SI_DETHREAD (-7)
#define SI_TKILL (-6)
#define SI_SIGIO (-5)
#define SI_ASYNCIO (-4)
#define SI_MESGQ (-3)
#define SI_TIMER (-2)
#define SI_QUEUE (-1)
#define SI_USER 0
#define SI_KERNEL 0x80


struct sigaction {
    union {
        __sighandler_t sa_handler;
        void (*sa_sigaction)(int, siginfo_t *, void *);
    } __sigaction_handler;
    sigset_t sa_mask;
    int sa_flags;
    void (*sa_restorer)(void);
};
#define sa_handler __sigaction_handler.sa_handler
#define sa_sigaction __sigaction_handler.sa_sigaction

__sighandler_t signal(int sig, __sighandler_t handler);
int raise(int sig);
int kill(pid_t pid, int sig);
int killpg(pid_t pgrp, int sig);
void psignal(int sig, const char *s);
int sigemptyset(sigset_t *set);
int sigfillset(sigset_t *set);
int sigaddset(sigset_t *set, int signo);
int sigdelset(sigset_t *set, int signo);
int sigismember(const sigset_t *set, int signo);
int sigprocmask(int how, const sigset_t *restrict set, sigset_t *restrict oset);
int sigsuspend(const sigset_t *set);
int sigaction(int sig, const struct sigaction *restrict act, struct sigaction *restrict oact);
int sigpending(sigset_t *set);
int sigwait(const sigset_t *restrict set, int *restrict sig);
int sigqueue(pid_t pid, int sig, const union sigval val);
int pthread_sigmask(int how, const sigset_t *restrict newmask, sigset_t *restrict oldmask);
int pthread_kill(pthread_t threadid, int signo);

int gsignal(int sig);
__sighandler_t ssignal(int sig, __sighandler_t handler);
void psiginfo(const siginfo_t *pinfo, const char *s);
int sigtimedwait(const sigset_t *restrict set, siginfo_t *restrict info,
                 const struct timespec *restrict timeout);
int sigwaitinfo(const sigset_t *restrict set, siginfo_t *restrict info);
int sigaltstack(const stack_t *restrict ss, stack_t *restrict oss);
int sigstack(struct sigstack *ss, struct sigstack *oss);
int siginterrupt(int sig, int interrupt);
int sigreturn(struct sigcontext *scp);

/* The BSD signal masks: one bit per signal in an int.  */
int sigblock(int mask);
int sigsetmask(int mask);
int siggetmask(void);

#ifdef _GNU_SOURCE
int sigisemptyset(const sigset_t *set);
int sigandset(sigset_t *set, const sigset_t *left, const sigset_t *right);
int sigorset(sigset_t *set, const sigset_t *left, const sigset_t *right);
int sighold(int sig);
int sigrelse(int sig);
int sigignore(int sig);
int sigpause(int sig);
sighandler_t sigset(int sig, sighandler_t disp);
sighandler_t sysv_signal(int sig, sighandler_t handler);
int pthread_sigqueue(pthread_t threadid, int signo, const union sigval value);
int tgkill(pid_t tgid, pid_t tid, int sig);
#endif

#endif /* _SIGNAL_H */

/* Outside the include guard on purpose: the preprocessor then reads this
   file again on every #include, so each inclusion appears in its output.  */
#undef __inspire_reread
