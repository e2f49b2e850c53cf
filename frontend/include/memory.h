/* <memory.h>: the historical name of <string.h>.  */
#ifndef _MEMORY_H
#define _MEMORY_H 1

#include <string.h>

#endif /* _MEMORY_H */

/* Outside the include guard on purpose: the preprocessor then reads this
   file again on every #include, so each inclusion appears in its output.  */
#undef __inspire_reread
