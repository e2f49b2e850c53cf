/* <fcntl.h> for x86-64 Linux (glibc).  */
#ifndef _FCNTL_H
#define _FCNTL_H 1

#define __need_off_t
#define __need_pid_t
#define __need_mode_t
#define __need_time_t
#define __need_struct_timespec
#define __need_struct_stat
#if defined(_GNU_SOURCE) || defined(_LARGEFILE64_SOURCE)
#define __need_off64_t
#endif
#ifdef _GNU_SOURCE
#define __need_size_t
#define __need_ssize_t
#define __need_off64_t
#define __need_struct_iovec
#endif
#include <bits/inspire_types.h>

#define O_ACCMODE 0003
#define O_RDONLY 00
#define O_WRONLY 01
#define O_RDWR 02
#define O_CREAT 0100
#define O_EXCL 0200
#define O_NOCTTY 0400
#define O_TRUNC 01000
#define O_APPEND 02000
#define O_NONBLOCK 04000
#define O_NDELAY O_NONBLOCK
#define O_DSYNC 010000
#define O_ASYNC 020000
#define O_DIRECTORY 0200000
#define O_NOFOLLOW 0400000
#define O_CLOEXEC 02000000
#define O_SYNC 04010000
#define O_RSYNC O_SYNC
#ifdef _GNU_SOURCE
#define O_DIRECT 040000
#define O_NOATIME 01000000
#define O_PATH 010000000
#define O_TMPFILE 020200000
#endif

#define F_DUPFD 0
#define F_GETFD 1
#define F_SETFD 2
#define F_GETFL 3
#define F_SETFL 4
#define F_GETLK 5
#define F_SETLK 6
#define F_SETLKW 7
#define F_DUPFD_CLOEXEC 1030
#define FD_CLOEXEC 1
#define F_RDLCK 0
#define F_WRLCK 1
#define F_UNLCK 2

#define AT_FDCWD (-100)
#define AT_SYMLINK_NOFOLLOW 0x100
#define AT_REMOVEDIR 0x200
#define AT_SYMLINK_FOLLOW 0x400
#define AT_EACCESS 0x200

#define SEEK_SET 0
#define SEEK_CUR 1
#define SEEK_END 2

#define S_IFMT 0170000
#define S_IFDIR 0040000
#define S_IFCHR 0020000
#define S_IFBLK 0060000
#define S_IFREG 0100000
#define S_IFIFO 0010000
#define S_IFLNK 0120000
#define S_IFSOCK 0140000
#define S_ISUID 04000
#define S_ISGID 02000
#define S_ISVTX 01000
#define S_IRUSR 0400
#define S_IWUSR 0200
#define S_IXUSR 0100
#define S_IRWXU (S_IRUSR | S_IWUSR | S_IXUSR)
#define S_IRGRP (S_IRUSR >> 3)
#define S_IWGRP (S_IWUSR >> 3)
#define S_IXGRP (S_IXUSR >> 3)
#define S_IRWXG (S_IRWXU >> 3)
#define S_IROTH (S_IRGRP >> 3)
#define S_IWOTH (S_IWGRP >> 3)
#define S_IXOTH (S_IXGRP >> 3)
#define S_IRWXO (S_IRWXG >> 3)

struct flock {
    short l_type;
    short l_whence;
    off_t l_start;
    off_t l_len;
    pid_t l_pid;
};

int fcntl(int fd, int cmd, ...);
int open(const char *file, int oflag, ...);
int openat(int fd, const char *file, int oflag, ...);
int creat(const char *file, mode_t mode);
int posix_fadvise(int fd, off_t offset, off_t len, int advise);
int posix_fallocate(int fd, off_t offset, off_t len);

/* lockf's commands, as <unistd.h> has them.  */
#define F_ULOCK 0
#define F_LOCK 1
#define F_TLOCK 2
#define F_TEST 3
int lockf(int fd, int cmd, off_t len);

#if defined(_GNU_SOURCE) || defined(_LARGEFILE64_SOURCE)
/* The large-file interfaces: the same functions as without 64 on x86-64.  */
#define O_LARGEFILE 0
int fcntl64(int fd, int cmd, ...);
int open64(const char *file, int oflag, ...);
int openat64(int fd, const char *file, int oflag, ...);
int creat64(const char *file, mode_t mode);
int lockf64(int fd, int cmd, off64_t len);
int posix_fadvise64(int fd, off64_t offset, off64_t len, int advise);
int posix_fallocate64(int fd, off64_t offset, off64_t len);
#endif

#ifdef _GNU_SOURCE
int fallocate(int fd, int mode, off_t offset, off_t len);
int fallocate64(int fd, int mode, off64_t offset, off64_t len);
ssize_t readahead(int fd, off64_t offset, size_t count);
int sync_file_range(int fd, off64_t offset, off64_t count, unsigned int flags);
ssize_t splice(int fdin, off64_t *offin, int fdout, off64_t *offout, size_t len,
               unsigned int flags);
