/* <dirent.h> for x86-64 Linux (glibc): reading directories.  */
#ifndef _DIRENT_H
#define _DIRENT_H 1

#define __need_size_t
#ifdef _GNU_SOURCE
#define __need_ino_t
#ifdef _GNU_SOURCE
#define __need_ino64_t
#endif
#endif
#include <bits/inspire_types.h>

/* One directory entry, as readdir returns it; d_name holds at most 255
   characters and the terminating null.  */
struct dirent {
    unsigned long d_ino;
    long d_off;
    unsigned short d_reclen;
    unsigned char d_type;
    char d_name[256];
};
#define d_fileno d_ino

/* Which members struct dirent has, and its size up to the name.  */
#define _DIRENT_HAVE_D_RECLEN
#define _DIRENT_HAVE_D_OFF
#define _DIRENT_HAVE_D_TYPE
#define _DIRENT_MATCHES_DIRENT64 1
#define _D_EXACT_NAMLEN(d) (strlen((d)->d_name))
#define _D_ALLOC_NAMLEN(d) (((char *)(d) + (d)->d_reclen) - &(d)->d_name[0])

#ifdef _GNU_SOURCE
/* The large-file interfaces: the same layout on x86-64.  */
struct dirent64 {
    unsigned long d_ino;
    long d_off;
    unsigned short d_reclen;
    unsigned char d_type;
    char d_name[256];
};
#endif

/* The file types of d_type, and their conversions from and to the S_IF*
   bits of a mode.  */
enum {
    DT_UNKNOWN = 0,
    DT_FIFO = 1,
    DT_CHR = 2,
    DT_DIR = 4,
    DT_BLK = 6,
    DT_REG = 8,
    DT_LNK = 10,
    DT_SOCK = 12,
    DT_WHT = 14
};
#define DT_UNKNOWN 0
#define DT_FIFO 1
#define DT_CHR 2
#define DT_DIR 4
#define DT_BLK 6
#define DT_REG 8
#define DT_LNK 10
#define DT_SOCK 12
#define DT_WHT 14
#define IFTODT(mode) (((mode) & 0170000) >> 12)
#define DTTOIF(dirtype) ((dirtype) << 12)

/* An open directory stream: opaque.  */
typedef struct __dirstream DIR;

DIR *opendir(const char *name);
DIR *fdopendir(int fd);
int closedir(DIR *dirp);
struct dirent *readdir(DIR *dirp);
int readdir_r(DIR *restrict dirp, struct dirent *restrict entry,
              struct dirent **restrict result);
void rewinddir(DIR *dirp);
void seekdir(DIR *dirp, long pos);
long telldir(DIR *dirp);
int dirfd(DIR *dirp);

/* The BSD name of NAME_MAX.  */
#define MAXNAMLEN 255

/* The entries of a directory that selector accepts, in an array malloc
   returns, sorted with cmp.  */
int scandir(const char *restrict dir, struct dirent ***restrict namelist,
            int (*selector)(const struct dirent *),
            int (*cmp)(const struct dirent **, const struct dirent **));
int alphasort(const struct dirent **e1, const struct dirent **e2);
long getdirentries(int fd, char *restrict buf, size_t nbytes, long *restrict basep);

#ifdef _GNU_SOURCE
struct dirent64 *readdir64(DIR *dirp);
int readdir64_r(DIR *restrict dirp, struct dirent64 *restrict entry,
                struct dirent64 **restrict result);
int scandir64(const char *restrict dir, struct dirent64 ***restrict namelist,
              int (*selector)(const struct dirent64 *),
              int (*cmp)(const struct dirent64 **, const struct dirent64 **));
int scandirat(int dfd, const char *restrict dir, struct dirent ***restrict namelist,
              int (*selector)(const struct dirent *),
              int (*cmp)(const struct dirent **, const struct dirent **));
int scandirat64(int dfd, const char *restrict dir, struct dirent64 ***restrict namelist,
                int (*selector)(const struct dirent64 *),
                int (*cmp)(const struct dirent64 **, const struct dirent64 **));
int alphasort64(const struct dirent64 **e1, const struct dirent64 **e2);
long getdirentries64(int fd, char *restrict buf, size_t nbytes, long *restrict basep);
/* Natural order of version numbers in names (strverscmp).  */
int versionsort(const struct dirent **e1, const struct dirent **e2);
int versionsort64(const struct dirent64 **e1, const struct dirent64 **e2);
/* The raw linux_dirent64 records of the directory open as fd.  */
long getdents64(int fd, void *buffer, size_t length);
#endif

#endif /* _DIRENT_H */

/* Outside the include guard on purpose: the preprocessor then reads this
   file again on every #include, so each inclusion appears in its output.  */
#undef __inspire_reread
