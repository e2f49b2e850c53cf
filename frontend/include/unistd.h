/* <unistd.h> for x86-64 Linux (glibc).  */
#ifndef _UNISTD_H
#define _UNISTD_H 1

#define __need_NULL
#define __need_size_t
#define __need_ssize_t
#define __need_off_t
#define __need_pid_t
#define __need_uid_t
#define __need_gid_t
#define __need_useconds_t
#define __need_intptr_t
#if defined(_GNU_SOURCE) || defined(_LARGEFILE64_SOURCE)
#define __need_off64_t
#endif
#include <bits/inspire_types.h>

#define _POSIX_VERSION 200809L
#define _POSIX2_VERSION 200809L
#define _XOPEN_VERSION 700
#define _POSIX_THREADS 200809L
#define _POSIX_SEMAPHORES 200809L
#define _POSIX_BARRIERS 200809L
#define _POSIX_SPIN_LOCKS 200809L
#define _POSIX_TIMERS 200809L
#define _POSIX_MONOTONIC_CLOCK 0
#define _POSIX_THREAD_SAFE_FUNCTIONS 200809L

#define STDIN_FILENO 0
#define STDOUT_FILENO 1
#define STDERR_FILENO 2
#define R_OK 4
#define W_OK 2
#define X_OK 1
#define F_OK 0
#define SEEK_SET 0
#define SEEK_CUR 1
#define SEEK_END 2
#define L_SET SEEK_SET
#define L_INCR SEEK_CUR
#define L_XTND SEEK_END
#ifdef _GNU_SOURCE
#define SEEK_DATA 3
#define SEEK_HOLE 4
#define CLOSE_RANGE_UNSHARE (1U << 1)
#define CLOSE_RANGE_CLOEXEC (1U << 2)
/* Evaluate EXPRESSION again while it fails with EINTR (a statement
   expression, as glibc's: it names errno and EINTR, from <errno.h>).  */
#define TEMP_FAILURE_RETRY(expression)                                          \
    (__extension__({                                                            \
        long int __result;                                                      \
        do                                                                      \
            __result = (long int)(expression);                                  \
        while (__result == -1L && errno == EINTR);                              \
        __result;                                                               \
    }))
#endif

#define _SC_ARG_MAX 0
#define _SC_CHILD_MAX 1
#define _SC_CLK_TCK 2
#define _SC_NGROUPS_MAX 3
#define _SC_OPEN_MAX 4
#define _SC_STREAM_MAX 5
#define _SC_TZNAME_MAX 6
#define _SC_JOB_CONTROL 7
#define _SC_SAVED_IDS 8
#define _SC_REALTIME_SIGNALS 9
#define _SC_VERSION 29
#define _SC_PAGESIZE 30
#define _SC_PAGE_SIZE _SC_PAGESIZE
#define _SC_NPROCESSORS_CONF 83
#define _SC_NPROCESSORS_ONLN 84
#define _SC_PHYS_PAGES 85
#define _SC_AVPHYS_PAGES 86
#define _SC_LEVEL1_DCACHE_SIZE 188
#define _SC_LEVEL1_DCACHE_ASSOC 189
#define _SC_LEVEL1_DCACHE_LINESIZE 190
#define _SC_MINSIGSTKSZ 249
#define _SC_SIGSTKSZ 250

int access(const char *name, int type);
unsigned int alarm(unsigned int seconds);
int chdir(const char *path);
int fchdir(int fd);
int chown(const char *file, uid_t owner, gid_t group);
int close(int fd);
int dup(int fd);
int dup2(int fd, int fd2);
int execl(const char *path, const char *arg, ...);
int execle(const char *path, const char *arg, ...);
int execlp(const char *file, const char *arg, ...);
int execv(const char *path, char *const argv[]);
int execve(const char *path, char *const argv[], char *const envp[]);
int execvp(const char *file, char *const argv[]);
_Noreturn void _exit(int status);
pid_t fork(void);
int fsync(int fd);
int fdatasync(int fd);
int ftruncate(int fd, off_t length);
int truncate(const char *file, off_t length);
char *getcwd(char *buf, size_t size);
uid_t getuid(void);
uid_t geteuid(void);
gid_t getgid(void);
gid_t getegid(void);
pid_t getpid(void);
long syscall(long number, ...);
pid_t getppid(void);
pid_t getpgrp(void);
pid_t getsid(pid_t pid);
pid_t setsid(void);
int setpgid(pid_t pid, pid_t pgid);
int setuid(uid_t uid);
int setgid(gid_t gid);
int gethostname(char *name, size_t len);
char *getlogin(void);
int getpagesize(void);
int isatty(int fd);
int link(const char *from, const char *to);
int symlink(const char *from, const char *to);
ssize_t readlink(const char *restrict path, char *restrict buf, size_t len);
off_t lseek(int fd, off_t offset, int whence);
int nice(int inc);
int pause(void);
int pipe(int pipedes[2]);
ssize_t read(int fd, void *buf, size_t nbytes);
ssize_t write(int fd, const void *buf, size_t n);
ssize_t pread(int fd, void *buf, size_t nbytes, off_t offset);
ssize_t pwrite(int fd, const void *buf, size_t n, off_t offset);
int rmdir(const char *path);
unsigned int sleep(unsigned int seconds);
int usleep(useconds_t useconds);
void sync(void);
long sysconf(int name);
long pathconf(const char *path, int name);
long fpathconf(int fd, int name);
char *ttyname(int fd);
int unlink(const char *name);
void *sbrk(long delta);

