/* <uchar.h> for x86-64 Linux (glibc): UTF-16 and UTF-32 code units and
   their restartable conversions from and to multibyte characters (C11).  */
#ifndef _UCHAR_H
#define _UCHAR_H 1

#define __need_size_t
#define __need_mbstate_t
#include <bits/inspire_types.h>

typedef unsigned short char16_t;
typedef unsigned int char32_t;

size_t mbrtoc16(char16_t *restrict pc16, const char *restrict s, size_t n,
                mbstate_t *restrict ps);
size_t c16rtomb(char *restrict s, char16_t c16, mbstate_t *restrict ps);
size_t mbrtoc32(char32_t *restrict pc32, const char *restrict s, size_t n,
                mbstate_t *restrict ps);
size_t c32rtomb(char *restrict s, char32_t c32, mbstate_t *restrict ps);

/* UTF-8 code units (C2X), which glibc offers to C2X programs and to
   _GNU_SOURCE ones.  */
#ifdef _GNU_SOURCE
typedef unsigned char char8_t;
size_t mbrtoc8(char8_t *restrict pc8, const char *restrict s, size_t n,
               mbstate_t *restrict ps);
size_t c8rtomb(char *restrict s, char8_t c8, mbstate_t *restrict ps);
#endif

#endif /* _UCHAR_H */

/* Outside the include guard on purpose: the preprocessor then reads this
   file again on every #include, so each inclusion appears in its output.  */
#undef __inspire_reread
