/* <alloca.h> for x86-64 Linux (glibc).

   alloca stays an ordinary function declaration here so that its calls are
   visible as such; C compilers map it to __builtin_alloca.  */
#ifndef _ALLOCA_H
#define _ALLOCA_H 1

#define __need_size_t
#include <bits/inspire_types.h>

void *alloca(size_t size);

#endif /* _ALLOCA_H */

/* Outside the include guard on purpose: the preprocessor then reads this
   file again on every #include, so each inclusion appears in its output.  */
#undef __inspire_reread
