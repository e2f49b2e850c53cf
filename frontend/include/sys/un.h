/* <sys/un.h> for x86-64 Linux (glibc): the addresses of local (AF_UNIX)
   sockets.  */
#ifndef _SYS_UN_H
#define _SYS_UN_H 1

#define __need_sa_family_t
#include <bits/inspire_types.h>

/* A local socket address: a file name, or an abstract name when sun_path
   starts with a null byte.  */
struct sockaddr_un {
    sa_family_t sun_family;
    char sun_path[108];
};

/* The size of a socket address, as <sys/socket.h> has it.  */
#define _SS_SIZE 128

/* The length of a local address whose sun_path holds a string.  */
#include <string.h>
#define SUN_LEN(ptr) ((size_t)(((struct sockaddr_un *)0)->sun_path) + strlen((ptr)->sun_path))

#endif /* _SYS_UN_H */

/* Outside the include guard on purpose: the preprocessor then reads this
   file again on every #include, so each inclusion appears in its output.  */
#undef __inspire_reread
