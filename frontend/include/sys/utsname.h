/* <sys/utsname.h> for x86-64 Linux (glibc).  */
#ifndef _SYS_UTSNAME_H
#define _SYS_UTSNAME_H 1

#define _UTSNAME_LENGTH 65
#define SYS_NMLN _UTSNAME_LENGTH

struct utsname {
    char sysname[65];
    char nodename[65];
    char release[65];
    char version[65];
    char machine[65];
#ifdef _GNU_SOURCE
    char domainname[65];
#else
    char __domainname[65];
#endif
};

int uname(struct utsname *name);

#endif /* _SYS_UTSNAME_H */

/* Outside the include guard on purpose: the preprocessor then reads this
   file again on every #include, so each inclusion appears in its output.  */
#undef __inspire_reread
