/* <ifaddrs.h> for x86-64 Linux (glibc): the addresses of the network
   interfaces.  */
#ifndef _IFADDRS_H
#define _IFADDRS_H 1

/* Like glibc's, it makes the <sys/socket.h> names visible.  */
#include <sys/socket.h>

/* One address of one interface, in a list getifaddrs makes.  */
struct ifaddrs {
    struct ifaddrs *ifa_next;
    /* The interface's name and its IFF_* flags.  */
    char *ifa_name;
    unsigned int ifa_flags;
    /* The address and its netmask.  */
    struct sockaddr *ifa_addr;
    struct sockaddr *ifa_netmask;
    /* The broadcast address (IFF_BROADCAST), or the other end of a
       point-to-point link (IFF_POINTOPOINT).  */
    union {
        struct sockaddr *ifu_broadaddr;
        struct sockaddr *ifu_dstaddr;
    } ifa_ifu;
    /* Data of the address family.  */
    void *ifa_data;
};
#define ifa_broadaddr ifa_ifu.ifu_broadaddr
#define ifa_dstaddr ifa_ifu.ifu_dstaddr

/* The list of the system's interface addresses, in *ifap; freed with
   freeifaddrs.  */
int getifaddrs(struct ifaddrs **ifap);
void freeifaddrs(struct ifaddrs *ifa);

#endif /* _IFADDRS_H */

/* Outside the include guard on purpose: the preprocessor then reads this
   file again on every #include, so each inclusion appears in its output.  */
#undef __inspire_reread
