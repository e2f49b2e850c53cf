/* <strings.h> for x86-64 Linux (glibc).  */
#ifndef _STRINGS_H
#define _STRINGS_H 1

#define __need_size_t
#define __need_locale_t
#include <bits/inspire_types.h>

int bcmp(const void *s1, const void *s2, size_t n);
void bcopy(const void *src, void *dest, size_t n);
void bzero(void *s, size_t n);
char *index(const char *s, int c);
char *rindex(const char *s, int c);
int ffs(int i);
int ffsl(long l);
int ffsll(long long ll);
int strcasecmp(const char *s1, const char *s2);
int strncasecmp(const char *s1, const char *s2, size_t n);
int strcasecmp_l(const char *s1, const char *s2, locale_t loc);
int strncasecmp_l(const char *s1, const char *s2, size_t n, locale_t loc);

#endif /* _STRINGS_H */

/* Outside the include guard on purpose: the preprocessor then reads this
   file again on every #include, so each inclusion appears in its output.  */
#undef __inspire_reread
