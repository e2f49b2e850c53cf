/* <sys/shm.h> for x86-64 Linux (glibc): System V shared memory.  */
#ifndef _SYS_SHM_H
#define _SYS_SHM_H 1

#include <sys/ipc.h>
#define __need_size_t
#define __need_time_t
#ifdef _GNU_SOURCE
#define __need_pid_t
#endif
#include <bits/inspire_types.h>

/* The permission bits of shmget.  */
#define SHM_R 0400
#define SHM_W 0200

/* The flags of shmget: huge pages, no swap space reserved.  */
#define SHM_HUGETLB 04000
#define SHM_NORESERVE 010000

/* The flags of shmat.  */
#define SHM_RDONLY 010000
#define SHM_RND 020000
#define SHM_REMAP 040000
#define SHM_EXEC 0100000

/* The commands of shmctl besides the IPC_* ones.  */
#define SHM_LOCK 11
#define SHM_UNLOCK 12
#define SHM_STAT 13
#define SHM_INFO 14
#define SHM_STAT_ANY 15

/* The flags of shm_perm.mode: marked for removal, locked in memory.  */
#define SHM_DEST 01000
#define SHM_LOCKED 02000

/* The boundary SHM_RND rounds an attach address down to: a page.  */
int __getpagesize(void);
#define SHMLBA (__getpagesize())

/* The number of attaches of a segment.  */
typedef unsigned long shmatt_t;

/* A segment's description (shmctl IPC_STAT and IPC_SET).  */
struct shmid_ds {
    struct ipc_perm shm_perm;
    size_t shm_segsz;
    long shm_atime;
    long shm_dtime;
    long shm_ctime;
    int shm_cpid;
    int shm_lpid;
    shmatt_t shm_nattch;
    unsigned long __glibc_reserved5;
    unsigned long __glibc_reserved6;
};

/* The system's limits (IPC_INFO) and its use of shared memory
   (SHM_INFO).  */
struct shminfo {
    unsigned long shmmax;
    unsigned long shmmin;
    unsigned long shmmni;
    unsigned long shmseg;
    unsigned long shmall;
    unsigned long __glibc_reserved1;
    unsigned long __glibc_reserved2;
    unsigned long __glibc_reserved3;
    unsigned long __glibc_reserved4;
};
struct shm_info {
    int used_ids;
    unsigned long shm_tot;
    unsigned long shm_rss;
    unsigned long shm_swp;
    unsigned long swap_attempts;
    unsigned long swap_successes;
};

/* Controlling, getting, attaching and detaching a segment.  */
int shmctl(int shmid, int cmd, struct shmid_ds *buf);
int shmget(key_t key, size_t size, int shmflg);
void *shmat(int shmid, const void *shmaddr, int shmflg);
int shmdt(const void *shmaddr);

#endif /* _SYS_SHM_H */

/* Outside the include guard on purpose: the preprocessor then reads this
   file again on every #include, so each inclusion appears in its output.  */
#undef __inspire_reread
