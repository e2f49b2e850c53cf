/* <sys/ipc.h> for x86-64 Linux (glibc): System V interprocess
   communication, what its message queues, semaphores and shared memory
   share.  */
#ifndef _SYS_IPC_H
#define _SYS_IPC_H 1

#define __need_uid_t
#define __need_gid_t
#define __need_mode_t
#define __need_key_t
#include <bits/inspire_types.h>

/* The mode bits of the *get functions.  */
#define IPC_CREAT 01000
#define IPC_EXCL 02000
#define IPC_NOWAIT 04000

/* The commands of the *ctl functions.  */
#define IPC_RMID 0
#define IPC_SET 1
#define IPC_STAT 2
#ifdef _GNU_SOURCE
#define IPC_INFO 3
#endif

/* The key that always makes a new object.  */
#define IPC_PRIVATE ((key_t)0)

/* The owner and permissions of an object (glibc's layout, the kernel's
   ipc64_perm).  */
struct ipc_perm {
    int __key;
    unsigned int uid;
    unsigned int gid;
    unsigned int cuid;
    unsigned int cgid;
    unsigned int mode;
    unsigned short __seq;
    unsigned short __pad2;
    unsigned long __glibc_reserved1;
    unsigned long __glibc_reserved2;
};

/* A key made from an existing file's identity and proj_id.  */
key_t ftok(const char *pathname, int proj_id);

#endif /* _SYS_IPC_H */

/* Outside the include guard on purpose: the preprocessor then reads this
   file again on every #include, so each inclusion appears in its output.  */
#undef __inspire_reread
