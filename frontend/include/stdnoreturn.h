/* <stdnoreturn.h>.  */
#ifndef _STDNORETURN_H
#define _STDNORETURN_H 1

#define noreturn _Noreturn

#endif /* _STDNORETURN_H */

/* Outside the include guard on purpose: the preprocessor then reads this
   file again on every #include, so each inclusion appears in its output.  */
#undef __inspire_reread
