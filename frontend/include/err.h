/* <err.h> for x86-64 Linux (glibc): BSD error messages on stderr, the
   program's name first; warn* go on, err* exit with the given status.  */
#ifndef _ERR_H
#define _ERR_H 1

#define __need___gnuc_va_list
#include <bits/inspire_types.h>

/* warn and err append strerror(errno); the x variants do not.  */
void warn(const char *format, ...);
void vwarn(const char *format, __gnuc_va_list ap);
void warnx(const char *format, ...);
void vwarnx(const char *format, __gnuc_va_list ap);
_Noreturn void err(int status, const char *format, ...);
_Noreturn void verr(int status, const char *format, __gnuc_va_list ap);
_Noreturn void errx(int status, const char *format, ...);
_Noreturn void verrx(int status, const char *format, __gnuc_va_list ap);

#endif /* _ERR_H */

/* Outside the include guard on purpose: the preprocessor then reads this
   file again on every #include, so each inclusion appears in its output.  */
#undef __inspire_reread