int acct(const char *name);
int brk(void *addr);
int chroot(const char *path);
void closefrom(int lowfd);
size_t confstr(int name, char *buf, size_t len);
char *crypt(const char *key, const char *salt);
int daemon(int nochdir, int noclose);
void endusershell(void);
int faccessat(int fd, const char *file, int type, int flag);
int fchown(int fd, uid_t owner, gid_t group);
int fchownat(int fd, const char *file, uid_t owner, gid_t group, int flag);
int fexecve(int fd, char *const argv[], char *const envp[]);
int getdomainname(char *name, size_t len);
int getdtablesize(void);
int getentropy(void *buffer, size_t length);
int getgroups(int size, gid_t list[]);
long gethostid(void);
int getlogin_r(char *name, size_t name_len);
char *getpass(const char *prompt);
pid_t getpgid(pid_t pid);
char *getusershell(void);
char *getwd(char *buf);
int lchown(const char *file, uid_t owner, gid_t group);
int linkat(int fromfd, const char *from, int tofd, const char *to, int flags);
int lockf(int fd, int cmd, off_t len);
int profil(unsigned short *sample_buffer, size_t size, size_t offset, unsigned int scale);
ssize_t readlinkat(int fd, const char *restrict path, char *restrict buf, size_t len);
int revoke(const char *file);
int setdomainname(const char *name, size_t len);
int setegid(gid_t gid);
int seteuid(uid_t uid);
int sethostid(long id);
int sethostname(const char *name, size_t len);
int setlogin(const char *name);
int setpgrp(void);
int setregid(gid_t rgid, gid_t egid);
int setreuid(uid_t ruid, uid_t euid);
void setusershell(void);
int symlinkat(const char *from, int tofd, const char *to);
pid_t tcgetpgrp(int fd);
int tcsetpgrp(int fd, pid_t pgrp_id);
int ttyname_r(int fd, char *buf, size_t buflen);
int ttyslot(void);
useconds_t ualarm(useconds_t value, useconds_t interval);
int unlinkat(int fd, const char *name, int flag);
pid_t vfork(void);
int vhangup(void);

extern char *optarg;
extern int optind;
extern int opterr;
extern int optopt;
int getopt(int argc, char *const argv[], const char *shortopts);

/* lockf's commands.  */
#define F_ULOCK 0
#define F_LOCK 1
#define F_TLOCK 2
#define F_TEST 3

#ifdef _GNU_SOURCE
extern char **environ;
int pipe2(int pipedes[2], int flags);
int dup3(int fd, int fd2, int flags);
int execvpe(const char *file, char *const argv[], char *const envp[]);
pid_t gettid(void);
int close_range(unsigned int fd, unsigned int max_fd, int flags);
ssize_t copy_file_range(int infd, off64_t *pinoff, int outfd, off64_t *poutoff,
                        size_t length, unsigned int flags);
int eaccess(const char *name, int type);
int euidaccess(const char *name, int type);
int execveat(int fd, const char *path, char *const argv[], char *const envp[], int flags);
char *get_current_dir_name(void);
int getresgid(gid_t *rgid, gid_t *egid, gid_t *sgid);
int getresuid(uid_t *ruid, uid_t *euid, uid_t *suid);
int group_member(gid_t gid);
int setresgid(gid_t rgid, gid_t egid, gid_t sgid);
int setresuid(uid_t ruid, uid_t euid, uid_t suid);
void swab(const void *restrict from, void *restrict to, ssize_t n);
int syncfs(int fd);
#endif

#if defined(_GNU_SOURCE) || defined(_LARGEFILE64_SOURCE)
/* The large-file interfaces: the same functions as without 64 on x86-64.  */
int ftruncate64(int fd, off64_t length);
int lockf64(int fd, int cmd, off64_t len);
off64_t lseek64(int fd, off64_t offset, int whence);
ssize_t pread64(int fd, void *buf, size_t nbytes, off64_t offset);
ssize_t pwrite64(int fd, const void *buf, size_t n, off64_t offset);
int truncate64(const char *file, off64_t length);
#endif

#endif /* _UNISTD_H */

/* Outside the include guard on purpose: the preprocessor then reads this
   file again on every #include, so each inclusion appears in its output.  */
#undef __inspire_reread
