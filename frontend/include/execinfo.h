/* <execinfo.h> for x86-64 Linux (glibc): the calling thread's stack
   backtrace and the names of its return addresses.  */
#ifndef _EXECINFO_H
#define _EXECINFO_H 1

int backtrace(void **array, int size);
char **backtrace_symbols(void *const *array, int size);
void backtrace_symbols_fd(void *const *array, int size, int fd);

#endif /* _EXECINFO_H */

/* Outside the include guard on purpose: the preprocessor then reads this
   file again on every #include, so each inclusion appears in its output.  */
#undef __inspire_reread
