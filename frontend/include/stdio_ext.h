/* <stdio_ext.h> for x86-64 Linux (glibc): inspecting and controlling the
   buffers and locking of streams (the Solaris extensions).  */
#ifndef _STDIO_EXT_H
#define _STDIO_EXT_H 1

#include <stdio.h>

/* The types of __fsetlocking.  */
enum {
    /* Only tell the current type.  */
    FSETLOCKING_QUERY = 0,
    /* The library locks the stream around each operation.  */
    FSETLOCKING_INTERNAL,
    /* The caller locks it (flockfile) as it needs.  */
    FSETLOCKING_BYCALLER
};
#define FSETLOCKING_QUERY FSETLOCKING_QUERY
#define FSETLOCKING_INTERNAL FSETLOCKING_INTERNAL
#define FSETLOCKING_BYCALLER FSETLOCKING_BYCALLER

/* The size of the stream's buffer.  */
size_t __fbufsize(FILE *fp);
/* Whether it is open for reading only or was last read (__freading), for
   writing only or was last written (__fwriting).  */
int __freading(FILE *fp);
int __fwriting(FILE *fp);
/* Whether it may be read, written.  */
int __freadable(FILE *fp);
int __fwritable(FILE *fp);
/* Whether it is line buffered.  */
int __flbf(FILE *fp);
/* Discarding the contents of its buffer.  */
void __fpurge(FILE *fp);
/* The number of bytes written to its buffer and not yet out.  */
size_t __fpending(FILE *fp);
/* Flushing all line-buffered streams.  */
void _flushlbf(void);
/* Setting its locking type (an FSETLOCKING_*); the type it had.  */
int __fsetlocking(FILE *fp, int type);

#endif /* _STDIO_EXT_H */

/* Outside the include guard on purpose: the preprocessor then reads this
   file again on every #include, so each inclusion appears in its output.  */
#undef __inspire_reread
