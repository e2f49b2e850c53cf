/* <stdarg.h> for x86-64 Linux.

   For the C parser, va_arg(ap, T) expands to __inspire_va_arg(ap, (T *)0):
   a call whose second argument carries the type T (a name of its own, so
   that no version of the parser treats it as __builtin_va_arg).  C compilers get their
   own builtins unchanged.  */
#ifndef _STDARG_H
#define _STDARG_H 1

#define __need_va_list
#include <bits/inspire_types.h>

#ifdef __INSPIREC__
void __builtin_va_start();
void __builtin_va_end();
void __builtin_va_copy();
#define va_arg(ap, type) __inspire_va_arg(ap, (type *)0)
#else
#define va_arg(ap, type) __builtin_va_arg(ap, type)
#endif
#define va_start(ap, last) __builtin_va_start(ap, last)
#define va_end(ap) __builtin_va_end(ap)
#define va_copy(dest, src) __builtin_va_copy(dest, src)
#define __va_copy(dest, src) __builtin_va_copy(dest, src)

#endif /* _STDARG_H */

/* Outside the include guard on purpose: the preprocessor then reads this
   file again on every #include, so each inclusion appears in its output.  */
#undef __inspire_reread
