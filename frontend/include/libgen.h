/* <libgen.h> for x86-64 Linux (glibc).  */
#ifndef _LIBGEN_H
#define _LIBGEN_H 1

char *dirname(char *path);

/* With _GNU_SOURCE <string.h> declares the GNU basename, whose parameter
   is a const char *.  glibc's <libgen.h> then renames this POSIX one by a
   macro, which the emitted C's headers apply; here one declaration of the
   name is enough.  */
#if !(defined(_GNU_SOURCE) && defined(_STRING_H))
char *basename(char *path);
#endif

#endif /* _LIBGEN_H */

/* Outside the include guard on purpose: the preprocessor then reads this
   file again on every #include, so each inclusion appears in its output.  */
#undef __inspire_reread
