/* <glob.h> for x86-64 Linux (glibc): expanding shell wildcard patterns to
   the names of existing files.  */
#ifndef _GLOB_H
#define _GLOB_H 1

#define __need_size_t
#include <bits/inspire_types.h>

/* glob's flags.  */
#define GLOB_ERR (1 << 0)
#define GLOB_MARK (1 << 1)
#define GLOB_NOSORT (1 << 2)
#define GLOB_DOOFFS (1 << 3)
#define GLOB_NOCHECK (1 << 4)
#define GLOB_APPEND (1 << 5)
#define GLOB_NOESCAPE (1 << 6)
#define GLOB_PERIOD (1 << 7)
/* GNU flags (GLOB_MAGCHAR is set by glob in gl_flags).  */
#define GLOB_MAGCHAR (1 << 8)
#define GLOB_ALTDIRFUNC (1 << 9)
#define GLOB_BRACE (1 << 10)
#define GLOB_NOMAGIC (1 << 11)
#define GLOB_TILDE (1 << 12)
#define GLOB_ONLYDIR (1 << 13)
#define GLOB_TILDE_CHECK (1 << 14)

/* glob's errors.  */
#define GLOB_NOSPACE 1
#define GLOB_ABORTED 2
#define GLOB_NOMATCH 3
#define GLOB_NOSYS 4
#ifdef _GNU_SOURCE
#define GLOB_ABEND GLOB_ABORTED
#endif

#ifdef _GNU_SOURCE
struct stat;
struct stat64;
struct dirent;
struct dirent64;
#endif

/* The names found (gl_pathv[gl_offs] ... gl_pathv[gl_offs + gl_pathc - 1],
   then a null pointer), and, with GLOB_ALTDIRFUNC, the functions glob
   reads directories with.  Only _GNU_SOURCE gives the functions their
   real types.  */
typedef struct {
    size_t gl_pathc;
    char **gl_pathv;
    size_t gl_offs;
    int gl_flags;
    void (*gl_closedir)(void *);
#ifdef _GNU_SOURCE
    struct dirent *(*gl_readdir)(void *);
#else
    void *(*gl_readdir)(void *);
#endif
    void *(*gl_opendir)(const char *);
#ifdef _GNU_SOURCE
    int (*gl_lstat)(const char *restrict, struct stat *restrict);
    int (*gl_stat)(const char *restrict, struct stat *restrict);
#else
    int (*gl_lstat)(const char *restrict, void *restrict);
    int (*gl_stat)(const char *restrict, void *restrict);
#endif
} glob_t;

int glob(const char *restrict pattern, int flags, int (*errfunc)(const char *, int),
         glob_t *restrict pglob);
void globfree(glob_t *pglob);

#ifdef _GNU_SOURCE
/* The large-file variant: the same layout on x86-64.  */
typedef struct {
    size_t gl_pathc;
    char **gl_pathv;
    size_t gl_offs;
    int gl_flags;
    void (*gl_closedir)(void *);
    struct dirent64 *(*gl_readdir)(void *);
    void *(*gl_opendir)(const char *);
    int (*gl_lstat)(const char *restrict, struct stat64 *restrict);
    int (*gl_stat)(const char *restrict, struct stat64 *restrict);
} glob64_t;

int glob64(const char *restrict pattern, int flags, int (*errfunc)(const char *, int),
           glob64_t *restrict pglob);
void globfree64(glob64_t *pglob);

/* Whether pattern has wildcards (unquoted ones, if quote).  */
int glob_pattern_p(const char *pattern, int quote);
#endif

#endif /* _GLOB_H */

/* Outside the include guard on purpose: the preprocessor then reads this
   file again on every #include, so each inclusion appears in its output.  */
#undef __inspire_reread
