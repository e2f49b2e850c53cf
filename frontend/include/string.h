/* <string.h> for x86-64 Linux (glibc).  */
#ifndef _STRING_H
#define _STRING_H 1

#define __need_NULL
#define __need_size_t
#define __need_locale_t
#include <bits/inspire_types.h>

#include <strings.h>

void *memcpy(void *restrict dest, const void *restrict src, size_t n);
void *memmove(void *dest, const void *src, size_t n);
void *memccpy(void *restrict dest, const void *restrict src, int c, size_t n);
void *memset(void *s, int c, size_t n);
int memcmp(const void *s1, const void *s2, size_t n);
void *memchr(const void *s, int c, size_t n);
char *strcpy(char *restrict dest, const char *restrict src);
char *strncpy(char *restrict dest, const char *restrict src, size_t n);
char *stpcpy(char *restrict dest, const char *restrict src);
char *stpncpy(char *restrict dest, const char *restrict src, size_t n);
char *strcat(char *restrict dest, const char *restrict src);
char *strncat(char *restrict dest, const char *restrict src, size_t n);
int strcmp(const char *s1, const char *s2);
int strncmp(const char *s1, const char *s2, size_t n);
int strcoll(const char *s1, const char *s2);
size_t strxfrm(char *restrict dest, const char *restrict src, size_t n);
char *strdup(const char *s);
char *strndup(const char *s, size_t n);
char *strchr(const char *s, int c);
char *strrchr(const char *s, int c);
size_t strcspn(const char *s, const char *reject);
size_t strspn(const char *s, const char *accept);
char *strpbrk(const char *s, const char *accept);
char *strstr(const char *haystack, const char *needle);
char *strtok(char *restrict s, const char *restrict delim);
char *strtok_r(char *restrict s, const char *restrict delim, char **restrict saveptr);
char *strsep(char **restrict stringp, const char *restrict delim);
size_t strlen(const char *s);
size_t strnlen(const char *s, size_t maxlen);
char *strerror(int errnum);
char *strsignal(int sig);
void explicit_bzero(void *s, size_t n);
int strcoll_l(const char *s1, const char *s2, locale_t loc);
size_t strxfrm_l(char *dest, const char *src, size_t n, locale_t loc);
char *strerror_l(int errnum, locale_t loc);
#ifdef _GNU_SOURCE
/* Copies on the caller's stack (statement expressions, as glibc's).  */
#define strdupa(s)                                                              \
    (__extension__({                                                            \
        const char *__old = (s);                                                \
        size_t __len = strlen(__old) + 1;                                       \
        char *__new = (char *)__builtin_alloca(__len);                          \
        (char *)memcpy(__new, __old, __len);                                    \
    }))
#define strndupa(s, n)                                                          \
    (__extension__({                                                            \
        const char *__old = (s);                                                \
        size_t __len = strnlen(__old, (n));                                     \
        char *__new = (char *)__builtin_alloca(__len + 1);                      \
        __new[__len] = '\0';                                                    \
        (char *)memcpy(__new, __old, __len);                                    \
    }))
char *strerror_r(int errnum, char *buf, size_t buflen);
void *memmem(const void *haystack, size_t haystacklen, const void *needle,
             size_t needlelen);
void *mempcpy(void *restrict dest, const void *restrict src, size_t n);
char *strcasestr(const char *haystack, const char *needle);
char *strchrnul(const char *s, int c);
void *rawmemchr(const void *s, int c);
void *memrchr(const void *s, int c, size_t n);
int strverscmp(const char *s1, const char *s2);
char *strfry(char *string);
void *memfrob(void *s, size_t n);
const char *strerrordesc_np(int err);
const char *strerrorname_np(int err);
const char *sigabbrev_np(int sig);
const char *sigdescr_np(int sig);

/* The GNU basename, which leaves its argument alone (after <libgen.h>,
   the POSIX one is declared already: see there).  */
#ifndef _LIBGEN_H
char *basename(const char *filename);
#endif
#else
/* The POSIX version; C libraries bind this name to it unless _GNU_SOURCE.  */
int strerror_r(int errnum, char *buf, size_t buflen);
#endif

#endif /* _STRING_H */

/* Outside the include guard on purpose: the preprocessor then reads this
   file again on every #include, so each inclusion appears in its output.  */
#undef __inspire_reread
