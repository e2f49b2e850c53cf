/* <sys/file.h> for x86-64 Linux (glibc): BSD advisory locks on whole
   files (flock), with <fcntl.h>.  */
#ifndef _SYS_FILE_H
#define _SYS_FILE_H 1

#include <fcntl.h>

/* The old BSD names of lseek's whence.  */
#define L_SET 0
#define L_INCR 1
#define L_XTND 2

/* flock's operations: a shared or an exclusive lock, or unlocking, with
   LOCK_NB or'ed in not to wait.  */
#define LOCK_SH 1
#define LOCK_EX 2
#define LOCK_NB 4
#define LOCK_UN 8

int flock(int fd, int operation);

#endif /* _SYS_FILE_H */

/* Outside the include guard on purpose: the preprocessor then reads this
   file again on every #include, so each inclusion appears in its output.  */
#undef __inspire_reread
