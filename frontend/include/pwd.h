/* <pwd.h> for x86-64 Linux (glibc): the user account database.  */
#ifndef _PWD_H
#define _PWD_H 1

#define __need_size_t
#define __need_uid_t
#define __need_gid_t
#define __need_FILE
#include <bits/inspire_types.h>

struct passwd {
    char *pw_name;
    char *pw_passwd;
    uid_t pw_uid;
    gid_t pw_gid;
    char *pw_gecos;
    char *pw_dir;
    char *pw_shell;
};

/* Walking the whole database.  */
void setpwent(void);
void endpwent(void);
struct passwd *getpwent(void);
struct passwd *fgetpwent(FILE *stream);
int putpwent(const struct passwd *restrict p, FILE *restrict f);

struct passwd *getpwuid(uid_t uid);
struct passwd *getpwnam(const char *name);

/* A buffer this large suffices for the strings of one entry of the
   reentrant functions.  */
#define NSS_BUFLEN_PASSWD 1024

int getpwent_r(struct passwd *restrict resultbuf, char *restrict buffer, size_t buflen,
               struct passwd **restrict result);
int getpwuid_r(uid_t uid, struct passwd *restrict resultbuf, char *restrict buffer,
               size_t buflen, struct passwd **restrict result);
int getpwnam_r(const char *restrict name, struct passwd *restrict resultbuf,
               char *restrict buffer, size_t buflen, struct passwd **restrict result);
int fgetpwent_r(FILE *restrict stream, struct passwd *restrict resultbuf,
                char *restrict buffer, size_t buflen, struct passwd **restrict result);

#ifdef _GNU_SOURCE
/* The obsolete one-line form of the entry of uid, "name:passwd:uid:...".  */
int getpw(uid_t uid, char *buffer);
#endif

#endif /* _PWD_H */

/* Outside the include guard on purpose: the preprocessor then reads this
   file again on every #include, so each inclusion appears in its output.  */
#undef __inspire_reread
