/* <sys/mman.h> for x86-64 Linux (glibc): memory mappings.  */
#ifndef _SYS_MMAN_H
#define _SYS_MMAN_H 1

#define __need_size_t
#define __need_off_t
#define __need_mode_t
#ifdef _GNU_SOURCE
#define __need_ssize_t
#define __need_off64_t
#define __need_struct_iovec
#endif
#include <bits/inspire_types.h>

#define PROT_NONE 0x0
#define PROT_READ 0x1
#define PROT_WRITE 0x2
#define PROT_EXEC 0x4
#define PROT_GROWSDOWN 0x01000000
#define PROT_GROWSUP 0x02000000

#define MAP_SHARED 0x01
#define MAP_PRIVATE 0x02
#define MAP_FIXED 0x10
#define MAP_ANONYMOUS 0x20
#define MAP_ANON MAP_ANONYMOUS
#define MAP_GROWSDOWN 0x00100
#define MAP_LOCKED 0x02000
#define MAP_NORESERVE 0x04000
#define MAP_POPULATE 0x08000
#define MAP_STACK 0x20000
#define MAP_HUGETLB 0x40000
#define MAP_FAILED ((void *)-1)

#define MS_ASYNC 1
#define MS_INVALIDATE 2
#define MS_SYNC 4
#define MCL_CURRENT 1
#define MCL_FUTURE 2
#define MCL_ONFAULT 4

#define MADV_NORMAL 0
#define MADV_RANDOM 1
#define MADV_SEQUENTIAL 2
#define MADV_WILLNEED 3
#define MADV_DONTNEED 4
#define MADV_FREE 8
#define MADV_HUGEPAGE 14
#define MADV_NOHUGEPAGE 15
#define POSIX_MADV_NORMAL 0
#define POSIX_MADV_RANDOM 1
#define POSIX_MADV_SEQUENTIAL 2
#define POSIX_MADV_WILLNEED 3
#define POSIX_MADV_DONTNEED 4

void *mmap(void *addr, size_t len, int prot, int flags, int fd, off_t offset);
int munmap(void *addr, size_t len);
int mprotect(void *addr, size_t len, int prot);
int msync(void *addr, size_t len, int flags);
int madvise(void *addr, size_t len, int advice);
int posix_madvise(void *addr, size_t len, int advice);
int mlock(const void *addr, size_t len);
int munlock(const void *addr, size_t len);
int mlockall(int flags);
int munlockall(void);
int shm_open(const char *name, int oflag, mode_t mode);
int shm_unlink(const char *name);
int mincore(void *start, size_t len, unsigned char *vec);
#ifdef _GNU_SOURCE
#define MREMAP_MAYMOVE 1
#define MREMAP_FIXED 2
#define MREMAP_DONTUNMAP 4
void *mremap(void *old_address, size_t old_size, size_t new_size, int flags, ...);
void *mmap64(void *addr, size_t len, int prot, int flags, int fd, off64_t offset);
int remap_file_pages(void *start, size_t size, int prot, size_t pgoff, int flags);
int memfd_create(const char *name, unsigned int flags);
int mlock2(const void *addr, size_t length, unsigned int flags);
int pkey_alloc(unsigned int flags, unsigned int access_rights);
int pkey_free(int key);
int pkey_get(int key);
int pkey_set(int key, unsigned int access_rights);
int pkey_mprotect(void *addr, size_t len, int prot, int pkey);
ssize_t process_madvise(int pid_fd, const struct iovec *iov, size_t count, int advice,
                        unsigned int flags);
int process_mrelease(int pidfd, unsigned int flags);
#endif

#endif /* _SYS_MMAN_H */

/* Outside the include guard on purpose: the preprocessor then reads this
   file again on every #include, so each inclusion appears in its output.  */
#undef __inspire_reread
