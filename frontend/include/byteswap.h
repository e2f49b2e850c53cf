/* <byteswap.h> for x86-64 Linux (glibc).  */
#ifndef _BYTESWAP_H
#define _BYTESWAP_H 1

#define bswap_16(x) __builtin_bswap16(x)
#define bswap_32(x) __builtin_bswap32(x)
#define bswap_64(x) __builtin_bswap64(x)

#endif /* _BYTESWAP_H */

/* Outside the include guard on purpose: the preprocessor then reads this
   file again on every #include, so each inclusion appears in its output.  */
#undef __inspire_reread
