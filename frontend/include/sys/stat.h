/* <sys/stat.h> for x86-64 Linux (glibc).  */
#ifndef _SYS_STAT_H
#define _SYS_STAT_H 1

#define __need_dev_t
#define __need_ino_t
#define __need_mode_t
#define __need_nlink_t
#define __need_uid_t
#define __need_gid_t
#define __need_off_t
#define __need_time_t
#define __need_struct_timespec
#define __need_struct_stat
#include <bits/inspire_types.h>

#define S_IFMT 0170000
#define S_IFDIR 0040000
#define S_IFCHR 0020000
#define S_IFBLK 0060000
#define S_IFREG 0100000
#define S_IFIFO 0010000
#define S_IFLNK 0120000
#define S_IFSOCK 0140000
#define S_ISDIR(mode) (((mode) & S_IFMT) == S_IFDIR)
#define S_ISCHR(mode) (((mode) & S_IFMT) == S_IFCHR)
#define S_ISBLK(mode) (((mode) & S_IFMT) == S_IFBLK)
#define S_ISREG(mode) (((mode) & S_IFMT) == S_IFREG)
#define S_ISFIFO(mode) (((mode) & S_IFMT) == S_IFIFO)
#define S_ISLNK(mode) (((mode) & S_IFMT) == S_IFLNK)
#define S_ISSOCK(mode) (((mode) & S_IFMT) == S_IFSOCK)
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
#define S_IREAD S_IRUSR
#define S_IWRITE S_IWUSR
#define S_IEXEC S_IXUSR

int stat(const char *restrict file, struct stat *restrict buf);
int fstat(int fd, struct stat *buf);
int lstat(const char *restrict file, struct stat *restrict buf);
int fstatat(int fd, const char *restrict file, struct stat *restrict buf, int flag);
int chmod(const char *file, mode_t mode);
int fchmod(int fd, mode_t mode);
mode_t umask(mode_t mask);
int mkdir(const char *path, mode_t mode);
int mkfifo(const char *path, mode_t mode);
int mknod(const char *path, mode_t mode, dev_t dev);
int lchmod(const char *file, mode_t mode);

/* Relative to a directory descriptor (POSIX 2008).  */
int fchmodat(int fd, const char *file, mode_t mode, int flag);
int mkdirat(int fd, const char *path, mode_t mode);
int mkfifoat(int fd, const char *path, mode_t mode);
int mknodat(int fd, const char *path, mode_t mode, dev_t dev);

/* Setting timestamps to the nanosecond; a tv_nsec of UTIME_NOW or
   UTIME_OMIT sets the current time or leaves the timestamp alone.  */
#define UTIME_NOW ((1l << 30) - 1l)
#define UTIME_OMIT ((1l << 30) - 2l)
int utimensat(int fd, const char *path, const struct timespec times[2], int flags);
int futimens(int fd, const struct timespec times[2]);

#ifdef _GNU_SOURCE
mode_t getumask(void);
#endif

#if defined(_GNU_SOURCE) || defined(_LARGEFILE64_SOURCE)
/* The large-file interfaces (_LARGEFILE64_SOURCE, or _GNU_SOURCE): struct
   stat64 has struct stat's layout on x86-64.  */
struct stat64 {
    unsigned long st_dev;
    unsigned long st_ino;
    unsigned long st_nlink;
    unsigned int st_mode;
    unsigned int st_uid;
    unsigned int st_gid;
    int __pad0;
    unsigned long st_rdev;
    long st_size;
    long st_blksize;
    long st_blocks;
    struct timespec st_atim;
    struct timespec st_mtim;
    struct timespec st_ctim;
    long __glibc_reserved[3];
};
int stat64(const char *restrict file, struct stat64 *restrict buf);
int fstat64(int fd, struct stat64 *buf);
int lstat64(const char *restrict file, struct stat64 *restrict buf);
int fstatat64(int fd, const char *restrict file, struct stat64 *restrict buf, int flag);
#endif

#ifdef _GNU_SOURCE
/* statx: the kernel's extended file status (Linux's layout).  */
struct statx_timestamp {
    long long tv_sec;
    unsigned int tv_nsec;
    int __reserved;
};
struct statx {
    unsigned int stx_mask;
    unsigned int stx_blksize;
    unsigned long long stx_attributes;
    unsigned int stx_nlink;
    unsigned int stx_uid;
    unsigned int stx_gid;
    unsigned short stx_mode;
    unsigned short __spare0[1];
    unsigned long long stx_ino;
    unsigned long long stx_size;
    unsigned long long stx_blocks;
    unsigned long long stx_attributes_mask;
    struct statx_timestamp stx_atime;
    struct statx_timestamp stx_btime;
    struct statx_timestamp stx_ctime;
    struct statx_timestamp stx_mtime;
    unsigned int stx_rdev_major;
    unsigned int stx_rdev_minor;
    unsigned int stx_dev_major;
    unsigned int stx_dev_minor;
    unsigned long long stx_mnt_id;
    unsigned int stx_dio_mem_align;
    unsigned int stx_dio_offset_align;
    unsigned long long __spare3[12];
};

/* statx's mask: which members are wanted, and were filled in.  */
#define STATX_TYPE 0x00000001U
#define STATX_MODE 0x00000002U
#define STATX_NLINK 0x00000004U
#define STATX_UID 0x00000008U
#define STATX_GID 0x00000010U
#define STATX_ATIME 0x00000020U
#define STATX_MTIME 0x00000040U
#define STATX_CTIME 0x00000080U
#define STATX_INO 0x00000100U
#define STATX_SIZE 0x00000200U
#define STATX_BLOCKS 0x00000400U
#define STATX_BASIC_STATS 0x000007ffU
#define STATX_BTIME 0x00000800U
#define STATX_ALL 0x00000fffU
int statx(int dirfd, const char *restrict path, int flags, unsigned int mask,
          struct statx *restrict buf);
#endif

#endif /* _SYS_STAT_H */

/* Outside the include guard on purpose: the preprocessor then reads this
   file again on every #include, so each inclusion appears in its output.  */
#undef __inspire_reread