ssize_t tee(int fdin, int fdout, size_t len, unsigned int flags);
ssize_t vmsplice(int fdout, const struct iovec *iov, size_t count, unsigned int flags);

/* An opaque handle on a file (name_to_handle_at): its size, its kind, and
   the bytes.  */
struct file_handle {
    unsigned int handle_bytes;
    int handle_type;
    unsigned char f_handle[];
};
int name_to_handle_at(int dfd, const char *name, struct file_handle *handle, int *mnt_id,
                      int flags);
int open_by_handle_at(int mountdirfd, struct file_handle *handle, int flags);
#endif

/* The other macros glibc's <fcntl.h> defines (Linux's values).  */
#define FAPPEND O_APPEND
#define FASYNC O_ASYNC
#define FNONBLOCK O_NONBLOCK
#define F_EXLCK 4
#define F_GETLK64 5
#define F_GETOWN 9
#define F_OK 0
#define F_SETLK64 6
#define F_SETLKW64 7
#define F_SETOWN 8
#define F_SHLCK 8
#define LOCK_EX 2
#define LOCK_NB 4
#define LOCK_SH 1
#define LOCK_UN 8
#define O_FSYNC O_SYNC
#define POSIX_FADV_DONTNEED 4
#define POSIX_FADV_NOREUSE 5
#define POSIX_FADV_NORMAL 0
#define POSIX_FADV_RANDOM 1
#define POSIX_FADV_SEQUENTIAL 2
#define POSIX_FADV_WILLNEED 3
#define R_OK 4
#define UTIME_NOW ((1l << 30) - 1l)
#define UTIME_OMIT ((1l << 30) - 2l)
#define W_OK 2
#define X_OK 1
#ifdef _GNU_SOURCE
#define AT_EMPTY_PATH 0x1000
#define AT_NO_AUTOMOUNT 0x800
#define AT_RECURSIVE 0x8000
#define AT_STATX_DONT_SYNC 0x4000
#define AT_STATX_FORCE_SYNC 0x2000
#define AT_STATX_SYNC_AS_STAT 0x0000
#define AT_STATX_SYNC_TYPE 0x6000
#define DN_ACCESS 0x00000001
#define DN_ATTRIB 0x00000020
#define DN_CREATE 0x00000004
#define DN_DELETE 0x00000008
#define DN_MODIFY 0x00000002
#define DN_MULTISHOT 0x80000000
#define DN_RENAME 0x00000010
#define FALLOC_FL_COLLAPSE_RANGE 0x08
#define FALLOC_FL_INSERT_RANGE 0x20
#define FALLOC_FL_KEEP_SIZE 0x01
#define FALLOC_FL_NO_HIDE_STALE 0x04
#define FALLOC_FL_PUNCH_HOLE 0x02
#define FALLOC_FL_UNSHARE_RANGE 0x40
#define FALLOC_FL_ZERO_RANGE 0x10
#define F_ADD_SEALS 1033
#define F_GETLEASE 1025
#define F_GETOWN_EX 16
#define F_GETPIPE_SZ 1032
#define F_GETSIG 11
#define F_GET_FILE_RW_HINT 1037
#define F_GET_RW_HINT 1035
#define F_GET_SEALS 1034
#define F_NOTIFY 1026
#define F_OFD_GETLK 36
#define F_OFD_SETLK 37
#define F_OFD_SETLKW 38
#define F_SEAL_FUTURE_WRITE 0x0010
#define F_SEAL_GROW 0x0004
#define F_SEAL_SEAL 0x0001
#define F_SEAL_SHRINK 0x0002
#define F_SEAL_WRITE 0x0008
#define F_SETLEASE 1024
#define F_SETOWN_EX 15
#define F_SETPIPE_SZ 1031
#define F_SETSIG 10
#define F_SET_FILE_RW_HINT 1038
#define F_SET_RW_HINT 1036
#define LOCK_MAND 32
#define LOCK_READ 64
#define LOCK_RW 192
#define LOCK_WRITE 128
#define MAX_HANDLE_SZ 128
#define RWF_WRITE_LIFE_NOT_SET RWH_WRITE_LIFE_NOT_SET
#define RWH_WRITE_LIFE_EXTREME 5
#define RWH_WRITE_LIFE_LONG 4
#define RWH_WRITE_LIFE_MEDIUM 3
#define RWH_WRITE_LIFE_NONE 1
#define RWH_WRITE_LIFE_NOT_SET 0
#define RWH_WRITE_LIFE_SHORT 2
#define SPLICE_F_GIFT 8
#define SPLICE_F_MORE 4
#define SPLICE_F_MOVE 1
#define SPLICE_F_NONBLOCK 2
#define SYNC_FILE_RANGE_WAIT_AFTER 4
#define SYNC_FILE_RANGE_WAIT_BEFORE 1
#define SYNC_FILE_RANGE_WRITE 2
#endif

#endif /* _FCNTL_H */

/* Outside the include guard on purpose: the preprocessor then reads this
   file again on every #include, so each inclusion appears in its output.  */
#undef __inspire_reread
