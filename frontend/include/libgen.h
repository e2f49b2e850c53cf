/* <libgen.h> for x86-64 Linux (glibc).  */
#ifndef _LIBGEN_H
#define _LIBGEN_H 1

char *dirname(char *path);
char *basename(char *path);

#endif /* _LIBGEN_H */

/* Outside the include guard on purpose: the preprocessor then reads this
   file again on every #include, so each inclusion appears in its output.  */
#undef __inspire_reread
