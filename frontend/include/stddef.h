/* <stddef.h> for x86-64 Linux.  */
#ifndef _STDDEF_H
#define _STDDEF_H 1

#define __need_NULL
#define __need_size_t
#define __need_ptrdiff_t
#define __need_wchar_t
#include <bits/inspire_types.h>

typedef struct {
    long long __max_align_ll;
    long double __max_align_ld;
} max_align_t;

#ifdef __INSPIREC__
/* offsetof is a keyword of the C parser; the macro only makes it visible to
   #ifdef.  */
#define offsetof(type, member) offsetof(type, member)
#else
#define offsetof(type, member) __builtin_offsetof(type, member)
#endif

#endif /* _STDDEF_H */

/* Outside the include guard on purpose: the preprocessor then reads this
   file again on every #include, so each inclusion appears in its output.  */
#undef __inspire_reread
