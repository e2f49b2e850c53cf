/* <stdalign.h>.  */
#ifndef _STDALIGN_H
#define _STDALIGN_H 1

#define alignas _Alignas
#define alignof _Alignof
#define __alignas_is_defined 1
#define __alignof_is_defined 1

#endif /* _STDALIGN_H */

/* Outside the include guard on purpose: the preprocessor then reads this
   file again on every #include, so each inclusion appears in its output.  */
#undef __inspire_reread
