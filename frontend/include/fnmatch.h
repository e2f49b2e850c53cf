/* <fnmatch.h> for x86-64 Linux (glibc): shell wildcard matching of names.  */
#ifndef _FNMATCH_H
#define _FNMATCH_H 1

/* The flags.  */
#define FNM_PATHNAME (1 << 0)
#define FNM_NOESCAPE (1 << 1)
#define FNM_PERIOD (1 << 2)
/* GNU flags.  glibc drops them when _POSIX_C_SOURCE is 2 or more, which
   any of its headers included before sets unless _GNU_SOURCE does.  */
#ifdef _GNU_SOURCE
#define FNM_FILE_NAME FNM_PATHNAME
#define FNM_LEADING_DIR (1 << 3)
#define FNM_CASEFOLD (1 << 4)
#define FNM_EXTMATCH (1 << 5)
#endif

/* What fnmatch returns for a name the pattern does not match (0 for one
   it matches).  */
#define FNM_NOMATCH 1
#ifdef _GNU_SOURCE
/* For X/Open programs (_GNU_SOURCE implies _XOPEN_SOURCE): fnmatch is not
   implemented.  */
#define FNM_NOSYS (-1)
#endif

int fnmatch(const char *pattern, const char *name, int flags);

#endif /* _FNMATCH_H */

/* Outside the include guard on purpose: the preprocessor then reads this
   file again on every #include, so each inclusion appears in its output.  */
#undef __inspire_reread
