/* <stdio.h> for x86-64 Linux (glibc).  */
#ifndef _STDIO_H
#define _STDIO_H 1

#define __need_NULL
#define __need_size_t
#define __need_ssize_t
#define __need_off_t
#define __need_fpos_t
#define __need_va_list
#define __need_FILE
#if defined(_GNU_SOURCE) || defined(_LARGEFILE64_SOURCE)
#define __need_off64_t
#endif
#include <bits/inspire_types.h>

#define EOF (-1)
#define BUFSIZ 8192
#define FILENAME_MAX 4096
#define FOPEN_MAX 16
#define L_tmpnam 20
#define L_ctermid 9
#define TMP_MAX 238328
#define P_tmpdir "/tmp"
#define SEEK_SET 0
#define SEEK_CUR 1
#define SEEK_END 2
#define _IOFBF 0
#define _IOLBF 1
#define _IONBF 2

extern FILE *stdin;
extern FILE *stdout;
extern FILE *stderr;
#define stdin stdin
#define stdout stdout
#define stderr stderr

int remove(const char *filename);
int rename(const char *oldpath, const char *newpath);
FILE *tmpfile(void);
char *tmpnam(char *s);
char *tempnam(const char *dir, const char *pfx);
char *tmpnam_r(char s[L_tmpnam]);
int renameat(int oldfd, const char *old, int newfd, const char *new);

int fclose(FILE *stream);
int fflush(FILE *stream);
int fflush_unlocked(FILE *stream);
FILE *fopen(const char *restrict filename, const char *restrict mode);
FILE *freopen(const char *restrict filename, const char *restrict mode,
              FILE *restrict stream);
FILE *fdopen(int fd, const char *mode);
FILE *fmemopen(void *buf, size_t size, const char *mode);
FILE *open_memstream(char **bufloc, size_t *sizeloc);
void setbuf(FILE *restrict stream, char *restrict buf);
int setvbuf(FILE *restrict stream, char *restrict buf, int mode, size_t size);
void setbuffer(FILE *restrict stream, char *restrict buf, size_t size);
void setlinebuf(FILE *stream);

int fprintf(FILE *restrict stream, const char *restrict format, ...);
int printf(const char *restrict format, ...);
int sprintf(char *restrict s, const char *restrict format, ...);
int snprintf(char *restrict s, size_t n, const char *restrict format, ...);
int dprintf(int fd, const char *restrict format, ...);
int vfprintf(FILE *restrict stream, const char *restrict format, va_list arg);
int vprintf(const char *restrict format, va_list arg);
int vsprintf(char *restrict s, const char *restrict format, va_list arg);
int vsnprintf(char *restrict s, size_t n, const char *restrict format, va_list arg);
int vdprintf(int fd, const char *restrict format, va_list arg);
int fscanf(FILE *restrict stream, const char *restrict format, ...);
int scanf(const char *restrict format, ...);
int sscanf(const char *restrict s, const char *restrict format, ...);
int vfscanf(FILE *restrict stream, const char *restrict format, va_list arg);
int vscanf(const char *restrict format, va_list arg);
int vsscanf(const char *restrict s, const char *restrict format, va_list arg);
#ifdef _GNU_SOURCE
int asprintf(char **restrict strp, const char *restrict format, ...);
int vasprintf(char **restrict strp, const char *restrict format, va_list arg);
#endif

int fgetc(FILE *stream);
int getc(FILE *stream);
int getchar(void);
int fputc(int c, FILE *stream);
int putc(int c, FILE *stream);
int putchar(int c);
int getc_unlocked(FILE *stream);
int getchar_unlocked(void);
int putc_unlocked(int c, FILE *stream);
int putchar_unlocked(int c);
int getw(FILE *stream);
int putw(int w, FILE *stream);
int fgetc_unlocked(FILE *stream);
int fputc_unlocked(int c, FILE *stream);
char *fgets(char *restrict s, int n, FILE *restrict stream);
int fputs(const char *restrict s, FILE *restrict stream);
int puts(const char *s);
int ungetc(int c, FILE *stream);
ssize_t getdelim(char **restrict lineptr, size_t *restrict n, int delimiter,
                 FILE *restrict stream);
