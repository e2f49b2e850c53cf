/* <sys/wait.h> for x86-64 Linux (glibc).  */
#ifndef _SYS_WAIT_H
#define _SYS_WAIT_H 1

#define __need_pid_t
#include <bits/inspire_types.h>

#include <signal.h>

#define WNOHANG 1
#define WUNTRACED 2
#define WSTOPPED 2
#define WEXITED 4
#define WCONTINUED 8
#define WNOWAIT 0x01000000

/* The parts of a status wait and waitpid store.  */
#define WEXITSTATUS(status) (((status) & 0xff00) >> 8)
#define WTERMSIG(status) ((status) & 0x7f)
#define WSTOPSIG(status) WEXITSTATUS(status)
#define WIFEXITED(status) (WTERMSIG(status) == 0)
#define WIFSIGNALED(status) (((signed char)(((status) & 0x7f) + 1) >> 1) > 0)
#define WIFSTOPPED(status) (((status) & 0xff) == 0x7f)
#define WIFCONTINUED(status) ((status) == 0xffff)
#define WCOREDUMP(status) ((status) & 0x80)

pid_t wait(int *stat_loc);
pid_t waitpid(pid_t pid, int *stat_loc, int options);

/* What waitid waits for.  */
typedef unsigned int id_t;
typedef enum {
    P_ALL,
    P_PID,
    P_PGID,
    P_PIDFD
} idtype_t;
int waitid(idtype_t idtype, id_t id, siginfo_t *infop, int options);

/* wait3 and wait4 also report the child's resource usage
   (<sys/resource.h>).  */
struct rusage;
pid_t wait3(int *stat_loc, int options, struct rusage *usage);
pid_t wait4(pid_t pid, int *stat_loc, int options, struct rusage *usage);

#endif /* _SYS_WAIT_H */

/* Outside the include guard on purpose: the preprocessor then reads this
   file again on every #include, so each inclusion appears in its output.  */
#undef __inspire_reread