ssize_t getline(char **restrict lineptr, size_t *restrict n, FILE *restrict stream);

size_t fread(void *restrict ptr, size_t size, size_t n, FILE *restrict stream);
size_t fwrite(const void *restrict ptr, size_t size, size_t n, FILE *restrict s);
size_t fread_unlocked(void *restrict ptr, size_t size, size_t n,
                      FILE *restrict stream);
size_t fwrite_unlocked(const void *restrict ptr, size_t size, size_t n,
                       FILE *restrict stream);

int fseek(FILE *stream, long offset, int whence);
long ftell(FILE *stream);
void rewind(FILE *stream);
int fseeko(FILE *stream, off_t offset, int whence);
off_t ftello(FILE *stream);
int fgetpos(FILE *restrict stream, fpos_t *restrict pos);
int fsetpos(FILE *stream, const fpos_t *pos);

void clearerr(FILE *stream);
int feof(FILE *stream);
int ferror(FILE *stream);
void clearerr_unlocked(FILE *stream);
int feof_unlocked(FILE *stream);
int ferror_unlocked(FILE *stream);
void perror(const char *s);
int fileno(FILE *stream);
int fileno_unlocked(FILE *stream);
FILE *popen(const char *command, const char *modes);
int pclose(FILE *stream);
char *ctermid(char *s);
void flockfile(FILE *stream);
int ftrylockfile(FILE *stream);
void funlockfile(FILE *stream);

#if defined(_GNU_SOURCE) || defined(_LARGEFILE64_SOURCE)
/* The large-file interfaces (_LARGEFILE64_SOURCE, or _GNU_SOURCE): the same
   functions as without 64 on x86-64.  */
typedef struct _G_fpos64_t {
    long __pos;
    __mbstate_t __state;
} fpos64_t;
FILE *fopen64(const char *restrict filename, const char *restrict modes);
FILE *freopen64(const char *restrict filename, const char *restrict modes,
                FILE *restrict stream);
FILE *tmpfile64(void);
int fseeko64(FILE *stream, off64_t off, int whence);
off64_t ftello64(FILE *stream);
int fgetpos64(FILE *restrict stream, fpos64_t *restrict pos);
int fsetpos64(FILE *stream, const fpos64_t *pos);
#endif

#ifdef _GNU_SOURCE

/* A stream whose I/O is done by the caller's functions (fopencookie).  */
typedef ssize_t cookie_read_function_t(void *cookie, char *buf, size_t nbytes);
typedef ssize_t cookie_write_function_t(void *cookie, const char *buf, size_t nbytes);
typedef int cookie_seek_function_t(void *cookie, off64_t *pos, int whence);
typedef int cookie_close_function_t(void *cookie);
typedef struct {
    cookie_read_function_t *read;
    cookie_write_function_t *write;
    cookie_seek_function_t *seek;
    cookie_close_function_t *close;
} cookie_io_functions_t;
FILE *fopencookie(void *restrict magic_cookie, const char *restrict modes,
                  cookie_io_functions_t io_funcs);

/* Obstacks (<obstack.h>) are only named here.  */
struct obstack;
int obstack_printf(struct obstack *restrict obstack, const char *restrict format, ...);
int obstack_vprintf(struct obstack *restrict obstack, const char *restrict format,
                    va_list args);

char *fgets_unlocked(char *restrict s, int n, FILE *restrict stream);
int fputs_unlocked(const char *restrict s, FILE *restrict stream);
int fcloseall(void);
char *cuserid(char *s);
int renameat2(int oldfd, const char *old, int newfd, const char *new, unsigned int flags);
#endif

#endif /* _STDIO_H */

/* Outside the include guard on purpose: the preprocessor then reads this
   file again on every #include, so each inclusion appears in its output.  */
#undef __inspire_reread
